package dev.chain.syntax;

import dev.chain.syntax.antlr.ChainLexer;
import dev.chain.syntax.antlr.ChainParser;
import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;

/**
 * What the REPL must know about typed text before it is checked: whether it is complete, or
 * whether the user is still typing (an operator or `(` at the end of a line, a group header whose
 * members follow). The parser decides, so the REPL and the language never disagree.
 */
public final class ReplInput {
    private static final String CONTINUATION_INDENT = "  ";

    private ReplInput() {}

    /**
     * True while the text cannot be complete: it ends in mid-statement ({@code x = 1 +},
     * {@code max(a,}), or it opens a group ({@code derive floor}) whose members run until a blank
     * line. A blank last line always completes the input, so a mistake can always be sent and seen.
     */
    public static boolean needsMore(String text) {
        Typing typing = new Typing();
        boolean more = false;
        for (String line : text.split("\n", -1)) {
            more = typing.add(line);
        }
        return more;
    }

    /**
     * The input being typed, a line at a time, as a pipe reads it: what was worked out for the
     * lines before is kept, so each line costs its own work, and a chain of thousands of lines
     * given to {@code chain repl} is read in linear time, not quadratic.
     */
    public static final class Typing {
        private final StringBuilder text = new StringBuilder();
        private Normalizer normalizer = new Normalizer();
        /** The first character typed that is not blank; 0 until there is one. */
        private char first;

        /** Adds a line; true while the text so far cannot be complete ({@link #needsMore}). */
        public boolean add(String line) {
            if (text.length() > 0) {
                text.append('\n');
            }
            text.append(line);
            normalizer.add(line);
            if (first == 0 && !line.isBlank()) {
                first = line.stripLeading().charAt(0);
            }
            if (first == 0 || first == ':') {
                return false; // nothing typed yet, or a command, which is one line
            }
            boolean several = normalizer.lines > 1;
            if (several && line.isBlank()) {
                return false;
            }
            if (several && line.stripLeading().startsWith(":")
                    && (normalizer.tripleQuotes - countTripleQuotes(line)) % 2 == 0) {
                return false; // a command ends the group (trailingCommand)
            }
            return normalizer.endsMidStatement() || normalizer.opensGroup || normalizer.tripleQuotes % 2 == 1;
        }

        /** The lines added since the last {@link #clear}. */
        public String text() {
            return text.toString();
        }

        public boolean isEmpty() {
            return text.length() == 0;
        }

        public void clear() {
            text.setLength(0);
            normalizer = new Normalizer();
            first = 0;
        }

    }

    /**
     * Where a {@code :command} starts when it is the last line of text typed after a group: a
     * command is never part of a group, so it ends the group as a blank line would (unless it is
     * inside an open triple-quoted string, where it is text). -1 when the last line is no such
     * command.
     */
    public static int trailingCommand(String text) {
        int newline = text.lastIndexOf('\n');
        if (newline < 0 || !text.substring(newline + 1).stripLeading().startsWith(":")) {
            return -1;
        }
        return countTripleQuotes(text.substring(0, newline)) % 2 == 0 ? newline + 1 : -1;
    }

    /**
     * Indents each line that continues an unfinished expression, as a file would: at the REPL one
     * types the next line without caring about indentation, but the lexer only joins lines whose
     * continuation is indented (so that an unclosed parenthesis cannot swallow a file).
     */
    public static String normalize(String text) {
        if (text.indexOf('\n') < 0) {
            return text;
        }
        Normalizer normalizer = new Normalizer();
        for (String line : text.split("\n", -1)) {
            normalizer.add(line);
        }
        return normalizer.out.toString();
    }

    /**
     * Normalizes a line at a time, knowing where the statement being typed starts: only it can
     * end mid-statement, so only it is parsed again for each line.
     */
    private static final class Normalizer {
        private final StringBuilder out = new StringBuilder();
        private int statement;
        private boolean first = true;
        private int lines;
        /** Whether the first line is a group's header, whose members follow until a blank line. */
        private boolean opensGroup;
        /** Triple quotes so far, in all the text, and in the statement being typed. */
        private int tripleQuotes;
        private int statementQuotes;

