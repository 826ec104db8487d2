package dev.chain.eval;

import dev.chain.ast.CompareOp;
import dev.chain.ast.Condition;
import dev.chain.ast.Expr;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.Builtin;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.EvaluateInfo;
import dev.chain.check.FunctionInfo;
import dev.chain.check.Ref;
import dev.chain.source.Span;
import java.util.List;

/**
 * Compiles a checked program once into closures over doubles, so that evaluating it again with
 * other inputs (--set, REPL :set, sweeps) costs only the arithmetic. Constant subexpressions are
 * folded on the way up: a node whose value is known now is a {@link Const}.
 */
public final class Compiler implements Expr.Visitor<Node>, Condition.Visitor<Compiler.CompiledCheck> {
    private final CheckedProgram program;
    private final Linker linker;
    /** By FunctionInfo.index(); made on first use, so a call may be compiled before its function's body. */
    private final CompiledFunction[] functions;

    private Compiler(CheckedProgram program, Linker linker) {
        this.program = program;
        this.linker = linker;
        this.functions = new CompiledFunction[program.functions().size()];
    }

    /** Functions first, as a call needs its function; then bindings, checks and values, in order. */
    public static CompiledProgram compile(CheckedProgram program, Linker linker) {
        Compiler compiler = new Compiler(program, linker);
        for (FunctionInfo f : program.functions()) {
            compiler.function(f).setBody(compiler.expr(f.decl().body()));
        }
        List<BindingInfo> bindings = program.bindings();
        Node[] bindingCode = new Node[bindings.size()];
        for (BindingInfo b : bindings) {
            if (b.dimension() != null && b.decl().value() instanceof Value.QuantityValue q) {
                bindingCode[b.slot()] = compiler.expr(q.expr());
            }
        }
        List<CheckInfo> checks = program.checks();
        CompiledCheck[] checkCode = new CompiledCheck[checks.size()];
        for (CheckInfo c : checks) {
            checkCode[c.index()] = c.decl().condition().accept(compiler).withInfo(c);
        }
        List<EvaluateInfo> evaluations = program.evaluations();
        Node[] evaluationCode = new Node[evaluations.size()];
        for (int i = 0; i < evaluationCode.length; i++) {
            evaluationCode[i] = compiler.expr(evaluations.get(i).value().expr());
        }
        List<dev.chain.check.FigureInfo> figures = program.figures();
        CompiledFigure[] figureCode = new CompiledFigure[figures.size()];
        for (int i = 0; i < figureCode.length; i++) {
            figureCode[i] = compiler.figure(figures.get(i));
        }
        return new CompiledProgram(program, bindingCode, checkCode, evaluationCode, figureCode, compiler.functions, linker);
    }

    /** A figure's checks, and a roofline's FLOPs and bytes of each step, over the slots of one point. */
    record CompiledFigure(CompiledCheck[] checks, Node[] flops, Node[] bytes) {}

    private CompiledFigure figure(dev.chain.check.FigureInfo figure) {
        CompiledCheck[] checks = new CompiledCheck[figure.checks().size()];
        for (CheckInfo c : figure.checks()) {
            checks[c.index()] = c.decl().condition().accept(this).withInfo(c);
        }
        Node[] flops = new Node[figure.points().size()];
        Node[] bytes = new Node[flops.length];
        for (int i = 0; i < flops.length; i++) {
            flops[i] = expr(figure.points().get(i).decl().flops());
            bytes[i] = expr(figure.points().get(i).decl().bytes());
        }
        return new CompiledFigure(checks, flops, bytes);
    }

    /** This program's compiled function, made (without a body yet) if it is not. */
    private CompiledFunction function(FunctionInfo f) {
        CompiledFunction fn = functions[f.index()];
        if (fn == null) {
            fn = new CompiledFunction(f.name(), f.paramNames().size());
            functions[f.index()] = fn;
        }
        return fn;
    }

    // ---- checks ---------------------------------------------------------------------------------

    /**
     * A check's operands compiled: left and right and the ≈ tolerance of a comparison ({@code op}),
     * or the value, low and high of a range ({@code op} null).
     */
    record CompiledCheck(CheckInfo info, CompareOp op, Node left, Node right, Node high, Node tolerance) {
        CompiledCheck withInfo(CheckInfo info) {
            return new CompiledCheck(info, op, left, right, high, tolerance);
        }
    }

    @Override
    public CompiledCheck visitCompare(Condition.Compare c) {
        return new CompiledCheck(null, c.op(), expr(c.left()), expr(c.right()), null,
                c.tolerance() == null ? null : expr(c.tolerance()));
    }

    @Override
    public CompiledCheck visitInRange(Condition.InRange r) {
        return new CompiledCheck(null, null, expr(r.value()), expr(r.low()), expr(r.high()), null);
    }

