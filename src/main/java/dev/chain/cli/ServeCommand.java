package dev.chain.cli;

import dev.chain.serve.Server;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.net.BindException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Preview the explorable pages of PATH in a browser while you edit: a server on 127.0.0.1 that renders "
                + "them as render --interactive does and again on every save of a .chain, .card or other file under PATH; "
                + "each open page reloads within a second, keeping the reader's inputs and scroll. A save with errors shows "
                + "them on the page, as here, until they are fixed. / links every page.",
                "Runs until Ctrl-C. Exits 1 if PATH is missing or the port is in use."})
final class ServeCommand implements Callable<Integer> {
    /** The port chain serve listens on unless told. */
    static final int DEFAULT_PORT = 8090;

    @Mixin
    CommonOptions common;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1", paramLabel = "PATH", description = "a .card or .chain file, or a folder searched for them")
    Path path;

    @Option(names = "--port", paramLabel = "N", description = "The port on 127.0.0.1, or 0 for any free one. Default " + DEFAULT_PORT + ".")
    int port = DEFAULT_PORT;

    @Option(names = "--open", description = "Open the index in the system's browser once the pages are rendered.")
    boolean open;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Terminal terminal = common.terminal();
        if (port < 0 || port > 65535) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--port " + port + ": a port is 0 to 65535");
        }
        boolean folder;
        try {
            folder = ChainFiles.isFolder(path);
        } catch (ChainFiles.BadPath e) {
            terminal.diagnostics(List.of(e.diagnostic()));
            return ExitCodes.INPUT;
        }
        Server server;
        try {
            server = Server.start(port, () -> render(terminal), folder ? path : null, path.toString());
        } catch (BindException e) {
            terminal.problem("error: port " + port + " on 127.0.0.1 is in use; give another with --port N (0 for any free one)");
            return ExitCodes.INPUT;
        }
        Path parent = path.toAbsolutePath().getParent();
        // A file's local modules and observed files are beside it; a folder's anywhere under it.
        server.watch(List.of(folder ? path : parent), folder);
        terminal.out().println("chain serve: " + server.url() + " shows " + path + "; Ctrl-C stops it");
        terminal.out().flush();
        if (open) {
            openBrowser(server.url(), terminal);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.close();
            } catch (IOException e) {
                // stopping anyway
            }
            stopped.countDown();
        }, "chain-serve-stop"));
        stopped.await();
        return ExitCodes.OK;
    }

    /**
     * One render, as render --interactive -o would make it but kept in memory; its diagnostics go
     * to the terminal and, when it failed, to the pages.
     */
    private Server.Outcome render(Terminal terminal) {
        long start = System.nanoTime();
        StringWriter diagnostics = new StringWriter();
        RenderCommand.Made made = new RenderCommand.Made();
        Integer failed;
        try {
            failed = RenderCommand.explorable(path, Path.of("")).make(
                    new Terminal(new PrintWriter(Writer.nullWriter()), new PrintWriter(diagnostics), false), made);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            diagnostics.write("chain: " + InternalErrorHandler.describe(e) + "\n");
            failed = ExitCodes.INPUT;
        }
        String said = diagnostics.toString();
        if (!said.isEmpty()) {
            terminal.note(said.stripTrailing());
        }
        if (failed != null) {
            terminal.note("chain serve: " + path + " has errors; the pages show them until a save fixes them");
            return new Server.Outcome(false, Map.of(), List.of(), said);
        }
        Map<String, String> files = new LinkedHashMap<>();
        made.files.forEach((file, text) -> files.put(site(file), text));
        List<Server.Page> pages = new ArrayList<>();
        for (RenderCommand.MadePage page : made.pages) {
            pages.add(new Server.Page(site(page.markdown()), site(page.html()), page.title()));
        }
        terminal.note("chain serve: rendered " + pages.size() + (pages.size() == 1 ? " page" : " pages") + " in "
                + (System.nanoTime() - start) / 1_000_000 + " ms");
        return new Server.Outcome(true, files, pages, null);
    }

    /**
     * The launcher's training run (Training): a server on any free port renders {@code folder},
     * watches it, answers {@code /}, {@code page} and the live script once, and stops, so that the
     * class-data-sharing archive holds the server's classes (the JDK's HTTP server, the watcher)
     * and a first page is served sooner. Mapping them costs the other commands nothing: they load
     * none of them (StartupClassesTest).
     */
    static void train(Path folder, String page) throws IOException {
        ServeCommand serve = new ServeCommand();
        serve.path = folder;
        Terminal quiet = new Terminal(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()), false);
        try (Server server = Server.start(0, () -> serve.render(quiet), folder, folder.toString())) {
            server.watch(List.of(folder), true);
            int port = java.net.URI.create(server.url()).getPort();
            for (String wanted : List.of("/", "/" + page, "/_chain/live.js")) {
                try (java.net.Socket socket = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), port)) {
                    socket.getOutputStream().write(("GET " + wanted + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                            .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    socket.getInputStream().readAllBytes();
                }
            }
        }
    }

    /** A file's path in the site: its path under -o, with / between its parts. */
    private static String site(Path file) {
        List<String> parts = new ArrayList<>();
        file.forEach(part -> parts.add(part.toString()));
        return String.join("/", parts);
    }

    private static void openBrowser(String url, Terminal terminal) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        List<String> command = os.contains("mac") ? List.of("open", url)
                : os.contains("win") ? List.of("rundll32", "url.dll,FileProtocolHandler", url)
                : List.of("xdg-open", url);
        try {
            new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            terminal.note("note: no browser opened (" + command.get(0) + ": " + RenderCommand.readable(e) + "); open " + url);
        }
    }
}
