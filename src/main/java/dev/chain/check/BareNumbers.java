package dev.chain.check;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.Expr;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;
import java.util.function.Function;

/**
 * What a number shown without its unit ({@code #}) stands for: the size of the unit it is in, and
 * for a formula of such numbers, the unit their arithmetic gives. {@code 6.048 / 50} is true of
 * 6.048 MB / 50 GB/s only in ms (MB over GB/s): the prefixes do not cancel, so next to the result
 * in µs the bare numbers make a false equation. {@link TemplateChecker} holds templates to it.
 */
final class BareNumbers {
    private final QuantityFormatter formatter;

    BareNumbers(QuantityFormatter formatter) {
        this.formatter = formatter;
    }

    /**
     * The unit a binding's number is in when shown in {@code unit} and {@code format} (either
     * null for chain's choice); null when chain picks it by the value (120.96 µs, but 1.2 ms), so
     * that the number alone does not say its scale. A plain number is in 1.
     */
    DisplayUnit unit(BindingInfo b, DisplayUnit unit, FormatSpec format) {
        return formatter.choice(b.dimension(), unit, format).fixed();
    }

    /** The unit with this factor that chain would pick for a value of it, or null if none has exactly it (MB/(GB/s) is ms). */
    String unitNamed(double factor, dev.chain.units.Dimension dimension) {
        DisplayUnit u = formatter.autoUnit(factor, dimension);
        return same(u.factor(), factor) && !u.isEmpty() ? u.text() : null;
    }

    static boolean same(double a, double b) {
        return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
    }

    /**
     * The factor of the unit that a formula's numbers, written without their units, compute its
     * value in: each binding's number in the unit {@code shown} gives (null: unknown), each number
     * written with a unit in that unit, a written {@code %} or {@code x} kept (so in 1).
     */
    static Scale of(CheckedProgram owner, Expr formula, Function<BindingInfo, DisplayUnit> shown) {
        Scaling scaling = new Scaling(owner, shown);
        double factor = formula.accept(scaling);
        return new Scale(factor, scaling.unknown, scaling.mixed, scaling.names);
    }

    /**
     * A formula's scale: its {@code factor}, or why there is none: a binding whose unit is not
     * known ({@code unknown}), or numbers in different units where one is needed ({@code mixed}:
     * 6.048 + 50 of MB and GB, a function's arguments); {@code names}, how many of its names are
     * values (none in 6.048 MB / 50 GB/s, which a template can then show nothing of).
     */
    record Scale(double factor, BindingInfo unknown, boolean mixed, int names) {
        boolean known() {
            return unknown == null && !mixed;
        }
    }

    private static final class Scaling implements Expr.Visitor<Double> {
        private final CheckedProgram owner;
        private final Function<BindingInfo, DisplayUnit> shown;
        BindingInfo unknown;
        boolean mixed;
        int names;

        Scaling(CheckedProgram owner, Function<BindingInfo, DisplayUnit> shown) {
            this.owner = owner;
            this.shown = shown;
        }

        @Override
        public Double visitNumber(Expr.NumberLit number) {
            return 1.0;
        }

        @Override
        public Double visitQuantity(Expr.Quantity quantity) {
            DisplayUnit unit = owner.unit(quantity.unit());
            double magnitude = quantity.magnitude().accept(this);
            // A % or x is written with the number: 40% reads as 0.4.
            return unit == null || unit.dimension().isNone() ? magnitude : magnitude * unit.factor();
        }

        @Override
        public Double visitName(Expr.NameRef name) {
            Ref resolved = owner.ref(name);
            if (resolved instanceof Ref.UnitValue unit) {
                // A unit used as a value is shown as its name, which is its size: 6.048 / ms is 6.048 MB per ms.
                return unit.factor();
            }
            if (!(resolved instanceof Ref.Binding ref)) {
                return 1.0;
            }
            BindingInfo b = ref.binding();
            if (b.isText() || b.dimension() == null) {
                return 1.0;
            }
            names++;
            DisplayUnit unit = shown.apply(b);
            if (unit == null) {
                if (unknown == null) {
                    unknown = b;
                }
                return 1.0;
            }
            return unit.factor();
        }

        @Override
        public Double visitNegate(Expr.Negate negate) {
            return negate.operand().accept(this);
        }

        @Override
        public Double visitBinary(Expr.Binary binary) {
            double left = binary.left().accept(this);
            double right = binary.right().accept(this);
            if (binary.op() == BinaryOp.MUL) {
                return left * right;
            }
            if (binary.op() == BinaryOp.DIV) {
                return left / right;
            }
            return sum(left, right);
        }

        /** The sides of a sum or a difference are in one unit, or the bare numbers do not add up. */
        private double sum(double left, double right) {
            if (!same(left, right)) {
                mixed = true;
            }
            return left;
        }

        @Override
        public Double visitPower(Expr.Power power) {
            double base = power.base().accept(this);
            Double exponent = owner.constantValue(power.exponent());
            if (same(base, 1)) {
                return 1.0;
            }
            if (exponent == null) { // the checker allows none: a dimensioned base has a constant exponent
                mixed = true;
                return 1.0;
            }
            return Math.pow(base, exponent);
        }

        @Override
        public Double visitCall(Expr.Call call) {
            double first = 1;
            for (int i = 0; i < call.args().size(); i++) {
                double arg = call.args().get(i).accept(this);
                if (i == 0) {
                    first = arg;
                } else if (!same(arg, first)) {
                    mixed = true;
                }
            }
            if (owner.callTarget(call) instanceof Builtin builtin) {
                switch (builtin.signature()) {
                    case SAME, ROUNDING:
                        return first;
                    case SQUARE_ROOT:
                        return Math.sqrt(first);
                    default:
                        break;
                }
            }
            // A function of the numbers shown computes in base units: true of them only if they are in base units.
            if (!same(first, 1)) {
                mixed = true;
            }
            return 1.0;
        }

        @Override
        public Double visitParen(Expr.Paren paren) {
            return paren.inner().accept(this);
        }

        @Override
        public Double visitConvert(Expr.Convert convert) {
            return convert.value().accept(this);
        }
    }
}
