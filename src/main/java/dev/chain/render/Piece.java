package dev.chain.render;

import dev.chain.eval.Band;
import dev.chain.eval.CheckValues;
import dev.chain.eval.Values;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;
import java.util.List;

/**
 * A part of a text that shows a chain's values, made once from the checked chain (a template, a
 * step's line, a check's outcome: {@link TemplateRenderer}, {@link CheckText}) and written for
 * any values. Every decision that needs the checked program (which unit, which format, which
 * plural, what a formula prints) is taken when the piece is made; what is left is arithmetic on
 * the values and the number formats. The renderer writes its pieces at once; the explorable
 * page's model carries them, and the page writes them for the reader's inputs with this code.
 */
public sealed interface Piece permits Piece.Literal, Piece.Quantity, Piece.Words, Piece.Formula, Piece.InputFormula,
        Piece.Step, Piece.Outcome {
    String text(Values values);

    /** Where a value comes from: a slot of the chain ({@code slot} at least 0), or a module's constant. */
    record Source(int slot, double constant) {
        public static Source slot(int slot) {
            return new Source(slot, 0);
        }

        public static Source constant(double value) {
            return new Source(-1, value);
        }

        /** Its value, and its extremes over the inputs' box (a module's constant is always a point). */
        public Band band(Values values) {
            return slot >= 0 ? values.band(slot) : Band.point(constant);
        }
    }

    /**
     * How a value's unit is chosen, and the plural its lead unit takes in prose after a number
     * other than 1 ({@code tokens}; null for a unit that stays as it is). Only the fixed or base
     * unit can have one: a prefixed unit is never a count, since counts take no prefix.
     */
    record Units(QuantityFormatter.UnitChoice choice, String plural) {
        /** chain's default writes four significant digits; seventeen tell any two doubles apart. */
        private static final int MIN_DIGITS = 4;
        private static final int MAX_DIGITS = 17;

        String pluralOf(DisplayUnit picked) {
            DisplayUnit lead = choice.fixed() != null ? choice.fixed() : choice.base();
            return picked.text().equals(lead.text()) ? plural : null;
        }

        /** A value in {@code unit}, one of these, as a sentence writes it: {@code 25,600 pages}, {@code 1 page}, {@code 15.05 ms}. */
        String prose(double si, DisplayUnit unit) {
            return prose(si, unit, null);
        }

        private String prose(double si, DisplayUnit unit, FormatSpec format) {
            return TemplateRenderer.plain(TemplateRenderer.quantityText(QuantityFormatter.in(si, unit, format), pluralOf(unit), false));
        }

        /**
         * Values a check compares, in {@code unit}, as {@link #prose(double, DisplayUnit)} writes
         * them (null for NaN, a side there is not), all with at least the most digits {@code written}
         * says a side was written with (a constant as the author wrote it, and the values it is
         * compared with alike, so that equal values read the same), and with as many more significant digits as it
         * takes for two values that differ to read differently, so that an outcome never reads
         * "1 token is less than 1 token" for 0.99996 tokens against 1.
         */
        String[] compared(DisplayUnit unit, int[] written, double... si) {
            String[] shown = new String[si.length];
            int mostWritten = 0;
            for (int w : written) {
                mostWritten = Math.max(mostWritten, w);
            }
            for (int digits = MIN_DIGITS; ; digits++) {
                for (int i = 0; i < si.length; i++) {
                    int least = Math.max(digits, mostWritten); // a constant with the digits the author wrote it with, and the others alike
                    FormatSpec format = least == MIN_DIGITS ? null : FormatSpec.significant(least);
                    shown[i] = Double.isNaN(si[i]) ? null : prose(si[i], unit, format);
                }
                if (digits == MAX_DIGITS || apart(si, shown)) {
                    return shown;
                }
            }
        }

        /** A range in {@code unit}, as prose writes one: {@code 12.6-18.1 ms}, {@code 2,048-4,096 tokens}. */
        String range(double low, double high, DisplayUnit unit) {
            return TemplateRenderer.plain(RangeText.card(low, high, unit, null, pluralOf(unit), false));
        }

        private static boolean apart(double[] si, String[] shown) {
            for (int i = 0; i < si.length; i++) {
                for (int j = i + 1; j < si.length; j++) {
                    if (shown[i] != null && si[i] != si[j] && shown[i].equals(shown[j])) {
                        return false;
                    }
                }
            }
            return true;
        }
    }

    static String all(List<Piece> pieces, Values values) {
        StringBuilder out = new StringBuilder();
        for (Piece p : pieces) {
            out.append(p.text(values));
        }
        return out.toString();
    }

    record Literal(String text) implements Piece {
        @Override
        public String text(Values values) {
            return text;
        }
    }

    /** A value in its unit and format, as prose writes it: {@code 2,112 tokens}, {@code 15.05 ms}; or the number alone. */
    record Quantity(Source source, Units units, FormatSpec format, boolean bare) implements Piece {
        @Override
        public String text(Values values) {
            Band band = source.band(values);
            return band.ranged() ? range(band.nominal(), band.low(), band.high()) : text(band.nominal());
        }

        /** A range, in the unit its nominal value picks, as the card writes one: {@code 68.6-102.9 ms}. */
        public String range(double nominal, double low, double high) {
            DisplayUnit unit = units.choice().pick(nominal);
            return RangeText.card(low, high, unit, format, bare ? null : units.pluralOf(unit), bare);
        }

        /** The text for another value: a sweep's point. */
        public String text(double si) {
            QuantityFormatter.Formatted f = QuantityFormatter.in(si, units.choice().pick(si), format);
            return TemplateRenderer.quantityText(f, bare ? null : units.pluralOf(f.unit()), bare);
        }
    }

    /** {@code {name:words}}: "four pages" for a whole number up to twenty, else the digits. */
    record Words(Source source, Units units, Quantity digits) implements Piece {
        @Override
        public String text(Values values) {
            Band band = source.band(values);
            if (band.ranged()) {
                return digits.text(values); // a range in words would be a sentence: in digits
            }
            double si = band.nominal();
            DisplayUnit unit = units.choice().pick(si);
            String spelled = TemplateRenderer.wordsText(QuantityFormatter.in(si, unit, null), units.pluralOf(unit));
            return spelled != null ? spelled : digits.text(values);
        }
    }

    /** Text and values in turn: a formula with its values in place of its names. */
    record Formula(List<Piece> parts) implements Piece {
        @Override
        public String text(Values values) {
            return all(parts, values);
        }
    }

    /**
     * {@code {=name}} of an input: its formula, unless it was set from outside ({@code --set}, the
     * reader's box), when what was written is no longer its value and {@code changed} shows the value.
     *
     * @param written the value written in the file, or null when it is not a number written out
     */
    record InputFormula(int slot, Double written, Formula formula, Quantity changed) implements Piece {
        @Override
        public String text(Values values) {
            Band band = values.band(slot);
            return band.ranged() || TemplateRenderer.setFromOutside(band.nominal(), written) ? changed.text(values) : formula.text(values);
        }
    }

    /** A step's line: {@code name = formula with values = value}, or {@code name = value} when they are the same. */
    record Step(String name, Formula formula, Piece value) implements Piece {
        @Override
        public String text(Values values) {
            String v = value.text(values);
            String f = formula == null ? v : formula.text(values);
            return f.equals(v) ? name + " = " + v : name + " = " + f + " = " + v;
        }
    }

    /**
     * What check {@code check} found: {@code 63% is in 50% .. 80%}, the left side's unit chosen by its
     * value and the other sides in it, a count in the plural as in a template ({@code 25,600 pages is
     * at most 26,483 pages}); {@code words} the comparison's ("greater than"), null for a range.
     * {@code rightDigits} and {@code highDigits} are the significant digits the author wrote a
     * constant side with (0 for a side that is no number written out): it shows with at least as
     * many, so that {@code check u < 221.25} reads "220.5 is less than 221.25", not 221.3.
     */
    record Outcome(int check, Units left, String words, boolean approx, boolean relative, int rightDigits, int highDigits)
            implements Piece {
        @Override
        public String text(Values values) {
            CheckValues c = values.check(check);
            DisplayUnit unit = left.choice().pick(c.left());
            String[] shown = sides(c, unit);
            // A tolerance says which it is: "within 0.5% of it" (relative), "within 0.5 points" (absolute, of a percentage).
            boolean points = !relative && unit.text().equals("%");
            String within = !approx ? null : relative ? QuantityFormatter.in(c.tolerance(), CheckText.percent(), null).text() + " of it"
                    : points ? CheckText.points(c.tolerance()) : left.prose(c.tolerance(), unit);
            return CheckText.outcomeText(shown[0], c.status(), words, shown[1], shown[2], within, relative || points);
        }

        /** Each side (left, right, high) as the outcome shows it in {@code unit}: a value, or a range over the inputs' box. */
        String[] sides(CheckValues c, DisplayUnit unit) {
            String[] shown = left.compared(unit, new int[] {0, rightDigits, highDigits}, c.left(), c.right(), c.high());
            for (int side = 0; side < 3; side++) {
                Band band = c.band(side);
                if (band.ranged()) {
                    shown[side] = left.range(band.low(), band.high(), unit);
                }
            }
            return shown;
        }
    }
}
