package dev.chain.session.repl;

import dev.chain.diag.Diagnostic;
import java.util.ArrayList;
import java.util.List;

/**
 * What the session answers to one input: lines to show, each with a style a front end may colour,
 * and the diagnostics of an input that failed (which then changed nothing). The session prints
 * nothing itself.
 */
public record Reply(List<Line> lines, List<Diagnostic> diagnostics, boolean quit) {
    public enum Style {
        /** A value: {@code 4.794 ms}, {@code kv = 34.36 GB}. */
        RESULT,
        /** A step of a chain: {@code name = formula = formula with values = value}. */
        STEP,
        /** A group's label before its steps, a chain's title. */
        HEADING,
        /** A check that holds. */
        PASSED,
        /** A check that does not hold: a finding, not an error in the input. */
        FAILED,
        /** What is said beside an answer that stands: a sweep's check that fails at some of its points. */
        WARNING,
        /** Help, listings and notes about what the session did. */
        INFO
    }

    public record Line(Style style, String text) {}

    public static final Reply NOTHING = new Reply(List.of(), List.of(), false);

    public Reply {
        lines = List.copyOf(lines);
        diagnostics = List.copyOf(diagnostics);
    }

    public static Reply failure(List<Diagnostic> diagnostics) {
        return new Reply(List.of(), diagnostics, false);
    }

    public static Reply failure(Diagnostic diagnostic) {
        return failure(List.of(diagnostic));
    }

    /** This reply, then {@code next}'s: two inputs answered as one. */
    public Reply then(Reply next) {
        List<Line> allLines = new ArrayList<>(lines);
        allLines.addAll(next.lines);
        List<Diagnostic> allDiagnostics = new ArrayList<>(diagnostics);
        allDiagnostics.addAll(next.diagnostics);
        return new Reply(allLines, allDiagnostics, quit || next.quit);
    }

    /** True when the input had errors; the session is as it was before it. */
    public boolean failed() {
        return !diagnostics.isEmpty();
    }

    /** The lines as plain text, one per line: what a script or a test sees. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (Line line : lines) {
            sb.append(line.text()).append('\n');
        }
        return sb.toString();
    }

    /** Collects lines in order. */
    static final class Builder {
        private final List<Line> lines = new ArrayList<>();

        Builder add(Style style, String text) {
            lines.add(new Line(style, text));
            return this;
        }

        Builder add(Line line) {
            lines.add(line);
            return this;
        }

        Builder addAll(List<Line> more) {
            lines.addAll(more);
            return this;
        }

        Reply build() {
            return new Reply(lines, List.of(), false);
        }
    }
}
