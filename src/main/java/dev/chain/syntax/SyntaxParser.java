package dev.chain.syntax;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Stmt;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.antlr.ChainLexer;
import dev.chain.syntax.antlr.ChainParser;
import java.util.List;
import java.util.function.Function;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * The front end: source text in, AST out, problems as diagnostics. Nothing outside this package
 * sees ANTLR.
 */
public final class SyntaxParser {
    /** Parentheses (and unary signs) nested deeper than this are rejected before parsing. */
    public static final int MAX_NESTING = 256;

    /**
     * Parts of a unit glued with `/` or `·` ({@code FLOP/param/token} has three). More is no unit
     * anyone writes, and each one makes the parser look ahead over the whole run (quadratic time).
     */
    public static final int MAX_UNIT_PARTS = 32;

    /** Stray characters in a row before the rest of the text is given up on. */
    private static final int MAX_STRAY_RUN = 1_000;

    /** Syntax errors reported per source before giving up on it: a binary file is not 10,000 mistakes. */
    public static final int MAX_ERRORS = 25;

    private SyntaxParser() {}

    /** Parses a whole .chain file. On errors the statements that did parse are still returned. */
    public static ChainFile parseFile(SourceFile source, Diagnostics diagnostics) {
        java.util.Set<String> unparsed = new java.util.HashSet<>();
        List<Stmt> statements = run(source, diagnostics, parser -> parser.file().statement(),
                (translator, statementContexts) -> {
                    List<Stmt> parsed = translator.statements(statementContexts);
                    unparsed.addAll(translator.unparsedNames());
                    return parsed;
                });
        return new ChainFile(source, statements == null ? List.of() : statements, unparsed);
    }

    /** Parses one REPL line: a statement, or nothing for a blank line. */
    public static Stmt parseLine(SourceFile source, Diagnostics diagnostics) {
        List<Stmt> statements = run(source, diagnostics, parser -> parser.replLine().statement(),
                (translator, statement) -> statement == null ? List.of() : translator.statements(List.of(statement)));
        return statements == null || statements.isEmpty() ? null : statements.get(0);
    }

    /** Parses a value on its own: a {@code chain eval} expression or a {@code --set} value. */
    public static Value parseValue(SourceFile source, Diagnostics diagnostics) {
        return run(source, diagnostics, ChainParser::evalInput, (translator, ctx) -> translator.standaloneValue(ctx.value()));
    }

    private interface Translation<C, R> {
        R apply(Translator translator, C parsed);
    }

    private static <C, R> R run(SourceFile source, Diagnostics diagnostics,
                                Function<ChainParser, C> rule, Translation<C, R> translate) {
        Diagnostics found = new Diagnostics();
        try {
            int nul = source.text().indexOf('\0');
            if (nul >= 0) {
                found.add(binary(source, nul));
                return null;
            }
            return parse(source, found, rule, translate);
        } catch (TooManyErrors stop) {
            return null;
        } finally {
            // The token scan, the parser and the translator each report as they go; show them in file order.
            List<Diagnostic> sorted = new java.util.ArrayList<>(found.all());
            sorted.sort(java.util.Comparator.comparingInt(d -> d.span() == null ? 0 : d.span().start()));
            if (sorted.size() > MAX_ERRORS) {
                Diagnostic next = sorted.get(MAX_ERRORS);
                int more = sorted.size() - MAX_ERRORS;
                sorted = new java.util.ArrayList<>(sorted.subList(0, MAX_ERRORS));
                sorted.add(Diagnostic.error(next.span(), "too many syntax errors: stopped after " + MAX_ERRORS)
                        .withNote(more == 1 ? "one more error from here on is not shown"
                                : "the rest of " + source.name() + " is not checked; is it a .chain file?"));
            }
            sorted.forEach(diagnostics::add);
        }
    }

