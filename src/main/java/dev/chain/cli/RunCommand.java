package dev.chain.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import dev.chain.render.Json;
import dev.chain.render.RunReport;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Evaluate chains and print each step: name = formula = formula with values = value.",
                "Exits 1 if a file has errors or a check fails."})
final class RunCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = ".chain files, or folders searched for them")
    List<Path> paths;

    @Option(names = "--set", paramLabel = "NAME=VALUE",
            description = "Override an input, e.g. --set batch=32 or --set context='8,192 token', or make it a range: --set mfu='40%% .. 60%%'. Repeatable.")
    List<String> sets = new ArrayList<>();

    @Mixin
    ObserveOption observed = new ObserveOption();

    @Option(names = "--json", description = "Print title, drills, bindings and checks as JSON (an array for several files).")
    boolean json;

    @Override
    public Integer call() {
        Terminal terminal = common.terminal();
        List<Path> files;
        try {
            files = ChainFiles.expand(paths);
        } catch (ChainFiles.BadPath e) {
            terminal.diagnostics(List.of(e.diagnostic()));
            return ExitCodes.INPUT;
        }
        Engine engine = new Engine();
        List<ChainRun> runs = new ArrayList<>();
        boolean several = files.size() > 1;
        for (Path path : files) {
            if (path.toString().endsWith(".card")) {
                terminal.problem(path + " is a card: render it with chain render, or run the chains it includes");
                return ExitCodes.INPUT;
            }
            try {
                runs.add(ChainRun.execute(engine, dev.chain.session.Parsed.of(ChainFiles.read(path)), sets,
                        observed.observe, several));
            } catch (ChainFiles.BadPath e) {
                terminal.diagnostics(List.of(e.diagnostic()));
                return ExitCodes.INPUT;
            }
        }
        // A file found in a folder that a chain of it uses as a local module
        // (examples/local-module/fleet.chain) is a module, not a chain: its values show in the chain
        // that uses it. Known only once every file has been loaded. A file named is run as asked.
        runs.removeIf(run -> run.source().path() != null && !paths.contains(run.source().path())
                && engine.usedAsModule(run.source().path()));
        Integer usage = OverrideCheck.unmatched(sets, runs, terminal);
        usage = usage != null ? usage : OverrideCheck.unmatched("--observe", observed.observe, runs, terminal);
        if (usage != null) {
            return usage;
        }
        int exit = ExitCodes.OK;
        JsonArray array = new JsonArray();
        StringBuilder text = new StringBuilder();
        for (ChainRun run : runs) {
            boolean whatIf = WhatIf.madeToFail(engine, run, sets, observed.observe);
            terminal.diagnostics(whatIf ? WhatIf.asWarnings(run.diagnostics(), sets) : run.diagnostics());
            if (run.status() == ChainRun.Status.BAD_OVERRIDE) {
                return ExitCodes.USAGE;
            }
            if (run.status() != ChainRun.Status.OK && !whatIf) {
                exit = ExitCodes.INPUT;
            }
            if (run.evaluation() == null) {
                continue;
            }
            if (json) {
                array.add(Json.run(run.source().name(), run.chain().program(), run.evaluation(), run.values()));
            } else {
                if (text.length() > 0) {
                    text.append('\n');
                }
                RunReport report = new RunReport(run.chain().program(), run.evaluation(), run.values());
                text.append(report.render()).append(report.solves(run.figures())).append(report.runs(run.figures()));
            }
        }
        if (json) {
            JsonElement out = several ? array : array.size() == 1 ? array.get(0) : array;
            terminal.out().print(Json.write(out));
        } else {
            terminal.out().print(text);
        }
        terminal.out().flush();
        return exit;
    }
}
