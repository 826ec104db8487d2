package dev.chain.lsp;

import dev.chain.ast.ChainFile;
import dev.chain.diag.Diagnostic;
import dev.chain.session.Analysis;
import dev.chain.source.SourceFile;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * A file the editor has open: its text as the editor has it (saved or not), and the last analysis
 * of that text. A chain's analysis is the engine's ({@link Analysis}); a card's, the diagnostics
 * {@code check} gives a card.
 */
final class Document {
    final String uri;
    /** The file, or null for an editor buffer that is not a file (untitled). */
    final Path path;
    final boolean card;
    int version;
    SourceFile source;
    /** The last analysis of a chain (null for a card, or before the first). */
    Analysis analysis;
    /** A card's statements as last analysed (null for a chain). */
    ChainFile cardFile;
    /** What the editor is shown for this text. */
    List<Diagnostic> diagnostics = List.of();
    /** The version the diagnostics and the analysis are of. */
    int analysed = Integer.MIN_VALUE;

    Document(String uri, int version, String text) {
        this.uri = uri;
        this.path = pathOf(uri);
        this.card = uri.endsWith(".card");
        this.version = version;
        setText(text);
    }

    void setText(String text) {
        source = path == null ? new SourceFile(uri, text) : new SourceFile(path, text);
    }

    String text() {
        return source.text();
    }

    /** The file a {@code file:} URI names (absolute, normalized), or null. */
    static Path pathOf(String uri) {
        try {
            URI u = URI.create(uri);
            return "file".equalsIgnoreCase(u.getScheme()) ? Path.of(u).toAbsolutePath().normalize() : null;
        } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException | SecurityException e) {
            return null;
        }
    }
}
