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
        if (text.isBlank() || text.stripLeading().startsWith(":")) {
            return false;
        }
        if (text.indexOf('\n') >= 0 && lastLine(text).isBlank()) {
            return false;
        }
        if (trailingCommand(text) >= 0) {
            return false;
        }
        String normalized = normalize(text);
        return endsMidStatement(normalized) || opensGroup(normalized) || countTripleQuotes(normalized) % 2 == 1;
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
        String[] lines = text.split("\n", -1);
        StringBuilder out = new StringBuilder(lines[0]);
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            boolean indented = !line.isEmpty() && (line.charAt(0) == ' ' || line.charAt(0) == '\t');
            boolean continues = !line.isBlank() && !indented && endsMidStatement(out.toString());
            out.append('\n');
            if (continues) {
                out.append(CONTINUATION_INDENT);
            }
            out.append(line);
        }
        return out.toString();
    }

    private static String lastLine(String text) {
        return text.substring(text.lastIndexOf('\n') + 1);
    }

    private static boolean opensGroup(String text) {
        for (Token t : tokens(text)) {
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
