package dev.chain.eval;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.Condition;
import dev.chain.ast.Expr;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.Builtin;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.EvaluateInfo;
import dev.chain.check.FigureSpec;
import dev.chain.check.FunctionInfo;
import dev.chain.check.Ref;
import java.util.List;

/**
 * Compiles a checked program once into a {@link Program} of {@link Node}s, so that evaluating it
 * again with other inputs (--set, REPL :set, sweeps, the explorable page) costs only the
 * arithmetic. Constant subexpressions are folded on the way up: a node whose value is known now is
 * a {@link Nodes.Const}. Each operation that can fail keeps its place in the text ({@link SourceSite}).
 */
public final class Compiler implements Expr.Visitor<Node>, Condition.Visitor<Check> {
    private final CheckedProgram program;
    private final Linker linker;
    /** By FunctionInfo.index(); made on first use, so a call may be compiled before its function's body. */
    private final CompiledFunction[] functions;
    /** The check being compiled: its place in the text, for a side that overflows. */
    private Site checkSite;
    /** Where each name and written number goes, for {@link #expression}; null in a whole program's compile. */
    private Leaves leaves;
    /** Whether every user function is the linker's ({@link #expression}: no function of this compile has a body). */
    private boolean linkAll;

    /**
     * What a name or a written number ({@code batch}, {@code 2 B/param}, {@code 1,000}) compiles to in
     * {@link #expression}: its own node ({@code compiled}), or another (a slot the caller fills, so
     * that it can change that one value and evaluate again: the drill's search for a learner's mistake).
     */
    public interface Leaves {
        Node leaf(Expr written, Node compiled);
    }

    /**
     * One expression of {@code program} (a binding's value, a module's too), each name and number
     * written in it given to {@code leaves}; nothing folded around what they return, and every call
     * of a user function linked through {@code linker}, the program's own functions too.
     */
    public static Node expression(CheckedProgram program, Linker linker, Expr e, Leaves leaves) {
        Compiler compiler = new Compiler(program, linker);
        compiler.leaves = leaves;
        compiler.linkAll = true;
        return compiler.expr(e);
    }

    private Compiler(CheckedProgram program, Linker linker) {
        this.program = program;
        this.linker = linker;
        this.functions = new CompiledFunction[program.functions().size()];
    }

    /** Functions first, as a call needs its function; then bindings, checks, values and figures, in order. */
    public static CompiledProgram compile(CheckedProgram program, Linker linker) {
        Compiler compiler = new Compiler(program, linker);
        for (FunctionInfo f : program.functions()) {
            compiler.function(f).setBody(compiler.expr(f.decl().body()));
        }
        List<BindingInfo> bindings = program.bindings();
        Node[] bindingCode = new Node[bindings.size()];
        Site[] sites = new Site[bindingCode.length];
        String[] names = new String[bindingCode.length];
        List<InputRange> ranges = new java.util.ArrayList<>();
        for (BindingInfo b : bindings) {
            names[b.slot()] = b.name();
            Value.QuantityValue q = b.decl().value().quantity();
            if (b.dimension() != null && q != null) {
                // A range's binding is its nominal value; the evaluator searches its box (BoxSearch).
                bindingCode[b.slot()] = b.range() != null ? new Nodes.Const(b.range().nominal()) : compiler.expr(q.expr());
                sites[b.slot()] = new SourceSite(b.decl().value().span());
                if (b.range() != null) {
                    ranges.add(new InputRange(b.slot(), b.range().low(), b.range().high()));
                }
            }
        }
        Check[] checks = compiler.checks(program.checks());
        List<EvaluateInfo> evaluations = program.evaluations();
        Node[] evaluationCode = new Node[evaluations.size()];
        Site[] evaluationSites = new Site[evaluationCode.length];
        for (int i = 0; i < evaluationCode.length; i++) {
            evaluationCode[i] = compiler.expr(evaluations.get(i).value().expr());
            evaluationSites[i] = new SourceSite(evaluations.get(i).value().span());
        }
        List<FigureSpec> figures = program.figures();
        Figure[] figureCode = new Figure[figures.size()];
        for (int i = 0; i < figureCode.length; i++) {
            figureCode[i] = compiler.figure(figures.get(i));
        }
        return new CompiledProgram(program,
                new Program(bindingCode, sites, names, checks, evaluationCode, evaluationSites, figureCode,
                        ranges.toArray(new InputRange[0])), compiler.functions);
    }