    /** Thrown to stop parsing once {@link #MAX_ERRORS} are found; what was found is kept. */
    static final class TooManyErrors extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooManyErrors() {
            super("too many errors", null, false, false);
        }
    }

    /** NUL bytes never occur in text: report the file once instead of every byte of it. */
    private static Diagnostic binary(SourceFile source, int offset) {
        return Diagnostic.error(new Span(source, offset, offset + 1), "unexpected NUL byte: this looks like a binary file, not chain text")
                .withNote(".chain files are UTF-8 text; nothing after this was read");
    }

    private static <C, R> R parse(SourceFile source, Diagnostics diagnostics,
                                  Function<ChainParser, C> rule, Translation<C, R> translate) {
        OffsetMap offsets = new OffsetMap(source);
        ChainLexer lexer = new ChainLexer(CharStreams.fromString(source.text(), source.name()));
        lexer.removeErrorListeners();
        List<Token> lexed = new java.util.ArrayList<>();
        boolean complete = lex(lexer, lexed);

        SyntaxErrors errors = new SyntaxErrors(source, diagnostics, offsets, MAX_ERRORS);
        if (!scanTokens(lexed, source, diagnostics, offsets, errors) || !complete) {
            return null;
        }
        CommonTokenStream tokens = new CommonTokenStream(new ListTokenSource(lexed, source.name()));
        tokens.fill();

        // Two-stage parsing: the fast SLL mode first; only input it cannot handle (usually input
        // with errors) is parsed again in full LL mode with error recovery and reporting.
        ChainParser parser = new ChainParser(tokens);
        parser.removeErrorListeners();
        parser.setErrorHandler(new BailErrorStrategy());
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        C parsed;
        try {
            parsed = rule.apply(parser);
        } catch (ParseCancellationException slow) {
            tokens.seek(0);
            parser.reset();
            parser.addErrorListener(errors);
            parser.setErrorHandler(new LineErrorStrategy());
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            parsed = rule.apply(parser);
        }
        return translate.apply(new Translator(source, diagnostics, offsets), parsed);
    }

    /**
     * Lexes the whole text, unless more than {@link #MAX_ERRORS} lines hold tokens the lexer could
     * not make sense of: then it stops there (returns false), so that megabytes of junk cost as
     * little as their first lines.
     */
    private static boolean lex(ChainLexer lexer, List<Token> into) {
        int problemLines = 0;
        int lastProblemLine = -1;
        int strayRun = 0;
        while (true) {
            Token t = lexer.nextToken();
            into.add(t);
            int type = t.getType();
            if (type == Token.EOF) {
                return true;
            }
            strayRun = type == ChainLexer.ERROR_CHAR ? strayRun + 1 : 0;
            if (strayRun > MAX_STRAY_RUN) {
                return false; // one line of binary junk: its start is reported, the rest is not read
            }
            if ((type == ChainLexer.ERROR_CHAR || type == ChainLexer.BAD_NUMBER || type == ChainLexer.UNTERMINATED_STRING)
                    && t.getLine() != lastProblemLine) {
                lastProblemLine = t.getLine();
                if (++problemLines > MAX_ERRORS + 1) {
                    return false;
                }
            }
        }
    }

    /**
     * Reports what the lexer could only half-recognise (bad numbers, unterminated strings, stray
     * characters; at most one problem a line, a run of stray characters as one) and refuses input
     * the parser could only handle slowly or with a deep stack. Returns false to stop.
     */
    private static boolean scanTokens(List<Token> tokens, SourceFile source, Diagnostics diagnostics,
                                      OffsetMap offsets, SyntaxErrors errors) {
        int depth = 0;
        int signRun = 0;
        int unitParts = 0;
        int problems = 0;
        for (int i = 0; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            int type = token.getType();
            signRun = (type == ChainLexer.MINUS || type == ChainLexer.PLUS) ? signRun + 1 : 0;
            unitParts = switch (type) {
                case ChainLexer.UNIT_PER, ChainLexer.DOT_OP -> unitParts + 1;
                case ChainLexer.IDENT, ChainLexer.PERCENT, ChainLexer.CARET, ChainLexer.NUMBER, ChainLexer.MINUS -> unitParts;
                default -> 0;
            };
            if (type == ChainLexer.LPAREN) {
                depth++;
            } else if (type == ChainLexer.RPAREN) {
                depth = Math.max(0, depth - 1);
            } else if (type == ChainLexer.NL) {
                depth = 0;
            }
            if (depth > MAX_NESTING || signRun > MAX_NESTING) {
                diagnostics.add(Diagnostic.error(offsets.span(token),
                                (depth > MAX_NESTING ? "parentheses" : "signs") + " nested too deeply (more than "
                                        + MAX_NESTING + " levels)")
                        .withHint("split the expression into named steps"));
                return false;
            }
            if (unitParts >= MAX_UNIT_PARTS) {
                diagnostics.add(Diagnostic.error(offsets.span(token), "a unit of more than " + MAX_UNIT_PARTS + " parts")
                        .withHint("a unit is a few names joined by `/` or `·`, such as FLOP/param/token;"
                                + " to divide values, put spaces around `/`"));
                return false;
            }
            int last = i;
            Diagnostic problem = switch (type) {
                case ChainLexer.BAD_NUMBER -> Translator.badNumber(offsets.span(token));
                case ChainLexer.UNTERMINATED_STRING -> Diagnostic.error(offsets.span(token), "unterminated string")
                        .withHint("close it with `\"` on the same line, or use \"\"\"triple quotes\"\"\" for text over several lines");
                case ChainLexer.ERROR_CHAR -> {
                    while (last + 1 < tokens.size() && tokens.get(last + 1).getType() == ChainLexer.ERROR_CHAR
                            && tokens.get(last + 1).getStartIndex() == tokens.get(last).getStopIndex() + 1) {
                        last++;
                    }
                    yield strayCharacters(offsets.span(token, tokens.get(last)));
                }
                default -> null;
            };
            i = last;
            if (problem != null) {
                int line = source.lineOf(problem.span().start());
                if (errors.reportedLine(line)) {
                    diagnostics.add(problem);
                    if (++problems > MAX_ERRORS) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** A run of characters no token starts with: `$`, control characters, bytes that were not UTF-8. */
    private static Diagnostic strayCharacters(Span span) {
        String text = span.text();
        int count = text.codePointCount(0, text.length());
        int cp = text.codePointAt(0);
        if (text.chars().allMatch(c -> c == 0xfffd)) {
            return Diagnostic.error(span, count == 1 ? "a byte that is not valid UTF-8" : count + " bytes that are not valid UTF-8")
                    .withNote(".chain files are UTF-8 text; the file may be in another encoding (save it as UTF-8)");
        }
        if (cp < 0x20 || cp == 0x7f || cp == 0xfffd) {
            return Diagnostic.error(span, "unexpected control character " + String.format("U+%04X", cp)
                    + (count > 1 ? " (and " + (count - 1) + " more)" : ""));
        }
        String shown = count <= 12 ? text : text.substring(0, text.offsetByCodePoints(0, 12)) + "...";
        Diagnostic d = Diagnostic.error(span, "unexpected character" + (count > 1 ? "s" : "") + " `" + shown + "`");
        if (cp == '\'' || cp == '‘' || cp == '’' || cp == '“' || cp == '”') {
            return d.withHint("text is written in straight double quotes: \"...\"");
        }
        if (cp == '{' || cp == '}' || cp == '[' || cp == ']') {
            return d.withHint("group with parentheses ( ); braces belong inside text, as in \"{name}\"");
        }
        return d;
    }

}
