package dev.chain.syntax;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Clause;
import dev.chain.ast.Stmt;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.antlr.ChainLexer;
import dev.chain.syntax.antlr.ChainParser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * The grammar's parser (ANTLR, from {@code grammar/}): it reads any text, recovers from mistakes
 * and reports each one. {@link SyntaxParser} sends it every file, expression and REPL line.
 */
final class GrammarParser {
    /**
     * Tokens in one statement (an expression continued over lines is one): more is no derivation
     * anyone writes (an expression deeper than 1,000 operations is refused anyway), and keeping
     * them all would let one statement of five million lines take gigabytes.
     */
    static final int MAX_STATEMENT_TOKENS = 100_000;

    /** Stray characters in a row before the rest of the text is given up on. */
    private static final int MAX_STRAY_RUN = 1_000;

    private static final int MAX_ERRORS = SyntaxParser.MAX_ERRORS;

    private GrammarParser() {}

    /** See {@link SyntaxParser#prepare()}. */
    static void prepare() {
        new ChainParser(null);
    }

    /**
     * The grammar's parse, which reads any text and reports every problem, one line at a time:
     * each statement's tokens are scanned, parsed and translated, and its parse tree dropped, before
     * the next line is read. Memory holds only the AST, and a mistake cannot reach past its line.
     */
    static ChainFile parseFile(SourceFile source, boolean bareValues, Diagnostics diagnostics) {
        Diagnostics found = new Diagnostics();
        OffsetMap offsets = new OffsetMap(source);
        SyntaxErrors errors = new SyntaxErrors(source, found, offsets, MAX_ERRORS);
        errors.statements();
        Translator translator = new Translator(source, found, offsets, bareValues);
        boolean stopped = false;
        try {
            // The lexer first: the parser's class may still be initializing on another thread (prepare()).
            LineReader lines = new LineReader(source.text(), source.name());
            ChainParser parser = null;
            List<Token> line = new ArrayList<>();
            while (lines.next(line)) {
                if (line.get(0).getType() == ChainLexer.NL || line.get(0).getType() == Token.EOF) {
                    continue; // a blank line
                }
                if (!scanTokens(line, source, found, offsets, errors, lines)) {
                    translator.skipped(line);
                    continue;
                }
                if (lines.tooLong()) { // its first tokens had no mistake of their own to report
                    found.add(tooLong(offsets.span(line.get(0))));
                    translator.skipped(line);
                    continue;
                }
                if (parser == null) {
                    parser = new ChainParser(null);
                }
                Parsed parsed = parse(parser, line, errors, Rule.LINE);
                translator.add(statement(parsed.tree()), parsed.mayHaveErrors(), line);
                if (found.size() > MAX_ERRORS) {
                    stopped = true; // the report stops here; so does reading, whose AST nobody will check
                    break;
                }
            }
            stopped |= lines.stopped();
        } catch (StopReading stop) {
            stopped = true; // what was found so far is reported, and what parsed is kept
        }
        List<Stmt> statements = translator.finish();
        SyntaxParser.report(source, found, diagnostics, stopped);
        return new ChainFile(source, statements, translator.unparsedNames(), translator.lostClauses());
    }

    /** The grammar's parse of a value on its own. */
    static Value parseValue(SourceFile source, int from, Diagnostics diagnostics) {
        return (Value) parseAlone(source, from, diagnostics, Rule.VALUE, null, null);
    }

    /** The grammar's parse of a check's condition on its own ({@code chain solve --where}). */
    static dev.chain.ast.Condition parseCondition(SourceFile source, int from, Diagnostics diagnostics) {
        return (dev.chain.ast.Condition) parseAlone(source, from, diagnostics, Rule.CONDITION, null, null);
    }

    /** The grammar's parse of {@code NAME=POINTS} on its own ({@code chain sweep --over}, {@code chain solve --for}). */
    static Clause parseOver(SourceFile source, String option, String usage, Diagnostics diagnostics) {
        return (Clause) parseAlone(source, 0, diagnostics, Rule.OVER, option, usage);
    }

    /** The grammar's parse of the names of values to show on their own ({@code chain sweep --show}). */
    static Clause.Show parseShow(SourceFile source, Diagnostics diagnostics) {
        return (Clause.Show) parseAlone(source, 0, diagnostics, Rule.SHOW, null, null);
    }

