package dev.chain.web;

import dev.chain.ast.BinaryOp;
import dev.chain.check.Builtin;
import dev.chain.eval.Builtins;
import dev.chain.eval.Node;
import dev.chain.eval.Powers;

/**
 * The page's evaluator: reads the expressions {@link CodeWriter} wrote into the same closures over
 * doubles in base units that {@code eval.Compiler} makes, with the operators' own arithmetic
 * ({@link BinaryOp#apply}) and the built-ins' own implementations ({@link Builtins}). A value with
 * no meaning (a division by zero, an underflow, no real power) throws {@link NoValue}, which the
 * page shows beside the input instead of a number.
 */
final class Code {
    /** Why these inputs give no value; shown to the reader in place of NaN. */
    static final class NoValue extends RuntimeException {
        NoValue(String message) {
            super(message);
        }
    }

    /** The functions a program calls, by the index the writer gave them; filled before the program runs. */
    private final Node[] functions;

    Code(int functions) {
        this.functions = new Node[functions];
    }

    void define(int index, Node body) {
        functions[index] = body;
    }

    Node read(Tokens t) {
        String kind = t.text();
        switch (kind) {
            case "c": {
                double v = t.number();
                return (s, f) -> v;
            }
            case "s": {
                int slot = t.integer();
                return (s, f) -> s[slot];
            }
            case "p": {
                int index = t.integer();
                return (s, f) -> f[index];
            }
            case "n": {
                Node x = read(t);
                return (s, f) -> -x.run(s, f);
            }
            case "b": {
                BinaryOp op = BinaryOp.values()[t.integer()];
                Node l = read(t);
                Node r = read(t);
                return (s, f) -> {
                    double x = l.run(s, f);
                    double y = r.run(s, f);
                    if (op.undefinedFor(y)) {
                        throw new NoValue("division by zero");
                    }
                    double v = op.apply(x, y);
                    if (v == 0 && op.underflowed(x, y, v)) {
                        throw new NoValue("a value too small for a double");
                    }
                    return v;
                };
            }
            case "^": {
                Node base = read(t);
                Node exponent = read(t);
                return (s, f) -> {
                    double b = base.run(s, f);
                    double x = exponent.run(s, f);
                    double v = Math.pow(b, x);
                    if (Powers.noRealValue(v)) {
                        throw new NoValue("a power with no real value");
                    }
                    if (Powers.underflowed(b, x, v)) {
                        throw new NoValue("a value too small for a double");
                    }
                    return v;
                };
            }
            case "f": {
                Builtin builtin = Builtin.values()[t.integer()];
                return Builtins.node(builtin, args(t));
            }
            case "u": {
                int index = t.integer();
                Node[] args = args(t);
                return (s, f) -> {
                    double[] frame = new double[args.length];
                    for (int i = 0; i < args.length; i++) {
                        frame[i] = args[i].run(s, f);
                    }
                    return functions[index].run(s, frame);
                };
            }
            default:
                throw new IllegalArgumentException("the page model has an unknown expression: " + kind);
        }
    }

    private Node[] args(Tokens t) {
        Node[] args = new Node[t.integer()];
        for (int i = 0; i < args.length; i++) {
            args[i] = read(t);
        }
        return args;
    }
}
