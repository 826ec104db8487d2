package dev.chain.eval;

import dev.chain.ast.Condition;
import dev.chain.ast.Expr;
import dev.chain.check.BindingInfo;
import dev.chain.check.Builtin;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.ConstantFolder;
import dev.chain.check.EvaluateInfo;
import dev.chain.check.FunctionInfo;
import dev.chain.check.Ref;
import dev.chain.source.Span;
import java.util.List;

/**
 * Compiles a checked program once into closures over doubles, so that evaluating it again with
 * other inputs (--set, REPL :set, sweeps) costs only the arithmetic. Constant subexpressions are
 * folded here.
 */
public final class Compiler {
    private final CheckedProgram program;
    private final Linker linker;
    private final CompiledFunction[] functions;
    private final ConstantFolder folder;

    private Compiler(CheckedProgram program, Linker linker) {
        this.program = program;
        this.linker = linker;
        this.folder = new ConstantFolder(program, program, new java.util.function.ToDoubleFunction<BindingInfo>() {
            @Override
            public double applyAsDouble(BindingInfo moduleBinding) { // a class, not linker::value: see cli.Main.run
                return linker.value(moduleBinding);
            }
        });
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

    Node expr(Expr e) {
        Double constant = folder.fold(e);
        if (constant != null) {
            return new Const(constant);
        }
        if (e instanceof Expr.Paren p) {
            return expr(p.inner());
        }
        if (e instanceof Expr.Convert c) {
            return expr(c.value());
        }
        if (e instanceof Expr.Negate n) {
            Node x = expr(n.operand());
            return (s, f) -> -x.run(s, f);
        }
        if (e instanceof Expr.Quantity q) {
            Node m = expr(q.magnitude());
            double factor = program.unit(q.unit()).factor();
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

    /** A name that did not fold to a constant: a slot of this program, or a parameter. */
    private Node name(Expr.NameRef n) {
        Ref ref = program.ref(n);
        if (ref instanceof Ref.Param p) {
            int index = p.index();
            return (s, f) -> f[index];
        }
        int slot = ((Ref.Binding) ref).binding().slot();
        return (s, f) -> s[slot];
    }

    private Node binary(Expr.Binary b) {
        Node l = expr(b.left());
        Node r = expr(b.right());
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
