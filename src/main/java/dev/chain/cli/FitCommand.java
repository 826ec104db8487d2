package dev.chain.cli;

import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.Inputs;
import dev.chain.render.BindingValues;
import dev.chain.render.FigureMarkdown;
import dev.chain.render.FitReport;
import dev.chain.render.Json;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import dev.chain.session.LoadedChain;
import dev.chain.session.RunsFit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "fit", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Fit inputs of a chain to benchmark runs: the values of the --free inputs that make the chain's value "
                + "closest to what the runs measured, each with a 95%% interval, and each run's error in the fit and held out of it.",
                "The runs are read as sweep --runs reads them. The fit is least squares of the relative residuals "
                        + "(fitted / observed - 1), within each free input's bounds; the intervals are the Jacobian's "
                        + "(the residuals' variance over n - k, Student's t); each run's held-out residual is from the fit "
                        + "made again without it. Deterministic: the same runs give the same digits.",
                "Exits 1 if the file has errors, a run cannot be read or there are fewer runs than free inputs + 2, "
                        + "2 if an option is wrong."})
final class FitCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "1", paramLabel = "FILE", description = "a .chain file")
    Path path;

    @Option(names = "--runs", required = true, paramLabel = "PATH", split = ",",
            description = "Benchmark runs: result files, or folders of them, one run each; a file of one run per line; a CSV or TSV table, a run per row.")
    List<String> runs = new ArrayList<>();

    @Option(names = "--over", required = true, paramLabel = "NAME=#KEY",
            description = "The input each run sets and its key: batch=#max_concurrency.")
    String over;

    @Option(names = "--against", required = true, paramLabel = "NAME=#KEY",
            description = "The value of the chain the runs measured and its key: step=#median_itl_ms.")
    String against;

    @Option(names = "--free", required = true, paramLabel = "NAME[=LO .. HI]",
            description = "An input to fit, within the range given ('efficiency=50%% .. 100%%'), or else its own range in the chain. "
                    + "Repeatable, up to 4.")
    List<String> free = new ArrayList<>();

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "Override another input at every run. Repeatable.")
    List<String> sets = new ArrayList<>();

    @Mixin
    ObserveOption observed = new ObserveOption();

    @Option(names = "--json", description = "The fitted values with their intervals, the runs and the errors as JSON.")
    boolean json;

    @Option(names = "--svg", paramLabel = "FILE",
            description = "Also write the plot of the fitted line, its band from the intervals and the observed runs to FILE.")
    Path svg;

    @Override
    public Integer call() {
        Terminal terminal = common.terminal();
        Engine engine = new Engine();
        OneChain one = OneChain.run(engine, path, sets, observed.observe, terminal);
        if (one.exit() != null) {
            return one.exit();
        }
        ChainRun run = one.run();
        LoadedChain chain = run.chain();
        Inputs base = chain.overrides(sets, false, new Diagnostics()).with(run.values().measured());
        Diagnostics problems = new Diagnostics();
        boolean[] usage = {false};
        RunsFit.Result result = RunsFit.fit(engine, chain, base, runs, over, against, free, problems, usage);
        if (result == null) {
            terminal.diagnostics(problems.all());
            return usage[0] ? ExitCodes.USAGE : ExitCodes.INPUT;
        }
        terminal.diagnostics(result.warnings());
        LoadedChain plotted = result.plot().chain();
        BindingValues own;
        try {
            own = plotted.values(plotted.evaluate(base));
        } catch (ChainException e) {
            terminal.diagnostics(e.diagnostics());
            return ExitCodes.INPUT;
        }
        if (svg != null) {
            try {
                SiteWriter.writeAtomically(svg, new FigureMarkdown(plotted.program(), own).draw(result.plot().figure(), result.drawn()).svg());
            } catch (java.io.IOException e) {
                terminal.cannotWrite(svg, SiteWriter.whyNotWritten(svg, e));
                return ExitCodes.INPUT;
            }
        }
        FitReport report = new FitReport(plotted.program(), own);
        dev.chain.eval.FittedValues fitted = result.report(own);
        terminal.out().print(json ? Json.write(report.json(fitted)) : report.text(fitted));
        terminal.out().flush();
        return ExitCodes.OK;
    }
}
