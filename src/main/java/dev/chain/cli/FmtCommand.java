package dev.chain.cli;

import dev.chain.diag.Diagnostic;
import dev.chain.diag.Printable;
import dev.chain.format.Formatter;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "fmt", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Lay out .chain and .card files in the one canonical layout, in place (only white space changes).",
                "A folder is searched for .chain and .card files; `-` reads standard input and writes standard output.",
                "Exits 1 if a file has syntax errors (it is left as it is), or with --check if a file is not formatted."})
final class FmtCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = ".chain or .card files, folders searched for them, or - for standard input")
    List<Path> paths;

    @Option(names = "--check", description = "Write nothing: name each file that is not formatted, and exit 1 if any is not.")
    boolean check;

    @Override
    public Integer call() throws IOException {
        Terminal terminal = common.terminal();
        if (paths.size() == 1 && paths.get(0).toString().equals("-")) {
            return standardInput(terminal);
        }
        List<Path> files = new ArrayList<>();
        try {
            for (Path path : paths) {
                files.addAll(ChainFiles.expand(List.of(path)));
                if (Files.isDirectory(path)) {
                    files.addAll(ChainFiles.find(path, ".card"));
                }
            }
        } catch (ChainFiles.BadPath e) {
            terminal.diagnostics(List.of(e.diagnostic()));
            return ExitCodes.INPUT;
        }
        int broken = 0;
        List<Path> unformatted = new ArrayList<>();
        for (Path path : files) {
            SourceFile source;
            try {
                source = ChainFiles.read(path);
            } catch (ChainFiles.BadPath e) {
                terminal.diagnostics(List.of(e.diagnostic()));
                broken++;
                continue;
            }
            Formatter.Result result = Formatter.format(source);
            if (!result.ok()) {
                terminal.diagnostics(result.problems());
                broken++;
                continue;
            }
            if (result.text().equals(source.text())) {
                continue;
            }
            if (check) {
                unformatted.add(path);
                terminal.out().println(path);
                continue;
            }
            String refused = replace(path, source.text(), result.text());
            if (refused != null) {
                terminal.out().flush();
                terminal.problem(refused);
                broken++;
                continue;
            }
            terminal.out().println("formatted " + path);
        }
        terminal.out().flush();
        if (!unformatted.isEmpty()) {
            terminal.note(CheckCommand.count(unformatted.size(), "file") + " of " + files.size()
                    + (unformatted.size() == 1 ? " is" : " are") + " not formatted: run chain fmt without --check to format "
                    + (unformatted.size() == 1 ? "it" : "them"));
        }
        return broken == 0 && unformatted.isEmpty() ? ExitCodes.OK : ExitCodes.INPUT;
    }

    /**
     * Puts the formatted text in the file's place, as gofmt -w and prettier --write do: through a
     * symbolic link into the file it names (the link stays a link), never into a file its owner
     * made read-only, and only if the file still holds the text that was formatted (an edit saved
     * meanwhile is not lost; it is checked just before the rename, so the window left is that of
     * one rename). Null when it was written; else why not.
     */
    private static String replace(Path path, String original, String formatted) {
        Path file;
        try {
            file = path.toRealPath();
        } catch (IOException e) {
            return "error: cannot write " + path + ": " + SiteWriter.whyNotWritten(path, e);
        }
        if (readOnly(file)) {
            return path + " is read-only: left as it is (make it writable to format it)";
        }
        try {
            boolean unchanged = SiteWriter.writeAtomically(file, formatted, () -> {
                try {
                    return ChainFiles.read(file).text().equals(original);
                } catch (ChainFiles.BadPath e) {
                    return false;
                }
            });
            return unchanged ? null : path + " changed while chain fmt ran: left as it is (run chain fmt again)";
        } catch (IOException e) {
            return "error: cannot write " + path + ": " + SiteWriter.whyNotWritten(path, e);
        }
    }

    /** Read-only to its owner: as root may write any file, the permission bits say it where there are some. */
    private static boolean readOnly(Path file) {
        try {
            if (Files.getFileStore(file).supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class)) {
                return !Files.getPosixFilePermissions(file).contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
            }
        } catch (IOException e) {
            // then as the file system says
        }
        return !Files.isWritable(file);
    }

    /** {@code chain fmt -}: an editor's way to format a buffer. */
    private int standardInput(Terminal terminal) throws IOException {
        String text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        SourceFile source = new SourceFile("<stdin>", text);
        Formatter.Result result = Formatter.format(source);
        if (!result.ok()) {
            terminal.diagnostics(result.problems());
            return ExitCodes.INPUT;
        }
        if (check) {
            return result.text().equals(text) ? ExitCodes.OK : ExitCodes.INPUT;
        }
        Diagnostic control = controlCharacter(result.text(), source);
        if (control != null) {
            terminal.diagnostics(List.of(control));
            return ExitCodes.INPUT;
        }
        terminal.out().print(result.text());
        terminal.out().flush();
        return ExitCodes.OK;
    }

    /**
     * The first control character the formatted text keeps (in a string or a comment: the line
     * endings are {@code \n} now), as an error at its place in the source: standard output shows it
     * as its escape (nothing chain prints may drive a terminal), six characters of another file.
     */
    private static Diagnostic controlCharacter(String formatted, SourceFile source) {
        for (int i = 0; i < formatted.length(); i++) {
            char c = formatted.charAt(i);
            if (Printable.isControl(c)) {
                String text = source.text();
                int at = text.indexOf(c);
                while (c == '\r' && at >= 0 && at + 1 < text.length() && text.charAt(at + 1) == '\n') {
                    at = text.indexOf(c, at + 1); // a CRLF line ending, which is gone
                }
                StringBuilder escaped = new StringBuilder();
                Printable.appendEscape(escaped, c);
                return Diagnostic.error(new Span(source, Math.max(at, 0), Math.max(at, 0) + 1), "a control character ("
                                + escaped + ") that chain fmt - cannot print as it is: standard output shows it as its escape,"
                                + " which would change the text")
                        .withHint("format the file in place instead (chain fmt FILE), or remove the character");
            }
        }
        return null;
    }
}