        void add(String line) {
            lines++;
            if (first) {
                out.append(line);
                first = false;
                count(line);
                opensGroup = ReplInput.opensGroup(line);
                return;
            }
            boolean indented = !line.isEmpty() && (line.charAt(0) == ' ' || line.charAt(0) == '\t');
            boolean inText = statementQuotes % 2 == 1;
            boolean continues = !line.isBlank() && !inText && endsMidStatement();
            out.append('\n');
            if (continues && !indented) {
                out.append(CONTINUATION_INDENT);
            } else if (!continues && !line.isBlank() && !inText) {
                statement = out.length(); // a new statement: a group's indented members are statements too
                statementQuotes = 0;
            }
            out.append(line);
            count(line);
        }

        private void count(String line) {
            int quotes = countTripleQuotes(line);
            tripleQuotes += quotes;
            statementQuotes += quotes;
        }

        boolean endsMidStatement() {
            return ReplInput.endsMidStatement(out.substring(statement));
        }
    }

    private static String lastLine(String text) {
        return text.substring(text.lastIndexOf('\n') + 1);
    }

    /** Whether a line is a group's header: its members follow until a blank line. */
    private static boolean opensGroup(String line) {
        for (Token t : tokens(line)) {
            if (t.getType() == ChainLexer.NL) {
                continue;
            }
            int type = t.getType();
            return type == ChainLexer.INPUTS || type == ChainLexer.DERIVE || type == ChainLexer.SANITY;
        }
        return false;
    }

    private static int countTripleQuotes(String text) {
        int count = 0;
        for (int i = text.indexOf("\"\"\""); i >= 0; i = text.indexOf("\"\"\"", i + 3)) {
            count++;
        }
        return count;
    }

    /** The parser's first complaint is about the end of the input: more is expected. */
    private static boolean endsMidStatement(String text) {
        List<? extends Token> tokens = tokens(text);
        int depth = 0;
        int signRun = 0;
        for (Token t : tokens) {
            int type = t.getType();
            if (type == ChainLexer.BAD_NUMBER || type == ChainLexer.ERROR_CHAR || type == ChainLexer.UNTERMINATED_STRING) {
                return false; // broken already: let the real parse report it
            }
            depth += type == ChainLexer.LPAREN ? 1 : type == ChainLexer.RPAREN ? -1 : 0;
            signRun = (type == ChainLexer.MINUS || type == ChainLexer.PLUS) ? signRun + 1 : 0;
            if (depth > SyntaxParser.MAX_NESTING || signRun > SyntaxParser.MAX_NESTING) {
                return false; // too deep to parse safely; the real parse refuses it with a diagnostic
            }
        }
        // Parsed line by line, as files are: a mistake on an earlier line is a mistake, not more to come.
        List<List<Token>> lines = new java.util.ArrayList<>();
        List<Token> current = new java.util.ArrayList<>();
        for (Token t : tokens) {
            current.add(t);
            if (t.getType() == ChainLexer.NL) {
                if (current.size() > 1) {
                    lines.add(current);
                }
                current = new java.util.ArrayList<>();
            }
        }
        if (!current.isEmpty()) {
            lines.add(current);
        }
        for (int i = 0; i < lines.size(); i++) {
            ChainParser parser = new ChainParser(new CommonTokenStream(new ListTokenSource(lines.get(i))));
            parser.removeErrorListeners();
            FirstError first = new FirstError();
            parser.addErrorListener(first);
            parser.line();
            if (first.seen) {
                return i == lines.size() - 1 && first.atEnd;
            }
        }
        return false;
    }

    private static List<? extends Token> tokens(String text) {
        ChainLexer lexer = new ChainLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        return lexer.getAllTokens();
    }

    private static final class FirstError extends BaseErrorListener {
        boolean seen;
        boolean atEnd;

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int charPositionInLine,
                                String msg, RecognitionException e) {
            if (!seen) {
                seen = true;
                atEnd = offendingSymbol instanceof Token t && t.getType() == Token.EOF;
            }
        }
    }
}
