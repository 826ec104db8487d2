package dev.chain.source;

/**
 * Where a parser gets the ids of the syntax nodes it makes: the source itself
 * ({@link SourceFile#newNodeId()}), or a parser reading one part of a large file on its own
 * thread, which counts from the first id of its own range.
 */
public interface NodeIds {
    int newNodeId();
}
