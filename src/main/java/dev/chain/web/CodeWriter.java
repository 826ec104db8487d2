package dev.chain.web;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.Expr;
import dev.chain.check.BindingInfo;
import dev.chain.check.Builtin;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FunctionInfo;
import dev.chain.check.Ref;
import dev.chain.render.Values;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes a chain's expressions for the page's evaluator ({@link Code}), in prefix form. What the
 * reader cannot change is a constant: units, and the bindings of modules, already evaluated. A
 * user function (the chain's or a module's) is written once, its body over its parameters, and
 * called by index. Nothing is folded here: the page applies the same operations in the same
 * order as {@code eval.Compiler}'s closures, so it computes the same doubles. Operators and
 * built-ins travel as their ordinals: the page's script has no reflection to look enums up by name.
 */
final class CodeWriter implements Expr.Visitor<Void> {
    private final CheckedProgram chain;
    private final Values values;
    private final Map<FunctionInfo, Integer> functionIndex = new IdentityHashMap<>();
    private final List<FunctionInfo> functions = new ArrayList<>();
    /** The program whose expression is being written: the chain's, or a module function's owner. */
    private CheckedProgram program;
    private Tokens out;

    CodeWriter(CheckedProgram chain, Values values) {
        this.chain = chain;
        this.values = values;
        this.program = chain;
    }

    /** One of the chain's own expressions. */
    void write(Expr e, Tokens into) {
        program = chain;
        out = into;
        e.accept(this);
    }

    /** Every function the expressions written so far call (and those they call), bodies in index order. */
    void writeFunctions(Tokens into) {
        List<Tokens> bodies = new ArrayList<>();
        for (int i = 0; i < functions.size(); i++) { // grows while bodies call further functions
            FunctionInfo f = functions.get(i);
            Tokens body = Tokens.writer();
            program = f.owner();
            out = body;
            f.decl().body().accept(this);
            bodies.add(body);
        }
        into.add(bodies.size());
        bodies.forEach(into::addAll);
    }

    @Override
    public Void visitNumber(Expr.NumberLit n) {
        out.add("c").add(n.value());
        return null;
    }

    @Override
    public Void visitParen(Expr.Paren p) {
        return p.inner().accept(this);
    }

    @Override
    public Void visitConvert(Expr.Convert c) {
        return c.value().accept(this);
    }

    @Override
    public Void visitNegate(Expr.Negate n) {
        out.add("n");
        return n.operand().accept(this);
    }

    @Override
    public Void visitQuantity(Expr.Quantity q) {
        out.add("b").add(BinaryOp.MUL.ordinal());
        q.magnitude().accept(this);
        out.add("c").add(program.unit(q.unit()).factor());
        return null;
    }

    @Override
    public Void visitName(Expr.NameRef n) {
        Ref ref = program.ref(n);
        if (ref instanceof Ref.UnitValue u) {
            out.add("c").add(u.factor());
        } else if (ref instanceof Ref.Param p) {
            out.add("p").add(p.index());
        } else {
            BindingInfo b = ((Ref.Binding) ref).binding();
            if (b.owner() == chain) {
                out.add("s").add(b.slot());
            } else {
                out.add("c").add(values.valueOf(b));
            }
        }
        return null;
    }

    @Override
    public Void visitBinary(Expr.Binary b) {
        out.add("b").add(b.op().ordinal());
        b.left().accept(this);
        return b.right().accept(this);
    }

    @Override
    public Void visitPower(Expr.Power p) {
        out.add("^");
        p.base().accept(this);
        return p.exponent().accept(this);
    }

    @Override
    public Void visitCall(Expr.Call c) {
        Object target = program.callTarget(c);
        if (target instanceof Builtin builtin) {
            out.add("f").add(builtin.ordinal());
        } else {
            FunctionInfo f = (FunctionInfo) target;
            Integer index = functionIndex.get(f);
            if (index == null) {
                index = functions.size();
                functionIndex.put(f, index);
                functions.add(f);
            }
            out.add("u").add(index);
        }
        out.add(c.args().size());
        for (Expr arg : c.args()) {
            arg.accept(this);
        }
        return null;
    }
}
