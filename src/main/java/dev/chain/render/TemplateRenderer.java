package dev.chain.render;

import dev.chain.ast.Template;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.PlaceholderInfo;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.Unit;
import dev.chain.units.UnitTerm;

/**
 * Fills in a checked template with a chain's values, as the card writes them: in prose a count is
 * plural ({@code 2,112 tokens}, {@code 26,483 pages}), and multiplication is written {@code x}.
 * Line breaks come out as {@code '\n'}; what a line break means (a new code line, or a space in
 * prose) is the caller's business.
 */
public final class TemplateRenderer {
    /** How the card writes multiplication. */
    public static final String TIMES = " x ";

    /**
     * Joins a number to its unit in the rendered text ({@code 15.05 ms}) so that wrapping never
     * separates them; {@link #plain} turns it into a space. A control character, so that nothing
     * an author writes can be mistaken for it.
     */
    public static final char NO_BREAK = '\u001F';

    private final CheckedProgram program;
    private final Values values;

    public TemplateRenderer(CheckedProgram program, Values values) {
        this.program = program;
        this.values = values;
    }

    public String render(Template template) {
        StringBuilder out = new StringBuilder();
        Template.Visitor<StringBuilder> filling = new Template.Visitor<>() {
            @Override
            public StringBuilder visitLiteral(Template.Literal l) {
                return out.append(l.text());
            }

            @Override
            public StringBuilder visitLineBreak(Template.LineBreak lineBreak) {
                return out.append('\n');
            }

            @Override
            public StringBuilder visitPlaceholder(Template.Placeholder p) {
                PlaceholderInfo info = program.placeholder(p);
                if (info == null) {
                    throw new IllegalStateException("template placeholder was not checked: " + p.span());
                }
                return out.append(info.formula() ? formula(info) : value(info));
            }
        };
        for (Template.Part part : template.parts()) {
            part.accept(filling);
        }
        return out.toString();
    }

    /** {@code {name}}: the value in the template's unit and format, or else the binding's own. */
    private String value(PlaceholderInfo info) {
        BindingInfo b = info.binding();
        if (b.isText()) {
            return b.text();
        }
        DisplayUnit unit = unitOf(info);
        FormatSpec format = formatOf(info);
        if (info.placeholder().words()) {
            QuantityFormatter.Formatted f = values.formatter().format(values.valueOf(b), b.dimension(), unit, null);
            String spelled = wordsText(f, plural(f.unit()));
            if (spelled != null) {
                return spelled;
            }
        }
        return quantity(b, unit, format, info.bare());
    }

    /** The unit a placeholder shows its value in: its own, or else the binding's (null: chain's choice). */
    public static DisplayUnit unitOf(PlaceholderInfo info) {
        return info.unit() != null ? info.unit() : info.binding().display();
    }

    /** The format a placeholder shows its value in: its own, or else the binding's unless it asked for another unit. */
    public static FormatSpec formatOf(PlaceholderInfo info) {
        return info.format() != null ? info.format() : info.unit() == null ? info.binding().format() : null;
    }

    /**
     * {@code {name:words}}: "four", "four pages" ({@code plural}: the unit's plural, or null), or
     * null for a number written in digits instead.
     */
    public static String wordsText(QuantityFormatter.Formatted f, String plural) {
        String spelled = words(f.value());
        if (spelled == null) {
            return null;
        }
        String after = f.value() == 1 ? null : plural;
        return f.unit().isEmpty() ? spelled : spelled + " " + (after != null ? after : f.unit().text());
    }

