package dev.chain.check;

import dev.chain.ast.Expr;
import dev.chain.ast.Spread;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import java.util.List;

/**
 * Proves an input's range ({@code mfu = 40% .. 60%}, {@code 45% (40% .. 60%)}, {@code 50% ± 10%}):
 * every number in it written out, as an input's value is; its ends of the input's one dimension;
 * its low end not above its high end, its nominal between them. What it finds is the binding's
 * {@link BindingInfo.Range}, in base units, which the evaluator searches the corners of.
 */
final class SpreadChecker {
    /**
     * The significant digits a range's ends are shown with unless a format says otherwise
     * ({@code 15.05 ms (12.6 .. 18.1 ms)}): a spread is an estimate, and four digits of each end
     * would claim more than it knows.
     */
    static final int END_DIGITS = 3;

    private final CheckedProgram program;
    private final ExprTyper typer;
    private final List<Diagnostic> errors;
    private final Describe describe;

    SpreadChecker(CheckedProgram program, ExprTyper typer, List<Diagnostic> errors) {
        this.program = program;
        this.typer = typer;
        this.errors = errors;
        this.describe = new Describe(program.units());
    }

    /**
     * The range of {@code q}, whose first expression has dimension {@code d} and is shown in
     * {@code written} (its unit as written, or null), in a module when {@code module}; null after
     * reporting what is wrong.
     */
    BindingInfo.Range range(Value.QuantityValue q, Dimension d, DisplayUnit written, boolean module) {
        Spread spread = q.spread();
        if (module) {
            errors.add(Diagnostic.error(spread.span(), "a module's values are constants, not ranges")
                    .withHint("give the range to the chain's input instead: mfu = 40% .. 60% in the chain that uses this module"));
            return null;
        }
        Double first = literal(q.expr());
        if (first == null) {
            return null;
        }
        return spread.accept(new Spread.Visitor<BindingInfo.Range>() {
            @Override
            public BindingInfo.Range visitUpTo(Spread.UpTo upTo) {
                Double high = end(upTo.high(), d, q.expr());
                return high == null ? null : between(q.expr(), first, upTo.high(), high, (first + high) / 2, null);
            }

            @Override
            public BindingInfo.Range visitAround(Spread.Around around) {
                Double low = end(around.low(), d, q.expr());
                Double high = end(around.high(), d, q.expr());
                if (low == null || high == null) {
                    return null;
                }
                BindingInfo.Range range = between(around.low(), low, around.high(), high, first, q.expr());
                return range;
            }

            @Override
            public BindingInfo.Range visitPlusMinus(Spread.PlusMinus plusMinus) {
                Double amount = tolerance(plusMinus.tolerance(), d, q.expr(), written, first);
                if (amount == null) {
                    return null;
                }
                // In the unit both are written in, where they share one: 85% ± 5% is 80% exactly, where
                // 0.85 - 0.05 in base units is 0.7999999999999999.
                double factor = sharedFactor(q.expr(), plusMinus.tolerance());
                if (factor > 0) {
                    double centre = first / factor;
                    double reach = amount / factor;
                    return new BindingInfo.Range((centre - reach) * factor, (centre + reach) * factor, first);
                }
                return new BindingInfo.Range(first - amount, first + amount, first);
            }
        });
    }

    /**
     * The range from {@code low} to {@code high} with {@code nominal} in it; null after saying
     * that the range is empty, or that the nominal written ({@code nominalExpr}, null for the
     * middle) lies outside it.
     */
    private BindingInfo.Range between(Expr lowExpr, double low, Expr highExpr, double high, double nominal, Expr nominalExpr) {
        if (low > high) {
            Diagnostic d = Diagnostic.error(lowExpr.span().to(highExpr.span()),
                    "this range is empty: its low end, " + text(lowExpr) + ", is above its high end, " + text(highExpr));
            String lowUnit = unitOf(lowExpr);
            String highUnit = unitOf(highExpr);
            // 40 .. 60%: the 40 is forty, not 40%; the unit goes after each end
            errors.add(lowUnit.isEmpty() != highUnit.isEmpty()
                    ? d.withHint("write the unit after each end: " + withUnit(lowExpr, lowExpr, highExpr) + " .. "
                            + withUnit(highExpr, lowExpr, highExpr))
                    : d.withHint("write the low end first: " + text(highExpr) + " .. " + text(lowExpr)));
            return null;
        }
        if (nominalExpr != null && (nominal < low || nominal > high)) {
            errors.add(Diagnostic.error(nominalExpr.span(), "the nominal value " + text(nominalExpr) + " is outside its range, "
                            + text(lowExpr) + " .. " + text(highExpr))
                    .withHint("the value before the parentheses is the one the chain shows as the input's, within its range:"
                            + " 45% (40% .. 60%)"));
            return null;
        }
        return new BindingInfo.Range(low, high, nominal);
    }

