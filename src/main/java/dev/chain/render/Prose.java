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
        for (String paragraph : TemplateRenderer.plain(rendered).split("\n")) {
            if (!paragraph.isBlank()) {
                paragraphs.add(paragraph.strip().replaceAll("\\s+", " "));
            }
        }
        return paragraphs;
    }

    /** The paragraphs of a template that shows no values. */
    static List<String> paragraphs(Template text) {
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
