package dev.chain.check;

import dev.chain.ast.Expr;
import dev.chain.units.DisplayUnit;
import java.util.function.ToDoubleFunction;

/**
 * Computes the value of an expression that depends on no binding of the program itself: numbers,
 * units, arithmetic, and (given their values) the bindings of modules it uses. The checker needs
 * a few such values itself (a unit's size, {@code unit min = 60 s}; an exponent, {@code x^2}); the
 * evaluators fold constant subexpressions with it. Returns null for anything else.
 */
public final class ConstantFolder {
    private final CheckedProgram program;
    private final CheckedProgram variable;
    private final ToDoubleFunction<BindingInfo> values;

    /** Folds within {@code program}, treating every binding as unknown. */
    public ConstantFolder(CheckedProgram program) {
        this(program, program, null);
    }

    /**
     * @param program  whose side tables resolve the expression's names and units
     * @param variable the program being compiled: its bindings vary between evaluations; every
     *                 other program's bindings (those of the modules it uses, already evaluated) are
     *                 constants, read with {@code values}
     */
    public ConstantFolder(CheckedProgram program, CheckedProgram variable, ToDoubleFunction<BindingInfo> values) {
        this.program = program;
        this.variable = variable;
        this.values = values;
    }

    public Double fold(Expr e) {
        if (e instanceof Expr.NumberLit n) {
            return n.value();
        }
        if (e instanceof Expr.Paren p) {
            return fold(p.inner());
        }
        if (e instanceof Expr.Convert c) {
            return fold(c.value());
        }
        if (e instanceof Expr.Negate n) {
            Double v = fold(n.operand());
            return v == null ? null : -v;
        }
        if (e instanceof Expr.Quantity q) {
            Double v = fold(q.magnitude());
            DisplayUnit u = program.unit(q.unit());
            return v == null || u == null ? null : v * u.factor();
        }
        if (e instanceof Expr.NameRef n) {
            Ref ref = program.ref(n);
            if (ref instanceof Ref.UnitValue u) {
                return u.factor();
            }
            if (ref instanceof Ref.Binding b && values != null && b.binding().owner() != variable) {
                return values.applyAsDouble(b.binding());
            }
            return null;
        }
        if (e instanceof Expr.Power p) {
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
        if (e instanceof Expr.Binary b) {
            Double l = fold(b.left());
            Double r = fold(b.right());
            if (l == null || r == null) {
                return null;
            }
            return switch (b.op()) {
                case ADD -> l + r;
                case SUB -> l - r;
                case MUL -> l * r;
                case DIV -> r == 0 ? null : l / r;
            };
        }
        return null;
    }
}
