package dev.chain.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Standard output that remembers why a write failed. A PrintWriter (or System.out) swallows the
 * IOException of a full disk or a closed pipe and keeps only a flag, so chain used to exit 0 with
 * nothing written; {@link Main} asks this for the reason and exits non-zero.
 */
final class StandardOutput extends FilterOutputStream {
    private volatile IOException failure;

    StandardOutput() {
        this(new FileOutputStream(FileDescriptor.out));
    }

    StandardOutput(OutputStream out) {
        super(out);
    }

    /** The first write that failed, or null. */
    IOException failure() {
        return failure;
    }

    /** A reader that stopped reading ({@code chain stdlib | head}), not a failure of the disk. */
    static boolean isClosedPipe(IOException e) {
        return e != null && e.getMessage() != null && e.getMessage().contains("Broken pipe");
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    private IOException failed(IOException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }
}
