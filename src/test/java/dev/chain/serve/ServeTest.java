package dev.chain.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.cli.CliRun;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code chain serve} as a process, over HTTP: {@code /} links every page, a page follows the
 * server's version, a save re-renders it, a save with errors shows them on the page as the
 * terminal does until a save fixes them, nothing outside the folder and the render is served, and
 * the command's own errors (a port in use, a missing PATH). In Chromium: ServeInChromiumTest.
 */
class ServeTest {
    @TempDir
    Path tmp;

    private Path site() throws IOException {
        Path site = Files.createDirectories(tmp.resolve("site"));
        Files.writeString(site.resolve("floor.chain"), ServeProcess.FLOOR);
        Files.writeString(site.resolve("tiny.chain"), "chain \"Two and two\"\n\ninputs\n  a = 2 B\n\nderive sum\n  c = a + a\n");
        return site;
    }

    @Test
    void theIndexLinksEveryPageAndEachPageFollowsTheServer() throws Exception {
        try (ServeProcess serve = ServeProcess.start(site(), tmp)) {
            ServeProcess.Response index = serve.get("/");
            assertEquals(200, index.status());
            assertTrue(index.body().contains("<a href=\"floor.html\">A decode floor</a> (<a href=\"floor.md\">floor.md</a>)"), index.body());
            assertTrue(index.body().contains("<a href=\"tiny.html\">Two and two</a>"), index.body());
            ServeProcess.Response page = serve.get("/floor.html");
            assertEquals(200, page.status());
            assertTrue(page.headers().toLowerCase(java.util.Locale.ROOT).contains("content-type: text/html; charset=utf-8"), page.headers());
            assertTrue(page.body().contains("= 15.05 ms"), page.body());
            assertTrue(page.body().contains("<script src=\"/_chain/live.js\" defer></script>"), page.body());
            assertTrue(page.body().contains("connect-src 'self'"), "the page may listen for the server's events");
            assertEquals(200, serve.get("/chain-page.js").status());
            assertTrue(serve.get("/floor.md").body().startsWith("# A decode floor\n"));
            assertTrue(serve.get("/_chain/live.js").body().contains("new EventSource(\"/_chain/events\")"));
        }
    }

