package dev.chain.drill;

import java.util.List;

/**
 * One change to the derivation that gives the learner's number: what kind of slip it is, the
 * names of the bindings, constants and units it involves, and what the drill says of it.
 *
 * @param kind  {@code factor}, {@code prefix}, {@code binary-prefix}, {@code bits-bytes},
 *              {@code swap}, {@code dimension}, {@code declared} or {@code carried}
 */
public record Cause(String kind, List<String> names, String words) {
    public Cause {
        names = List.copyOf(names);
    }
}
