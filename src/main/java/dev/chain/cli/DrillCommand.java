package dev.chain.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import dev.chain.check.BindingInfo;
import dev.chain.diag.Diagnostic;
import dev.chain.drill.Cause;
import dev.chain.drill.Grade;
import dev.chain.render.Json;
import dev.chain.session.ChainRun;
import dev.chain.session.DrillReview;
import dev.chain.session.DrillSession;
import dev.chain.session.Engine;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "drill", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Drill a chain: compute each derived value before the card shows it. Each answer is read in any "
                + "unit of its dimension, graded within 1%% (or the step's @tolerance), and a wrong one is explained "
                + "from the derivation: the factor, prefix, constant or earlier step that gives your number.",
                "On a terminal it asks step by step; piped, it reads one answer a line. --answers grades a file of "
                        + "`name = answer` lines. Exits 0 when every answer given is right (or consistent with your "
                        + "earlier ones), 1 when one is not or the chain has errors, 2 for a wrong command line."})
final class DrillCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "The chain to drill (with --review, only its steps).")
    Path file;

    @Option(names = "--step", paramLabel = "NAME", description = "Drill one derived value only.")
    String step;

    @Option(names = "--blind", description = "Hide the formula: only the card's line, the inputs and the values known.")
    boolean blind;

    @Option(names = "--vary", paramLabel = "SEED", description = "Vary the inputs (within their ranges, or by the rule of docs/drill.md); the same seed gives the same numbers.")
    Long seed;

    @Option(names = "--answers", paramLabel = "FILE", description = "Grade the answers of FILE, `name = answer` lines; steps without one are skipped.")
    Path answers;

    @Option(names = "--json", description = "With --answers: print {\"file\", \"steps\": [...]} (docs/drill.md).")
    boolean json;

    @Option(names = "--review", description = "Drill the steps you missed, most recently missed first (a Leitner schedule in $XDG_STATE_HOME/chain/drill-review).")
    boolean review;

    @Option(names = "--reset", description = "With --review: clear the schedule.")
    boolean reset;

    @Override
    public Integer call() throws IOException {
        Terminal terminal = common.terminal();
        String usage = usage();
        if (usage != null) {
            terminal.problem(usage);
            return ExitCodes.USAGE;
        }
        Path reviewFile = DrillReview.locate(System.getenv(), System.getProperty("user.home"));
        if (reset) {
            boolean had = DrillReview.reset(reviewFile);
            terminal.out().println(had ? "cleared " + reviewFile : "nothing to clear: no " + (reviewFile == null ? "review file" : reviewFile));
            terminal.out().flush();
            return ExitCodes.OK;
        }
        if (review) {
            return review(terminal, reviewFile);
        }
        Engine engine = new Engine();
        DrillSession session = open(engine, file, terminal);
        if (session == null) {
            return ExitCodes.INPUT;
        }
        List<BindingInfo> steps = session.steps();
        if (step != null) {
            BindingInfo one = session.step(step);
            if (one == null) {
                terminal.problem("`" + step + "` is no derived value of " + file + "; its steps are " + names(steps));
                return ExitCodes.USAGE;
            }
            steps = List.of(one);
        }
        if (answers != null) {
            return graded(terminal, session, steps);
        }
        DrillReview schedule = DrillReview.load(reviewFile);
        int exit = drill(terminal, session, steps, schedule, file.toAbsolutePath().normalize());
        save(schedule, terminal);
        return exit;
    }

    private String usage() {
        if (reset && !review) {
            return "--reset clears the review schedule: write chain drill --review --reset";
        }
        if (review && (answers != null || json || seed != null || step != null)) {
            return "--review drills the steps you missed; it takes no --answers, --json, --vary or --step";
        }
        if (!review && file == null) {
            return "which chain? write chain drill FILE (or chain drill --review)";
        }
        if (json && answers == null) {
            return "--json prints graded answers: give them with --answers FILE";
        }
        return null;
    }

    private static String names(List<BindingInfo> steps) {
        List<String> names = new ArrayList<>();
        for (BindingInfo b : steps) {
            names.add(b.name());
        }
        return String.join(", ", names);
    }

    /** The chain checked and evaluated, as a drill; null (its errors printed) when it has errors. */
    private static DrillSession open(Engine engine, Path path, Terminal terminal) {
        ChainRun run;
        try {
            run = ChainRun.execute(engine, dev.chain.session.Parsed.of(ChainFiles.read(path)), List.of(), List.of(), false);
        } catch (ChainFiles.BadPath e) {
            terminal.diagnostics(List.of(e.diagnostic()));
            return null;
        }
        if (run.chain() == null || run.evaluation() == null) {
            terminal.diagnostics(run.diagnostics());
            return null;
        }
        return DrillSession.of(engine, run, null);
    }

    private int drill(Terminal terminal, DrillSession session, List<BindingInfo> steps, DrillReview schedule, Path chain)
            throws IOException {
        DrillSession asked = seed == null ? session : DrillSession.vary(session, seed);
        DrillLoopResult result;
        if (dev.chain.repl.ReplMain.onTerminal()) {
            try (dev.chain.repl.DrillTerminal lines = dev.chain.repl.DrillTerminal.open()) {
                // As standard output is (Main): no text of the chain or of an answer can drive the terminal.
                PrintWriter out = new PrintWriter(new PrintableWriter(lines.writer()), true);
                out.println(title(asked));
                result = new DrillLoopResult(dev.chain.repl.DrillLoop.run(asked, steps, blind, lines, out, schedule, chain, 2));
            }
        } else {
            PrintWriter out = terminal.out();
            out.println(title(asked));
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            result = new DrillLoopResult(dev.chain.repl.DrillLoop.run(asked, steps, blind, prompt -> {
                out.print(prompt);
                out.flush();
                String line = in.readLine();
                if (line != null) {
                    out.println(line);
                }
                return line;
            }, out, schedule, chain, 1));
        }
        return result.tally().passed() == result.tally().answered() ? ExitCodes.OK : ExitCodes.INPUT;
    }

    private record DrillLoopResult(dev.chain.repl.DrillLoop.Tally tally) {}

    private static String title(DrillSession session) {
        return "drill: " + (session.program().title() == null ? session.program().file().source().name()
                : session.program().title().value());
    }

    private int review(Terminal terminal, Path reviewFile) throws IOException {
        DrillReview schedule = DrillReview.load(reviewFile);
        Path only = file == null ? null : file.toAbsolutePath().normalize();
        List<DrillReview.Entry> due = schedule.due(only);
        if (due.isEmpty()) {
            terminal.out().println(schedule.entries().isEmpty() ? "nothing to review: no step missed yet"
                    : "nothing due for review now (" + schedule.entries().size() + " kept in " + reviewFile + ")");
            terminal.out().flush();
            return ExitCodes.OK;
        }
        schedule.startReview();
        Map<Path, List<String>> byChain = new LinkedHashMap<>();
        for (DrillReview.Entry e : due) {
            byChain.computeIfAbsent(e.chain(), k -> new ArrayList<>()).add(e.step());
        }
        Engine engine = new Engine();
        int exit = ExitCodes.OK;
        for (Map.Entry<Path, List<String>> e : byChain.entrySet()) {
            DrillSession session = open(engine, e.getKey(), terminal);
            if (session == null) {
                exit = ExitCodes.INPUT;
                continue;
            }
            List<BindingInfo> steps = new ArrayList<>();
            for (String name : e.getValue()) {
                BindingInfo b = session.step(name);
                if (b != null) {
                    steps.add(b);
                }
            }
            if (drill(terminal, session, steps, schedule, e.getKey()) != ExitCodes.OK) {
                exit = ExitCodes.INPUT;
            }
        }
        save(schedule, terminal);
        return exit;
    }

    private static void save(DrillReview schedule, Terminal terminal) {
        if (schedule.file() == null) {
            return;
        }
        try {
            schedule.save();
        } catch (IOException e) {
            terminal.cannotWrite(schedule.file(), String.valueOf(e.getMessage()));
        }
    }

    /** {@code --answers FILE}: each answer graded, as text or JSON. */
    private int graded(Terminal terminal, DrillSession session, List<BindingInfo> steps) {
        SourceFile source;
        try {
            source = ChainFiles.read(answers);
        } catch (ChainFiles.BadPath e) {
            terminal.diagnostics(List.of(e.diagnostic()));
            return ExitCodes.INPUT;
        }
        Map<String, String> given = new LinkedHashMap<>();
        List<Diagnostic> problems = new ArrayList<>();
        String text = source.text();
        int start = 0;
        while (start <= text.length()) {
            int end = text.indexOf('\n', start);
            end = end < 0 ? text.length() : end;
            String line = text.substring(start, end);
            int eq = line.indexOf('=');
            String name = eq < 0 ? null : line.substring(0, eq).strip();
            if (line.isBlank() || line.strip().startsWith("#")) {
                // nothing
            } else if (eq < 0 || name.isEmpty()) {
                problems.add(Diagnostic.error(new Span(source, start, end), "expected `name = answer`, such as `floor = 15.05 ms`"));
            } else if (session.step(name) == null) {
                problems.add(Diagnostic.error(new Span(source, start + line.indexOf(name), start + line.indexOf(name) + name.length()),
                        "`" + name + "` is no derived value of " + file).withHint("its steps are " + names(session.steps())));
            } else {
                given.put(name, line.substring(eq + 1));
            }
            start = end + 1;
        }
        if (!problems.isEmpty()) {
            terminal.diagnostics(problems);
            return ExitCodes.INPUT;
        }
        DrillSession asked = seed == null ? session : DrillSession.vary(session, seed);
        JsonArray array = new JsonArray();
        StringBuilder out = new StringBuilder();
        boolean all = true;
        for (BindingInfo b : steps) {
            String answer = given.get(b.name());
            if (answer == null) {
                continue;
            }
            Grade g = asked.answer(b, answer);
            all &= g.verdict().passed();
            if (json) {
                array.add(json(asked, g));
            } else {
                out.append(b.name()).append(" = ").append(answer.strip()).append('\n');
                for (String line : asked.reply(g)) {
                    out.append(line).append('\n');
                }
                if (!g.verdict().passed()) {
                    out.append("  the answer: ").append(b.name()).append(" = ").append(asked.shown(b)).append('\n');
                }
            }
        }
        if (json) {
            JsonObject o = new JsonObject();
            o.addProperty("file", session.program().file().source().name());
            o.add("steps", array);
            terminal.out().print(Json.write(o));
        } else {
            terminal.out().print(out);
        }
        terminal.out().flush();
        return all ? ExitCodes.OK : ExitCodes.INPUT;
    }

    private static JsonObject json(DrillSession session, Grade g) {
        JsonObject o = new JsonObject();
        o.addProperty("name", g.step().name());
        o.addProperty("written", g.answer().written().strip());
        var units = session.program().units();
        // An answer of the step's dimension in the step's unit, as the drill echoes it (0.5369 GB, not 536.9 MB).
        var display = g.step().dimension().equals(g.answer().dimension()) ? g.step().display() : null;
        o.add("answer", g.answer().dimension() == null ? JsonNull.INSTANCE : Json.quantity(
                session.formatter().format(g.answer().si(), g.answer().dimension(), display, null), g.answer().si(), g.answer().dimension(), units));
        o.add("expected", Json.quantity(session.formatter().format(g.expected(), g.step().dimension(), g.step().display(), null),
                g.expected(), g.step().dimension(), units));
        o.addProperty("verdict", g.verdict().word());
        o.addProperty("diagnosis", g.diagnosis());
        JsonArray causes = new JsonArray();
        for (Cause c : g.causes()) {
            JsonObject co = new JsonObject();
            co.addProperty("kind", c.kind());
            JsonArray names = new JsonArray();
            c.names().forEach(names::add);
            co.add("names", names);
            co.addProperty("words", c.words());
            causes.add(co);
        }
        o.add("causes", causes);
        return o;
    }
}
