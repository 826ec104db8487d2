package dev.chain.check;

import java.util.Locale;

/** The built-in functions. Their names are reserved for calls; bindings may still use them as names. */
public enum Builtin {
    FLOOR(1, 2, "floor(x) rounds down; floor(x, step) rounds down to a multiple of step"),
    CEIL(1, 2, "ceil(x) rounds up; ceil(x, step) rounds up to a multiple of step"),
    ROUND(1, 2, "round(x) rounds half away from zero; round(x, step) to a multiple of step"),
    MIN(2, Integer.MAX_VALUE, "min(a, b, ...) is the smallest of two or more values of one dimension"),
    MAX(2, Integer.MAX_VALUE, "max(a, b, ...) is the largest of two or more values of one dimension"),
    ABS(1, 1, "abs(x) is the magnitude of x"),
    SQRT(1, 1, "sqrt(x) is the square root; every exponent of x's dimension must be even");

    private final int minArgs;
    private final int maxArgs;
    private final String help;

    Builtin(int minArgs, int maxArgs, String help) {
        this.minArgs = minArgs;
        this.maxArgs = maxArgs;
        this.help = help;
    }

    public String functionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public int minArgs() {
        return minArgs;
    }

    public int maxArgs() {
        return maxArgs;
    }

    public String help() {
        return help;
    }

    public static Builtin named(String name) {
        for (Builtin b : values()) {
            if (b.functionName().equals(name)) {
                return b;
            }
        }
        return null;
    }
}
