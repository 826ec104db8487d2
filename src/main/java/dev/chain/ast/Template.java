package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/**
 * Prose with live values, as written in a group header, a label or a note:
 * {@code "({weights} weights + {kv} KV) / {gpu.hbm_bandwidth} = {floor}"}. Parsed once by the
 * front end; the checker resolves every placeholder, and the renderer fills them in.
 *
 * @param source the string the template was written in (for its span)
 * @param parts  text, line breaks and placeholders, in order
 */
public record Template(Text source, List<Part> parts) {
    public Template {
        parts = List.copyOf(parts);
    }

    public sealed interface Part {
        <R> R accept(Visitor<R> visitor);
    }

    /** A pass over a template's parts: a new kind does not compile until each pass handles it. */
    public interface Visitor<R> {
        R visitLiteral(Literal literal);

        R visitLineBreak(LineBreak lineBreak);

        R visitPlaceholder(Placeholder placeholder);
    }

    /** Text shown as written ({@code {{} and {@code }}} already read as braces). */
    public record Literal(String text) implements Part {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitLiteral(this);
        }
    }

    /** A line break the author wrote: a new line in the card's code block, or a soft break in prose. */
    public record LineBreak() implements Part {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitLineBreak(this);
        }
    }

    public enum Form {
        /** {@code {name}}: the value, as the card shows it. */
        VALUE,
        /** {@code {=name}}: the binding's formula with the values of its names substituted. */
        FORMULA
    }

    /**
     * {@code {name}}, {@code {name:ms:.2f}}, {@code {name:#}}, {@code {=name:#}}.
     *
     * @param name       the binding shown, with its span inside the string
     * @param unit       the unit to show it in, or null for the binding's own
     * @param format     the number format without its {@code #} flag ({@code .2f}), or null
     * @param formatSpan where the format is written, or null
     * @param bare       {@code #}: the number without its unit
     * @param words      {@code :words}: a whole number up to twenty in words ("all four")
     * @param span       the whole placeholder, braces included
     */
    public record Placeholder(Form form, Expr.NameRef name, UnitRef unit, String format, Span formatSpan,
                              boolean bare, boolean words, Span span) implements Part {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitPlaceholder(this);
        }
    }

    /** The placeholders, in order. */
    public List<Placeholder> placeholders() {
        List<Placeholder> out = new java.util.ArrayList<>();
        Visitor<Void> collect = new Visitor<>() {
            @Override
            public Void visitLiteral(Literal literal) {
                return null;
            }

            @Override
            public Void visitLineBreak(LineBreak lineBreak) {
                return null;
            }

            @Override
            public Void visitPlaceholder(Placeholder placeholder) {
                out.add(placeholder);
                return null;
            }
        };
        for (Part p : parts) {
            p.accept(collect);
        }
        return out;
    }
}
