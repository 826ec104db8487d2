package dev.chain.drill;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.Expr;
import dev.chain.ast.ExprWalker;
import java.util.IdentityHashMap;
import java.util.Map;

/** The role of each name and number in a formula (a factor, a divisor, a term), by what the operator above it does. */
final class Roles extends ExprWalker {
    private final Map<Expr, Leaf.Role> roles = new IdentityHashMap<>();

    static Roles in(Expr formula) {
        Roles r = new Roles();
        r.walk(formula);
        return r;
    }

    Leaf.Role of(Expr e) {
        return roles.getOrDefault(e, Leaf.Role.OTHER);
    }

    @Override
    public Void visitBinary(Expr.Binary b) {
        Leaf.Role left = b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB ? Leaf.Role.TERM : Leaf.Role.FACTOR;
        Leaf.Role right = b.op() == BinaryOp.DIV ? Leaf.Role.DIVISOR : left;
        put(b.left(), left);
        put(b.right(), right);
        return super.visitBinary(b);
    }

    @Override
    public Void visitParen(Expr.Paren p) {
        put(p.inner(), of(p));
        return super.visitParen(p);
    }

    @Override
    public Void visitConvert(Expr.Convert c) {
        put(c.value(), of(c));
        return super.visitConvert(c);
    }

    private void put(Expr e, Leaf.Role role) {
        roles.put(e, role);
        roles.put(e.unparenthesized(), role);
    }
}
