package dev.chain.session;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * What a learner missed, kept for {@code chain drill --review}: a Leitner schedule in
 * {@code $XDG_STATE_HOME/chain/drill-review} (else {@code ~/.local/state/chain/drill-review}). A
 * step answered wrong goes to box 1; one answered right moves up a box, and leaves after box
 * {@value #BOXES}. Box {@code k} comes back every {@code 2^(k-1)} reviews; the steps missed most
 * recently come first. One line a step: box, the review it was last asked in, the time it was last
 * missed (seconds since 1970), the chain's absolute path and the step's name, separated by tabs.
 */
public final class DrillReview {
    static final int BOXES = 5;
    private static final String HEADER = "# chain drill --review: box, review last asked, last missed (s), chain, step";

    /** One step to review. */
    public record Entry(int box, int asked, long missed, Path chain, String step) {}

    private final Path file;
    private final List<Entry> entries = new ArrayList<>();
    private int reviews;

    private DrillReview(Path file) {
        this.file = file;
    }

    /** The file's place: XDG_STATE_HOME's, else the home's; null where there is none. */
    public static Path locate(Map<String, String> env, String home) {
        try {
            String xdg = env.get("XDG_STATE_HOME");
            Path state = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg)
                    : home == null || home.isBlank() ? null : Path.of(home, ".local", "state");
            return state == null ? null : state.resolve("chain").resolve("drill-review");
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /** The schedule in {@code file}; empty where there is none yet. A line that does not read is dropped. */
    public static DrillReview load(Path file) throws IOException {
        DrillReview review = new DrillReview(file);
        if (file == null || !Files.exists(file)) {
            return review;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.startsWith("reviews\t")) {
                review.reviews = parseInt(line.substring(8), 0);
                continue;
            }
            String[] f = line.split("\t", -1);
            if (line.startsWith("#") || f.length != 5) {
                continue;
            }
            try {
                review.entries.add(new Entry(Math.max(1, Math.min(BOXES, Integer.parseInt(f[0]))), Integer.parseInt(f[1]),
                        Long.parseLong(f[2]), Path.of(f[3]), f[4]));
            } catch (NumberFormatException | InvalidPathException e) {
                // a line edited by hand into something else: dropped, as the schedule can be rebuilt
            }
        }
        return review;
    }

    private static int parseInt(String s, int otherwise) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    public Path file() {
        return file;
    }

    /** Every step kept, box 1 first, the most recently missed first within a box. */
    public List<Entry> entries() {
        List<Entry> sorted = new ArrayList<>(entries);
        sorted.sort(Comparator.comparingInt(Entry::box).thenComparing(Comparator.comparingLong(Entry::missed).reversed()));
        return sorted;
    }

    /** The steps due in this review (of {@code chain} only, unless null), in the order {@link #entries} gives. */
    public List<Entry> due(Path chain) {
        List<Entry> out = new ArrayList<>();
        for (Entry e : entries()) {
            if ((chain == null || e.chain().equals(chain)) && reviews + 1 - e.asked() >= 1 << (e.box() - 1)) {
                out.add(e);
            }
        }
        return out;
    }

    /** Starts a review: the steps asked from now on are asked in it. */
    public void startReview() {
        reviews++;
    }

    /** Records an answer: a miss sends the step to box 1, a right answer up a box (out after the last). */
    public void record(Path chain, String step, boolean right, long now) {
        Entry old = null;
        for (Entry e : entries) {
            if (e.chain().equals(chain) && e.step().equals(step)) {
                old = e;
            }
        }
        if (old != null) {
            entries.remove(old);
        }
        if (!right) {
            entries.add(new Entry(1, reviews, now, chain, step));
        } else if (old != null && old.box() < BOXES) {
            entries.add(new Entry(old.box() + 1, reviews, old.missed(), chain, step));
        }
    }

    /** Writes the schedule, atomically, its folder made. */
    public void save() throws IOException {
        Files.createDirectories(file.getParent());
        StringBuilder out = new StringBuilder(HEADER).append('\n').append("reviews\t").append(reviews).append('\n');
        for (Entry e : entries) {
            out.append(e.box()).append('\t').append(e.asked()).append('\t').append(e.missed()).append('\t')
                    .append(e.chain()).append('\t').append(e.step()).append('\n');
        }
        Path temporary = Files.createTempFile(file.getParent(), ".drill-review", ".tmp");
        Files.writeString(temporary, out, StandardCharsets.UTF_8);
        AtomicReplace.move(temporary, file);
    }

    /** Clears the schedule: the file is removed. Whether there was one. */
    public static boolean reset(Path file) throws IOException {
        return file != null && Files.deleteIfExists(file);
    }
}
