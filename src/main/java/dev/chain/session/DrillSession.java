package dev.chain.session;

import dev.chain.ast.Stmt;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.drill.Answer;
import dev.chain.drill.Blanks;
import dev.chain.drill.Drill;
import dev.chain.drill.Grade;
import dev.chain.drill.Variation;
import dev.chain.eval.Band;
import dev.chain.eval.CheckValues;
import dev.chain.eval.Values;
import dev.chain.render.ChainLayout;
import dev.chain.render.ChainMarkdown;
import dev.chain.render.CodeBlock;
import dev.chain.render.Piece;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * One learner's drill of one chain: the steps asked for, what the card shows before each (its line
 * with the value blanked, the inputs, the values established), and each answer graded with the
 * learner's earlier ones in mind. Prints nothing: the front ends ({@code chain drill} on a terminal,
 * piped, {@code --answers}, {@code --json}) write what it returns.
 */
public final class DrillSession {
    private final Engine engine;
    private final ChainRun run;
    private final Drill drill;
    private final double[] inputs;
    private final double[] values;
    private final Map<BindingInfo, Double> given = new LinkedHashMap<>();
    private final QuantityFormatter formatter;
    private ChainLayout layout;
    private ChainMarkdown markdown;

    private DrillSession(Engine engine, ChainRun run, Drill drill, double[] inputs) {
        this.engine = engine;
        this.run = run;
        this.drill = drill;
        this.inputs = inputs;
        this.values = drill.values(inputs);
        this.formatter = new QuantityFormatter(run.chain().program().units());
    }

    /**
     * The drill of a chain that checked ({@code run}, evaluated by {@code engine}), its inputs varied
     * by {@code seed} ({@link Variation}) or, with null, as the chain has them.
     */
    public static DrillSession of(Engine engine, ChainRun run, Long seed) {
        Drill drill = Drill.of(run.chain().code(), engine);
        double[] inputs = seed == null ? null : Variation.inputs(run.chain().program(), seed);
        return new DrillSession(engine, run, drill, inputs);
    }

    /** This drill with the inputs varied by {@code seed} ({@link Variation}): the same seed, the same numbers. */
    public static DrillSession vary(DrillSession session, long seed) {
        return new DrillSession(session.engine, session.run, session.drill, Variation.inputs(session.program(), seed));
    }

    public CheckedProgram program() {
        return run.chain().program();
    }

    /** The steps asked for, in order: every derived value, or the one named. */
    public List<BindingInfo> steps() {
        return drill.steps();
    }

    /** The step named {@code name}; null when the chain has no derived value of that name. */
    public BindingInfo step(String name) {
        for (BindingInfo b : drill.steps()) {
            if (b.name().equals(name)) {
                return b;
            }
        }
        return null;
    }

    /** The step's formula as written: {@code (weights + kv) / gpu.hbm_bandwidth}. */
    public String formula(BindingInfo step) {
        return drill.formula(step);
    }

    /** A binding's value as the card shows it, for this drill's inputs. */
    public String shown(BindingInfo b) {
        return formatter.format(values[b.slot()], b.dimension(), b.display(), b.format()).text();
    }

    /** The value a step is expected to have, for this drill's inputs (base units). */
    public double expected(BindingInfo b) {
        return values[b.slot()];
    }

    /**
     * What the learner sees before answering {@code step}: the card's line with its value blanked
     * ({@code ____}) and later values not yet known ({@code ?}), the inputs, the values established,
     * and (unless {@code blind}) the step's formula.
     */
    public List<String> prompt(BindingInfo step, boolean blind) {
        List<String> out = new ArrayList<>();
        String line = cardLine(step, blind);
        if (line != null) {
            out.add(line);
        }
        List<String> in = new ArrayList<>();
        List<String> known = new ArrayList<>();
        for (BindingInfo b : program().bindings()) {
            if (b.isText() || b.dimension() == null) {
                continue;
            }
            if (b.input() && b.slot() < step.slot()) {
                in.add(b.name() + " = " + shown(b));
            } else if (b.slot() < step.slot() && drill.steps().contains(b)) {
                known.add(b.name() + " = " + shown(b));
            }
        }
        if (!in.isEmpty()) {
            out.add("inputs: " + String.join(", ", in));
        }
        if (!known.isEmpty()) {
            out.add("known:  " + String.join(", ", known));
        }
        if (!blind) {
            out.add("formula: " + step.name() + " = " + drill.formula(step));
        }
        return out;
    }