    /** An end of a range: a number written out, of the input's dimension; null after reporting. */
    private Double end(Expr end, Dimension d, Expr first) {
        Dimension type = typer.type(end);
        if (type == null) {
            return null;
        }
        if (!type.equals(d)) {
            errors.add(Diagnostic.error(end.span(), "a range's ends have one dimension: " + text(first) + " is "
                            + describe.of(d) + ", but " + text(end) + " is " + describe.of(type))
                    .withLabel(first.span(), describe.of(d))
                    .withHint(type.isNone() != d.isNone()
                            ? "write the unit after each end: " + withUnit(first, first, end) + " .. " + withUnit(end, first, end)
                            : "write both ends in units of " + describe.of(d)));
            return null;
        }
        return literal(end);
    }

    /**
     * How far {@code ± tolerance} reaches from the centre {@code first}, in base units; null after
     * reporting. A tolerance of the centre's dimension is an amount: {@code 50% ± 10%} is 40% .. 60%,
     * {@code 3.35 TB/s ± 0.1 TB/s}. A percentage on a quantity with a unit is a fraction of it:
     * {@code 3.35 TB/s ± 5%}. A percentage on a plain number not itself a percentage ({@code 64 ± 10%})
     * could mean either, and is refused with both readings.
     */
    private Double tolerance(Expr tolerance, Dimension d, Expr first, DisplayUnit written, double centre) {
        Dimension type = typer.type(tolerance);
        if (type == null) {
            return null;
        }
        Double amount = literal(tolerance);
        if (amount == null) {
            return null;
        }
        boolean percent = percent(tolerance);
        if (amount < 0) {
            errors.add(Diagnostic.error(tolerance.span(), "a tolerance is not negative: ± " + text(tolerance) + " reaches as far below as above")
                    .withHint("write ± " + text(tolerance).substring(1).trim()));
            return null;
        }
        if (type.equals(d) && !(d.isNone() && percent && !isPercent(written))) {
            return amount;
        }
        if (type.isNone() && percent && !d.isNone()) {
            return Math.abs(centre) * amount; // a fraction of the centre
        }
        if (type.isNone() && percent) {
            errors.add(Diagnostic.error(tolerance.span(), "`" + text(first) + " ± " + text(tolerance)
                            + "` could mean a fraction of " + text(first) + " or " + text(tolerance) + " as an amount")
                    .withHint("write the range it means: " + plain(centre * (1 - amount)) + " .. " + plain(centre * (1 + amount))
                            + " (" + text(tolerance) + " of " + text(first) + "), or " + text(first) + " ± " + plain(amount)));
            return null;
        }
        errors.add(Diagnostic.error(tolerance.span(), "a tolerance is a percentage (5%) or " + describe.of(d)
                        + ", like the value it is around; this is " + describe.of(type))
                .withLabel(first.span(), describe.of(d)));
        return null;
    }

    /**
     * The factor of the unit both {@code a} and {@code b} are written in, so that their numbers can
     * be added as written; 0 when they are written in different units (or a tolerance is a fraction).
     */
    private double sharedFactor(Expr a, Expr b) {
        Expr wa = a.withoutMinus();
        Expr wb = b.withoutMinus();
        if (wa.writtenUnit() == null || wb.writtenUnit() == null) {
            return wa.writtenUnit() == null && wb.writtenUnit() == null ? 1 : 0;
        }
        DisplayUnit ua = program.unit(wa.writtenUnit());
        DisplayUnit ub = program.unit(wb.writtenUnit());
        return ua != null && ub != null && ua.text().equals(ub.text()) && ua.dimension().equals(ub.dimension()) ? ua.factor() : 0;
    }

    /** The value of a number written out, in base units; null after saying that it must be one. */
    private Double literal(Expr e) {
        Double value = e.withoutMinus().literal() != null ? program.constantValue(e) : null;
        if (value == null) {
            errors.add(Diagnostic.error(e.span(), "a range's ends are numbers written out, as an input's value is")
                    .withHint("an input known only to lie between two values is written mfu = 40% .. 60%, mfu = 50% ± 10%,"
                            + " or with the nominal value first, mfu = 45% (40% .. 60%)"));
        }
        return value;
    }

    private boolean percent(Expr e) {
        Expr written = e.withoutMinus();
        return written.writtenUnit() != null && isPercent(program.unit(written.writtenUnit()));
    }

    private static boolean isPercent(DisplayUnit unit) {
        return unit != null && unit.text().equals("%");
    }

    private String unitOf(Expr e) {
        Expr written = e.withoutMinus();
        return written.writtenUnit() == null ? "" : written.writtenUnit().text();
    }

    /** An end with the unit of {@code a} or {@code b} after it, unless it has one: {@code 10} becomes {@code 10 ms}, {@code 40} {@code 40%}. */
    private String withUnit(Expr e, Expr a, Expr b) {
        if (!unitOf(e).isEmpty()) {
            return text(e);
        }
        Expr from = unitOf(a).isEmpty() ? b.withoutMinus() : a.withoutMinus();
        DisplayUnit unit = program.unit(from.writtenUnit());
        return text(e) + (unit != null && unit.glued() ? "" : " ") + from.writtenUnit().text();
    }

    private static String text(Expr e) {
        return e.span().text().trim();
    }

    /** A plain number as a reader would type it. */
    private static String plain(double v) {
        return dev.chain.units.NumberFormatter.format(v, null);
    }
}
