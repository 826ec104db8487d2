package dev.chain.ast;

import java.util.List;

/** {@code batch} or {@code gpu.hbm_bandwidth}: a module alias and a name, or a local name. */
public record QualifiedName(List<String> parts) {
    public QualifiedName {
        parts = List.copyOf(parts);
    }

    public static QualifiedName of(String... parts) {
        return new QualifiedName(List.of(parts));
    }

    public boolean isQualified() {
        return parts.size() > 1;
    }

    public String last() {
        return parts.get(parts.size() - 1);
    }

    @Override
    public String toString() {
        // Most names are one part; String.join would make a StringJoiner for each, in a cold start.
        return parts.size() == 1 ? parts.get(0) : String.join(".", parts);
    }
}