    /** The grammar's parse of the REPL's {@code :sweep} from {@code from}: its {@code for} clauses, then its {@code show}. */
    @SuppressWarnings("unchecked")
    static List<Clause> parseSweep(SourceFile source, int from, Diagnostics diagnostics) {
        return (List<Clause>) parseAlone(source, from, diagnostics, Rule.SWEEP, ":sweep", null);
    }

    /** The grammar's parse of the REPL's {@code :solve} from {@code from}: its {@code for} clause, then its condition. */
    static dev.chain.ast.SolveOptions parseSolve(SourceFile source, int from, Diagnostics diagnostics) {
        return (dev.chain.ast.SolveOptions) parseAlone(source, from, diagnostics, Rule.SOLVE, ":solve", null);
    }

    /** The name an option's text starts with ({@code batch} of {@code batch=1,8}), as the lexer reads one; null if none. */
    static String leadingName(String text) {
        Token first = firstToken(text);
        return first.getType() == ChainLexer.IDENT ? first.getText() : null;
    }

    /** Whether {@code text} is one name, as the lexer reads one. */
    static boolean isName(String text) {
        Token first = firstToken(text);
        return first.getType() == ChainLexer.IDENT && first.getText().equals(text);
    }

    /** Read as a file's text is ({@link LineReader#charStream}): a name of a module looked up in a cold check costs no new class. */
    private static Token firstToken(String text) {
        ChainLexer lexer = new ChainLexer(LineReader.charStream(text, ""));
        lexer.removeErrorListeners();
        return lexer.nextToken();
    }

    /**
     * The grammar's parse of an option that names a benchmark's file and a key in it:
     * {@code NAME=FILE#KEY} ({@code named} and {@code withFile}: {@code --observe}), {@code NAME=#KEY}
     * ({@code named}: {@code --against}, {@code --over} with {@code --runs}), {@code FILE#KEY}
     * ({@code withFile}: an input's {@code @observed}). Text of another shape is reported as not
     * {@code usage}, located at the text.
     */
    static dev.chain.ast.KeyedOption parseKeyed(SourceFile source, boolean named, boolean withFile, String usage,
                                                Diagnostics diagnostics) {
        Rule rule = !named ? Rule.FILE_KEY : withFile ? Rule.NAME_FILE_KEY : Rule.NAME_KEY;
        return (dev.chain.ast.KeyedOption) parseAlone(source, 0, diagnostics, rule, null, usage);
    }

    /**
     * What a parse reads: a line of a file, or on its own a value, a check's condition, or the
     * text of an option or a REPL command: {@code --over}, {@code --show}, {@code :sweep},
     * {@code :solve}, and the three shapes of an option that names a benchmark's file and a key in it.
     */
    private enum Rule {
        LINE, VALUE, CONDITION, OVER, SHOW, SWEEP, SOLVE, NAME_FILE_KEY, NAME_KEY, FILE_KEY;

        /** Whether a comma between points may be written bare, as a shell writes it: batch=1,8,16,64. */
        boolean bareCommas() {
            return this == OVER || this == SWEEP || this == SOLVE;
        }

        /** Whether the text is a REPL command's that starts with an input and its points: {@code :sweep}, {@code :solve}. */
        boolean command() {
            return this == SWEEP || this == SOLVE;
        }

        /** What a REPL command takes, for a line that is not that: said at its end, or at its start when no input is given. */
        String shape() {
            return this == SWEEP ? ":sweep takes an input with its points, then the values to show"
                    : ":solve takes an input with its range, then `check` and the condition whose turn it finds";
        }

        /** How the REPL command is written, the hint of a line that is not. */
        String usage() {
            return this == SWEEP ? SWEEP_USAGE : SOLVE_USAGE;
        }

        /** Whether the text names a file and a key in it, where `#` starts the key ({@code keyedOption}). */
        boolean keyed() {
            return this == NAME_FILE_KEY || this == NAME_KEY || this == FILE_KEY;
        }

        /** The lexer's mode at the start of the text: a keyed option's own, or the language's. */
        int lexerMode() {
            return this == FILE_KEY ? ChainLexer.KEYED_PATH : keyed() ? ChainLexer.KEYED : ChainLexer.DEFAULT_MODE;
        }
    }

