package dev.chain.drill;

/** What a drill made of an answer. */
public enum Verdict {
    /** Within the step's tolerance of the right value. */
    RIGHT("right"),
    /** Of the right dimension, and not right. */
    WRONG("wrong"),
    /** A number alone where a unit is due: not graded until the unit is given. */
    NO_UNIT("no-unit"),
    /** Of another dimension than the step's. */
    WRONG_DIMENSION("wrong-dimension"),
    /** Not a quantity chain can read. */
    UNREAD("unread"),
    /** Not the chain's value, but right given the learner's own earlier answers. */
    CONSISTENT("consistent");

    private final String word;

    Verdict(String word) {
        this.word = word;
    }

    /** As {@code --json} writes it. */
    public String word() {
        return word;
    }

    /** Whether the drill counts it as done: right, or right given the learner's earlier answers. */
    public boolean passed() {
        return this == RIGHT || this == CONSISTENT;
    }
}
