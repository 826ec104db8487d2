package dev.chain.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.cli.CliRun;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inter-token chain's page as a reader sees it: rendered with {@code -o}, turned into HTML
 * as a site generator would, and shown by headless Chromium (Debian's {@code chromium}, which
 * .ci/run installs; the test skips itself where there is none). The screenshot must show both
 * figures: the plot's two line colours, and the roofline's. It is kept in target/screenshots/.
 */
class ChromiumScreenshotTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    Path tmp;

    @Test
    void thePageShowsItsPlotAndItsRoofline() throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + " here (.ci/run installs it)");
        Path site = tmp.resolve("site");
        CliRun r = CliRun.of("render", "chains/02-inter-token-floor.chain", "-o", site.toString());
        assertEquals(0, r.exit(), r.err());
        List<org.commonmark.Extension> tables = List.of(TablesExtension.create());
        String body = HtmlRenderer.builder().extensions(tables).build()
                .render(Parser.builder().extensions(tables).build().parse(Files.readString(site.resolve("02-inter-token-floor.md"))));
        Path page = site.resolve("index.html");
        Files.writeString(page, "<!doctype html><html><head><meta charset=\"utf-8\"><style>body{font-family:sans-serif;width:760px;"
                + "margin:16px}img{display:block;margin:12px 0}</style></head><body>" + body + "</body></html>", StandardCharsets.UTF_8);

        Path shot = Path.of("target/screenshots/inter-token-floor.png").toAbsolutePath();
        Files.createDirectories(shot.getParent());
        Files.deleteIfExists(shot);
        Path profile = Files.createDirectories(tmp.resolve("profile"));
        Process chromium = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + profile, "--screenshot=" + shot,
                "--window-size=800,1800", page.toUri().toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("chromium.log").toFile()).start();
        if (!chromium.waitFor(120, TimeUnit.SECONDS)) {
            chromium.destroyForcibly();
            throw new AssertionError("chromium took over two minutes: " + Files.readString(tmp.resolve("chromium.log")));
        }
        assertTrue(Files.exists(shot), "no screenshot: " + Files.readString(tmp.resolve("chromium.log")));

        BufferedImage image = ImageIO.read(shot.toFile());
        List<Integer> blueRows = rowsWith(image, 0x1f77b4);
        List<Integer> redRows = rowsWith(image, 0xd62728);
        List<Integer> roofRows = rowsWith(image, 0x333333);
        assertTrue(count(image, 0x1f77b4) > 400, "the floor's blue line and markers");
        assertTrue(count(image, 0xd62728) > 400, "the mixed step's red line and markers");
        assertTrue(roofRows.size() > 100, "the roofline's roofs");
        // Blue in two places, far apart: the plot's floor line, and the roofline's floor step.
        assertTrue(clusters(blueRows, 40) >= 2, "both figures show the floor: rows " + blueRows);
        assertTrue(clusters(redRows, 40) >= 2, "both figures show the mixed step");
    }

    private static boolean near(int rgb, int colour) {
        int dr = Math.abs(((rgb >> 16) & 0xff) - ((colour >> 16) & 0xff));
        int dg = Math.abs(((rgb >> 8) & 0xff) - ((colour >> 8) & 0xff));
        int db = Math.abs((rgb & 0xff) - (colour & 0xff));
        return dr <= 24 && dg <= 24 && db <= 24;
    }

    private static int count(BufferedImage image, int colour) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                n += near(image.getRGB(x, y), colour) ? 1 : 0;
            }
        }
        return n;
    }

    private static List<Integer> rowsWith(BufferedImage image, int colour) {
        List<Integer> rows = new ArrayList<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (near(image.getRGB(x, y), colour)) {
                    rows.add(y);
                    break;
                }
            }
        }
        return rows;
    }

    /** Runs of rows no more than {@code gap} apart. */
    private static int clusters(List<Integer> rows, int gap) {
        int n = 0;
        int last = Integer.MIN_VALUE / 2;
        for (int y : rows) {
            if (y - last > gap) {
                n++;
            }
            last = y;
        }
        return n;
    }
}