    /**
     * {@code option}: the option or command the text is of, as a hint writes it again ({@code --over},
     * {@code :sweep}); {@code usage}: what the option takes, for the error when its text is not that shape.
     */
    private static Object parseAlone(SourceFile source, int from, Diagnostics diagnostics, Rule rule, String option, String usage) {
        Diagnostics found = new Diagnostics();
        try {
            int nul = source.text().indexOf('\0');
            if (nul >= 0) {
                found.add(SyntaxParser.binary(source, nul));
                return null;
            }
            OffsetMap offsets = new OffsetMap(source);
            SyntaxErrors errors = new SyntaxErrors(source, found, offsets, MAX_ERRORS);
            if (rule.command()) { // :sweep batch=1,8 with no values after the points, :solve batch=1..1024 with no condition
                errors.atEnd(rule.shape(), rule.usage());
            }
            if (rule == Rule.CONDITION) {
                errors.condition();
            }
            if (rule == Rule.SWEEP || "--over".equals(option)) {
                errors.points();
            }
            if (rule == Rule.SOLVE) {
                errors.solve();
            }
            // The text before `from`, blanked out: the lexer skips it as white space, and every
            // offset after it is the same as in the source.
            LineReader lines = new LineReader(from == 0 ? source.text() : " ".repeat(from) + source.text().substring(from),
                    source.name(), rule.lexerMode());
            List<Token> all = new ArrayList<>();
            List<Token> line = new ArrayList<>();
            boolean tooLong = false;
            while (!tooLong && lines.next(line)) {
                tooLong = lines.tooLong() || all.size() + line.size() > MAX_STATEMENT_TOKENS;
                all.addAll(line.subList(0, Math.min(line.size(), MAX_STATEMENT_TOKENS - all.size())));
            }
            if (rule.bareCommas()) {
                all = BareCommas.split(all);
            }
            if ((rule == Rule.CONDITION || rule == Rule.SOLVE) && !compares(all)) {
                // --where floor, :solve batch=1..1024 check floor: a value, which the parser reads to its end
                errors.atEnd("the condition ends without comparing", CONDITION_USAGE);
            }
            // Junk given up on part way is still scanned, so that what was read is reported.
            if (!scanTokens(all, source, found, offsets, errors, lines) || lines.stopped()) {
                return null;
            }
            if (tooLong) {
                found.add(tooLong(offsets.span(all.get(0))));
                return null;
            }
            if (blank(all)) {
                // Blank, or only a comment: "unexpected end of input" would send the author
                // looking for a missing parenthesis.
                int end = source.text().stripTrailing().length();
                found.add(rule == Rule.VALUE
                        ? Diagnostic.error(new Span(source, end, end), "the expression is empty")
                                .withHint("write a quantity, such as 16.06 GB / 3.35 TB/s -> ms")
                        : rule == Rule.CONDITION
                        ? Diagnostic.error(new Span(source, end, end), "the condition is empty")
                                .withHint("write one as a check's, such as floor <= 20 ms or share in 50% .. 80%")
                        : rule == Rule.SHOW
                        ? Diagnostic.error(new Span(source, end, end), "no values to show")
                                .withHint("name them, separated by commas: floor,mixed")
                        : rule.command()
                        ? Diagnostic.error(new Span(source, end, end), rule.shape()).withHint(rule.usage())
                        : noPoints(new Span(source, end, end)));
                return null;
            }
            Diagnostic misshapen = rule == Rule.VALUE || rule == Rule.CONDITION ? binding(all, offsets, rule)
                    : rule == Rule.OVER ? over(all, offsets, usage)
                    : rule.command() ? noInput(all, offsets, rule)
                    : null;
            if (misshapen != null) {
                found.add(misshapen);
                return null;
            }
            ChainParser parser = new ChainParser(null);
            parser.removeErrorListeners();
            Parsed parsed = parse(parser, all, errors, rule);
            Translator translator = new Translator(source, found, offsets, true);
            Object read = translator.standalone(switch (rule) {
                case LINE -> null; // a file's lines are read by parseFile
                case VALUE -> ((ChainParser.EvalInputContext) parsed.tree()).value();
                case CONDITION -> ((ChainParser.ConditionInputContext) parsed.tree()).condition();
                case OVER -> ((ChainParser.OverOptionContext) parsed.tree()).over();
                case SHOW -> ((ChainParser.ShowOptionContext) parsed.tree()).shown();
                case SWEEP, SOLVE, NAME_FILE_KEY, NAME_KEY, FILE_KEY -> parsed.tree();
            });
            if (read instanceof dev.chain.ast.KeyedOption keyed && (keyed.file() == null) != (rule == Rule.NAME_KEY)) {
                found.add(Diagnostic.error(keyed.span(), "expected " + usage)); // a file where none is taken, or none where one is
                return null;
            }
            Object points = read instanceof dev.chain.ast.SolveOptions solve ? solve.over() : read;
            return rule.bareCommas() && BareCommas.ambiguous(points, option, found) ? null : read;
        } catch (StopReading stop) {
            return null;
        } finally {
            if (rule.keyed() && found.hasErrors()) {
                // Whatever is amiss in a path or a key, the text is not the option's shape: say which it takes.
                found = new Diagnostics();
                found.add(Diagnostic.error(new Span(source, 0, source.text().length()), "expected " + usage));
            }
            SyntaxParser.report(source, found, diagnostics, false);
        }
    }