    @Test
    void aSaveRendersAgainAndTellsTheOpenPages() throws Exception {
        Path site = site();
        try (ServeProcess serve = ServeProcess.start(site, tmp);
                Socket events = new Socket("127.0.0.1", serve.port())) {
            OutputStream out = events.getOutputStream();
            out.write("GET /_chain/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            BufferedReader in = new BufferedReader(new InputStreamReader(events.getInputStream(), StandardCharsets.UTF_8));
            String first = version(in);
            Files.writeString(site.resolve("floor.chain"), ServeProcess.FLOOR.replace("batch   = 64", "batch   = 32"));
            String second = version(in);
            assertEquals(Long.parseLong(first) + 1, Long.parseLong(second), "one new version for the save");
            assertTrue(serve.get("/floor.html").body().contains("= 9.92 ms"));
            assertTrue(serve.get("/floor.html").body().contains("<meta name=\"chain-serve-version\" content=\"" + second + "\">"));
        }
    }

    /** The data of the next {@code version} event. */
    private static String version(BufferedReader in) throws IOException {
        String line;
        while ((line = in.readLine()) != null) {
            if (line.equals("event: version")) {
                String data = in.readLine();
                assertTrue(data.startsWith("data: "), data);
                return data.substring(6);
            }
        }
        throw new AssertionError("the events ended");
    }

    @Test
    void aSaveWithErrorsShowsThemOnThePagesUntilASaveFixesThem() throws Exception {
        Path site = site();
        Path floor = site.resolve("floor.chain");
        try (ServeProcess serve = ServeProcess.start(site, tmp)) {
            Files.writeString(floor, ServeProcess.FLOOR.replace("/ gpu.hbm_bandwidth -> ms", "/ gpu.hbm_bandwidth + 2 GB -> ms"));
            serve.awaitBody("/floor.html", "chain-serve-errors", true);
            String page = serve.get("/floor.html").body();
            String shown = floor + ":13:48: error: cannot add s (time) and B (information)\n"
                    + " 13 |   floor   = (weights + kv) / gpu.hbm_bandwidth + 2 GB -&gt; ms:,.2f\n"
                    + "    |             ---------------------------------- ^ ---- B (information)\n";
            assertTrue(page.contains(shown), page);
            assertTrue(page.contains("= 15.05 ms"), "below the errors, the last render that had none");
            assertTrue(serve.get("/").body().contains(shown), "the index shows them too");
            assertTrue(serve.stderr().contains(shown.replace("-&gt;", "->")), "as the terminal shows them: " + serve.stderr());
            Files.writeString(floor, ServeProcess.FLOOR.replace("batch   = 64", "batch   = 32"));
            serve.awaitBody("/floor.html", "chain-serve-errors", false);
            assertTrue(serve.get("/floor.html").body().contains("= 9.92 ms"));
        }
    }

    @Test
    void nothingOutsideTheFolderAndTheRenderIsServed() throws Exception {
        Path site = site();
        Files.writeString(tmp.resolve("secret.txt"), "SECRET");
        Files.writeString(site.resolve("notes.txt"), "notes beside the chains");
        Files.createSymbolicLink(site.resolve("out.txt"), tmp.resolve("secret.txt"));
        Files.createSymbolicLink(site.resolve("up"), tmp);
        try (ServeProcess serve = ServeProcess.start(site, tmp)) {
            Map<String, Integer> expected = new LinkedHashMap<>();
            expected.put("/notes.txt", 200);
            expected.put("/floor.chain", 200);
            expected.put("/../secret.txt", 400);
            expected.put("/%2e%2e/secret.txt", 400);
            expected.put("/%2E%2E/%2E%2E/etc/passwd", 400);
            expected.put("/..%2fsecret.txt", 400);
            expected.put("/..%5csecret.txt", 400);
            expected.put("/%252e%252e/secret.txt", 404);
            expected.put("/%c0%ae%c0%ae/secret.txt", 400);
            expected.put("/./notes.txt", 400);
            expected.put("/" + tmp.resolve("secret.txt"), 404);
            expected.put("/out.txt", 404);
            expected.put("/up/secret.txt", 404);
            expected.put("/up/site/notes.txt", 200); // a link out and back in: the file is in the folder
            expected.put("/nothing.html", 404);
            for (Map.Entry<String, Integer> e : expected.entrySet()) {
                ServeProcess.Response r = serve.get(e.getKey());
                assertEquals(e.getValue(), r.status(), e.getKey() + ": " + r.body());
                assertFalse(r.body().contains("SECRET"), e.getKey());
            }
            assertEquals(400, serve.request("GET /../secret.txt HTTP/1.0\r\n\r\n").status(), "HTTP/1.0, no Host");
            assertEquals(400, serve.request("GET / HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n").status(),
                    "a name other than 127.0.0.1 or localhost (DNS rebinding)");
            assertEquals(405, serve.request("POST /floor.chain HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").status());
        }
    }

    @Test
    void aPortInUseOrAMissingPathIsAnErrorThatSaysSo() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CliRun r = CliRun.of("serve", site().toString(), "--port", String.valueOf(taken.getLocalPort()));
            assertEquals(1, r.exit(), r.err());
            assertTrue(r.err().contains("chain: error: port " + taken.getLocalPort()
                    + " on 127.0.0.1 is in use; give another with --port N (0 for any free one)\n"), r.err());
        }
        CliRun missing = CliRun.of("serve", tmp.resolve("nowhere").toString(), "--port", "0");
        assertEquals(1, missing.exit());
        assertTrue(missing.err().startsWith("chain: error: no such file or folder: " + tmp.resolve("nowhere")), missing.err());
        CliRun badPort = CliRun.of("serve", tmp.toString(), "--port", "70000");
        assertEquals(2, badPort.exit());
        assertTrue(badPort.err().startsWith("chain: --port 70000: a port is 0 to 65535\n"), badPort.err());
        CliRun help = CliRun.of("serve", "--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().contains("--port=N") && help.out().contains("--open"), help.out());
    }
}
