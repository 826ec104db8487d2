package dev.chain.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.chain.render.Json;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Parse, type-check and evaluate chains and run every check.",
                "Exits 0 only if every file is free of errors and every check holds."})
final class CheckCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = ".chain files, or folders searched for them")
    List<Path> paths;

    @Option(names = "--json", description = "Print one result per file as JSON: file, ok, checks, errors.")
    boolean json;

    @Option(names = {"-q", "--quiet"}, description = "Print nothing when everything holds.")
    boolean quiet;

    @Override
    public Integer call() {
        Terminal terminal = common.terminal();
        List<Path> files;
        try {
            files = ChainFiles.expand(paths);
        } catch (ChainFiles.BadPath e) {
            terminal.problem(e.getMessage());
            return ExitCodes.INPUT;
        }
        Engine engine = new Engine();
        JsonArray results = new JsonArray();
        int failedFiles = 0;
        int checks = 0;
        for (Path path : files) {
            ChainRun run;
            try {
                run = ChainRun.execute(engine, ChainFiles.read(path), List.of());
            } catch (ChainFiles.BadPath e) {
                terminal.problem(e.getMessage());
                failedFiles++;
                continue;
            }
            if (run.status() != ChainRun.Status.OK) {
                failedFiles++;
            }
            if (run.evaluation() != null) {
                checks += run.evaluation().checks().size();
            }
            if (json) {
                JsonObject o = new JsonObject();
                o.addProperty("file", path.toString());
                o.addProperty("ok", run.status() == ChainRun.Status.OK);
                o.add("checks", run.evaluation() == null ? new JsonArray()
                        : Json.checks(run.evaluation().checks(), run.chain().program(), run));
                o.add("errors", Json.diagnostics(run.diagnostics()));
                results.add(o);
            }
            terminal.diagnostics(run.diagnostics());
        }
        if (json) {
            terminal.out().print(Json.write(results));
        } else if (!quiet || failedFiles > 0) {
            String summary = failedFiles == 0
                    ? "ok: " + count(files.size(), "file") + ", " + count(checks, "check") + " hold"
                    : "failed: " + failedFiles + " of " + count(files.size(), "file") + " with errors or failed checks";
            terminal.out().println(summary);
        }
        terminal.out().flush();
        return failedFiles == 0 ? ExitCodes.OK : ExitCodes.INPUT;
    }

    static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
