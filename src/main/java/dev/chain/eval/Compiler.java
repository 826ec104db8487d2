package dev.chain.eval;

import dev.chain.ast.BinaryOp;
import dev.chain.ast.Condition;
import dev.chain.ast.Expr;
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
 * folded here, as {@link dev.chain.check.ConstantFolder} folds them.
 */
public final class Compiler {
    private final CheckedProgram program;
    private final Linker linker;
    private final CompiledFunction[] functions;

    private Compiler(CheckedProgram program, Linker linker) {
        this.program = program;
        this.linker = linker;
        this.functions = new CompiledFunction[program.functions().size()];
    }

    public static CompiledProgram compile(CheckedProgram program, Linker linker) {
        return new Compiler(program, linker).compile();
    }

    private CompiledProgram compile() {
        for (FunctionInfo f : program.functions()) {
            CompiledFunction fn = new CompiledFunction(f.name(), f.paramNames().size());
            fn.setBody(expr(f.decl().body()));
            functions[f.index()] = fn;
        }
        List<BindingInfo> bindings = program.bindings();
        Node[] bindingCode = new Node[bindings.size()];
        for (BindingInfo b : bindings) {
            if (b.dimension() != null && b.decl().value() instanceof dev.chain.ast.Value.QuantityValue q) {
                bindingCode[b.slot()] = expr(q.expr());
            }
        }
        List<CheckInfo> checks = program.checks();
        CompiledCheck[] checkCode = new CompiledCheck[checks.size()];
        for (CheckInfo c : checks) {
            checkCode[c.index()] = check(c);
        }
        List<EvaluateInfo> evaluations = program.evaluations();
        Node[] evaluationCode = new Node[evaluations.size()];
        for (int i = 0; i < evaluations.size(); i++) {
            evaluationCode[i] = expr(evaluations.get(i).value().expr());
        }
        return new CompiledProgram(program, bindingCode, checkCode, evaluationCode, functions, linker);
    }

    /** A check's operands compiled: left and right (or value, low, high), and the ≈ tolerance. */
    record CompiledCheck(CheckInfo info, Node left, Node right, Node high, Node tolerance) {}

    private CompiledCheck check(CheckInfo c) {
        Condition cond = c.decl().condition();
        if (cond instanceof Condition.Compare cmp) {
            return new CompiledCheck(c, expr(cmp.left()), expr(cmp.right()), null,
                    cmp.tolerance() == null ? null : expr(cmp.tolerance()));
        }
        Condition.InRange r = (Condition.InRange) cond;
        return new CompiledCheck(c, expr(r.value()), expr(r.low()), expr(r.high()), null);
    }

    /** A node whose value is known now. */
    record Const(double value) implements Node {
        @Override
        public double run(double[] slots, double[] frame) {
            return value;
        }
    }

    /**
     * The expression as a node. Constant subexpressions become {@link Const}s on the way up, as
     * {@link ConstantFolder} would fold them (a division by zero or a power with no real value is
     * left to run and fail), each node visited once.
     */
    Node expr(Expr e) {
        if (e instanceof Expr.NumberLit n) {
            return new Const(n.value());
        }
        if (e instanceof Expr.Paren p) {
            return expr(p.inner());
        }
        if (e instanceof Expr.Convert c) {
            return expr(c.value());
        }
        if (e instanceof Expr.Negate n) {
            Node x = expr(n.operand());
            if (x instanceof Const c) {
                return new Const(-c.value());
            }
            return (s, f) -> -x.run(s, f);
        }
        if (e instanceof Expr.Quantity q) {
            Node m = expr(q.magnitude());
            double factor = program.unit(q.unit()).factor();
            if (m instanceof Const c) {
                return new Const(c.value() * factor);
            }
            return (s, f) -> m.run(s, f) * factor;
        }
        if (e instanceof Expr.NameRef n) {
            return name(n);
        }
        if (e instanceof Expr.Binary b) {
            return binary(b);
        }
        if (e instanceof Expr.Power p) {
            return power(p);
        }
        if (e instanceof Expr.Call c) {
            return call(c);
        }
        throw new IllegalStateException("unhandled expression " + e.getClass().getSimpleName());
    }

    /**
     * A name: a constant if it is a unit (or a binding of a module, already evaluated), else a
     * slot of this program or a parameter.
     */
    private Node name(Expr.NameRef n) {
        Ref ref = program.ref(n);
        if (ref instanceof Ref.UnitValue u) {
            return new Const(u.factor());
        }
        if (ref instanceof Ref.Param p) {
            int index = p.index();
            return (s, f) -> f[index];
        }
        BindingInfo binding = ((Ref.Binding) ref).binding();
        if (binding.owner() != program) {
            return new Const(linker.value(binding));
        }
        int slot = binding.slot();
        return (s, f) -> s[slot];
    }

    private Node binary(Expr.Binary b) {
        Node l = expr(b.left());
        Node r = expr(b.right());
        if (l instanceof Const cl && r instanceof Const cr && !(b.op() == BinaryOp.DIV && cr.value() == 0)) {
            double x = cl.value();
            double y = cr.value();
            return new Const(switch (b.op()) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> x / y;
            });
        }
        Node node = switch (b.op()) {
            case ADD -> (s, f) -> l.run(s, f) + r.run(s, f);
            case SUB -> (s, f) -> l.run(s, f) - r.run(s, f);
            case MUL -> (s, f) -> l.run(s, f) * r.run(s, f);
            case DIV -> {
                Span divisor = b.right().span();
                yield (s, f) -> {
                    double d = r.run(s, f);
                    if (d == 0) {
                        throw Faults.divisionByZero(divisor);
                    }
                    return l.run(s, f) / d;
                };
            }
        };
        return node;
    }

    private Node power(Expr.Power p) {
        Node base = expr(p.base());
        Node exponent = expr(p.exponent());
        if (base instanceof Const b && exponent instanceof Const x && !Double.isNaN(Math.pow(b.value(), x.value()))) {
            return new Const(Math.pow(b.value(), x.value()));
        }
        Span span = p.span();
        Node node = (s, f) -> {
            double v = Math.pow(base.run(s, f), exponent.run(s, f));
            if (Double.isNaN(v)) {
                throw Faults.noRealPower(span);
            }
            return v;
        };
        return node;
    }

    private Node call(Expr.Call c) {
        Object target = program.callTarget(c);
        Node[] args = new Node[c.args().size()];
        for (int i = 0; i < args.length; i++) {
            args[i] = expr(c.args().get(i));
        }
        if (target instanceof Builtin builtin) {
            return Builtins.node(builtin, args, c);
        }
        FunctionInfo info = (FunctionInfo) target;
        CompiledFunction fn = info.owner() == program ? functions[info.index()] : linker.function(info);
        return (s, f) -> {
            double[] frame = new double[args.length];
            for (int i = 0; i < args.length; i++) {
                frame[i] = args[i].run(s, f);
            }
            return fn.call(s, frame);
        };
    }
}
