package dev.chain.cli;

import java.nio.file.Path;
import picocli.CommandLine;

/**
 * A path on the command line. An empty one ({@code chain check "$DIR"} with DIR unset) is a
 * mistake: {@code Path.of("")} is the current folder, which {@code check} would check and
 * {@code -o} write into.
 */
final class PathConverter implements CommandLine.ITypeConverter<Path> {
    @Override
    public Path convert(String value) {
        if (value.isEmpty()) {
            throw new CommandLine.TypeConversionException("an empty path names no file; write . for the current folder");
        }
        return Path.of(value);
    }
}
