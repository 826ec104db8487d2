package dev.chain.session;

import dev.chain.source.SourceFile;
import java.io.IOException;

/** Reads the chains a card includes, by the path written in the card; the front end does the I/O. */
@FunctionalInterface
public interface ChainReader {
    SourceFile read(String path) throws IOException;
}
