package dev.chain.lsp;

import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import org.eclipse.lsp4j.Location;

/**
 * Where a span is, as the editor names places: an open document by the URI the editor gave it, a
 * local module by its file, a stdlib module by its read-only copy in the cache ({@link StdlibCache}).
 */
final class Locations {
    /** Open documents by the name of their source. */
    private final Function<String, String> openUris;
    private final Map<String, String> environment;
    private StdlibCache stdlib;
    private boolean stdlibTried;

    Locations(Function<String, String> openUris, Map<String, String> environment) {
        this.openUris = openUris;
        this.environment = environment;
    }

    /** The URI of the file a source is, or null if it is no file (an expression, a stdlib module with no copy). */
    String uri(SourceFile file) {
        String open = openUris.apply(file.name());
        if (open != null) {
            return open;
        }
        if (file.path() != null) {
            return file.path().toAbsolutePath().toUri().toString();
        }
        Path copy = stdlib() == null ? null : stdlib().file(file.name());
        return copy == null ? null : copy.toUri().toString();
    }

    Location location(Span span) {
        String uri = span == null ? null : uri(span.file());
        return uri == null ? null : new Location(uri, Positions.range(span));
    }

    /** The stdlib module a file is a copy of ({@code stdlib/h100_sxm.chain}), or null. */
    String stdlibSource(Path file) {
        return file == null || stdlib() == null ? null : stdlib().sourceName(file.toAbsolutePath().normalize());
    }

    /** The stdlib's copies, written the first time they are asked for. */
    StdlibCache stdlib() {
        if (!stdlibTried) {
            stdlibTried = true;
            stdlib = StdlibCache.open(environment);
        }
        return stdlib;
    }
}
