package dev.chain.cli;

import dev.chain.lsp.ChainLanguageServer;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "lsp", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Run the language server: the Language Server Protocol over standard input and output, for an editor.",
                "Diagnostics as chain check reports them, hover, values beside each line, completion, go to definition, "
                        + "the outline, quick fixes and formatting. See docs/editors.md.",
                "Exits 0 after the editor's shutdown and exit, 1 if the input ends without them."})
final class LspCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Override
    public Integer call() {
        // Standard output is the protocol's: nothing else may be written there.
        return ChainLanguageServer.run(System.in, System.out, System.getenv(), common.debug);
    }
}