    /**
     * {@code y = 3} where one value is expected ({@code chain eval}, {@code --set}'s value, a REPL
     * command's argument): a binding, which only a chain or the REPL keeps.
     */
    private static Diagnostic binding(List<Token> tokens, OffsetMap offsets, Rule rule) {
        List<Token> words = new ArrayList<>();
        for (Token t : tokens) {
            if (t.getType() != ChainLexer.NL && words.size() < 2) {
                words.add(t);
            }
        }
        if (words.size() < 2 || words.get(0).getType() != ChainLexer.IDENT || words.get(1).getType() != ChainLexer.ASSIGN) {
            return null;
        }
        String name = words.get(0).getText();
        if (rule == Rule.CONDITION) {
            return Diagnostic.error(offsets.span(words.get(1)), "`=` binds a name; a condition compares")
                    .withHint("write `" + name + " == ...` for equal, or `<=`, `<`, `>=`, `>`, `≈ ... within 1%`, `in lo .. hi`");
        }
        return Diagnostic.error(offsets.span(words.get(1)), "`" + name + " = ...` is a binding, and only a value is read here")
                .withHint("bindings belong in a chain file or the REPL (chain repl), which keep them; "
                        + "to see a value, write just the expression after `=`");
    }

    /** How a condition is written, for one that is not: a check's line says it too. */
    static final String CONDITION_USAGE = "a condition compares: floor <= 20 ms, floor ≈ 15 ms within 1%, share in 50% .. 80%";

    /** Whether a condition's tokens have a comparison (or {@code in}) for its parse to stop at. */
    private static boolean compares(List<Token> tokens) {
        for (Token t : tokens) {
            switch (t.getType()) {
                case ChainLexer.LT, ChainLexer.LE, ChainLexer.GT, ChainLexer.GE, ChainLexer.EQ, ChainLexer.NE, ChainLexer.APPROX,
                        ChainLexer.IN -> {
                    return true;
                }
                default -> { }
            }
        }
        return false;
    }

    /** How {@code :sweep} is written, for a line that is not. */
    static final String SWEEP_USAGE = "for example :sweep batch=1..256 x2 floor, mixed, or :sweep batch=1,8,16,64 context=1,024 token,4,096 token floor";

    /** How {@code :solve} is written, for a line that is not. */
    static final String SOLVE_USAGE = "for example :solve batch=1..1024 check floor <= 20 ms, or :solve context=1,024 token..131,072 token x2 check floor <= 20 ms";

    private static Diagnostic noPoints(Span at) {
        return Diagnostic.error(at, "no points to sweep")
                .withHint("list them (1, 8, 16, 64) or give a range (1 .. 256, 1 .. 256 by 8, 1 .. 256 x2)");
    }

