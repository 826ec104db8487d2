package dev.chain.cli;

import dev.chain.ast.Clause;
import dev.chain.ast.Condition;
import dev.chain.ast.SolveOptions;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.FigureValues;
import dev.chain.render.FigureJson;
import dev.chain.render.Json;
import dev.chain.render.SolveReport;
import dev.chain.check.FigureSpec;
import dev.chain.session.OptionsFigure;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import dev.chain.session.FigureRun;
import dev.chain.session.LoadedChain;
import dev.chain.source.SourceFile;
import dev.chain.syntax.SyntaxParser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "solve", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Find where a condition on a chain's values turns between holding and failing over a range of an input.",
                "The range is written as sweep's --over (batch=1..1024, 1..1024 x2, p50=1 ms..100 ms by 1 ms), the condition as a "
                        + "check's (floor <= 20 ms). Only the points the search needs are evaluated (a range may have millions): 65 spread over it, "
                        + "then each turn between two of them is bisected: a count to the whole number, a quantity to its range's step, "
                        + "or else to a millionth of its value.",
                "Prints the last value where the condition holds and the first where it fails, for each turn.",
                "Exits 1 if the file has errors or the condition never turns in the range, 2 if an option is wrong."})
final class SolveCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "1", paramLabel = "FILE", description = "a .chain file")
    Path path;

    @Option(names = "--for", required = true, paramLabel = "NAME=RANGE",
            description = "An input and the range to search: batch=1..1024, or context='1,024 token..131,072 token x2'.")
    String range;

    @Option(names = "--where", required = true, paramLabel = "CONDITION",
            description = "What must hold, as a check's condition: 'floor <= 20 ms'.")
    String condition;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "Override another input at every point. Repeatable.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--json", description = "The turns as JSON: holds_up_to and fails_from (or fails_up_to and holds_from).")
    boolean json;

    @Override
    public Integer call() {
        Terminal terminal = common.terminal();
        Engine engine = new Engine();
        OneChain one = OneChain.run(engine, path, sets, terminal);
        if (one.exit() != null) {
            return one.exit();
        }
        ChainRun run = one.run();
        // The chain's own checks are about its own inputs, as for a sweep: they are not asked here.
        LoadedChain chain = run.chain();
        Diagnostics problems = new Diagnostics();
        // Each option read by the grammar in a source named after it (--for batch, --where), then the one builder :solve's line goes to as well.
        Clause over = SyntaxParser.parseOver("--for", range, "NAME=RANGE, such as --for batch=1..1024", problems);
        Condition where = SyntaxParser.parseCondition(new SourceFile("--where", condition), 0, problems);
        OptionsFigure.Prepared<FigureSpec.Solve> prepared = over == null || where == null || problems.hasErrors() ? null
                : OptionsFigure.solve(engine, chain.program().file(), false, new SolveOptions(over, where), problems);
        if (prepared == null) {
            terminal.diagnostics(problems.all());
            return ExitCodes.USAGE;
        }
        // The one runner, as a card's solve: every turn it finds, where a card's solve must have one answer.
        FigureRun.Result result = prepared.run(chain.overrides(sets, false, new Diagnostics()), null);
        terminal.diagnostics(result.diagnostics());
        if (!result.drawn()) { // each error at every point, no turn in the range, or the chain's own error
            return ExitCodes.INPUT;
        }
        FigureRun.Written written = result.written();
        FigureSpec.Solve solve = prepared.figure();
        FigureValues.Turns turns = (FigureValues.Turns) result.values(); // what a solve given as options evaluates to
        terminal.out().print(json ? Json.write(new FigureJson(written.chain().program(), written.own()).solve(path.toString(), solve, turns))
                : new SolveReport(written.chain().program(), written.own(), solve, turns.result()).text());
        terminal.out().flush();
        return ExitCodes.OK;
    }
}
