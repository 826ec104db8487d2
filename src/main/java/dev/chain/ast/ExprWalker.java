package dev.chain.ast;

/**
 * A pass that walks an expression's subexpressions, in the order they are written, and looks
 * at some of them: override the kinds it is about ({@link #visitName}, say) and call
 * {@code super} to go on into their children. As a visitor, it does not compile until a new kind
 * of expression is walked here too.
 */
public abstract class ExprWalker implements Expr.Visitor<Void> {
    /** Walks {@code e} and everything in it. */
    public final void walk(Expr e) {
        e.accept(this);
    }

    @Override
    public Void visitNumber(Expr.NumberLit number) {
        return null;
    }

    @Override
    public Void visitQuantity(Expr.Quantity quantity) {
        return quantity.magnitude().accept(this);
    }

    @Override
    public Void visitName(Expr.NameRef name) {
        return null;
    }

    @Override
    public Void visitNegate(Expr.Negate negate) {
        return negate.operand().accept(this);
    }

    @Override
    public Void visitBinary(Expr.Binary binary) {
        binary.left().accept(this);
        return binary.right().accept(this);
    }

    @Override
    public Void visitPower(Expr.Power power) {
        power.base().accept(this);
        return power.exponent().accept(this);
    }

    @Override
    public Void visitCall(Expr.Call call) {
        for (Expr arg : call.args()) {
            arg.accept(this);
        }
        return null;
    }

    @Override
    public Void visitParen(Expr.Paren paren) {
        return paren.inner().accept(this);
    }

    @Override
    public Void visitConvert(Expr.Convert convert) {
        return convert.value().accept(this);
    }
}
