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
import dev.chain.diag.ChainException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Compiles a checked program once into closures over doubles, so that evaluating it again with
 * other inputs (--set, REPL :set, sweeps) costs only the arithmetic. Constant subexpressions are
 * folded here, as {@link dev.chain.check.ConstantFolder} folds them.
 */
public final class Compiler {
    private final CheckedProgram program;
    private final Linker linker;
    /** By FunctionInfo.index(); made on first use, so a call may be compiled before its function's body. */
    private CompiledFunction[] functions;
    private Node[] bindingCode;
    private CompiledCheck[] checkCode;
    private Node[] evaluationCode;
    /** How many of the program's functions, bindings, checks and values are compiled. */
    private int functionsDone;
    private int bindingsDone;
    private int checksDone;
    private int evaluationsDone;

    private Compiler(CheckedProgram program, Linker linker) {
        this.program = program;
        this.linker = linker;
        this.functions = new CompiledFunction[program.functions().size()];
        this.bindingCode = new Node[program.bindings().size()];
        this.checkCode = new CompiledCheck[program.checks().size()];
        this.evaluationCode = new Node[program.evaluations().size()];
    }

    public static CompiledProgram compile(CheckedProgram program, Linker linker) {
        Compiler compiler = new Compiler(program, linker);
        compiler.catchUp();
        return compiler.result();
    }

    /** Functions first, as a call needs its function; then bindings, checks and values, in order. */
    private void catchUp() {
        List<FunctionInfo> declared = program.functions();
        for (; functionsDone < declared.size(); functionsDone++) {
            FunctionInfo f = declared.get(functionsDone);
            function(f).setBody(expr(f.decl().body()));
        }
        List<BindingInfo> bindings = program.bindings();
        if (bindingCode.length < bindings.size()) {
            bindingCode = Arrays.copyOf(bindingCode, Math.max(bindings.size(), bindingCode.length * 2));
        }
        for (; bindingsDone < bindings.size(); bindingsDone++) {
            BindingInfo b = bindings.get(bindingsDone);
            if (b.dimension() != null && b.decl().value() instanceof dev.chain.ast.Value.QuantityValue q) {
                bindingCode[b.slot()] = expr(q.expr());
            }
        }
        List<CheckInfo> checks = program.checks();
        if (checkCode.length < checks.size()) {
            checkCode = Arrays.copyOf(checkCode, Math.max(checks.size(), checkCode.length * 2));
        }
        for (; checksDone < checks.size(); checksDone++) {
            CheckInfo c = checks.get(checksDone);
            checkCode[c.index()] = check(c);
        }
        List<EvaluateInfo> evaluations = program.evaluations();
        if (evaluationCode.length < evaluations.size()) {
            evaluationCode = Arrays.copyOf(evaluationCode, evaluations.size());
        }
        for (; evaluationsDone < evaluations.size(); evaluationsDone++) {
            evaluationCode[evaluationsDone] = expr(evaluations.get(evaluationsDone).value().expr());
        }
    }

    /** The code, with arrays of exactly the program's sizes (a binding's slot is its index). */
    private CompiledProgram result() {
        return new CompiledProgram(program, exactly(bindingCode, bindingsDone), exactly(checkCode, checksDone),
                exactly(evaluationCode, evaluationsDone), exactly(functions, program.functions().size()), linker);
    }

    private static <T> T[] exactly(T[] array, int length) {
        return array.length == length ? array : Arrays.copyOf(array, length);
    }

    /** This program's compiled function, made (without a body yet) if it is not. */
    private CompiledFunction function(FunctionInfo f) {
        if (f.index() >= functions.length) {
            functions = Arrays.copyOf(functions, Math.max(f.index() + 1, functions.length * 2));
        }
        CompiledFunction fn = functions[f.index()];
        if (fn == null) {
            fn = new CompiledFunction(f.name(), f.paramNames().size());
            functions[f.index()] = fn;
        }
        return fn;
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
            double factor = program.unit(q.unit()).factor();
            if (q.magnitude() instanceof Expr.NumberLit n) {
                return new Const(n.value() * factor); // the common 1.5 GB, without a Const for 1.5 first
            }
            Node m = expr(q.magnitude());
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
        CompiledFunction fn = info.owner() == program ? function(info) : linker.function(info);
        return (s, f) -> {
            double[] frame = new double[args.length];
            for (int i = 0; i < args.length; i++) {
                frame[i] = args[i].run(s, f);
            }
            return fn.call(s, frame);
        };
    }
}
