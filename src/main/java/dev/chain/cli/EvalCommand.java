package dev.chain.cli;

import dev.chain.diag.Diagnostics;
import dev.chain.render.Json;
import dev.chain.session.Engine;
import dev.chain.session.ExpressionResult;
import dev.chain.source.SourceFile;
import dev.chain.units.QuantityFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "eval", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Evaluate one expression with units, e.g. chain eval '16.06 GB / 3.35 TB/s -> ms'.",
                "Words are joined with spaces, so the quotes are optional when the shell leaves the text alone."})
final class EvalCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "1..*", paramLabel = "EXPR", description = "The expression, optionally with -> UNIT and :FORMAT")
    List<String> words;

    @Option(names = "--json", description = "Print text, value, unit, si (base units) and dimension as JSON.")
    boolean json;

    @Override
    public Integer call() {
        Terminal terminal = common.terminal();
        SourceFile source = new SourceFile("<expr>", String.join(" ", words));
        Diagnostics diagnostics = new Diagnostics();
        Engine engine = new Engine();
        ExpressionResult result = engine.evaluate(source, diagnostics);
        terminal.diagnostics(diagnostics.all());
        if (result == null) {
            return ExitCodes.INPUT;
        }
        QuantityFormatter.Formatted shown = result.formatted();
        if (json) {
            terminal.out().print(Json.write(Json.quantity(shown, result.si(), result.dimension(), result.units())));
        } else {
            terminal.out().println(shown.text());
        }
        terminal.out().flush();
        return ExitCodes.OK;
    }
}
