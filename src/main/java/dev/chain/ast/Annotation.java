package dev.chain.ast;

import dev.chain.source.Span;
import java.util.List;

/** {@code @source("NVIDIA H100 datasheet")} or {@code @prefixes(si_large, iec)} before a declaration. */
public record Annotation(String name, List<String> args, Span span) {
    public Annotation {
        args = List.copyOf(args);
    }
}
