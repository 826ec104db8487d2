package dev.chain.eval;

import dev.chain.check.BindingInfo;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.source.Span;

/** The run-time errors of an evaluation, worded once for both evaluators. */
final class Faults {
    private Faults() {}

    static ChainException divisionByZero(Span divisor) {
        return new ChainException(Diagnostic.error(divisor, "division by zero: `" + divisor.text() + "` is zero")
                .withHint("a quantity that can be zero needs a guard, such as max(" + divisor.text() + ", ...)"));
    }

    static ChainException noRealPower(Span power) {
        return new ChainException(Diagnostic.error(power, "this power has no real value")
                .withNote("a negative number raised to a fractional power"));
    }

    static ChainException negativeSquareRoot(Span argument) {
        return new ChainException(Diagnostic.error(argument, "square root of a negative value"));
    }

    static ChainException tooLarge(BindingInfo b) {
        return new ChainException(Diagnostic.error(b.decl().value().span(),
                "the value of `" + b.name() + "` is too large to represent (above 1.8e308)"));
    }

    /** Infinity is an overflow; NaN comes from an overflow meeting a zero or another infinity. */
    static ChainException notFinite(Span span, String what, double v) {
        if (Double.isNaN(v)) {
            return new ChainException(Diagnostic.error(span, what + " is not a number (NaN)")
                    .withNote("an intermediate value overflowed (above 1.8e308) and met a zero or another overflow"));
        }
        return new ChainException(Diagnostic.error(span, what + " is too large to represent (above 1.8e308)")
                .withNote("chain computes with 64-bit floating point; check the exponents of the inputs"));
    }

    /** The thread was interrupted (Ctrl-C in the REPL): no place in the text is to blame. */
    static ChainException cancelled() {
        return new ChainException(Diagnostic.error(null, "evaluation cancelled")
                .withNote("nothing was changed: the session is as it was before this input"));
    }

    static ChainException tooLarge(Span value) {
        return new ChainException(Diagnostic.error(value, "the result is too large to represent (above 1.8e308)"));
    }
}
