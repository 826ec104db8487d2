import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Build step (run by Maven in generate-sources, as {@code java StdlibTextsGenerator.java STDLIB OUT}):
 * writes {@code dev/chain/session/StdlibTexts.java}, which holds the text of every {@code stdlib/*.chain}
 * file as a string constant.
 *
 * <p>Why: reading the first resource out of the jar costs 13-20 ms of a cold start (URL parsing and
 * jar-connection code running in the interpreter), and every later one ~2 ms, while a string
 * constant of a class in the start-up archive costs microseconds. The .chain files stay the one
 * source of truth; this copy is regenerated on every build and written only when it changed, so an
 * unchanged stdlib does not make the compiler rebuild.
 */
public final class StdlibTextsGenerator {
    /** A class-file string constant holds at most 65,535 bytes; stay well below in any encoding. */
    private static final int CHUNK_CHARS = 8_000;

    public static void main(String[] args) throws IOException {
        Path stdlib = Path.of(args[0]);
        Path out = Path.of(args[1]).resolve("dev/chain/session/StdlibTexts.java");
        List<Path> files;
        try (Stream<Path> listing = Files.list(stdlib)) {
            files = listing.filter(p -> p.getFileName().toString().endsWith(".chain")).sorted().collect(Collectors.toList());
        }
        StringBuilder java = new StringBuilder();
        java.append("package dev.chain.session;\n\n")
            .append("/** Generated from stdlib/*.chain by src/build/StdlibTextsGenerator.java; do not edit. */\n")
            .append("final class StdlibTexts {\n")
            .append("    private StdlibTexts() {}\n\n")
            .append("    /** Every module's name, the prelude's included, sorted. */\n")
            .append("    static final java.util.List<String> MODULES = java.util.List.of(");
        for (int i = 0; i < files.size(); i++) {
            java.append(i == 0 ? "" : ", ").append(literal(moduleName(files.get(i))));
        }
        java.append(");\n\n")
            .append("    /** The text of the module by that name, or null. */\n")
            .append("    static String text(String module) {\n")
            .append("        switch (module) {\n");
        for (Path file : files) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            java.append("            case ").append(literal(moduleName(file))).append(": return ");
            if (text.length() <= CHUNK_CHARS) {
                java.append(literal(text));
            } else {
                java.append("String.join(\"\"");
                for (int start = 0; start < text.length(); start += CHUNK_CHARS) {
                    java.append(",\n                    ").append(literal(text.substring(start, Math.min(text.length(), start + CHUNK_CHARS))));
                }
                java.append(")");
            }
            java.append(";\n");
        }
        java.append("            default: return null;\n")
            .append("        }\n")
            .append("    }\n")
            .append("}\n");
        String generated = java.toString();
        if (Files.exists(out) && Files.readString(out, StandardCharsets.UTF_8).equals(generated)) {
            return;
        }
        Files.createDirectories(out.getParent());
        Files.writeString(out, generated, StandardCharsets.UTF_8);
    }

    private static String moduleName(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - ".chain".length());
    }

    /** A Java string literal, ASCII only: anything else as a Unicode escape. */
    private static String literal(String text) {
        StringBuilder s = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\t' -> s.append("\\t");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        s.append(String.format("\\u%04x", (int) c));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        return s.append('"').toString();
    }
}
