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

    /** A division by {@code a - b} where a and b are equal: a guard such as max() would hide that. */
    static ChainException zeroDifference(Span divisor, dev.chain.ast.Expr.Binary difference, String value) {
        String a = difference.left().span().text();
        String b = difference.right().span().text();
        Diagnostic d = Diagnostic.error(divisor, "division by zero: `" + divisor.text() + "` is zero");
        if (!written(difference.left()) || !written(difference.right())) { // a value written out needs no label
            d = d.withLabel(difference.left().span(), "is " + value).withLabel(difference.right().span(), "is " + value + " too");
        }
        return new ChainException(d
                .withNote("`" + a + "` and `" + b + "` are equal, so their difference is zero and the ratio has no value")
                .withHint("check the inputs that make them equal; if equal values are possible, derive something"
                        + " that stays finite, or say what the card means with a check"));
    }

    private static boolean written(dev.chain.ast.Expr e) {
        return e instanceof dev.chain.ast.Expr.NumberLit || e instanceof dev.chain.ast.Expr.Quantity;
    }

    static ChainException underflow(Span where) {
        return new ChainException(Diagnostic.error(where, "the result is too small to represent: it would be 0")
                .withNote("chain computes with 64-bit floating point, whose smallest value is about 4.9e-324;"
                        + " check the exponents of the inputs"));
    }

    static ChainException noRealPower(Span power) {
        return new ChainException(Diagnostic.error(power, "this power has no real value")
                .withNote("a negative number raised to a fractional power"));
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

    /** The evaluation was cancelled (Ctrl-C in the REPL): no place in the text is to blame. */
    static ChainException cancelled() {
        return new ChainException(Diagnostic.error(null, "evaluation cancelled")
                .withNote("nothing was changed: the session is as it was before this input"));
    }

    static ChainException tooLarge(Span value) {
        return new ChainException(Diagnostic.error(value, "the result is too large to represent (above 1.8e308)"));
    }
}
