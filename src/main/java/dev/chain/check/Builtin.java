package dev.chain.check;

import java.util.List;
import java.util.Locale;

/**
 * The built-in functions, each declared once: its name, its parameters, how their dimensions
 * make its result's, and what it does. The checker, the REPL's completion and {@code :info}, and
 * the stdlib reference page read these declarations; {@code eval.Builtins} holds the one table
 * of implementations, a switch over this enum that does not compile until a new function is in
 * it. Their names are reserved for calls; bindings may still use them as names.
 */
public enum Builtin {
    FLOOR(Signature.ROUNDING, "round", List.of("x", "step"), 1),
    CEIL(Signature.ROUNDING, "round", List.of("x", "step"), 1),
    ROUND(Signature.ROUNDING, "round", List.of("x", "step"), 1),
    MIN(Signature.SAME, "compare", List.of("a", "b", "..."), 2),
    MAX(Signature.SAME, "compare", List.of("a", "b", "..."), 2),
    ABS(Signature.SAME, "take the magnitude of", List.of("x"), 1),
    SQRT(Signature.SQUARE_ROOT, "take the square root of", List.of("x"), 1),
    LN(Signature.PLAIN, "take the logarithm of", List.of("x"), 1),
    LOG2(Signature.PLAIN, "take the logarithm of", List.of("x"), 1),
    LOG10(Signature.PLAIN, "take the logarithm of", List.of("x"), 1),
    LOG(Signature.PLAIN, "take the logarithm of", List.of("x", "base"), 2),
    EXP(Signature.PLAIN, "raise e to", List.of("x"), 1);

    /** How the dimensions of the arguments make the result's. */
    public enum Signature {
        /** Every argument has one dimension, whatever it is, and so does the result. */
        SAME,
        /**
         * As {@link #SAME}, and without a step only a plain number or a count (a dimension whose
         * base units take no prefix: pages, tokens, tokens per page), which are counted in whole
         * units. A time, a number of bytes or of FLOPs has no whole unit an author means:
         * {@code round(14.76 ms)} in seconds would be 0 s. It needs its step: {@code round(x, 1 ms)}.
         */
        ROUNDING,
        /** One argument whose dimension has even exponents; the result has half of each. */
        SQUARE_ROOT,
        /** Plain numbers in, a plain number out: a quantity with a unit is divided by one first. */
        PLAIN
    }

    private final Signature signature;
    private final String verb;
    private final List<String> params;
    private final int minArgs;

    /**
     * @param verb    what it does to its arguments, for messages ("`min` cannot compare B with s")
     * @param params  the parameters' names; "..." last means any number more of the one before
     * @param minArgs how many must be given; the rest are optional
     */
    Builtin(Signature signature, String verb, List<String> params, int minArgs) {
        this.signature = signature;
        this.verb = verb;
        this.params = params;
        this.minArgs = minArgs;
    }

    public String functionName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public Signature signature() {
        return signature;
    }

    /** For messages, as {@link dev.chain.ast.BinaryOp#verb()}: "`min` cannot compare B with s". */
    public String verb() {
        return verb;
    }

    public int minArgs() {
        return minArgs;
    }

    public int maxArgs() {
        return params.get(params.size() - 1).equals("...") ? Integer.MAX_VALUE : params.size();
    }

    /** What it does, in a phrase: "rounds down; with a step (which a time, a size or a rate needs), down to a multiple of it". */
    public String help() {
        // A switch rather than a field, so that code that never asks (the explorable page's script,
        // which TeaVM compiles from what is called) carries none of these phrases.
        return switch (this) {
            case FLOOR -> "rounds down; with a step (which a time, a size or a rate needs), down to a multiple of it";
            case CEIL -> "rounds up; with a step (which a time, a size or a rate needs), up to a multiple of it";
            case ROUND -> "rounds half away from zero; with a step (which a time, a size or a rate needs), to a multiple of it";
            case MIN -> "the smallest of two or more values of one dimension";
            case MAX -> "the largest of two or more values of one dimension";
            case ABS -> "the magnitude of x";
            case SQRT -> "the square root; every exponent of x's dimension must be even";
            case LN -> "the natural logarithm of a positive number";
            case LOG2 -> "the base-2 logarithm of a positive number: log2(1,024) is 10";
            case LOG10 -> "the base-10 logarithm of a positive number: log10(1,000) is 3";
            case LOG -> "the logarithm of a positive number to a positive base other than 1";
            case EXP -> "e to the power x";
        };
    }

    /**
     * How it is called, with the dimensions of its parameters and result:
     * {@code floor(x: D[, step: D]) -> D}, {@code sqrt(x: D^2) -> D}, {@code log(x: 1, base: 1) -> 1}.
     */
    public String usage() {
        String type = switch (signature) {
            case SAME, ROUNDING -> "D";
            case SQUARE_ROOT -> "D^2";
            case PLAIN -> "1";
        };
        String result = signature == Signature.PLAIN ? "1" : "D";
        StringBuilder sb = new StringBuilder(functionName()).append('(');
        for (int i = 0; i < params.size(); i++) {
            String p = params.get(i);
            boolean optional = i >= minArgs && !p.equals("...");
            sb.append(optional ? "[, " : i > 0 ? ", " : "");
            sb.append(p.equals("...") ? "..." : p + ": " + type);
            if (optional) {
                sb.append(']');
            }
        }
        return sb.append(") -> ").append(result).toString();
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
