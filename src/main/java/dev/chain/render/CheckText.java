package dev.chain.render;

import dev.chain.ast.CompareOp;
import dev.chain.ast.Condition;
import dev.chain.ast.Expr;
import dev.chain.check.CheckedProgram;
import dev.chain.check.Ref;
import dev.chain.diag.Diagnostic;
import dev.chain.check.CheckInfo;
import dev.chain.eval.CheckResult;
import dev.chain.eval.CheckValues;
import dev.chain.source.Span;
import dev.chain.units.DisplayUnit;
import dev.chain.units.QuantityFormatter;

/**
 * What a check found, in words and with both sides' values in one unit:
 * "21.47 GB is greater than 7.664 GB", "159.5% is not in 50% .. 80%".
 */
public final class CheckText {
    private final CheckedProgram program;
    private final Values values;
    private final Plurals plurals;

    public CheckText(CheckedProgram program, Values values) {
        this.program = program;
        this.values = values;
        this.plurals = new Plurals(program.units());
    }

    /** The check as written, without the keyword: {@code share in 50% .. 80%}. */
    public static String source(CheckResult result) {
        return result.check().decl().condition().span().text();
    }

    /** What a check found: {@code 63% is in 50% .. 80%}, {@code 21.47 GB is not greater than 7.664 GB}. */
    public String outcome(CheckResult r) {
        CheckValues found = new CheckValues(r.passed(), r.left(), r.right(), r.high(), r.tolerance());
        return outcomePiece(r.check()).text(new Piece.Values() {
            @Override
            public double slot(int slot) {
                throw new IllegalStateException("an outcome shows only its check's values");
            }

            @Override
            public CheckValues check(int index) {
                return found;
            }
        });
    }

    /**
     * A check's outcome as a piece, for any values: the left side's unit chosen by its value (see
     * {@link #leftUnit}), the other sides in it, the words of its comparison.
     */
    public Piece.Outcome outcomePiece(CheckInfo check) {
        Condition cond = check.decl().condition();
        Piece.Units left = plurals.units(leftUnit(check));
        return cond.accept(new Condition.Visitor<Piece.Outcome>() {
            @Override
            public Piece.Outcome visitCompare(Condition.Compare compare) {
                return new Piece.Outcome(check.index(), left, compare.op().words(), compare.op() == CompareOp.APPROX,
                        check.relativeTolerance());
            }

            @Override
            public Piece.Outcome visitInRange(Condition.InRange range) {
                return new Piece.Outcome(check.index(), left, null, false, check.relativeTolerance());
            }
        });
    }

    /**
     * An outcome's words around its values, already written: {@code high} for a range, {@code within}
     * for an ≈, else the comparison's {@code words}. The renderer and the explorable page both put an
     * outcome together here.
     */
    public static String outcomeText(String left, boolean passed, String words, String right, String high, String within) {
        String not = passed ? "" : "not ";
        if (high != null) {
            return left + " is " + not + "in " + right + " .. " + high;
        }
        if (within != null) {
            return left + " is " + not + "within " + within + " of " + right;
        }
        return left + " is " + not + words + " " + right;
    }

    /**
     * How the unit of a check's left side is chosen: as its binding shows it (its unit, not its
     * format), or else in the unit written on the right ({@code a + b == 100%}), or else chain's
     * choice by the value. The other sides follow it.
     */
    private QuantityFormatter.UnitChoice leftUnit(CheckInfo check) {
        Condition cond = check.decl().condition();
        Expr e = cond.operands().get(0);
        DisplayUnit unit = bindingUnit(e);
        if (unit == null) {
            unit = writtenUnit(cond.operands().get(1));
        }
        return values.formatter().choice(program.type(e), unit, null);
    }

    /**
     * The diagnostic for a failed check: the caret under the comparison, and under each side that
     * is not a number written out, its value: {@code weights} is 141 GB.
     */
    public Diagnostic failure(CheckResult r) {
        Condition cond = r.check().decl().condition();
        Expr leftExpr = cond.operands().get(0);
        Expr rightExpr = cond.operands().get(1);
        Span op = Span.operatorBetween(leftExpr.span(), rightExpr.span());
        Diagnostic failed = Diagnostic.error(op == null ? cond.span() : op, "check failed: " + outcome(r));
        Piece.Units units = plurals.units(leftUnit(r.check()));
        DisplayUnit unit = units.choice().pick(r.left());
        String[] shown = units.compared(unit, r.left(), r.right(), r.high());
        Diagnostic d = label(failed, leftExpr, shown[0]);
        return cond.accept(new Condition.Visitor<Diagnostic>() {
            @Override
            public Diagnostic visitInRange(Condition.InRange range) {
                return label(label(d, range.low(), shown[1]), range.high(), shown[2]);
            }

            @Override
            public Diagnostic visitCompare(Condition.Compare compare) {
                return label(d, compare.right(), shown[1]);
            }
        });
    }

    /**
     * A check that fails at some points of a figure: at the check, how many points and which,
     * and what it found at the first of them.
     */
    public Diagnostic sweepFailure(dev.chain.eval.Sweep.Failure f, dev.chain.eval.Sweep sweep) {
        Condition cond = f.check().decl().condition();
        int[] points = f.points();
        if (sweep.axes().isEmpty()) { // a roofline's check, at the chain's own inputs
            return failure(f.first());
        }
        return Diagnostic.error(cond.span(), "check fails " + sweep.pointsText(points, values.formatter()))
                .withNote("at " + sweep.pointText(points[0], values.formatter()) + ", " + outcome(f.first()));
    }

    /** Labels a side with its value, unless the side is that value written out (`63%` under `63%`). */
    private static Diagnostic label(Diagnostic d, Expr side, String value) {
        String written = side.span().text().trim();
        Expr inner = side.unparenthesized();
        if (written.equals(value) || inner.literal() != null || inner.writtenUnit() != null) {
            return d;
        }
        return d.withLabel(side.span(), "is " + value);
    }

    private DisplayUnit bindingUnit(Expr e) {
        Expr.NameRef name = e.unparenthesized().asName();
        if (name != null && program.ref(name) instanceof Ref.Binding b) {
            return b.binding().display();
        }
        return null;
    }

    private DisplayUnit writtenUnit(Expr e) {
        Expr inner = e.unparenthesized();
        return inner.writtenUnit() != null ? program.unit(inner.writtenUnit()) : bindingUnit(inner);
    }

    public static DisplayUnit percent() {
        return new DisplayUnit("%", 0.01, dev.chain.units.Dimension.NONE, true);
    }
}
