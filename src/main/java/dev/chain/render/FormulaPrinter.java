package dev.chain.render;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.Expr;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.Ref;
import dev.chain.units.DisplayUnit;
import java.util.function.Function;

/**
 * Writes a formula back out, either as written ({@code (weights + kv) / gpu.hbm_bandwidth}) or with
 * every name replaced by its value ({@code (16.06 GB + 34.36 GB) / 3.35 TB/s}): the "show your work"
 * form. Numbers keep the digits the author wrote; multiplication is written with the given sign.
 */
public final class FormulaPrinter {
    private final CheckedProgram program;
    private final Function<BindingInfo, String> valueText;
    private final String times;
    private final boolean literalUnits;

    /**
     * @param values null to print names instead of values
     * @param times  how to write multiplication: {@code " * "}, or {@code " x "} as the card does
     */
    public FormulaPrinter(CheckedProgram program, Values values, String times) {
        this(program, values == null ? null : b -> values.formatted(b).text(), times, true);
    }

    /**
     * @param valueText    how to show a binding's value in place of its name; null to print names
     * @param literalUnits false to leave out the units written after numbers ({@code 2 FLOP/param/token}
     *                     prints as {@code 2}), except {@code %} and {@code x}, which are part of the number
     */
    public FormulaPrinter(CheckedProgram program, Function<BindingInfo, String> valueText, String times,
                          boolean literalUnits) {
        this.program = program;
        this.valueText = valueText;
        this.times = times;
        this.literalUnits = literalUnits;
    }

    public String print(Expr e) {
        StringBuilder sb = new StringBuilder();
        e.accept(new Printing(sb));
        return sb.toString();
    }

    /** One formula printed into {@code sb}. */
    private final class Printing implements Expr.Visitor<Void> {
        private final StringBuilder sb;

        Printing(StringBuilder sb) {
            this.sb = sb;
        }

        @Override
        public Void visitNumber(Expr.NumberLit n) {
            sb.append(n.span().text());
            return null;
        }

        @Override
        public Void visitQuantity(Expr.Quantity q) {
            q.magnitude().accept(this);
            DisplayUnit unit = program.unit(q.unit());
            if (!literalUnits && unit != null && !unit.dimension().isNone()) {
                return null;
            }
            if (unit == null || !unit.glued()) {
                sb.append(' ');
            }
            sb.append(q.unit().text());
            return null;
        }

        @Override
        public Void visitName(Expr.NameRef n) {
            Ref ref = program.ref(n);
            if (valueText != null && ref instanceof Ref.Binding b) {
                sb.append(valueText.apply(b.binding()));
            } else {
                sb.append(n.name());
            }
            return null;
        }

        @Override
        public Void visitNegate(Expr.Negate n) {
            sb.append('-');
            n.operand().accept(this);
            return null;
        }

        @Override
        public Void visitBinary(Expr.Binary b) {
            b.left().accept(this);
            sb.append(b.op() == BinaryOp.MUL ? times : " " + b.op().symbol() + " ");
            b.right().accept(this);
            return null;
        }

        @Override
        public Void visitPower(Expr.Power p) {
            p.base().accept(this);
            sb.append('^');
            p.exponent().accept(this);
            return null;
        }

        @Override
        public Void visitParen(Expr.Paren p) {
            sb.append('(');
            p.inner().accept(this);
            sb.append(')');
            return null;
        }

        @Override
        public Void visitConvert(Expr.Convert c) {
            c.value().accept(this);
            sb.append(" -> ").append(c.target().text());
            return null;
        }

        @Override
        public Void visitCall(Expr.Call c) {
            sb.append(c.callee().name()).append('(');
            for (int i = 0; i < c.args().size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                c.args().get(i).accept(this);
            }
            sb.append(')');
            return null;
        }
    }
}
