package dev.chain.render;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.Expr;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.Ref;
import dev.chain.units.DisplayUnit;
import java.util.ArrayList;
import java.util.List;
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
    public FormulaPrinter(CheckedProgram program, BindingValues values, String times) {
        this(program, values == null ? null : b -> values.text(b), times, true);
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

    /** A printer for {@link #pieces}, which says how each value is shown. */
    public FormulaPrinter(CheckedProgram program, String times, boolean literalUnits) {
        this(program, (Function<BindingInfo, String>) null, times, literalUnits);
    }

    public String print(Expr e) {
        StringBuilder sb = new StringBuilder();
        e.accept(new Printing(valueText != null, new Out() {
            @Override
            public void text(String text) {
                sb.append(text);
            }

            @Override
            public void binding(BindingInfo binding, String name) {
                sb.append(valueText != null ? valueText.apply(binding) : name);
            }
        }));
        return sb.toString();
    }

    /**
     * The formula with each binding's value as {@code piece} makes it, the text between as
     * literals: a step's line, or a template's {@code {=name}}, written again for other values.
     */
    public List<Piece> pieces(Expr e, Function<BindingInfo, Piece> piece) {
        List<Piece> pieces = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        e.accept(new Printing(true, new Out() {
            @Override
            public void text(String text) {
                run.append(text);
            }

            @Override
            public void binding(BindingInfo binding, String name) {
                if (run.length() > 0) {
                    pieces.add(new Piece.Literal(run.toString()));
                    run.setLength(0);
                }
                pieces.add(piece.apply(binding));
            }
        }));
        if (run.length() > 0) {
            pieces.add(new Piece.Literal(run.toString()));
        }
        return pieces;
    }

    /** Where a formula is printed: its text, and each name of a binding in it. */
    private interface Out {
        void text(String text);

        void binding(BindingInfo binding, String name);
    }

    /** One formula printed into {@code out}. */
    private final class Printing implements Expr.Visitor<Void> {
        /** Whether a binding is written as its value, not its name. */
        private final boolean substitutes;
        private final Out out;

        Printing(boolean substitutes, Out out) {
            this.substitutes = substitutes;
            this.out = out;
        }

        @Override
        public Void visitNumber(Expr.NumberLit n) {
            out.text(n.span().text());
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
                out.text(" ");
            }
            out.text(q.unit().text());
            return null;
        }

        @Override
        public Void visitName(Expr.NameRef n) {
            Ref ref = program.ref(n);
            if (ref instanceof Ref.Binding b) {
                out.binding(b.binding(), n.name().toString());
            } else {
                out.text(n.name().toString());
            }
            return null;
        }

        @Override
        public Void visitNegate(Expr.Negate n) {
            out.text("-");
            n.operand().accept(this);
            return null;
        }

        @Override
        public Void visitBinary(Expr.Binary b) {
            b.left().accept(this);
            out.text(b.op() == BinaryOp.MUL ? times : " " + b.op().symbol() + " ");
            b.right().accept(this);
            return null;
        }

        @Override
        public Void visitPower(Expr.Power p) {
            // A value in the place of a name is raised whole: t^2 for t = 3 ms is (3 ms)^2, where
            // 3 ms^2 would read as 3 of the unit ms^2 (and -3^2 as the negation of 9).
            boolean whole = substitutes && p.base() instanceof Expr.NameRef n && program.ref(n) instanceof Ref.Binding;
            out.text(whole ? "(" : "");
            p.base().accept(this);
            out.text(whole ? ")^" : "^");
            p.exponent().accept(this);
            return null;
        }

        @Override
        public Void visitParen(Expr.Paren p) {
            out.text("(");
            p.inner().accept(this);
            out.text(")");
            return null;
        }

        @Override
        public Void visitConvert(Expr.Convert c) {
            c.value().accept(this);
            out.text(" -> " + c.target().text());
            return null;
        }

        @Override
        public Void visitCall(Expr.Call c) {
            out.text(c.callee().name() + "(");
            for (int i = 0; i < c.args().size(); i++) {
                if (i > 0) {
                    out.text(", ");
                }
                c.args().get(i).accept(this);
            }
            out.text(")");
            return null;
        }
    }
}