    // ---- expressions ----------------------------------------------------------------------------

    Node expr(Expr e) {
        return e.accept(this);
    }

    /** A node whose value is known now. */
    record Const(double value) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return value;
        }
    }

    @Override
    public Node visitNumber(Expr.NumberLit n) {
        return new Const(n.value());
    }

    @Override
    public Node visitParen(Expr.Paren p) {
        return expr(p.inner());
    }

    /** A conversion checks a dimension and changes no value. */
    @Override
    public Node visitConvert(Expr.Convert c) {
        return expr(c.value());
    }

    @Override
    public Node visitNegate(Expr.Negate n) {
        Node x = expr(n.operand());
        if (x instanceof Const c) {
            return new Const(-c.value());
        }
        return new Nodes.Negated(x);
    }

    @Override
    public Node visitQuantity(Expr.Quantity q) {
        double factor = program.unit(q.unit()).factor();
        Node m = expr(q.magnitude());
        Span span = q.span();
        if (m instanceof Const c) {
            return new Const(result(dev.chain.ast.BinaryOp.MUL, c.value(), factor, span));
        }
        return new Nodes.Scaled(m, factor, span);
    }

    /**
     * A name: a constant if it is a unit (or a binding of a module, already evaluated), else a
     * slot of this program or a parameter.
     */
    @Override
    public Node visitName(Expr.NameRef n) {
        Ref ref = program.ref(n);
        if (ref instanceof Ref.UnitValue u) {
            return new Const(u.factor());
        }
        if (ref instanceof Ref.Param p) {
            int index = p.index();
            return new Nodes.Param(index);
        }
        BindingInfo binding = ((Ref.Binding) ref).binding();
        if (binding.owner() != program) {
            return new Const(linker.value(binding));
        }
        int slot = binding.slot();
        return new Nodes.Slot(slot);
    }

    /**
     * Both sides, then the operator. An operation with no value for its right side (a division
     * by zero) is an error at that side, when it is met; it is never folded away.
     */
    @Override
    public Node visitBinary(Expr.Binary b) {
        Node l = expr(b.left());
        Node r = expr(b.right());
        dev.chain.ast.BinaryOp op = b.op();
        Span whole = b.span();
        if (l instanceof Const cl && r instanceof Const cr && !op.undefinedFor(cr.value())) {
            return new Const(result(op, cl.value(), cr.value(), whole));
        }
        Span right = b.right().span();
        Expr.Binary difference = difference(b.right());
        if (difference != null) {
            // Dividing by a difference that is zero: say which two values were equal.
            Node minuend = expr(difference.left());
            dev.chain.units.QuantityFormatter formatter = new dev.chain.units.QuantityFormatter(program.units());
            dev.chain.units.Dimension dimension = program.type(difference.left());
            return new Nodes.ByDifference(op, l, r, whole, right, difference, minuend, formatter, dimension);
        }
        return new Nodes.Arithmetic(op, l, r, whole, right);
    }

    static double result(dev.chain.ast.BinaryOp op, double x, double y, Span where) {
        double v = op.apply(x, y);
        if (v == 0 && op.underflowed(x, y, v)) {
            throw Faults.underflow(where);
        }
        return v;
    }

    /** The subtraction {@code e} is, inside any parentheses; null if it is not one. */
    private static Expr.Binary difference(Expr e) {
        while (e instanceof Expr.Paren p) {
            e = p.inner();
        }
        return e instanceof Expr.Binary b && b.op() == dev.chain.ast.BinaryOp.SUB ? b : null;
    }

    @Override
    public Node visitPower(Expr.Power p) {
        Node base = expr(p.base());
        Node exponent = expr(p.exponent());
        Span span = p.span();
        if (base instanceof Const b && exponent instanceof Const x && !Powers.noRealValue(Math.pow(b.value(), x.value()))) {
            return new Const(power(b.value(), x.value(), span));
        }
        return new Nodes.Raised(base, exponent, span);
    }

    static double power(double base, double exponent, Span where) {
        double v = Math.pow(base, exponent);
        if (Powers.noRealValue(v)) {
            throw Faults.noRealPower(where);
        }
        if (Powers.underflowed(base, exponent, v)) {
            throw Faults.underflow(where);
        }
        return v;
    }

    @Override
    public Node visitCall(Expr.Call c) {
        Object target = program.callTarget(c);
        Node[] args = new Node[c.args().size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = expr(c.args().get(i));
        }
        if (target instanceof Builtin builtin) {
            return Builtins.node(builtin, args, c);
        }
        FunctionInfo info = (FunctionInfo) target;
        CompiledFunction fn = info.owner() == program ? function(info) : linker.function(info);
        return new Nodes.Called(fn, args);
    }
}
