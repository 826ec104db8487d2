package dev.chain.eval;

import dev.chain.ast.CompareOp;
import dev.chain.ast.Condition;
import dev.chain.ast.Expr;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.Builtin;
import dev.chain.check.CheckInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.ConstantFolder;
import dev.chain.check.FunctionInfo;
import dev.chain.check.Ref;
import dev.chain.diag.ChainException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

/**
 * Compiles a checked program to JVM bytecode: one hidden class whose methods are straight-line
 * double arithmetic, the same operations in the same order as the closures of {@link Compiler},
 * so that the JIT turns a chain into what a hand-written method would be. User functions are
 * inlined (they cannot recurse: a function only calls functions defined above it). Used where a
 * chain is evaluated many times; one-shot evaluation keeps the closures, which start faster.
 */
final class BytecodeCompiler {
    /** Beyond this many bindings the class-file limits (constant pool, method count) come close: use closures. */
    static final int MAX_BINDINGS = 10_000;

    private static final String SELF = "dev/chain/eval/ChainCode";
    private static final String OPS = "dev/chain/eval/Ops";
    private static final String CHUNK = "([D[Z)V";
    /** Methods stay well under HotSpot's 8,000-byte limit for JIT compilation. */
    private static final int CHUNK_BYTES = 6_000;

    private final CheckedProgram program;
    private final Linker linker;
    private final ClassFile cf = new ClassFile(SELF, "java/lang/Object", "dev/chain/eval/Arithmetic");
    private final List<ChainException> sites = new ArrayList<>();
    private final List<String> chunks = new ArrayList<>();
    private ClassFile.Code code;
    private int nextLocal;

    private BytecodeCompiler(CheckedProgram program, Linker linker) {
        this.program = program;
        this.linker = linker;
    }

    /** The compiled arithmetic, and the run-time error of each call site. */
    record Result(Arithmetic arithmetic, List<ChainException> sites) {}

    static Result compile(CheckedProgram program, Linker linker) {
        return new BytecodeCompiler(program, linker).compile();
    }

