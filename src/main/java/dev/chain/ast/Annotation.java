package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/** {@code @source("NVIDIA H100 datasheet")} or {@code @prefixes(si_large, iec)} before a declaration. */
public record Annotation(String name, List<String> args, Span span) {
    public Annotation {
        args = List.copyOf(args);
    }

    /** The arguments, joined by commas: nearly always the one of a {@code @source}, as it is. */
    public String joinedArgs() {
        // String.join would make a StringJoiner for every binding with a source, in a cold start.
        return args.size() == 1 ? args.get(0) : String.join(", ", args);
    }
}
