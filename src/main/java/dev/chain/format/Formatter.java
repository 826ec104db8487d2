package dev.chain.format;

import dev.chain.ast.ChainFile;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.Lexemes;
import dev.chain.syntax.Literals;
import dev.chain.syntax.SyntaxParser;
import java.util.ArrayList;
import java.util.List;

/**
 * The canonical layout of a .chain or .card file ({@code chain fmt}, and the language server's
 * formatting): one statement a line, two-space indentation for a group's members, the members'
 * {@code =} aligned and their trailing comments too, one space around operators, none inside a
 * unit or after a function's name, one blank line at most between statements.
 *
 * <p>It changes only white space. The tokens are those written, in order (so digit groups, units,
 * {@code ×} and {@code →}, and every string stay as written), and every comment is kept: the lexer
 * skips comments, so they are found in the gaps between tokens, as the REPL's highlighting finds
 * them ({@link Lexemes}). Line breaks inside a statement (an expression over indented lines) are
 * the author's, kept. A file with syntax errors is not formatted. Before the text is handed back
 * it is parsed again and its tree compared with the original's, spans aside ({@link AstEquality}),
 * with its tokens and comments: a layout that would change anything else is refused, not written.
 * No I/O.
 */
public final class Formatter {
    /** A group member's indentation. */
    public static final int INDENT = 2;
    /** Spaces before a trailing comment, at least. */
    static final int COMMENT_GAP = 3;
    /**
     * A line of code longer than this keeps its trailing comment three spaces after it and does not
     * push the comments of the shorter lines around it out to its length.
     */
    static final int ALIGN_LIMIT = 80;

    private Formatter() {}

    /**
     * The formatted text, or the reasons there is none: the file's syntax errors, or (a bug) a layout
     * that would change what the file says.
     */
    public record Result(String text, List<Diagnostic> problems) {
        public Result {
            problems = List.copyOf(problems);
        }

        public boolean ok() {
            return text != null;
        }
    }

    /** Parses {@code source} and lays it out; the check that nothing but white space changed included. */
    public static Result format(SourceFile source) {
        Diagnostics diagnostics = new Diagnostics();
        ChainFile file = SyntaxParser.parseFile(source, diagnostics);
        if (diagnostics.hasErrors()) {
            return new Result(null, diagnostics.all());
        }
        String text;
        try {
            text = layout(file);
        } catch (Unformattable e) {
            return refused(source, e.getMessage());
        }
        String difference = difference(file, text);
        return difference == null ? new Result(text, List.of()) : refused(source, difference);
    }

    private static Result refused(SourceFile source, String why) {
        return new Result(null, List.of(Diagnostic.error(new Span(source, 0, 0),
                        "chain fmt cannot lay out this file without changing it: " + why)
                .withNote("this is a bug in chain fmt; the file was left as it is")));
    }

    /** What the formatted text changes besides white space, or null if nothing. */
    static String difference(ChainFile before, String formatted) {
        Diagnostics diagnostics = new Diagnostics();
        ChainFile after = SyntaxParser.parseFile(new SourceFile(before.source().name(), formatted), diagnostics);
        if (diagnostics.hasErrors()) {
            return "the result would not parse (" + diagnostics.all().get(0).message() + ")";
        }
        String tree = AstEquality.difference(before.statements(), after.statements(), "statements");
        if (tree != null) {
            return "the syntax tree would change at " + tree;
        }
        List<String> a = words(before.source().text());
        List<String> b = words(formatted);
        return a.equals(b) ? null : "the tokens or comments would change";
    }

    /** The text of every token and comment as the layout writes it, in order. */
    private static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        for (Lexemes.Lexeme x : Lexemes.of(text)) {
            out.add(x.kind() == Lexemes.Kind.COMMENT ? text.substring(x.start(), x.end()).stripTrailing() : word(text, x));
        }
        return out;
    }

    /**
     * A token as the layout writes it: as written, but a {@code """} string over several lines
     * without the carriage returns and blanks at its lines' ends, which it does not mean
     * ({@link Literals#tripleQuoted}): the file's line endings are {@code \n} everywhere.
     */
    static String word(String text, Lexemes.Lexeme token) {
        String word = text.substring(token.start(), token.end());
        return token.kind() == Lexemes.Kind.STRING && word.startsWith("\"\"\"") ? Literals.tripleQuoted(word) : word;
    }

    /** The canonical layout of a parsed file, from its source's text. Throws if the file cannot be laid out. */
    static String layout(ChainFile file) {
        Structure structure = new Structure();
        structure.statements(file.statements());
        return new Layout(file.source(), structure).text();
    }

    /** A file the layout cannot account for (a token outside every statement): a bug, reported as such. */
    static final class Unformattable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unformattable(String message) {
            super(message, null, false, false);
        }
    }
}
