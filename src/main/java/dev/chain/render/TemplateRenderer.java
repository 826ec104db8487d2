package dev.chain.render;

import dev.chain.ast.Template;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.PlaceholderInfo;
import dev.chain.units.Plurals;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Fills in a checked template with a chain's values, as the card writes them: in prose a count is
 * plural ({@code 2,112 tokens}, {@code 26,483 pages}), and multiplication is written {@code x}.
 * A template is first made into {@link Piece}s (every choice that needs the checked chain taken),
 * then written for the values: at once here, or in the explorable page for the reader's. Line
 * breaks come out as {@code '\n'}; what a line break means (a new code line, or a space in prose)
 * is the caller's business.
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
    private final BindingValues values;
    private final Plurals plurals;

    public TemplateRenderer(CheckedProgram program, BindingValues values) {
        this.program = program;
        this.values = values;
        this.plurals = new Plurals(program.units());
    }

    /** The template filled in with the values. */
    public String render(Template template) {
        return compile(template).text(values);
    }


    /** The template as pieces: its text, and each placeholder as the value it shows. */
    public Piece.Formula compile(Template template) {
        List<Piece> pieces = new ArrayList<>();
        Template.Visitor<Piece> part = new Template.Visitor<>() {
            @Override
            public Piece visitLiteral(Template.Literal l) {
                return new Piece.Literal(l.text());
            }

            @Override
            public Piece visitLineBreak(Template.LineBreak lineBreak) {
                return new Piece.Literal("\n");
            }

            @Override
            public Piece visitPlaceholder(Template.Placeholder p) {
                PlaceholderInfo info = program.placeholder(p);
                if (info == null) {
                    throw new IllegalStateException("template placeholder was not checked: " + p.span());
                }
                return info.formula() ? formula(info) : value(info);
            }
        };
        for (Template.Part p : template.parts()) {
            pieces.add(p.accept(part));
        }
        return new Piece.Formula(pieces);
    }

    /** {@code {name}}: the value in the template's unit and format, or else the binding's own. */
    private Piece value(PlaceholderInfo info) {
        BindingInfo b = info.binding();
        if (b.isText()) {
            return new Piece.Literal(b.text());
        }
        Piece.Quantity digits = quantityPiece(b, info.shownUnit(), info.shownFormat(), info.bare());
        if (info.placeholder().words()) {
            return new Piece.Words(source(b), units(b, info.shownUnit(), null, true), digits);
        }
        return digits;
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
     * change the number ({@code 1 / (40% + 60% / 1.2x)}). An input set from outside shows its value
     * instead: what was written is no longer its value.
     */
    private Piece formula(PlaceholderInfo info) {
        BindingInfo b = info.binding();
        Value.QuantityValue q = (Value.QuantityValue) b.decl().value();
        boolean bare = info.bare();
        FormatSpec format = info.format();
        // A class, not a lambda: the card's every {=name} passes here, and a lambda is linked on first use.
        java.util.function.Function<BindingInfo, Piece> valueText = new java.util.function.Function<>() {
            @Override
            public Piece apply(BindingInfo shown) {
                if (shown.isText()) {
                    return new Piece.Literal(shown.text());
                }
                FormatSpec f = format != null ? format : shown.format();
                boolean keepUnit = !bare || shown.dimension().isNone();
                return quantityPiece(shown, shown.display(), f, !keepUnit);
            }
        };
        Piece.Formula written = new Piece.Formula(new FormulaPrinter(b.owner(), TIMES, !bare).pieces(q.expr(), valueText));
        if (!b.input() || b.owner() != program) {
            return written;
        }
        Piece.Quantity changed = quantityPiece(b, b.display(), format != null ? format : b.format(), bare && !b.dimension().isNone());
        return new Piece.InputFormula(b.slot(), b.owner().constantValue(q.expr()), written, changed);
    }

    /** An input whose value is not the one written (null: not a number written out): set with --set, or in the page. */
    public static boolean setFromOutside(double now, Double written) {
        return written == null || Math.abs(now - written) > 1e-12 * Math.max(Math.abs(now), Math.abs(written));
    }

    /** A binding's value as prose shows it: {@code 2,112 tokens}, {@code 15.05 ms}, or the number alone. */
    public String quantity(BindingInfo b, DisplayUnit unit, FormatSpec format, boolean bare) {
        return quantityPiece(b, unit, format, bare).text(values);
    }

    /** The piece that shows a binding's value (of the chain, or a module's constant) in a unit and format. */
    public Piece.Quantity quantityPiece(BindingInfo b, DisplayUnit unit, FormatSpec format, boolean bare) {
        return new Piece.Quantity(source(b), units(b, unit, format, !bare), format, bare);
    }

    /** Where a binding's value comes from: a slot of this chain, or else a module's constant, known now. */
    private Piece.Source source(BindingInfo b) {
        return b.owner() == program ? Piece.Source.slot(b.slot()) : Piece.Source.constant(values.valueOf(b));
    }

    /** How a binding's unit is chosen, with its plural in prose when {@code plurals}. */
    private Piece.Units units(BindingInfo b, DisplayUnit unit, FormatSpec format, boolean plurals) {
        QuantityFormatter.UnitChoice choice = values.formatter().choice(b.dimension(), unit, format);
        return plurals ? new Piece.Units(choice, this.plurals.of(choice)) : new Piece.Units(choice, null);
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

    /** Rendered text as it is finally shown: numbers and units joined by a plain space. */
    public static String plain(String rendered) {
        return rendered.replace(NO_BREAK, ' ');
    }

    /** The default line for a binding of a group without a template: {@code name = formula = value}. */
    public String step(BindingInfo b) {
        return stepPiece(b).text(values);
    }

    /** A step's line as a piece: {@code name = formula with values = value}. */
    public Piece.Step stepPiece(BindingInfo b) {
        Piece value = quantityOrText(b);
        Value.QuantityValue q = b.decl().value().quantity();
        if (b.input() || q == null) {
            return new Piece.Step(b.name(), null, value);
        }
        java.util.function.Function<BindingInfo, Piece> shown = new java.util.function.Function<>() {
            @Override
            public Piece apply(BindingInfo binding) {
                return quantityOrText(binding);
            }
        };
        return new Piece.Step(b.name(), new Piece.Formula(new FormulaPrinter(b.owner(), TIMES, true).pieces(q.expr(), shown)), value);
    }

    private Piece quantityOrText(BindingInfo b) {
        return b.isText() ? new Piece.Literal(b.text()) : quantityPiece(b, b.display(), b.format(), false);
    }
}
