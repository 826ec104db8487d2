package dev.chain.render;

import dev.chain.ast.Template;
import java.util.ArrayList;
import java.util.List;

/** Prose as written in a template (a note, an intro): a line break starts a paragraph; spaces collapse. */
public final class Prose {
    private Prose() {}

    /** The paragraphs of rendered text, whose line breaks are {@code '\n'}. */
    public static List<String> paragraphs(String rendered) {
        List<String> paragraphs = new ArrayList<>();
        for (String paragraph : lines(TemplateRenderer.plain(rendered))) {
            if (!paragraph.isBlank()) {
                paragraphs.add(collapsed(paragraph.strip()));
            }
        }
        return paragraphs;
    }

    /**
     * The lines of rendered text, empty ones kept, as {@code split("\n", -1)}; by hand, since the
     * explorable page's script would otherwise carry a regular expression engine for it.
     */
    public static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int at = 0;
        for (int nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', at)) {
            lines.add(text.substring(at, nl));
            at = nl + 1;
        }
        lines.add(text.substring(at));
        return lines;
    }

    /** Each run of white space ({@code \s}: space, tab, line ends, form feed, vertical tab) as one space. */
    private static String collapsed(String text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r') {
                space = true;
                continue;
            }
            if (space) {
                out.append(' ');
                space = false;
            }
            out.append(c);
        }
        if (space) {
            out.append(' ');
        }
        return out.toString();
    }

    /** The paragraphs of a template that shows no values. */
    public static List<String> paragraphs(Template text) {
        StringBuilder out = new StringBuilder();
        Template.Visitor<StringBuilder> prose = new Template.Visitor<>() {
            @Override
            public StringBuilder visitLiteral(Template.Literal l) {
                return out.append(l.text());
            }

            @Override
            public StringBuilder visitLineBreak(Template.LineBreak lineBreak) {
                return out.append('\n');
            }

            /** The checker refused these (a card's intro shows no values). */
            @Override
            public StringBuilder visitPlaceholder(Template.Placeholder p) {
                return out;
            }
        };
        for (Template.Part part : text.parts()) {
            part.accept(prose);
        }
        return paragraphs(out.toString());
    }
}