    /** The card's line of the step's group, the step blanked; null for a step in no group. */
    private String cardLine(BindingInfo step, boolean blind) {
        Stmt.Group group = step.group();
        int row = group == null ? -1 : markdown().row(group);
        if (row < 0) {
            return null;
        }
        java.util.Set<Integer> unknown = new java.util.HashSet<>();
        for (BindingInfo b : drill.steps()) {
            if (b.slot() > step.slot()) {
                unknown.add(b.slot());
            }
        }
        IntFunction<String> hidden = slot -> slot == step.slot() ? Blanks.ASKED : unknown.contains(slot) ? Blanks.UNKNOWN : null;
        return String.join("\n", CodeBlock.layout(List.of(blanked(layout.rows().get(row), hidden, blind))));
    }

    /** The chain's code block as the card has it, every value the drill asks for blanked ({@code ____}): a drill page's. */
    public List<String> blankedCard() {
        markdown();
        java.util.Set<Integer> asked = new java.util.HashSet<>();
        for (BindingInfo b : drill.steps()) {
            asked.add(b.slot());
        }
        List<CodeBlock.Row> rows = new ArrayList<>();
        for (ChainLayout.Row r : layout.rows()) {
            rows.add(blanked(r, slot -> asked.contains(slot) ? Blanks.ASKED : null, false));
        }
        return CodeBlock.layout(rows);
    }

    private CodeBlock.Row blanked(ChainLayout.Row r, IntFunction<String> hidden, boolean blind) {
        Values shown = values();
        List<String> lines = new ArrayList<>();
        for (Piece p : r.lines()) {
            Piece blanked = Blanks.blank(p, hidden, blind);
            if (blanked != null) {
                lines.addAll(dev.chain.render.Prose.lines(blanked.text(shown)));
            }
        }
        return new CodeBlock.Row(r.label().text(shown), lines);
    }

    private ChainMarkdown markdown() {
        if (markdown == null) {
            markdown = new ChainMarkdown(program(), run.evaluation(), run.values());
            layout = markdown.layout();
        }
        return markdown;
    }

    /** This drill's values, as the card's pieces read them: each a point, varied or the chain's own. */
    private Values values() {
        return new Values() {
            @Override
            public Band band(int slot) {
                return Band.point(values[slot]);
            }

            @Override
            public CheckValues check(int index) {
                return run.evaluation().check(index);
            }
        };
    }

    /** Reads and grades the learner's answer to {@code step}; a graded answer of its dimension is kept as theirs. */
    public Grade answer(BindingInfo step, String text) {
        Answer answer = DrillAnswers.read(engine, text);
        Grade g = drill.grade(step, answer, given, inputs);
        if (g.verdict() == dev.chain.drill.Verdict.RIGHT || g.verdict() == dev.chain.drill.Verdict.WRONG
                || g.verdict() == dev.chain.drill.Verdict.CONSISTENT) {
            given.put(step, answer.si());
        }
        return g;
    }

    /** The learner's reply as the terminal writes it: how the answer was read, then the verdict and what the drill says. */
    public List<String> reply(Grade g) {
        List<String> out = new ArrayList<>();
        if (g.echo() != null) {
            out.add("  " + g.echo());
        }
        String mark = switch (g.verdict()) {
            case RIGHT -> "✓ ";
            case CONSISTENT -> "≈ ";
            case NO_UNIT, UNREAD -> "? ";
            case WRONG, WRONG_DIMENSION -> "✗ ";
        };
        out.add(mark + g.diagnosis());
        return out;
    }

    public Engine engine() {
        return engine;
    }

    public QuantityFormatter formatter() {
        return formatter;
    }
}
