package dev.chain.eval;

/**
 * Cancels an evaluation under way on another thread (the REPL's Ctrl-C, the language server's
 * analysis of a text a newer edit replaces). Not with
 * {@link Thread#interrupt()}: an interrupt reaches whatever the thread does next, and when that is
 * reading an interruptible channel (a class being loaded from the jar, a module's file), the
 * channel is closed and the JVM can be left unable to load classes. A request here is only seen
 * where an evaluation checks for it: at each user-function call ({@link CompiledFunction#call}),
 * the one place one run of a chain can be long, and at the start of each run
 * ({@link Program#evaluate(double[])}), of which a figure over ranged inputs makes millions.
 */
public final class Cancellation {
    /** The thread whose evaluation is to stop, or null. */
    private static volatile Thread requested;

    private Cancellation() {}

    /** Asks the evaluation running on {@code thread} to stop at its next function call. */
    public static void request(Thread thread) {
        requested = thread;
    }

    /** Withdraws a request for {@code thread}, before it evaluates anything else. */
    public static void clear(Thread thread) {
        if (requested == thread) {
            requested = null;
        }
    }

    static boolean requested() {
        return requested == Thread.currentThread();
    }
}
