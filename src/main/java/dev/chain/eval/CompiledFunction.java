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

    /**
     * Evaluates the body. Arithmetic on doubles always ends, and only calls can make an
     * evaluation long ({@code f(v) = g(v) + g(v)} doubles it at each level), and each passes
     * through here: so here a cancelled evaluation stops, with "evaluation cancelled"
     * ({@link Cancellation}, the REPL's Ctrl-C). The test is one read of a volatile field.
     */
    public double call(double[] slots, double[] args) {
        if (Cancellation.requested()) {
            throw Faults.cancelled();
        }
        return body.run(slots, args);
    }

    /**
     * This function as seen from another program: its body reads the bindings of the program that
     * defines it (a module's constants), whatever the caller's own slots are.
     */
    public CompiledFunction boundTo(double[] ownerSlots) {
        CompiledFunction bound = new CompiledFunction(name, arity);
        bound.setBody(new Nodes.Bound(body, ownerSlots));
        return bound;
    }
}
