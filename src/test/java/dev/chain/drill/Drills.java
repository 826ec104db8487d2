package dev.chain.drill;

import dev.chain.check.BindingInfo;
import dev.chain.session.ChainRun;
import dev.chain.session.DrillAnswers;
import dev.chain.session.Engine;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helper: a chain of chains/ as a drill, and answers graded in order as the learner gives them. */
final class Drills {
    final Engine engine = new Engine();
    final Drill drill;
    final Map<BindingInfo, Double> given = new LinkedHashMap<>();

    Drills(String file) {
        this(Path.of("chains", file));
    }

    Drills(Path path) {
        try {
            ChainRun run = ChainRun.execute(engine, new SourceFile(path, Files.readString(path)), List.of());
            if (run.chain() == null) {
                throw new AssertionError("does not check: " + run.diagnostics());
            }
            drill = Drill.of(run.chain().code(), engine);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Drills text(String name, String text) {
        return new Drills(name, text);
    }

    private Drills(String name, String text) {
        ChainRun run = ChainRun.execute(engine, new SourceFile(name, text), List.of());
        if (run.chain() == null) {
            throw new AssertionError("does not check: " + run.diagnostics());
        }
        drill = Drill.of(run.chain().code(), engine);
    }

    /** Grades {@code answer} for step {@code name}, the learner's earlier answers in mind; keeps it as theirs. */
    Grade answer(String name, String answer) {
        BindingInfo step = drill.chain().binding(name);
        Grade g = drill.grade(step, DrillAnswers.read(engine, answer), given, null);
        if (g.verdict() == Verdict.RIGHT || g.verdict() == Verdict.WRONG || g.verdict() == Verdict.CONSISTENT) {
            given.put(step, g.answer().si());
        }
        return g;
    }

    /** Grades {@code answer} for one step alone, as --step does. */
    Grade alone(String name, String answer) {
        BindingInfo step = drill.chain().binding(name);
        return drill.grade(step, DrillAnswers.read(engine, answer), Map.of(), null);
    }
}
