package dev.chain.cli;

import dev.chain.diag.Diagnostic;
import dev.chain.imports.ConfigImport;
import dev.chain.imports.ImportError;
import dev.chain.session.ChainRun;
import dev.chain.session.ChainSources;
import dev.chain.session.Engine;
import dev.chain.session.Stdlib;
import dev.chain.source.SourceFile;
import dev.chain.syntax.SyntaxParser;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "import", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Write a model module from a Hugging Face config.json (a local file: chain never downloads).",
                "Every value's @source names its key, and the counts are derived with `transformer` and `transformer_ext`."})
final class ImportCommand implements Callable<Integer> {
    /** What a module that would take a stdlib module's name is called instead (as the engine's hint says). */
    private static final String LOCAL_PREFIX = "my_";
    private static final ChainSources.Kind CONFIG = new ChainSources.Kind("config.json files",
            "a model's config.json is a few kilobytes; is this the file you meant?");
    private static final ChainSources.Kind INDEX = new ChainSources.Kind("model.safetensors.index.json files",
            "a checkpoint's index is a few megabytes at most; is this the file you meant?");

    @Mixin
    CommonOptions common;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CONFIG", description = "The model's config.json.")
    Path config;

    @Option(names = {"-o", "--output"}, paramLabel = "NAME.chain",
            description = "Write the module to this file (its name is the module's); without it, print the module.")
    Path output;

    @Option(names = "--name", paramLabel = "TEXT",
            description = "The module's `name`, what a card or a table shows (--name OPT-13B); without it, the module's name.")
    String title;

    @Option(names = "--index", paramLabel = "INDEX",
            description = "The checkpoint's model.safetensors.index.json: compare the derived weight bytes with its metadata.total_size.")
    Path index;

    @Override
    public Integer call() {
        Terminal terminal = common.terminal();
        String name = moduleName(terminal);
        try {
            ConfigImport.Imported imported = ConfigImport.module(ChainFiles.read(config, CONFIG), name, title == null ? name : title);
            if (index != null) {
                compare(imported, ConfigImport.indexTotalSize(ChainFiles.read(index, INDEX)), name, terminal);
            }
            if (output == null) {
                terminal.out().print(imported.text());
            } else {
                SiteWriter.writeAtomically(output, imported.text());
                terminal.out().println("wrote " + output);
            }
            terminal.out().flush();
            return ExitCodes.OK;
        } catch (ChainFiles.BadPath e) {
            terminal.diagnostics(List.of(e.diagnostic()));
        } catch (ImportError e) {
            terminal.diagnostics(List.of(e.diagnostic()));
        } catch (IOException e) {
            terminal.diagnostics(List.of(Diagnostic.error(null, "cannot write " + output + ": " + SiteWriter.whyNotWritten(output, e))));
        }
        return ExitCodes.INPUT;
    }

    /** The module's name: the output file's, else the config's folder's (a Hugging Face snapshot is named after its model). */
    private String moduleName(Terminal terminal) {
        if (output != null) {
            String file = output.getFileName().toString();
            if (!file.endsWith(".chain") || !SyntaxParser.isName(file.substring(0, file.length() - ".chain".length()))) {
                throw new CommandLine.ParameterException(spec.commandLine(), "-o takes NAME.chain, where NAME is a module name"
                        + " as `use NAME` reads it (letters, digits and _, not starting with a digit, not a word chain reserves): " + file);
            }
            String name = file.substring(0, file.length() - ".chain".length());
            if (Stdlib.exists(name)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "-o " + file + ": `" + name + "` is a stdlib module,"
                        + " and a local module cannot stand in for one (beside this file, `use " + name + "` would be ambiguous);"
                        + " name it " + LOCAL_PREFIX + file + " and `use " + LOCAL_PREFIX + name + "`");
            }
            return name;
        }
        Path folder = config.toAbsolutePath().getParent();
        String candidate = folder == null || folder.getFileName() == null ? "" : folder.getFileName().toString()
                .replaceAll("[^A-Za-z0-9_]", "_").toLowerCase(Locale.ROOT);
        if (!SyntaxParser.isName(candidate)) {
            return "imported_model";
        }
        if (Stdlib.exists(candidate)) {
            // Qwen/Qwen3-8B's snapshot folder gives qwen3_8b, the stdlib's own module.
            terminal.note("`" + candidate + "` is a stdlib module, and a local module cannot stand in for one:"
                    + " this one is named " + LOCAL_PREFIX + candidate + "; save it as " + LOCAL_PREFIX + candidate + ".chain");
            return LOCAL_PREFIX + candidate;
        }
        return candidate;
    }

    /** Evaluates the module and says how far its weight bytes are from what the checkpoint's index says it holds. */
    private static void compare(ConfigImport.Imported imported, long totalSize, String name, Terminal terminal) {
        ChainRun run = ChainRun.execute(new Engine(), new SourceFile(name + ".chain", imported.text()), List.of());
        if (run.status() != ChainRun.Status.OK) {
            // A module chain import wrote that does not evaluate is a bug; show why rather than compare nothing.
            terminal.diagnostics(run.diagnostics());
            return;
        }
        double derived = run.values().valueOf(run.chain().program().binding(imported.bytesName()));
        if (imported.bytesPerParam() > 0) {
            derived *= imported.bytesPerParam();
        }
        double apart = (totalSize - derived) / totalSize;
        String verdict = derived == totalSize ? "equal"
                : String.format(Locale.ROOT, "%.2f%% apart: the index holds %,d B %s", Math.abs(apart) * 100,
                        (long) Math.abs(totalSize - derived), totalSize > derived ? "more" : "less");
        String line = String.format(Locale.ROOT, "derived weights %,d B (%s); the index's total_size %,d B: %s",
                (long) derived, imported.bytesWhat(), totalSize, verdict);
        // The module may be on standard output: the comparison goes beside the diagnostics, not into it.
        terminal.note(line);
    }
}
