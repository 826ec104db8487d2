package dev.chain.render;

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
        print(e, sb);
        return sb.toString();
    }

    private void print(Expr e, StringBuilder sb) {
        if (e instanceof Expr.NumberLit n) {
            sb.append(n.span().text());
        } else if (e instanceof Expr.Quantity q) {
            print(q.magnitude(), sb);
            DisplayUnit unit = program.unit(q.unit());
            if (!literalUnits && unit != null && !unit.dimension().isNone()) {
                return;
            }
            if (unit == null || !unit.glued()) {
                sb.append(' ');
            }
            sb.append(q.unit().text());
        } else if (e instanceof Expr.NameRef n) {
            Ref ref = program.ref(n);
            if (valueText != null && ref instanceof Ref.Binding b) {
                sb.append(valueText.apply(b.binding()));
            } else {
                sb.append(n.name());
            }
        } else if (e instanceof Expr.Negate n) {
            sb.append('-');
            print(n.operand(), sb);
        } else if (e instanceof Expr.Binary b) {
            print(b.left(), sb);
            sb.append(switch (b.op()) {
                case ADD -> " + ";
                case SUB -> " - ";
                case MUL -> times;
                case DIV -> " / ";
            });
            print(b.right(), sb);
        } else if (e instanceof Expr.Power p) {
            print(p.base(), sb);
            sb.append('^');
            print(p.exponent(), sb);
        } else if (e instanceof Expr.Paren p) {
            sb.append('(');
            print(p.inner(), sb);
            sb.append(')');
        } else if (e instanceof Expr.Convert c) {
            print(c.value(), sb);
            sb.append(" -> ").append(c.target().text());
        } else if (e instanceof Expr.Call c) {
            sb.append(c.callee().name()).append('(');
            for (int i = 0; i < c.args().size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                print(c.args().get(i), sb);
            }
            sb.append(')');
        }
    }
}
