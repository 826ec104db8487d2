package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What `chain import` copies from a config into the module (its file's name, a wrapper's and a
 * vision tower's model_type, a quant_method) is anyone's text. Written as it was, a line break in
 * quant_method ended the head comment and made the rest of the value statements of the module
 * ({@code layers = 1} ahead of the real one). Each copy stays in its comment, and reads back as it was.
 */
class ImportCopiedTextTest {
    private static final Path LLAMA = Path.of("src/test/resources/import/configs/llama31_8b.json");

    /** Every way out of a comment or a string, and every character that shows another text than the one read. */
    private static final String HOSTILE = "awq).\nlayers = 1\r\nheads = 2\u2028hidden = 3\u2029\u0085 \"\"\" \" # \\ \\n \\u000a"
            + " \u001b[2J\u0007 \u0000 \u202eevil\u202c \u2066\u2069 \u200b\ufeff \ud800 end";

    @Test
    void copiedValuesStayInTheirCommentsAndReadBackAsTheyWere(@TempDir Path dir) throws IOException {
        Path hostileConfig = dir.resolve("cfg\n# x \"\"\" \\ \u2028\u202e.json");
        Files.writeString(hostileConfig, wrapper(HOSTILE, HOSTILE, HOSTILE));
        Path plainConfig = dir.resolve("plain.json");
        Files.writeString(plainConfig, wrapper("wrapper", "clip", "awq"));

        String hostile = imported(hostileConfig, dir.resolve("hostile.chain"));
        String plain = imported(plainConfig, dir.resolve("plain.chain"));

        // The statements are the ones a plain config gives, each value in its line: nothing was added.
        assertEquals(statements(plain), statements(hostile));
        assertTrue(statements(hostile).contains("layers = 32"), hostile);
        // No character that ends a line or hides another text is in the file as it is.
        hostile.codePoints().filter(c -> c != '\n').forEach(c -> assertFalse(hidden(c),
                () -> String.format("U+%04X in the module:%n%s", c, hostile)));
        // The head reads back, through a JSON string's unescaping, as the config's values and file name.
        List<String> head = hostile.lines().takeWhile(l -> l.startsWith("#")).map(l -> unescaped(l.substring(2))).toList();
        assertEquals("hostile: imported by `chain import` from " + hostileConfig + " (model_type llama).", head.get(0));
        assertEquals("The checkpoint is multimodal (model_type " + HOSTILE + "): params is its text model, from text_config;"
                + " its vision tower (" + HOSTILE + ") is not counted.", head.get(2));
        assertEquals("Its checkpoint is quantized (quant_method " + HOSTILE + "): the counts are the model's, and its bytes on disk"
                + " are not weights_bf16.", head.get(3));
        assertEquals(4, head.size(), hostile);
        // The head is readable: the first line of the value, then its line break as the six characters of its escape.
        assertTrue(hostile.contains("# Its checkpoint is quantized (quant_method awq).\\u000alayers = 1\\u000d\\u000aheads = 2\\u2028"
                + "hidden = 3\\u2029\\u0085 \"\"\" \" # \\\\ \\\\n \\\\u000a \\u001b[2J\\u0007 \\u0000 \\u202eevil\\u202c"
                + " \\u2066\\u2069 \\u200b\\ufeff \\ud800 end):"), hostile);

        // The module checks clean, as a card's module: its counts are those of the config.
        Files.writeString(dir.resolve("card.chain"), "use hostile as model\ncheck model.layers == 32\n"
                + "check model.params == 8,030,261,248 param\n");
        CliRun check = CliRun.of("check", "--color=never", dir.resolve("card.chain").toString());
        assertEquals(0, check.exit(), check.err() + check.out());
        assertEquals("", check.err());
    }

    private static String imported(Path config, Path module) throws IOException {
        CliRun r = CliRun.of("import", config.toString(), "-o", module.toString());
        assertEquals(0, r.exit(), r.err());
        return Files.readString(module);
    }

    /** A multimodal config around Llama 3.1 8B's: the wrapper's model_type, an uncounted vision tower's, a quant_method. */
    private static String wrapper(String rootType, String visionType, String quantMethod) throws IOException {
        String text = Files.readString(LLAMA).strip();
        text = text.substring(0, text.length() - 1) + ", \"quantization_config\": {\"quant_method\": " + json(quantMethod) + "}}";
        return "{\"model_type\": " + json(rootType) + ", \"text_config\": " + text + ", \"vision_config\": {\"model_type\": "
                + json(visionType) + "}}";
    }

    private static String json(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    private static String statements(String module) {
        return module.lines().filter(l -> !l.isBlank() && !l.startsWith("#")).map(l -> l.replace("\"hostile\"", "\"plain\""))
                .collect(Collectors.joining("\n"));
    }

    private static boolean hidden(int c) {
        int type = Character.getType(c);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE;
    }

    /** A comment's text as a JSON string's body reads: {@code \\} and {@code \}{@code uXXXX}. */
    private static String unescaped(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\') {
                out.append(c);
            } else if (text.charAt(i + 1) == '\\') {
                out.append('\\');
                i++;
            } else {
                assertEquals('u', text.charAt(i + 1), text);
                out.append((char) Integer.parseInt(text.substring(i + 2, i + 6), 16));
                i += 5;
            }
        }
        return out.toString();
    }
}
