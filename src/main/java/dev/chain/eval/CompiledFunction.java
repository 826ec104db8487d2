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

    /**
     * This function as seen from another program: its body reads the bindings of the program that
     * defines it (a module's constants), whatever the caller's own slots are.
     */
    public CompiledFunction boundTo(double[] ownerSlots) {
        CompiledFunction bound = new CompiledFunction(name, arity);
        bound.setBody((callerSlots, args) -> body.run(ownerSlots, args));
        return bound;
    }
}
