package dev.chain.ast;

import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code @source("NVIDIA H100 datasheet")}, {@code @prefixes(si_large, iec)} or
 * {@code @mistake("BF16 is 2 bytes a param", model.params * 1 B/param)} before a declaration:
 * each argument as written (a text's value), and, for an argument that is an expression, the
 * expression ({@code values}, null for a text), which the checker types where the annotation
 * takes one ({@code @tolerance}, {@code @mistake}).
 */
public record Annotation(String name, List<String> args, List<Expr> values, Span span) {
    public Annotation {
        args = List.copyOf(args);
        values = Collections.unmodifiableList(new ArrayList<>(values)); // a text's entry is null
    }

    /** The arguments, joined by commas: nearly always the one of a {@code @source}, as it is. */
    public String joinedArgs() {
        // String.join would make a StringJoiner for every binding with a source, in a cold start.
        return args.size() == 1 ? args.get(0) : String.join(", ", args);
    }
}
