package dev.chain.syntax;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Stmt;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import dev.chain.syntax.antlr.ChainLexer;
import dev.chain.syntax.antlr.ChainParser;
import java.util.List;
import java.util.function.Function;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
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

    private SyntaxParser() {}

    /** Parses a whole .chain file. On errors the statements that did parse are still returned. */
    public static ChainFile parseFile(SourceFile source, Diagnostics diagnostics) {
        List<Stmt> statements = run(source, diagnostics, parser -> parser.file().statement(),
                (translator, statementContexts) -> translator.statements(statementContexts));
        return new ChainFile(source, statements == null ? List.of() : statements);
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
            return parse(source, found, rule, translate);
        } finally {
            // The token scan, the parser and the translator each report as they go; show them in file order.
            List<Diagnostic> sorted = new java.util.ArrayList<>(found.all());
            sorted.sort(java.util.Comparator.comparingInt(d -> d.span() == null ? 0 : d.span().start()));
            sorted.forEach(diagnostics::add);
        }
    }

    private static <C, R> R parse(SourceFile source, Diagnostics diagnostics,
                                  Function<ChainParser, C> rule, Translation<C, R> translate) {
        OffsetMap offsets = new OffsetMap(source);
        ChainLexer lexer = new ChainLexer(CharStreams.fromString(source.text(), source.name()));
        lexer.removeErrorListeners();
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill();

        SyntaxErrors errors = new SyntaxErrors(source, diagnostics, offsets);
        if (!scanTokens(tokens.getTokens(), source, diagnostics, offsets, errors)) {
            return null;
        }

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
     * Reports what the lexer could only half-recognise (bad numbers, unterminated strings, stray
     * characters) and refuses input nested too deeply to parse safely. Returns false to stop.
     */
    private static boolean scanTokens(List<Token> tokens, SourceFile source, Diagnostics diagnostics,
                                      OffsetMap offsets, SyntaxErrors errors) {
        int depth = 0;
        int signRun = 0;
        for (Token token : tokens) {
            int type = token.getType();
            signRun = (type == ChainLexer.MINUS || type == ChainLexer.PLUS) ? signRun + 1 : 0;
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
            Diagnostic problem = switch (type) {
                case ChainLexer.BAD_NUMBER -> Translator.badNumber(offsets.span(token));
                case ChainLexer.UNTERMINATED_STRING -> Diagnostic.error(offsets.span(token), "unterminated string")
                        .withHint("close it with `\"` on the same line, or use \"\"\"triple quotes\"\"\" for text over several lines");
                case ChainLexer.ERROR_CHAR -> strayCharacter(token, offsets);
                default -> null;
            };
            if (problem != null) {
                int line = source.lineOf(offsets.span(token).start());
                errors.reportedLine(line);
                diagnostics.add(problem);
            }
        }
        return true;
    }

    private static Diagnostic strayCharacter(Token token, OffsetMap offsets) {
        String text = token.getText();
        int cp = text.codePointAt(0);
        String shown = cp < 0x20 || cp == 0x7f || cp == 0xfffd
                ? String.format("U+%04X", cp)
                : "`" + text + "`";
        Diagnostic d = Diagnostic.error(offsets.span(token), "unexpected character " + shown);
        if (cp == 0xfffd) {
            return d.withNote("the file is not valid UTF-8 here");
        }
        if (cp == 0) {
            return d.withNote("NUL bytes suggest a binary file, not a .chain file");
        }
        return d;
    }
}