    private static final String[] WORDS = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
        "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
        "nineteen", "twenty"};

    /** "four" for 4; null for a number that is not whole or is above twenty (written in digits instead). */
    static String words(double value) {
        double whole = Math.rint(value);
        if (Math.abs(value - whole) > 1e-9 * Math.max(1, Math.abs(value)) || whole < 0 || whole >= WORDS.length) {
            return null;
        }
        return WORDS[(int) whole];
    }

    /**
     * {@code {=name}}: the binding's formula with each name replaced by its value. With {@code #},
     * numbers lose their units, but a ratio keeps its {@code %} or {@code x}: dropping it would
     * change the number ({@code 1 / (40% + 60% / 1.2x)}).
     */
    private String formula(PlaceholderInfo info) {
        BindingInfo b = info.binding();
        Value.QuantityValue q = (Value.QuantityValue) b.decl().value();
        boolean bare = info.bare();
        Double written = b.input() ? b.owner().constantValue(q.expr()) : null;
        double now = values.valueOf(b);
        if (b.input() && setFromOutside(now, written)) {
            // An input set with --set: what was written is no longer its value, so show the value.
            return quantity(b, b.display(), info.format() != null ? info.format() : b.format(), bare && !b.dimension().isNone());
        }
        FormatSpec format = info.format();
        // A class, not a lambda: the card's every {=name} passes here, and a lambda is linked on first use.
        java.util.function.Function<BindingInfo, String> valueText = new java.util.function.Function<>() {
            @Override
            public String apply(BindingInfo shown) {
                if (shown.isText()) {
                    return shown.text();
                }
                FormatSpec f = format != null ? format : shown.format();
                boolean keepUnit = !bare || shown.dimension().isNone();
                return quantity(shown, shown.display(), f, !keepUnit);
            }
        };
        FormulaPrinter printer = new FormulaPrinter(b.owner(), valueText, TIMES, !bare);
        return printer.print(q.expr());
    }

    /** An input whose value is not the one written (null: not a number written out): set with --set, or in the page. */
    public static boolean setFromOutside(double now, Double written) {
        return written == null || Math.abs(now - written) > 1e-12 * Math.max(Math.abs(now), Math.abs(written));
    }

    /** A binding's value as prose shows it: {@code 2,112 tokens}, {@code 15.05 ms}, or the number alone. */
    public String quantity(BindingInfo b, DisplayUnit unit, FormatSpec format, boolean bare) {
        return quantity(b, values.valueOf(b), unit, format, bare);
    }

    /** As {@link #quantity(BindingInfo, DisplayUnit, FormatSpec, boolean)}, for another value of the binding (a sweep's point). */
    public String quantity(BindingInfo b, double si, DisplayUnit unit, FormatSpec format, boolean bare) {
        QuantityFormatter.Formatted f = values.formatter().format(si, b.dimension(), unit, format);
        return quantityText(f, bare || f.unit() == null ? null : plural(f.unit()), bare);
    }

    /** A formatted value as prose shows it, its unit in the plural ({@code plural}, or null) after a number other than 1. */
    public static String quantityText(QuantityFormatter.Formatted f, String plural, boolean bare) {
        if (bare) {
            return f.number();
        }
        String text = f.text().replace(' ', NO_BREAK);
        if (f.number().equals("1") || f.unit() == null || f.unit().isEmpty()) {
            return text;
        }
        return plural == null ? text : f.number() + NO_BREAK + plural;
    }

    /**
     * A unit as prose writes it after a number other than 1: a count in the plural
     * ({@code 2,112 tokens}), and so is a rate of one ({@code 10 tokens/s}, {@code 16 tokens/page});
     * null for a unit that stays as it is ({@code GB}, {@code B/token}).
     */
    public String plural(DisplayUnit unit) {
        if (isCount(unit)) {
            return unit.text() + "s";
        }
        String text = unit.text();
        int per = text.indexOf('/');
        if (per > 0 && !unit.glued()) {
            String counted = text.substring(0, per);
            DisplayUnit numerator = new DisplayUnit(counted, 1, unit.dimension(), false);
            if (isCount(numerator)) {
                return counted + "s" + text.substring(per);
            }
        }
        return null;
    }

    /** Rendered text as it is finally shown: numbers and units joined by a plain space. */
    public static String plain(String rendered) {
        return rendered.replace(NO_BREAK, ' ');
    }

    /** The default line for a binding of a group without a template: {@code name = formula = value}. */
    public String step(BindingInfo b) {
        String value = quantityOrText(b);
        Value.QuantityValue q = b.decl().value() instanceof Value.QuantityValue v ? v : null;
        if (b.input() || q == null) {
            return b.name() + " = " + value;
        }
        return stepText(b.name(), new FormulaPrinter(b.owner(), this::quantityOrText, TIMES, true).print(q.expr()), value);
    }

    /** {@code name = formula = value}, or {@code name = value} when the formula shows no more than the value. */
    public static String stepText(String name, String formula, String value) {
        return formula.equals(value) ? name + " = " + value : name + " = " + formula + " = " + value;
    }

    private String quantityOrText(BindingInfo b) {
        return b.isText() ? b.text() : quantity(b, b.display(), b.format(), false);
    }

    /**
     * A count unit (token, page, request: the base unit of a count, which takes no prefix) is
     * written in the plural in prose. The unit is looked up by name, so {@code B/token} is not one.
     */
    private boolean isCount(DisplayUnit unit) {
        if (unit == null || unit.isEmpty() || unit.glued()) {
            return false;
        }
        UnitTerm term = program.units().resolve(unit.text());
        if (term == null || term.prefix() != null) {
            return false;
        }
        Unit u = term.unit();
        return u.prefixes().isEmpty() && u.factor() == 1.0 && u.dimension().isBase() && u.symbol().chars().allMatch(Character::isLetter);
    }
}
