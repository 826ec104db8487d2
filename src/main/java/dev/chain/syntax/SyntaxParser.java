package dev.chain.syntax;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Clause;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * The front end: source text in, AST out, problems as diagnostics. The grammar's parser
 * ({@link GrammarParser}) reads every file, expression and REPL line, and {@link Translator} turns
 * its parse trees into the AST. Nothing outside this package sees ANTLR.
 */
public final class SyntaxParser {
    /** Parentheses (and unary signs) nested deeper than this are rejected before parsing. */
    public static final int MAX_NESTING = 256;

    /**
     * Parts of a unit glued with `/` or `·` ({@code FLOP/param/token} has three). More is no unit
     * anyone writes, and each one makes the parser look ahead over the whole run (quadratic time).
     */
    public static final int MAX_UNIT_PARTS = 32;

    /** Syntax errors reported per source before giving up on it: a binary file is not 10,000 mistakes. */
    public static final int MAX_ERRORS = 25;

    private SyntaxParser() {}

    /**
     * Loads and initializes the grammar's parser (its ATN is deserialized when its class is
     * initialized, ~9 ms of a cold start) on the calling thread: a front end calls this on a
     * second thread while the first reads and lexes its input, which needs only the lexer.
     * Class initialization is once per JVM and thread-safe, so whichever thread comes second
     * waits for it or finds it done.
     */
    public static void prepare() {
        GrammarParser.prepare();
    }

    /**
     * Parses a whole .chain file. On errors the statements that did parse are still returned. A
     * value on its own is an error in a file (it does nothing there), and counts as one toward
     * {@link #MAX_ERRORS}: a file of a million of them stops being read after the first few.
     */
    public static ChainFile parseFile(SourceFile source, Diagnostics diagnostics) {
        return parse(source, false, diagnostics);
    }

    /** Parses statements typed at the REPL, where a value on its own is the value to show. */
    public static ChainFile parseTyped(SourceFile source, Diagnostics diagnostics) {
        return parse(source, true, diagnostics);
    }

    private static ChainFile parse(SourceFile source, boolean bareValues, Diagnostics diagnostics) {
        Diagnostics found = new Diagnostics();
        int nul = source.text().indexOf('\0');
        if (nul >= 0) {
            found.add(binary(source, nul));
            report(source, found, diagnostics, true);
            return new ChainFile(source, List.of());
        }
        return GrammarParser.parseFile(source, bareValues, diagnostics);
    }

    /** Parses a value on its own: a {@code chain eval} expression or a {@code --set} value. */
    public static Value parseValue(SourceFile source, Diagnostics diagnostics) {
        return parseValue(source, 0, diagnostics);
    }

    /**
     * Parses the value that starts at {@code from} in the source's text: the argument of a REPL
     * command ({@code :dim 3 GB + 2 s}). What comes before it is not read, but spans count from the
     * start of the text, so a diagnostic's column and caret point into the line as it was typed.
     * The text before {@code from} must hold no characters outside the Basic Multilingual Plane.
     */
    public static Value parseValue(SourceFile source, int from, Diagnostics diagnostics) {
        return GrammarParser.parseValue(source, from, diagnostics);
    }

    /**
     * Parses a check's condition that starts at {@code from}, as written after {@code check} in a
     * chain: {@code chain solve --where}.
     */
    public static dev.chain.ast.Condition parseCondition(SourceFile source, int from, Diagnostics diagnostics) {
        return GrammarParser.parseCondition(source, from, diagnostics);
    }

    /**
     * Whether {@code text} is a name as a chain writes one, the same in every script the grammar
     * takes ({@code batch}, {@code партия}, {@code λ}): a letter or {@code _} first, then letters,
     * digits and {@code _}, and no reserved word. A module's name is one ({@code use NAME} reads
     * {@code NAME.chain}).
     */
    public static boolean isName(String text) {
        return GrammarParser.isName(text);
    }

    /**
     * Parses {@code --over batch=1,8,16,64} ({@code chain sweep}) or {@code --for batch=1..1024}
     * ({@code chain solve}): a name and its points, as a figure's {@code for batch in 1, 8, 16, 64}
     * (points may be separated by bare commas, as a shell writes them: see {@link BareCommas}), or
     * names and their rows, {@code --over layers,hidden=(24, 2304),(40, 6144)}, as a table's
     * {@code for layers, hidden in (24, 2304), (40, 6144)}. Its diagnostics are in a source named
     * after the option and the (first) name, {@code --over batch}.
     *
     * @param usage what the option takes, for the error when the text is no {@code NAME=...}:
     *              {@code "NAME=RANGE, such as --for batch=1..1024"}
     */
    public static Clause parseOver(String option, String text, String usage, Diagnostics diagnostics) {
        String name = GrammarParser.leadingName(text);
        return GrammarParser.parseOver(new SourceFile(name == null ? option : option + " " + name, text), option, usage, diagnostics);
    }

