package dev.chain.render;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The published card as the study site shows it (src/test/resources/seed, a copy of
 * ../shared/seed/performance-debugging-chains.txt), read into its parts: title, count, intro, each
 * chain's title, code lines, prose and drill, and the next card. Its blocks are separated by blank
 * lines; a block is a chain's code when a line of it has a label column (a label, then two or more
 * spaces) or a continuation indent.
 */
record SeedCard(String title, String count, String intro, List<Chain> chains, String next) {
    static final Path FILE = Path.of("src/test/resources/seed/performance-debugging-chains.txt");

    /** @param title null for the sixth chain, which the card shows without one */
    record Chain(String title, List<String> code, List<String> prose, String drill) {}

    static SeedCard read() {
        try {
            return parse(Files.readString(FILE, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static SeedCard parse(String text) {
        List<List<String>> blocks = new ArrayList<>();
        List<String> current = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            if (line.isBlank()) {
                if (!current.isEmpty()) {
                    blocks.add(current);
                    current = new ArrayList<>();
                }
            } else {
                current.add(line);
            }
        }
        if (!current.isEmpty()) {
            blocks.add(current);
        }
        int i = 0;
        if (blocks.get(i).get(0).equals("Skip to content")) {
            i++; // the site's chrome, not the card
        }
        String title = blocks.get(i++).get(0);
        String count = blocks.get(i++).get(0);
        String intro = blocks.get(i++).get(0);
        List<Chain> chains = new ArrayList<>();
        String next = null;
        while (i < blocks.size()) {
            List<String> block = blocks.get(i);
            if (block.get(0).startsWith("Next card: ")) {
                next = block.get(0).substring("Next card: ".length());
                i++;
                continue;
            }
            String chainTitle = null;
            if (!isCode(block)) {
                chainTitle = block.get(0);
                i++;
            }
            List<String> code = blocks.get(i++);
            List<String> prose = new ArrayList<>();
            while (!blocks.get(i).get(0).startsWith("Drilled in: ")) {
                prose.add(blocks.get(i++).get(0));
            }
            String drill = blocks.get(i++).get(0).substring("Drilled in: ".length());
            chains.add(new Chain(chainTitle, code, prose, drill));
        }
        return new SeedCard(title, count, intro, chains, next);
    }

    private static boolean isCode(List<String> block) {
        for (String line : block) {
            if (line.startsWith("         ") || line.matches("^\\S.{0,9}?\\s{2,}\\S.*")) {
                return true;
            }
        }
        return false;
    }
}
