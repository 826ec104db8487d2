package dev.chain.cli;

import dev.chain.ast.Clause;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.FigureValues;
import dev.chain.render.Json;
import dev.chain.render.FigureJson;
import dev.chain.render.FigureMarkdown;
import dev.chain.render.FigureWriter;
import dev.chain.check.FigureSpec;
import dev.chain.session.FigureRun;
import dev.chain.session.OptionsFigure;
import dev.chain.session.Parsed;
import dev.chain.syntax.SyntaxParser;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "sweep", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Evaluate a chain over a range of an input (or two, as a grid) and print the values as a table.",
                "Points are a list (--over batch=1,8,16,64) or a range (batch=1..256, 1..256 by 8, 1..256 x2), each of the "
                        + "input's dimension. A check of the chain that fails at some points is a warning that names them, and so is a value that cannot be "
                        + "evaluated at some (its cells show —). Where another input is a range (--set mfu='40%% .. 60%%'), "
                        + "each value that depends on it shows both ends at each point: a band along the swept axis.",
                "Exits 1 if the file has errors or no point has a value, 2 if an option names no input or value or gives points that do not fit."})
final class SweepCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1", paramLabel = "FILE", description = "a .chain file")
    Path path;

    @Option(names = "--over", required = true, paramLabel = "NAME=POINTS",
            description = "An input and its points: batch=1,8,16,64 or batch=1..256 x2. Twice for a grid. Rows of several inputs: 'batch,context=(1, 1,024 token),(64, 8,192 token)'.")
    List<String> overs = new ArrayList<>();

    @Option(names = "--show", required = true, paramLabel = "NAME,...", split = ",", hideParamSyntax = true,
            description = "The values to show, in order: floor,mixed.")
    List<String> shows = new ArrayList<>();

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "Override another input at every point, or make it a range: mfu='40%% .. 60%%'. Repeatable.")
    List<String> sets = new ArrayList<>();

    @picocli.CommandLine.Mixin
    ObserveOption observed = new ObserveOption();

    @Option(names = "--runs", paramLabel = "PATH", split = ",",
            description = {"Benchmark runs against the chain: result files, or folders of them, one run each (a benchmark sweep's files).",
                    "  Then --over NAME=#KEY reads each run's point (batch=#max_concurrency) and --against NAME=#KEY its measurement."})
    List<String> runs = new ArrayList<>();

    @Option(names = "--against", paramLabel = "NAME=#KEY",
            description = "With --runs: a value of the chain and the key of each run that measured it, e.g. floor=#median_itl_ms. Repeatable.")
    List<String> against = new ArrayList<>();

    @Option(names = "--svg", paramLabel = "FILE",
            description = "With --runs: also write a plot of the expected line and the observed points to FILE.")
    java.nio.file.Path svg;

    @CommandLine.ArgGroup(exclusive = true)
    Format format;

    static final class Format {
        @Option(names = "--json", description = "Every point's inputs and values as JSON, and the checks that fail where.")
        boolean json;

        @Option(names = "--csv", description = "CSV: a header row, then a row per point, numbers with all their digits.")
        boolean csv;

        @Option(names = "--markdown", description = "A Markdown table, as a card shows one.")
        boolean markdown;
    }

    @Override
    public Integer call() {
        Terminal terminal = common.terminal();
        if (overs.size() > 2) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--over is given " + overs.size() + " times: a sweep has one input, or two as a grid");
        }
        Engine engine = new Engine();
        OneChain one = OneChain.run(engine, path, sets, observed.observe, terminal);
        if (one.exit() != null) {
            return one.exit();
        }
        ChainRun run = one.run();
        if (!runs.isEmpty() || !against.isEmpty() || svg != null) {
            return againstRuns(engine, run, terminal);
        }
        // --over gpu=h100_sxm,b200 --over batch=1,64 --show floor: the table a chain would write, for gpu in ..., for batch in ...
        Diagnostics problems = new Diagnostics();
        List<Clause> clauses = new ArrayList<>();
        for (String over : overs) {
            Clause parsed = SyntaxParser.parseOver("--over", over, "NAME=POINTS, such as --over batch=1,8,16,64 or"
                    + " --over batch=1..256", problems);
            if (parsed != null) {
                clauses.add(parsed);
            }
        }
        Clause.Show show = SyntaxParser.parseShow("--show", String.join(",", shows), problems);
        OptionsFigure.Prepared<FigureSpec.Table> prepared = problems.hasErrors() ? null
                : OptionsFigure.table(engine, run.chain().program().file(), false, listWith(clauses, show), problems);
        if (prepared == null) {
            terminal.diagnostics(problems.all());
            return ExitCodes.USAGE;
        }
        FigureRun.Result result = prepared.run(run.inputs(), ChainRun.rebinder(engine,
                new Parsed(prepared.chain().program().file(), new Diagnostics()), sets, observed.observe, false));
        if (!result.drawn()) { // no table to print
            terminal.diagnostics(result.diagnostics());
            return result.usage() ? ExitCodes.USAGE : ExitCodes.INPUT;
        }
        // What holds for the chain's own inputs may well not hold at other points, and a value may
        // have none at some (a division by batch - 4): say where, as warnings, and print the table.
        terminal.diagnostics(Diagnostics.asWarnings(result.diagnostics()));
        FigureRun.Written written = result.written();
        FigureSpec.Table table = (FigureSpec.Table) written.figure(); // the table's, as chain made it
        String out = format != null && format.json
                ? Json.write(new FigureJson(written.chain().program(), written.own()).table(path.toString(), table,
                        result.points(), result.diagnostics(), result.with()))
                : FigureWriter.table(written.chain().program(), written.own(), table, result.points(), format());
        terminal.out().print(out);
        terminal.out().flush();
        return ExitCodes.OK;
    }

    private FigureWriter.Format format() {
        return format == null ? FigureWriter.Format.TEXT : format.csv ? FigureWriter.Format.CSV
                : format.markdown ? FigureWriter.Format.MARKDOWN : FigureWriter.Format.TEXT;
    }

    private static List<Clause> listWith(List<Clause> clauses, Clause last) {
        List<Clause> all = new ArrayList<>(clauses);
        all.add(last);
        return all;
    }

    /**
     * --runs: the chain at each run's point (--over NAME=#KEY) beside what the run measured
     * (--against NAME=#KEY): expected, observed and their ratio, and with --svg the card's plot of
     * both: a plot with the runs as its {@code observed} line, as a card writes one, drawn at their
     * points by the one runner.
     */
    private int againstRuns(Engine engine, ChainRun run, Terminal terminal) {
        if (runs.isEmpty() || against.isEmpty() || overs.size() != 1) {
            terminal.problem("--runs, --against and --svg go together: --runs PATH... --over NAME=#KEY --against NAME=#KEY"
                    + " (one --over, the input each run sets)");
            return ExitCodes.USAGE;
        }
        Diagnostics problems = new Diagnostics();
        Clause.Show show = SyntaxParser.parseShow("--show", String.join(",", shows), problems);
        OptionsFigure.Prepared<FigureSpec.Plot> prepared = show == null ? null : OptionsFigure.runs(engine, run.chain(),
                String.join(",", runs), overs.get(0), against, show,
                OptionsFigure.runsTitle(run.chain().program(), "expected against observed"), problems);
        if (prepared == null) {
            terminal.diagnostics(problems.all());
            return ExitCodes.USAGE;
        }
        FigureRun.Result result = prepared.run(run.inputs(), null);
        if (!result.drawn()) { // a run that cannot be read, or the chain without a value at a run's point
            terminal.diagnostics(result.diagnostics());
            return ExitCodes.INPUT;
        }
        FigureRun.Written written = result.written();
        FigureSpec.Plot plot = (FigureSpec.Plot) written.figure(); // drawn at the runs' points, as the runner moved it
        FigureValues.Points values = result.points();
        FigureMarkdown figures = new FigureMarkdown(written.chain().program(), written.own());
        if (svg != null) {
            try {
                SiteWriter.writeAtomically(svg, figures.draw(plot, values).svg());
            } catch (java.io.IOException e) {
                terminal.cannotWrite(svg, SiteWriter.whyNotWritten(svg, e));
                return ExitCodes.INPUT;
            }
        }
        terminal.out().print(format != null && format.json
                ? Json.write(new FigureJson(written.chain().program(), written.own()).runs(path.toString(), plot, values.runs()))
                : FigureWriter.write(figures.runsRows(plot, values.runs(), format != null && format.csv), 2, format()));
        terminal.out().flush();
        return ExitCodes.OK;
    }
}
