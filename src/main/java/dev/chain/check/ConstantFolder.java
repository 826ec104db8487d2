package dev.chain.check;

import dev.chain.ast.Expr;
import dev.chain.units.DisplayUnit;
import dev.chain.units.NumberText;

/**
 * The value of an expression of numbers, units and arithmetic alone, in base units: what the
 * checker needs to know before anything is evaluated (a unit's size, {@code unit min = 60 s}; an
 * exponent, {@code x^2}; an input's value). Null for anything that names a value or calls a
 * function, or that cannot be evaluated (a division by zero, left to the evaluator to report).
 */
public final class ConstantFolder implements Expr.Visitor<Double> {
    private final CheckedProgram program;

    /** @param program whose side tables resolve the expression's names and units */
    ConstantFolder(CheckedProgram program) {
        this.program = program;
    }

    Double fold(Expr e) {
        return e.accept(this);
    }

    @Override
    public Double visitNumber(Expr.NumberLit n) {
        return n.value();
    }

    @Override
    public Double visitParen(Expr.Paren p) {
        return fold(p.inner());
    }

    @Override
    public Double visitConvert(Expr.Convert c) {
        return fold(c.value());
    }

    @Override
    public Double visitNegate(Expr.Negate n) {
        Double v = fold(n.operand());
        return v == null ? null : -v;
    }

    @Override
    public Double visitQuantity(Expr.Quantity q) {
        Double v = fold(q.magnitude());
        DisplayUnit u = program.unit(q.unit());
        return v == null || u == null ? null : scaled(q.magnitude(), v, u.factor());
    }

    /**
     * A magnitude's value times a unit's factor: a number written before a unit ({@code 38.2%},
     * {@code 18.81354 ms}) is the decimal it says, read exactly ({@link NumberText#scaled}), the
     * compiler's quantities as the checker's.
     */
    public static double scaled(Expr magnitude, double value, double factor) {
        return magnitude instanceof Expr.NumberLit n ? NumberText.scaled(n.span().text(), value, factor) : value * factor;
    }

    @Override
    public Double visitName(Expr.NameRef n) {
        Ref ref = program.ref(n);
        return ref instanceof Ref.UnitValue u ? u.factor() : null;
    }

    @Override
    public Double visitPower(Expr.Power p) {
        Double b = fold(p.base());
        Double x = fold(p.exponent());
        if (b == null || x == null) {
            return null;
        }
        // A negative base to a fractional power has no real value: leave it to the evaluator,
        // which reports it at the power (as it does a division by zero, below).
        double v = Math.pow(b, x);
        return Double.isNaN(v) ? null : v;
    }

    @Override
    public Double visitBinary(Expr.Binary b) {
        Double l = fold(b.left());
        Double r = fold(b.right());
        if (l == null || r == null) {
            return null;
        }
        if (b.op().undefinedFor(r)) {
            return null;
        }
        double v = b.op().apply(l, r);
        return v == 0 && b.op().underflowed(l, r, v) ? null : v; // left to the evaluator, which says so
    }

    /** A call is never folded here: its function's body is the evaluator's business. */
    @Override
    public Double visitCall(Expr.Call c) {
        return null;
    }
}
