package dev.chain.cli;

import dev.chain.render.ModuleDoc;
import dev.chain.render.StdlibListing;
import dev.chain.render.StdlibReference;
import dev.chain.session.Engine;
import dev.chain.session.Stdlib;
import dev.chain.session.StdlibCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "stdlib", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"List the standard library: each module, and each constant with its value, dimension and source.",
                "FILTER keeps the modules whose name contains it, and elsewhere the names that contain it:",
                "`chain stdlib h100` shows the H100 modules, `chain stdlib fp8` every FP8 figure."})
final class StdlibCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "0..1", paramLabel = "FILTER", description = "Part of a module or constant name (case-insensitive).")
    String filter;

    @Option(names = "--markdown", description = "Print the stdlib reference page as CommonMark instead (docs/stdlib.md is this).")
    boolean markdown;

    @Override
    public Integer call() {
        Terminal terminal = common.terminal();
        List<ModuleDoc> modules = new ArrayList<>();
        for (ModuleDoc m : StdlibCatalog.load(new Engine())) {
            ModuleDoc kept = m.filter(filter);
            if (kept != null) {
                modules.add(kept);
            }
        }
        if (modules.isEmpty()) {
            terminal.problem("nothing in the stdlib matches `" + filter + "`; its modules are "
                    + String.join(", ", Stdlib.modules()));
            return ExitCodes.INPUT;
        }
        terminal.out().print(markdown ? StdlibReference.page(modules) : StdlibListing.text(modules));
        terminal.out().flush();
        return ExitCodes.OK;
    }
}