    /**
     * {@code --over batch} (no {@code =}) or {@code --over batch=} (no points): said as what the
     * option takes, where the parser would only find the end too soon.
     */
    private static Diagnostic over(List<Token> tokens, OffsetMap offsets, String usage) {
        int assign = -1;
        int last = -1;
        for (int i = 0; i < tokens.size(); i++) {
            int type = tokens.get(i).getType();
            if (type != ChainLexer.NL && type != Token.EOF) {
                last = i;
                assign = assign < 0 && type == ChainLexer.ASSIGN ? i : assign;
            }
        }
        if (assign < 0) {
            return Diagnostic.error(offsets.span(tokens.get(0), tokens.get(last)), "expected " + usage);
        }
        Token first = tokens.get(0);
        if (assign > 0 && first.getType() != ChainLexer.IDENT) { // a keyword, a number: what a binding could not be named either
            return Diagnostic.error(offsets.span(first), "`" + first.getText() + "` is not a name")
                    .withHint("name one of the chain's inputs, such as batch");
        }
        return assign == last ? noPoints(offsets.span(tokens.get(tokens.size() - 1))) : null;
    }

    /**
     * {@code :sweep floor} or {@code :solve check floor <= 20 ms}: no input to sweep or search, said
     * at the start; {@code :solve batch=1..1024 check floor <= 20 ms}: no {@code check} before the
     * condition, said of the whole. Each as how the command is written.
     */
    private static Diagnostic noInput(List<Token> tokens, OffsetMap offsets, Rule rule) {
        boolean assign = false;
        boolean check = false;
        int last = 0;
        for (int i = 0; i < tokens.size(); i++) {
            int type = tokens.get(i).getType();
            assign |= type == ChainLexer.ASSIGN;
            check |= type == ChainLexer.CHECK;
            last = type == ChainLexer.NL || type == Token.EOF ? last : i;
        }
        if (!assign) {
            return Diagnostic.error(offsets.span(tokens.get(0)), rule.shape()).withHint(rule.usage());
        }
        return rule == Rule.SOLVE && !check
                ? Diagnostic.error(offsets.span(tokens.get(0), tokens.get(last)), rule.shape()).withHint(rule.usage()) : null;
    }

    private static Diagnostic tooLong(Span first) {
        return Diagnostic.error(first, "this statement is longer than " + String.format(java.util.Locale.ROOT, "%,d", MAX_STATEMENT_TOKENS)
                        + " tokens")
                .withHint("split it into named steps: each binding can use the ones above it");
    }

    /** Only newlines and the end: a blank line, or a comment. */
    private static boolean blank(List<Token> tokens) {
        for (Token t : tokens) {
            if (t.getType() != Token.EOF && t.getType() != ChainLexer.NL) {
                return false;
            }
        }
        return true;
    }

    /**
     * A line's statement: its first child, as {@code line : statement NL? EOF} makes it (null if
     * there is none, as {@code LineContext.statement()} would say). Taken by place, not by that
     * lookup by class, which was 3% of a cold check's samples (JFR).
     */
    private static ChainParser.StatementContext statement(ParserRuleContext line) {
        return line.getChild(0) instanceof ChainParser.StatementContext s ? s : null; // getChild is null past the end
    }

    /** A parse tree, and whether the parser may have reported an error in it. */
    private record Parsed(ParserRuleContext tree, boolean mayHaveErrors) {}

    /**
     * Two-stage parsing: the fast SLL mode first; only input it cannot handle (usually input with
     * errors) is parsed again in full LL mode with error recovery and reporting. The rule is a
     * line of a file, or ({@code evalInput}) a value on its own.
     */
    private static Parsed parse(ChainParser parser, List<Token> tokens, SyntaxErrors errors, Rule rule) {
        parser.setInputStream(new LineTokens(tokens));
        parser.removeErrorListeners();
        parser.setErrorHandler(new BailErrorStrategy());
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        try {
            return new Parsed(rule(parser, rule), false);
        } catch (ParseCancellationException slow) {
            parser.setInputStream(new CommonTokenStream(new ListTokenSource(tokens)));
            parser.addErrorListener(errors);
            parser.setErrorHandler(new LineErrorStrategy());
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            return new Parsed(rule(parser, rule), true);
        }
    }

    private static ParserRuleContext rule(ChainParser parser, Rule rule) {
        return switch (rule) {
            case LINE -> parser.line();
            case VALUE -> parser.evalInput();
            case CONDITION -> parser.conditionInput();
            case OVER -> parser.overOption();
            case SHOW -> parser.showOption();
            case SWEEP -> parser.sweepCommand();
            case SOLVE -> parser.solveCommand();
            case NAME_FILE_KEY, NAME_KEY, FILE_KEY -> parser.keyedOption();
        };
    }