    /** Parses {@code --show floor,mixed}: the values to show, as a figure's {@code show floor, mixed}. */
    public static Clause.Show parseShow(String option, String text, Diagnostics diagnostics) {
        return GrammarParser.parseShow(new SourceFile(option, text), diagnostics);
    }

    /**
     * Parses an option that names a benchmark's file and a key in it, in a source named
     * {@code option}: {@code NAME=FILE#KEY} ({@code named} and {@code withFile}: {@code --observe
     * p50=bench.json#median_itl_ms}), {@code NAME=#KEY} ({@code named}: {@code --against
     * floor=#median_itl_ms}), {@code FILE#KEY} ({@code withFile}: an input's {@code @observed}).
     * The path and the key are read as written, `#` and all after the first; text of another shape
     * is an error that says {@code usage}, what the option takes.
     */
    public static dev.chain.ast.KeyedOption parseKeyed(String option, String text, boolean named, boolean withFile, String usage,
                                                       Diagnostics diagnostics) {
        return GrammarParser.parseKeyed(new SourceFile(option, text), named, withFile, usage, diagnostics);
    }

    /**
     * Parses the REPL's {@code :sweep} from {@code from}: what {@code chain sweep} takes, each
     * {@code --over}'s {@code NAME=POINTS} (a {@code for} clause each) and then its {@code --show}'s
     * names (a {@code show} clause), {@code :sweep gpu=h100_sxm,b200 batch=1,64 floor, mixed}.
     * Spans count from the start of the text, as {@link #parseValue(SourceFile, int, Diagnostics)}'s do.
     */
    public static List<Clause> parseSweep(SourceFile source, int from, Diagnostics diagnostics) {
        return GrammarParser.parseSweep(source, from, diagnostics);
    }

    /**
     * Parses the REPL's {@code :solve} from {@code from}: what {@code chain solve} takes, its
     * {@code --for}'s {@code NAME=RANGE} (a {@code for} clause) and then its {@code --where}'s
     * condition, {@code :solve batch=1..1024 check floor <= 20 ms}. Spans count from the start of the text.
     */
    public static dev.chain.ast.SolveOptions parseSolve(SourceFile source, int from, Diagnostics diagnostics) {
        return GrammarParser.parseSolve(source, from, diagnostics);
    }

    /**
     * Adds what was found, in file order, at most {@link #MAX_ERRORS} of it. {@code stopped}: the
     * rest of the text was not read (too many errors, or junk).
     */
    static void report(SourceFile source, Diagnostics found, Diagnostics diagnostics, boolean stopped) {
        List<Diagnostic> sorted = new ArrayList<>(found.all());
        sorted.sort(BY_START);
        if (sorted.size() > MAX_ERRORS) {
            Diagnostic next = sorted.get(MAX_ERRORS);
            int more = sorted.size() - MAX_ERRORS;
            sorted = new ArrayList<>(sorted.subList(0, MAX_ERRORS));
            sorted.add(Diagnostic.error(next.span(), "too many syntax errors: stopped after " + MAX_ERRORS)
                    .withNote(stopped ? "the rest of " + source.name() + " is not read; is it a .chain file?"
                            : more == 1 ? "one more error from here on is not shown"
                            : more + " more errors from here on are not shown"));
        }
        for (Diagnostic d : sorted) {
            diagnostics.add(d);
        }
    }

    /** In file order (a class, not a lambda: see StartupClassesTest). */
    private static final java.util.Comparator<Diagnostic> BY_START = new java.util.Comparator<>() {
        @Override
        public int compare(Diagnostic a, Diagnostic b) {
            return Integer.compare(a.span() == null ? 0 : a.span().start(), b.span() == null ? 0 : b.span().start());
        }
    };

    /** NUL bytes never occur in text: report the file once instead of every byte of it. */
    static Diagnostic binary(SourceFile source, int offset) {
        return Diagnostic.error(new Span(source, offset, offset + 1), "unexpected NUL byte: this looks like a binary file, not chain text")
                .withNote(".chain files are UTF-8 text; nothing after this was read");
    }
}
