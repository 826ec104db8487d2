package dev.chain.eval;

/**
 * A user function compiled once; calling it evaluates its body with the arguments as its frame.
 * A module's function, seen from another program, is bound to the module's values
 * ({@link #boundTo}): its body reads those, whoever calls it.
 */
public final class CompiledFunction {
    private final String name;
    private final int arity;
    private final double[] ownerSlots;
    private Node body;

    public CompiledFunction(String name, int arity, Node body, double[] ownerSlots) {
        this.name = name;
        this.arity = arity;
        this.body = body;
        this.ownerSlots = ownerSlots;
    }

    /** Made before its body, so that a call may be compiled before the function it calls. */
    public void setBody(Node body) {
        this.body = body;
    }

    public String name() {
        return name;
    }

    public int arity() {
        return arity;
    }

    public Node body() {
        return body;
    }

    /** The values its body reads (a module's), or null: the caller's. */
    public double[] ownerSlots() {
        return ownerSlots;
    }

    /**
     * Evaluates the body. Arithmetic on doubles always ends, and only calls can make an
     * evaluation long ({@code f(v) = g(v) + g(v)} doubles it at each level), and each passes
     * through here: so here a cancelled evaluation stops, with "evaluation cancelled"
     * ({@link Cancellation}, the REPL's Ctrl-C). The test is one read of a volatile field.
     */
    public double call(double[] slots, double[] args) {
        if (Cancellation.requested()) {
            throw new Fault(Fault.Kind.CANCELLED, null);
        }
        return body.run(ownerSlots != null ? ownerSlots : slots, args);
    }

    /** This function as seen from another program: its body reads {@code ownerSlots}, the values of the program that defines it. */
    public CompiledFunction boundTo(double[] ownerSlots) {
        return new CompiledFunction(name, arity, body, ownerSlots);
    }
}
