package dev.chain.session;

import java.nio.file.Path;

/**
 * The texts of local modules as an editor has them open, which may differ from the files on disk
 * (an edit not yet saved). An engine made with {@link Engine#fork(ModuleTexts)} reads a local
 * module from here first.
 */
@FunctionalInterface
public interface ModuleTexts {
    /** The text of the file at {@code path} (absolute and normalized), or null if it is not open. */
    String text(Path path);
}