    /** A figure's checks, axes and values shown; a roofline's steps with their FLOPs, bytes and time. */
    private Figure figure(FigureSpec figure) {
        int[] axes = new int[figure.axes().size()];
        double[][] points = new double[axes.length][];
        for (int a = 0; a < axes.length; a++) {
            axes[a] = figure.axes().get(a).input().slot();
            points[a] = figure.axes().get(a).points();
        }
        int[] shown = new int[figure.shown().size()];
        for (int v = 0; v < shown.length; v++) {
            shown[v] = figure.shown().get(v).slot();
        }
        Figure.Step[] steps = new Figure.Step[figure.points().size()];
        for (int i = 0; i < steps.length; i++) {
            FigureSpec.Point point = figure.points().get(i);
            steps[i] = new Figure.Step(point.step().name(), expr(point.decl().flops()), expr(point.decl().bytes()),
                    value(point.step()), new SourceSite(point.decl().span()));
        }
        return new Figure(checks(figure.checks()), axes, points, figure.together(), shown, steps);
    }

    private Check[] checks(List<CheckInfo> list) {
        Check[] checks = new Check[list.size()];
        for (CheckInfo c : list) {
            checkSite = new SourceSite(c.decl().condition().span());
            Check compiled = c.decl().condition().accept(this);
            checks[c.index()] = new Check(compiled.op(), c.relativeTolerance(), compiled.left(), compiled.right(),
                    compiled.high(), compiled.tolerance(), checkSite);
        }
        return checks;
    }

    /** This program's compiled function, made (without a body yet) if it is not. */
    private CompiledFunction function(FunctionInfo f) {
        CompiledFunction fn = functions[f.index()];
        if (fn == null) {
            fn = new CompiledFunction(f.name(), f.paramNames().size(), null, null);
            functions[f.index()] = fn;
        }
        return fn;
    }

    // ---- checks ---------------------------------------------------------------------------------

    @Override
    public Check visitCompare(Condition.Compare c) {
        return new Check(c.op(), false, expr(c.left()), expr(c.right()), null,
                c.tolerance() == null ? null : expr(c.tolerance()), checkSite);
    }

    @Override
    public Check visitInRange(Condition.InRange r) {
        return new Check(null, false, expr(r.value()), expr(r.low()), expr(r.high()), null, checkSite);
    }

    // ---- expressions ----------------------------------------------------------------------------

    Node expr(Expr e) {
        return e.accept(this);
    }

    @Override
    public Node visitNumber(Expr.NumberLit n) {
        Node number = new Nodes.Const(n.value());
        return leaves == null ? number : leaves.leaf(n, number);
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
        if (x instanceof Nodes.Const c) {
            return new Nodes.Const(-c.value());
        }
        return new Nodes.Negated(x);
    }

    @Override
    public Node visitQuantity(Expr.Quantity q) {
        double factor = program.unit(q.unit()).factor();
        Leaves outer = leaves;
        leaves = null; // a quantity as written is one leaf, not its number and a unit
        Node m = expr(q.magnitude());
        leaves = outer;
        if (outer != null && m instanceof Nodes.Const c) {
            double exact = dev.chain.check.ConstantFolder.scaled(q.magnitude(), c.value(), factor);
            return outer.leaf(q, new Nodes.Const(Double.isFinite(exact) ? exact : c.value() * factor));
        }
        SourceSite site = new SourceSite(q.span());
        if (m instanceof Nodes.Const c) {
            double exact = dev.chain.check.ConstantFolder.scaled(q.magnitude(), c.value(), factor);
            return new Nodes.Const(Double.isFinite(exact) ? exact : folded(BinaryOp.MUL, c.value(), factor, site));
        }
        return new Nodes.Scaled(m, factor, site);
    }

