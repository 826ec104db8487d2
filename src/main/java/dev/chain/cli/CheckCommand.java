package dev.chain.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.chain.check.CheckedCard;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.render.Json;
import dev.chain.session.CardRun;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "check", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Parse, type-check and evaluate chains and run every check; check cards (.card) and the chains they include.",
                "Exits 0 only if every file is free of errors and every check holds."})
final class CheckCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = ".chain files, or folders searched for them")
    List<Path> paths;

    @Option(names = "--json", description = "Print one result per file as JSON: file, ok, checks, errors.")
    boolean json;

    @Mixin
    ObserveOption observed = new ObserveOption();

    @Option(names = {"-q", "--quiet"}, description = "Print nothing when everything holds.")
    boolean quiet;

    @Override
    public Integer call() {
        Terminal terminal = common.terminal();
        List<Path> files;
        try {
            files = new ArrayList<>(ChainFiles.expand(paths));
            for (Path path : paths) {
                if (Files.isDirectory(path)) {
                    files.addAll(ChainFiles.find(path, ".card"));
                }
            }
        } catch (ChainFiles.BadPath e) {
            terminal.diagnostics(List.of(e.diagnostic()));
            return ExitCodes.INPUT;
        }
        Set<Path> seen = new HashSet<>();
        for (Path f : files) {
            seen.add(f.toAbsolutePath().normalize());
        }
        Tally tally = new Tally(new Engine(), terminal, json ? new JsonArray() : null, observed.observe, files.size() > 1);
        try (ParseAhead ahead = ParseAhead.forRun(files.size())) {
            for (Path f : files) {
                ahead.add(f);
            }
            for (int i = 0; i < files.size(); i++) {
                Path path = files.get(i);
                if (path.toString().endsWith(".card")) {
                    // A card is checked for its own statements and its includes, which are then checked as chains.
                    for (Path chain : tally.card(path, ahead)) {
                        if (seen.add(chain.toAbsolutePath().normalize())) {
                            files.add(chain);
                            ahead.add(chain);
                        }
                    }
                } else {
                    tally.chain(path, ahead);
                }
            }
        }
        if (tally.usage) {
            return ExitCodes.USAGE;
        }
        // With several chains an --observe is for those that have its input, but some chain must.
        for (String option : observed.observe) {
            String name = option.contains("=") ? option.substring(0, option.indexOf('=')).trim() : option.trim();
            if (!tally.inputs.contains(name)) {
                terminal.problem("--observe " + name + ": none of the chains has an input named `" + name + "`");
                return ExitCodes.USAGE;
            }
        }
        if (json) {
            terminal.out().print(Json.write(tally.results));
        } else if (!quiet || tally.failedFiles > 0) {
            String summary = tally.failedFiles == 0
                    ? "ok: " + count(files.size(), "file") + ", " + count(tally.checks, "check") + (tally.checks == 1 ? " holds" : " hold")
                    : "failed: " + tally.failedFiles + " of " + count(files.size(), "file") + " with errors or failed checks";
            terminal.out().println(summary);
        }
        terminal.out().flush();
        return tally.failedFiles == 0 ? ExitCodes.OK : ExitCodes.INPUT;
    }

    /** What checking the files found so far: failures, checks that held, and the JSON results. */
    private static final class Tally {
        private final Engine engine;
        private final Terminal terminal;
        /** Null unless --json. */
        private final JsonArray results;
        /** --observe's options, and whether each applies only to the chains that have its input. */
        private final List<String> observe;
        private final boolean several;
        int failedFiles;
        int checks;
        /** Set when an --observe option is malformed or names no input: exit 2. */
        boolean usage;
        /** The inputs of the chains checked, which an --observe must name one of. */
        final Set<String> inputs = new HashSet<>();

        Tally(Engine engine, Terminal terminal, JsonArray results, List<String> observe, boolean several) {
            this.engine = engine;
            this.terminal = terminal;
            this.results = results;
            this.observe = observe;
            this.several = several;
        }

        /** Checks a card's own statements and reports them; returns the chains it includes that exist. */
        List<Path> card(Path path, ParseAhead ahead) {
            List<Diagnostic> problems = new ArrayList<>();
            List<Path> chains = CheckCommand.card(path, ahead, problems);
            if (Diagnostics.anyError(problems)) {
                failedFiles++;
            }
            if (results != null) {
                result(path, !Diagnostics.anyError(problems), new JsonArray(), problems);
            }
            terminal.diagnostics(problems);
            return chains;
        }

        /** Checks one chain file and reports it. */
        void chain(Path path, ParseAhead ahead) {
            ChainRun run;
            try {
                run = ChainRun.execute(engine, ahead.take(path), List.of(), observe, several && !observe.isEmpty());
            } catch (ChainFiles.BadPath e) {
                terminal.diagnostics(List.of(e.diagnostic()));
                failedFiles++;
                if (results != null) {
                    result(path, false, new JsonArray(), List.of(e.diagnostic()));
                }
                return;
            }
            if (run.status() != ChainRun.Status.OK) {
                failedFiles++;
            }
            usage |= run.status() == ChainRun.Status.BAD_OVERRIDE;
            if (run.chain() != null) {
                for (String option : observe) {
                    String name = option.contains("=") ? option.substring(0, option.indexOf('=')).trim() : option.trim();
                    if (run.chain().hasInput(name)) {
                        inputs.add(name);
                    }
                }
            }
            if (run.evaluation() != null) {
                checks += run.evaluation().checks().size();
                for (dev.chain.check.FigureSpec figure : run.chain().program().figures()) {
                    checks += figure.held().size();
                }
            }
            if (results != null) {
                result(path, run.status() == ChainRun.Status.OK, run.evaluation() == null ? new JsonArray()
                        : Json.checks(run.evaluation().checks(), run.chain().program(), run.values()), run.diagnostics());
            }
            terminal.diagnostics(run.diagnostics());
        }

        /** One file's entry in the --json array. */
        private void result(Path path, boolean ok, JsonArray checks, List<Diagnostic> errors) {
            JsonObject o = new JsonObject();
            o.addProperty("file", path.toString());
            o.addProperty("ok", ok);
            o.add("checks", checks);
            o.add("errors", Json.diagnostics(errors));
            results.add(o);
        }
    }

    /** Checks a card file; returns the chains it includes that exist. */
    private static List<Path> card(Path path, ParseAhead ahead, List<Diagnostic> problems) {
        Diagnostics diagnostics = new Diagnostics();
        List<Path> chains = new ArrayList<>();
        try {
            CheckedCard card = CardRun.load(ahead.take(path), diagnostics);
            if (!diagnostics.hasErrors()) {
                Path shown = path.getParent() == null ? Path.of("") : path.getParent();
                for (String include : CardRun.checkIncludes(card, path.toAbsolutePath().getParent(), diagnostics)) {
                    chains.add(shown.resolve(include).normalize());
                }
            }
        } catch (ChainFiles.BadPath e) {
            problems.add(Diagnostic.error(null, e.getMessage()));
            return List.of();
        }
        problems.addAll(diagnostics.all());
        return chains;
    }

    static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