    /**
     * Thrown to stop reading where more would only be noise: once {@link #MAX_ERRORS} are found,
     * or after triple quotes that are never closed (the rest is the text they open). What was
     * found and parsed so far is kept.
     */
    static final class StopReading extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StopReading() {
            super("stop reading", null, false, false);
        }
    }

    /**
     * Hands out the source's tokens one logical line at a time (the lexer already joins the lines
     * of an expression that continues), and gives up on text that is mostly junk: more than
     * {@link #MAX_ERRORS} lines of tokens the lexer could not make sense of, or a run of more than
     * {@link #MAX_STRAY_RUN} stray characters, so that megabytes of junk cost as little as their
     * first lines.
     */
    static final class LineReader {
        private final ChainLexer lexer;
        /** The text is ASCII: then no string in it holds a byte that was not UTF-8 (U+FFFD). */
        private final boolean ascii;
        private boolean done;
        private boolean stopped;
        private int problemLines;
        private int lastProblemLine = -1;
        private int strayRun;
        private boolean tooLong;
        /** Problems the token scan reported, across lines. */
        int problems;

        LineReader(String text, String name) {
            this(text, name, ChainLexer.DEFAULT_MODE);
        }

        /** {@code mode}: the lexer's at the start (a keyed option's text starts in one of its own). */
        LineReader(String text, String name, int mode) {
            CharStream input = charStream(text, name);
            ascii = input instanceof LexerInput;
            lexer = new ChainLexer(input);
            lexer.removeErrorListeners();
            lexer.mode(mode);
        }

        /**
         * The text as the lexer reads it. {@code CharStreams.fromString} copies it one character at
         * a time, which a cold start runs in the interpreter; ASCII text (nearly all of it) is
         * copied as its bytes at once, and its letters and digits reach the lexer's automaton as
         * their classes ({@link LexerInput}). The ASCII test is exact: equal lengths leave only
         * ASCII characters and lone surrogates (encoded as '?'), and the decoded copy keeps neither.
         */
        static CharStream charStream(String text, String name) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            if (bytes.length == text.length() && new String(bytes, StandardCharsets.ISO_8859_1).equals(text)) {
                return new LexerInput(text, bytes, name);
            }
            return CharStreams.fromString(text, name);
        }

        /** Fills {@code line} with the next line's tokens, its NL or EOF last; false when there is none. */
        boolean next(List<Token> line) {
            line.clear();
            if (done) {
                return false;
            }
            tooLong = false;
            while (true) {
                Token t = lexer.nextToken();
                int type = t.getType();
                if (line.size() < MAX_STATEMENT_TOKENS || type == Token.EOF || type == ChainLexer.NL) {
                    line.add(t);
                } else {
                    tooLong = true; // read on to the end of the statement, keeping nothing of it
                }
                if (type == Token.EOF) {
                    done = true;
                    return true;
                }
                if (type == ChainLexer.NL) {
                    return true;
                }
                strayRun = type == ChainLexer.ERROR_CHAR ? strayRun + 1 : 0;
                boolean problem = type == ChainLexer.ERROR_CHAR || type == ChainLexer.BAD_NUMBER
                        || type == ChainLexer.UNTERMINATED_STRING;
                if (problem && t.getLine() != lastProblemLine) {
                    lastProblemLine = t.getLine();
                    problemLines++;
                }
                if (strayRun > MAX_STRAY_RUN || problemLines > MAX_ERRORS + 1) {
                    // The line so far is still scanned (its first problem reported); nothing after it is read.
                    done = true;
                    stopped = true;
                    return true;
                }
            }
        }

        /** True when the rest of the text was given up on as junk. */
        boolean stopped() {
            return stopped;
        }

        /** True when the last line had more than {@link #MAX_STATEMENT_TOKENS} tokens; it holds only the first ones. */
        boolean tooLong() {
            return tooLong;
        }
    }

    /**
     * An unterminated string. Triple quotes that are never closed lex as an empty string and an
     * unterminated one (`""` then `"...`): that is reported at the three quotes, as what it is.
     */
    private static Diagnostic unterminated(List<Token> tokens, int i, SourceFile source, OffsetMap offsets) {
        Token token = tokens.get(i);
        if (opensText(tokens, i)) {
            Token before = tokens.get(i - 1);
            Span quotes = new Span(source, offsets.charOffset(before.getStartIndex()), offsets.charOffset(token.getStartIndex() + 1));
            return Diagnostic.error(quotes, "unterminated text: these triple quotes are never closed")
                    .withHint("end the text with `\"\"\"`; text in triple quotes may run over several lines");
        }
        return Diagnostic.error(offsets.span(token), "unterminated string")
                .withHint("close it with `\"` on the same line, or use \"\"\"triple quotes\"\"\" for text over several lines");
    }

    /** Whether the unterminated string at {@code i} is the third of three quotes: `""` then `"`. */
    private static boolean opensText(List<Token> tokens, int i) {
        Token before = i > 0 ? tokens.get(i - 1) : null;
        return before != null && before.getType() == ChainLexer.STRING && "\"\"".equals(before.getText())
                && before.getStopIndex() + 1 == tokens.get(i).getStartIndex();
    }

    /**
     * Reports what the lexer could only half-recognise (bad numbers, unterminated strings, stray
     * characters; at most one problem a line, a run of stray characters as one) and refuses input
     * the parser could only handle slowly or with a deep stack. Returns false when the tokens must
     * not be parsed.
     */
    private static boolean scanTokens(List<Token> tokens, SourceFile source, Diagnostics diagnostics,
                                      OffsetMap offsets, SyntaxErrors errors, LineReader reader) {
        TokenLimits limits = new TokenLimits();
        for (int i = 0; i < tokens.size(); i++) {
            Token token = tokens.get(i);
            int type = token.getType();
            TokenLimits.Broken broken = limits.add(type);
            if (broken == TokenLimits.Broken.UNIT_PARTS) {
                diagnostics.add(Diagnostic.error(offsets.span(token), "a unit of more than " + SyntaxParser.MAX_UNIT_PARTS + " parts")
                        .withHint("a unit is a few names joined by `/` or `·`, such as FLOP/param/token;"
                                + " to divide values, put spaces around `/`"));
                return false;
            }
            if (broken != null) {
                diagnostics.add(Diagnostic.error(offsets.span(token),
                                (broken == TokenLimits.Broken.PARENTHESES ? "parentheses" : "signs")
                                        + " nested too deeply (more than " + SyntaxParser.MAX_NESTING + " levels)")
                        .withHint("split the expression into named steps"));
                return false;
            }
            int last = i;
            Diagnostic problem = switch (type) {
                case ChainLexer.BAD_NUMBER -> Translator.badNumber(offsets.span(token), tokens.get(0).getType() == ChainLexer.FOR);
                case ChainLexer.STRING, ChainLexer.TRIPLE_STRING -> reader.ascii ? null : notUtf8(offsets.span(token));
                case ChainLexer.UNTERMINATED_STRING -> unterminated(tokens, i, source, offsets);
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
                    if (++reader.problems > MAX_ERRORS) {
                        throw new StopReading();
                    }
                }
                if (type == ChainLexer.UNTERMINATED_STRING && opensText(tokens, i)) {
                    throw new StopReading(); // what follows is the text, not statements to complain about
                }
            }
        }
        return true;
    }

    /**
     * Bytes that were not UTF-8 inside a string: reading the file made them U+FFFD, which would
     * reach the card as "�". Outside a string the lexer finds them as stray characters.
     */
    private static Diagnostic notUtf8(Span string) {
        String text = string.text();
        int at = text.indexOf('\ufffd');
        if (at < 0) {
            return null;
        }
        int end = at;
        while (end < text.length() && text.charAt(end) == '\ufffd') {
            end++;
        }
        int count = end - at;
        Span bytes = new Span(string.file(), string.start() + at, string.start() + end);
        return Diagnostic.error(bytes, (count == 1 ? "a byte that is not" : count + " bytes that are not")
                        + " valid UTF-8, inside a string")
                .withNote(".chain files are UTF-8 text; the file may be in another encoding (save it as UTF-8)");
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
        if (cp == '$') {
            return d.withHint("money is the unit USD, written after the number as every unit is: 2.49 USD/h");
        }
        return d;
    }
}
