package dev.chain.eval;

/** A user function compiled once; calling it evaluates its body with the arguments as its frame. */
public final class CompiledFunction {
    private final String name;
    private final int arity;
    private Node body;

    CompiledFunction(String name, int arity) {
        this.name = name;
        this.arity = arity;
    }

    void setBody(Node body) {
        this.body = body;
    }

    public String name() {
        return name;
    }

    public int arity() {
        return arity;
    }

    public double call(double[] slots, double[] args) {
        return body.run(slots, args);
    }
}
