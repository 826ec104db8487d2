package dev.chain.repl;

import dev.chain.session.repl.Highlights;
import dev.chain.session.repl.ReplSession;
import java.util.regex.Pattern;
import org.jline.reader.Highlighter;
import org.jline.reader.LineReader;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;
import org.jline.utils.AttributedStyle;

/** Colours the line as it is typed, from what the session says each word is. */
final class ReplHighlighter implements Highlighter {
    private final ReplSession session;

    ReplHighlighter(ReplSession session) {
        this.session = session;
    }

    @Override
    public AttributedString highlight(LineReader reader, String buffer) {
        AttributedStringBuilder out = new AttributedStringBuilder(buffer.length() + 32);
        int at = 0;
        for (Highlights.Highlight h : session.highlight(buffer)) {
            if (h.start() < at || h.end() > buffer.length()) {
                continue;
            }
            out.append(buffer, at, h.start());
            AttributedStyle style = style(h.kind());
            if (style == null) {
                out.append(buffer, h.start(), h.end());
            } else {
                out.styled(style, buffer.substring(h.start(), h.end()));
            }
            at = h.end();
        }
        out.append(buffer, at, buffer.length());
        return out.toAttributedString();
    }

    static AttributedStyle style(Highlights.Kind kind) {
        AttributedStyle s = AttributedStyle.DEFAULT;
        return switch (kind) {
            case COMMAND -> s.bold().foreground(AttributedStyle.BLUE);
            case KEYWORD -> s.bold().foreground(AttributedStyle.MAGENTA);
            case NUMBER -> s.foreground(AttributedStyle.CYAN);
            case UNIT -> s.foreground(AttributedStyle.GREEN);
            case VALUE -> s.bold();
            case MODULE -> s.foreground(AttributedStyle.BLUE);
            case FUNCTION -> s.foreground(AttributedStyle.YELLOW);
            case STRING -> s.foreground(AttributedStyle.YELLOW);
            case COMMENT -> s.faint();
            case ANNOTATION -> s.foreground(AttributedStyle.MAGENTA);
            case ERROR -> s.foreground(AttributedStyle.RED).underline();
            case UNKNOWN -> null;
        };
    }

    @Override
    public void setErrorPattern(Pattern errorPattern) {
        // errors are shown as diagnostics after Enter, not while typing
    }

    @Override
    public void setErrorIndex(int errorIndex) {
        // as above
    }
}
