package dev.chain.repl;

import dev.chain.session.repl.Completions;
import dev.chain.session.repl.ReplSession;
import java.util.List;
import org.jline.reader.CompletingParsedLine;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;

/**
 * JLine's view of the language, asked of the session: Enter on input that cannot be complete
 * (an operator at the end, an open parenthesis, a group header) continues it on a new line; Tab
 * completes the word the session says is under the cursor.
 */
final class ReplParser implements Parser {
    private final ReplSession session;

    ReplParser(ReplSession session) {
        this.session = session;
    }

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE && session.needsMore(line)) {
            throw new EOFError(-1, cursor, "incomplete input", "more");
        }
        if (context == ParseContext.COMPLETE) {
            return new Word(line, cursor, session.complete(line, cursor));
        }
        return new Word(line, cursor, new Completions(cursor, List.of()));
    }

    /** No history expansion or escapes: `!=` and `\` mean what the language says. */
    @Override
    public boolean isEscapeChar(char ch) {
        return false;
    }

    /** The word being completed runs from where the session says it starts to the cursor. */
    static final class Word implements CompletingParsedLine {
        private final String line;
        private final int cursor;
        private final Completions completions;
        private final String word;

        Word(String line, int cursor, Completions completions) {
            this.line = line;
            this.cursor = cursor;
            this.completions = completions;
            int start = Math.max(0, Math.min(completions.start(), cursor));
            this.word = line.substring(start, Math.min(cursor, line.length()));
        }

        Completions completions() {
            return completions;
        }

        @Override
        public String word() {
            return word;
        }

        @Override
        public int wordCursor() {
            return word.length();
        }

        @Override
        public int wordIndex() {
            return 0;
        }

        @Override
        public List<String> words() {
            return List.of(word);
        }

        @Override
        public String line() {
            return line;
        }

        @Override
        public int cursor() {
            return cursor;
        }

        @Override
        public CharSequence escape(CharSequence candidate, boolean complete) {
            return candidate;
        }

        @Override
        public int rawWordCursor() {
            return word.length();
        }

        @Override
        public int rawWordLength() {
            return word.length();
        }
    }
}
