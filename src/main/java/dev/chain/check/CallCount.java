package dev.chain.check;

import dev.chain.ast.Expr;
import dev.chain.ast.ExprWalker;

/**
 * How many user-function calls evaluating an expression makes, known before anything is
 * evaluated: a function can only call the functions above it (no recursion) and a body has no
 * branches, so each call makes exactly the calls its body names, and theirs. Sixty functions
 * that each call the one above twice make 2^60 calls from a 1.7 KB file, which no evaluation
 * budget should wait for: the checker refuses an expression over {@link #LIMIT}.
 */
final class CallCount extends ExprWalker {
    /** About a tenth of a second of evaluation: far above any card (a few dozen calls), far below a hang. */
    static final long LIMIT = 10_000_000;
    /** Counts saturate here, so that 2^600 calls is "a lot", not an overflow. */
    private static final long CAP = Long.MAX_VALUE / 4;

    private final CheckedProgram program;
    private long calls;
    private Expr.Call heaviest;
    private long heaviestCalls;

    private CallCount(CheckedProgram program) {
        this.program = program;
    }

    /** The calls {@code e} makes, and the call among them that makes the most. */
    record Count(long calls, Expr.Call heaviest, FunctionInfo function) {}

    static Count of(CheckedProgram program, Expr e) {
        CallCount count = new CallCount(program);
        count.walk(e);
        FunctionInfo f = count.heaviest == null ? null : (FunctionInfo) program.callTarget(count.heaviest);
        return new Count(count.calls, count.heaviest, f);
    }

    static long add(long a, long b) {
        return Math.min(CAP, a + b);
    }

    @Override
    public Void visitCall(Expr.Call c) {
        super.visitCall(c);
        if (program.callTarget(c) instanceof FunctionInfo f) {
            calls = add(calls, f.calls());
            if (f.calls() > heaviestCalls) {
                heaviestCalls = f.calls();
                heaviest = c;
            }
        }
        return null;
    }
}
