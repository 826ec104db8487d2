package dev.chain.check;

import dev.chain.ast.Expr;
import dev.chain.units.DisplayUnit;
import java.util.Map;

/**
 * Computes, at check time, the few values the checker itself needs: a unit's size
 * ({@code unit min = 60 s}) and an exponent ({@code x^2}). Only numbers, units and arithmetic;
 * returns null for anything that depends on a binding.
 */
final class ConstantFolder {
    private final Map<dev.chain.ast.UnitRef, DisplayUnit> units;
    private final Map<Expr.NameRef, Ref> refs;

    ConstantFolder(Map<dev.chain.ast.UnitRef, DisplayUnit> units, Map<Expr.NameRef, Ref> refs) {
        this.units = units;
        this.refs = refs;
    }

    Double fold(Expr e) {
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
            DisplayUnit u = units.get(q.unit());
            return v == null || u == null ? null : v * u.factor();
        }
        if (e instanceof Expr.NameRef n && refs.get(n) instanceof Ref.UnitValue u) {
            return u.factor();
        }
        if (e instanceof Expr.Power p) {
            Double b = fold(p.base());
            Double x = fold(p.exponent());
            return b == null || x == null ? null : Math.pow(b, x);
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
                case DIV -> l / r;
            };
        }
        return null;
    }
}