    /**
     * A name: a constant if it is a unit (or a binding of a module, already evaluated), else a
     * slot of this program or a parameter.
     */
    @Override
    public Node visitName(Expr.NameRef n) {
        Ref ref = program.ref(n);
        if (ref instanceof Ref.UnitValue u) {
            return new Nodes.Const(u.factor());
        }
        if (ref instanceof Ref.Param p) {
            return new Nodes.Param(p.index());
        }
        Node value = value(((Ref.Binding) ref).binding());
        return leaves == null ? value : leaves.leaf(n, value);
    }

    /** A binding's value: a slot of this program, or a module's constant. */
    private Node value(BindingInfo binding) {
        return binding.owner() != program ? new Nodes.Const(linker.value(binding)) : new Nodes.Slot(binding.slot());
    }

    /**
     * Both sides, then the operator. An operation with no value for its right side (a division
     * by zero) is an error at that side, when it is met; it is never folded away.
     */
    @Override
    public Node visitBinary(Expr.Binary b) {
        Node l = expr(b.left());
        Node r = expr(b.right());
        BinaryOp op = b.op();
        SourceSite whole = new SourceSite(b.span());
        if (l instanceof Nodes.Const cl && r instanceof Nodes.Const cr && !op.undefinedFor(cr.value())) {
            return new Nodes.Const(folded(op, cl.value(), cr.value(), whole));
        }
        Expr.Binary difference = difference(b.right());
        if (difference == null) {
            return new Nodes.Arithmetic(op, l, r, whole, new SourceSite(b.right(), program), null);
        }
        // Dividing by a difference that is zero: say which two values were equal.
        return new Nodes.Arithmetic(op, l, r, whole, new SourceSite(b.right().span(), b.right(), difference, program),
                expr(difference.left()));
    }

    /** A constant operation's value; an underflow is an error now, at its place. */
    private static double folded(BinaryOp op, double x, double y, SourceSite where) {
        try {
            return Nodes.result(op, x, y, where);
        } catch (Fault f) {
            throw Faults.of(f);
        }
    }

    /** The subtraction {@code e} is, inside any parentheses; null if it is not one. */
    private static Expr.Binary difference(Expr e) {
        // The one question about a kind this pass asks: is the divisor, as written, a subtraction?
        return e.unparenthesized() instanceof Expr.Binary b && b.op() == BinaryOp.SUB ? b : null;
    }

    @Override
    public Node visitPower(Expr.Power p) {
        Node base = expr(p.base());
        Node exponent = expr(p.exponent());
        SourceSite site = new SourceSite(p.span());
        if (base instanceof Nodes.Const b && exponent instanceof Nodes.Const x && !Powers.noRealValue(Powers.pow(b.value(), x.value()))) {
            try {
                return new Nodes.Const(Nodes.power(b.value(), x.value(), site));
            } catch (Fault f) {
                throw Faults.of(f);
            }
        }
        return new Nodes.Raised(base, exponent, site);
    }

    @Override
    public Node visitCall(Expr.Call c) {
        Object target = program.callTarget(c);
        Node[] args = new Node[c.args().size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = expr(c.args().get(i));
        }
        if (target instanceof Builtin builtin) {
            Site[] sites = new Site[args.length];
            for (int i = 0; i < sites.length; i++) {
                sites[i] = new SourceSite(c.args().get(i), program); // floor(x, step) divides by its step
            }
            return new Nodes.BuiltinCall(builtin, args, sites);
        }
        FunctionInfo info = (FunctionInfo) target;
        CompiledFunction fn = info.owner() == program && !linkAll ? function(info) : linker.function(info);
        return new Nodes.Call(fn, args);
    }
}
