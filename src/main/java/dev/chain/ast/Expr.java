package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/**
 * An arithmetic expression. Every node carries the span of the text it was parsed from, and an id
 * unique within its source ({@link dev.chain.source.SourceFile#newNodeId()}), by which the checker's
 * side tables index what they learn about it.
 */
public sealed interface Expr {
    Span span();

    int id();

    <R> R accept(Visitor<R> visitor);

    // What an expression is as written, asked of the one kind that answers otherwise, so that no
    // pass tests for kinds: the defaults are every other kind's answer, a new kind's too.

    /** The expression inside the parentheses written around this one: {@code x} in {@code ((x))}; this one if none are. */
    default Expr unparenthesized() {
        return this;
    }

    /** The expression after the minus signs written before this one: {@code 24 ms} in {@code -24 ms}; this one if none are. */
    default Expr withoutMinus() {
        return this;
    }

    /**
     * The number this expression is written as, alone or with a unit: {@code 4,096} in
     * {@code 4,096 token}; null when it is computed ({@code 2^10 B}, {@code (a + b) GB}, a name).
     */
    default NumberLit literal() {
        return null;
    }

    /** The unit written after this expression's magnitude: {@code TB/s} in {@code 3.35 TB/s}; null if none is. */
    default UnitRef writtenUnit() {
        return null;
    }

    /** This expression when it is a name alone ({@code gpu.hbm_bandwidth}); null otherwise. */
    default NameRef asName() {
        return null;
    }

    /**
     * A pass over expressions. Every pass implements all of it, so a new kind of expression does
     * not compile until each pass says what it does with it (docs/architecture.md).
     */
    interface Visitor<R> {
        R visitNumber(NumberLit number);

        R visitQuantity(Quantity quantity);

        R visitName(NameRef name);

        R visitNegate(Negate negate);

        R visitBinary(Binary binary);

        R visitPower(Power power);

        R visitCall(Call call);

        R visitParen(Paren paren);

        R visitConvert(Convert convert);
    }

    /** A number as written: {@code 3,000}, {@code 8.03e9}. The span's text is the written form. */
    record NumberLit(double value, Span span, int id) implements Expr {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitNumber(this);
        }

        @Override
        public NumberLit literal() {
            return this;
        }

        /** The significant digits it is written with: 5 in {@code 180.86} and {@code 221.25}, 2 in {@code 0.92}. */
        public int writtenDigits() {
            String written = span.text();
            int digits = 0;
            for (int i = 0; i < written.length(); i++) {
                char c = written.charAt(i);
                if (c == 'e' || c == 'E') {
                    break;
                }
                if (c >= '1' && c <= '9' || c == '0' && digits > 0) { // leading zeros are not significant
                    digits++;
                }
            }
            return Math.min(17, Math.max(1, digits));
        }
    }

    /** A magnitude with the unit written after it: {@code 3.35 TB/s}, {@code 2^10 B}, {@code (a + b) GB}. */
    record Quantity(Expr magnitude, UnitRef unit, Span span, int id) implements Expr {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitQuantity(this);
        }

        @Override
        public NumberLit literal() {
            return magnitude.literal();
        }

        @Override
        public UnitRef writtenUnit() {
            return unit;
        }
    }

    /** A name, possibly qualified by a module alias: {@code batch}, {@code gpu.hbm_bandwidth}. */
    record NameRef(QualifiedName name, Span span, int id) implements Expr {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitName(this);
        }

        @Override
        public NameRef asName() {
            return this;
        }
    }

    record Negate(Expr operand, Span span, int id) implements Expr {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitNegate(this);
        }

        @Override
        public Expr withoutMinus() {
            return operand.withoutMinus();
        }
    }

    record Binary(BinaryOp op, Expr left, Expr right, Span span, int id) implements Expr {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitBinary(this);
        }
    }

    record Power(Expr base, Expr exponent, Span span, int id) implements Expr {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitPower(this);
        }
    }

    record Call(NameRef callee, List<Expr> args, Span span, int id) implements Expr {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitCall(this);
        }

        public Call {
            args = List.copyOf(args);
        }
    }

    /** Parentheses the author wrote, kept so that a formula prints back as written. */
    record Paren(Expr inner, Span span, int id) implements Expr {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitParen(this);
        }

        @Override
        public Expr unparenthesized() {
            return inner.unparenthesized();
        }
    }

    /** A conversion inside parentheses, {@code (x -> ms)}: checks the dimension, changes no value. */
    record Convert(Expr value, UnitRef target, Span span, int id) implements Expr {
        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.visitConvert(this);
        }
    }
}
