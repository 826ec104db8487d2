package dev.chain;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/editors.md's Neovim set-up, as written there, in {@code nvim --headless} (whatever Neovim
 * the machine has; Debian 12's is 0.7.2): a chain file gets the filetype, the server attaches and
 * answers a hover with the value. {@code chain} on the PATH is this build's classes. Skipped
 * without nvim.
 */
class NeovimSetupTest {
    @TempDir
    Path dir;

    private String nvim(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        Path init = dir.resolve("init.lua");
        String editors = Files.readString(Path.of("docs/editors.md"), StandardCharsets.UTF_8);
        int section = editors.indexOf("## Neovim");
        int start = editors.indexOf("```lua\n", section) + "```lua\n".length();
        Files.writeString(init, editors.substring(start, editors.indexOf("```", start)), StandardCharsets.UTF_8);
        List<String> command = new java.util.ArrayList<>(List.of("nvim", "--headless", "-u", init.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        for (String xdg : List.of("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")) {
            pb.environment().put(xdg, dir.resolve(xdg.toLowerCase()).toString());
        }
        pb.environment().putAll(environment);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "nvim did not finish");
        return out;
    }

    @Test
    void theServerAttachesAndHovers() throws Exception {
        assumeTrue(Tools.onPath("nvim"), "needs nvim on the PATH");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path chain = bin.resolve("chain");
        Files.writeString(chain, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -cp '" + System.getProperty("java.class.path") + "' dev.chain.cli.Main \"$@\"\n");
        chain.toFile().setExecutable(true);
        Files.copy(Path.of("chains/02-inter-token-floor.chain"), dir.resolve("02-inter-token-floor.chain"));
        Path probe = Path.of("src/test/resources/editors/neovim-probe.lua").toAbsolutePath();
        // line 14 of the file (0-based 13): `  floor   = (weights + kv) / gpu.hbm_bandwidth -> ms:,.2f`
        String out = nvim(Map.of("PATH", bin + File.pathSeparator + System.getenv("PATH")),
                "--cmd", "let g:probe_line=13 | let g:probe_col=3", "02-inter-token-floor.chain", "-c", "luafile " + probe);
        assertTrue(out.contains("filetype=chain attached=true"), out);
        assertTrue(out.contains("hover=\"```\\nfloor = (weights + kv) / gpu.hbm_bandwidth = (16.06 GB + 34.36 GB) / 3.35 TB/s = 15.05 ms"), out);
    }

    @Test
    void withoutChainOnThePathItSaysSo() throws Exception {
        assumeTrue(Tools.onPath("nvim"), "needs nvim on the PATH");
        Files.writeString(dir.resolve("a.chain"), "x = 1 ms\n");
        String nvimDir = Path.of(whichNvim()).getParent().toString();
        String out = nvim(Map.of("PATH", nvimDir), "a.chain", "-c", "qa!");
        assertTrue(out.contains("chain: no `chain` on the PATH: put a release's bin/ on it (docs/install.md)"), out);
    }

    private static String whichNvim() {
        for (String d : System.getenv("PATH").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, "nvim"))) {
                return Path.of(d, "nvim").toString();
            }
        }
        throw new IllegalStateException("no nvim");
    }
}