    private Result compile() {
        startChunk();
        for (BindingInfo b : program.bindings()) {
            if (b.input() || b.dimension() == null || !(b.decl().value() instanceof Value.QuantityValue q)) {
                continue;
            }
            code.aload(0);
            code.pushInt(cf, b.slot());
            expr(q.expr(), program, new int[0]);
            code.pushInt(cf, site(Faults.tooLarge(b)));
            code.invokestatic(cf.methodRef(OPS, "finite", "(DI)D"), -1);
            code.dastore();
            splitIfLong();
        }
        for (CheckInfo c : program.checks()) {
            check(c);
            splitIfLong();
        }
        finishChunk();

        ClassFile.Code init = new ClassFile.Code(1);
        init.aload(0);
        init.invokespecial(cf.methodRef("java/lang/Object", "<init>", "()V"), -1);
        init.returnVoid();
        cf.method(0x0001, "<init>", "()V", init);

        ClassFile.Code run = new ClassFile.Code(3);
        for (String chunk : chunks) {
            run.aload(1);
            run.aload(2);
            run.invokestatic(cf.methodRef(SELF, chunk, CHUNK), -2);
        }
        run.returnVoid();
        cf.method(0x0001 | 0x0010, "run", CHUNK, run);

        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup().defineHiddenClass(cf.bytes(), true);
            Arithmetic arithmetic = (Arithmetic) lookup.findConstructor(lookup.lookupClass(), MethodType.methodType(void.class))
                    .invoke();
            return new Result(arithmetic, List.copyOf(sites));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot define the compiled chain", e);
        }
    }

    private void startChunk() {
        code = new ClassFile.Code(2);
        nextLocal = 2;
    }

    private void finishChunk() {
        code.returnVoid();
        String name = "c" + chunks.size();
        cf.method(0x0002 | 0x0008, name, CHUNK, code);
        chunks.add(name);
    }

    private void splitIfLong() {
        if (code.length() > CHUNK_BYTES) {
            finishChunk();
            startChunk();
        }
    }

    private int site(ChainException fault) {
        sites.add(fault);
        return sites.size() - 1;
    }

    private void check(CheckInfo c) {
        code.aload(1);
        code.pushInt(cf, c.index());
        Condition cond = c.decl().condition();
        if (cond instanceof Condition.InRange r) {
            expr(r.value(), program, new int[0]);
            expr(r.low(), program, new int[0]);
            expr(r.high(), program, new int[0]);
            code.invokestatic(cf.methodRef(OPS, "in", "(DDD)Z"), -5);
        } else {
            Condition.Compare cmp = (Condition.Compare) cond;
            expr(cmp.left(), program, new int[0]);
            expr(cmp.right(), program, new int[0]);
            if (cmp.op() == CompareOp.APPROX) {
                expr(cmp.tolerance(), program, new int[0]);
                String name = c.relativeTolerance() ? "approxRelative" : "approxAbsolute";
                code.invokestatic(cf.methodRef(OPS, name, "(DDD)Z"), -5);
            } else {
                String name = switch (cmp.op()) {
                    case LT -> "lt";
                    case LE -> "le";
                    case GT -> "gt";
                    case GE -> "ge";
                    case EQ -> "eq";
                    default -> "ne";
                };
                code.invokestatic(cf.methodRef(OPS, name, "(DD)Z"), -3);
            }
        }
        code.bastore();
    }

    /** Leaves the expression's value (a double) on the stack. {@code params} maps parameters to locals. */
    private void expr(Expr e, CheckedProgram scope, int[] params) {
        Double constant = new ConstantFolder(scope, program, linker::value).fold(e);
        if (constant != null) {
            code.pushDouble(cf, constant);
            return;
        }
        if (e instanceof Expr.Paren p) {
            expr(p.inner(), scope, params);
        } else if (e instanceof Expr.Convert c) {
            expr(c.value(), scope, params);
        } else if (e instanceof Expr.Negate n) {
            expr(n.operand(), scope, params);
            code.dneg();
        } else if (e instanceof Expr.Quantity q) {
            expr(q.magnitude(), scope, params);
            code.pushDouble(cf, scope.unit(q.unit()).factor());
            code.dmul();
        } else if (e instanceof Expr.NameRef n) {
            Ref ref = scope.ref(n);
            if (ref instanceof Ref.Param p) {
                code.dload(params[p.index()]);
            } else {
                // Module values and units fold to constants; what is left is a slot of this program.
                code.aload(0);
                code.pushInt(cf, ((Ref.Binding) ref).binding().slot());
                code.daload();
            }
        } else if (e instanceof Expr.Binary b) {
            expr(b.left(), scope, params);
            expr(b.right(), scope, params);
            switch (b.op()) {
                case ADD -> code.dadd();
                case SUB -> code.dsub();
                case MUL -> code.dmul();
                case DIV -> {
                    code.pushInt(cf, site(Faults.divisionByZero(b.right().span())));
                    code.invokestatic(cf.methodRef(OPS, "div", "(DDI)D"), -3);
                }
            }
        } else if (e instanceof Expr.Power p) {
            expr(p.base(), scope, params);
            expr(p.exponent(), scope, params);
            code.pushInt(cf, site(Faults.noRealPower(p.span())));
            code.invokestatic(cf.methodRef(OPS, "pow", "(DDI)D"), -3);
        } else if (e instanceof Expr.Call c) {
            call(c, scope, params);
        } else {
            throw new IllegalStateException("unhandled expression " + e.getClass().getSimpleName());
        }
    }

    private void call(Expr.Call c, CheckedProgram scope, int[] params) {
        Object target = scope.callTarget(c);
        if (target instanceof Builtin builtin) {
            builtin(builtin, c, scope, params);
            return;
        }
        // A user function: its arguments go into fresh locals, then its body is compiled inline.
        FunctionInfo fn = (FunctionInfo) target;
        int[] locals = new int[c.args().size()];
        int saved = nextLocal;
        for (int i = 0; i < locals.length; i++) {
            expr(c.args().get(i), scope, params);
            locals[i] = nextLocal;
            code.dstore(nextLocal);
            nextLocal += 2;
        }
        expr(fn.decl().body(), fn.owner(), locals);
        nextLocal = saved;
    }

    private void builtin(Builtin builtin, Expr.Call c, CheckedProgram scope, int[] params) {
        List<Expr> args = c.args();
        expr(args.get(0), scope, params);
        switch (builtin) {
            case FLOOR, CEIL, ROUND -> {
                String name = builtin.functionName();
                if (args.size() == 1) {
                    code.invokestatic(cf.methodRef(OPS, name, "(D)D"), 0);
                } else {
                    expr(args.get(1), scope, params);
                    code.pushInt(cf, site(Faults.divisionByZero(args.get(1).span())));
                    code.invokestatic(cf.methodRef(OPS, name + "Step", "(DDI)D"), -3);
                }
            }
            case MIN, MAX -> {
                for (int i = 1; i < args.size(); i++) {
                    expr(args.get(i), scope, params);
                    code.invokestatic(cf.methodRef("java/lang/Math", builtin.functionName(), "(DD)D"), -2);
                }
            }
            case ABS -> code.invokestatic(cf.methodRef("java/lang/Math", "abs", "(D)D"), 0);
            case SQRT -> {
                code.pushInt(cf, site(Faults.negativeSquareRoot(args.get(0).span())));
                code.invokestatic(cf.methodRef(OPS, "sqrt", "(DI)D"), -1);
            }
        }
    }
}
