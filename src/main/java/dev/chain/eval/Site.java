package dev.chain.eval;

/**
 * Where in the text a compiled operation is, for the message of an error there: on the command
 * line a span of the source ({@link SourceSite}), whose diagnostic shows the line and a caret; in
 * the explorable page the text it was written as ({@link At}), which its message quotes.
 */
public interface Site {
    /** The source text of the operation: {@code weights + kv}. */
    String text();

    /** A site as the page knows it. */
    record At(String text) implements Site {}
}
