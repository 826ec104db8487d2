package dev.chain.render;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureSpec;
import dev.chain.diag.Diagnostic;
import dev.chain.eval.CheckResult;
import dev.chain.eval.CheckStatus;
import dev.chain.eval.Solve;
import dev.chain.source.Span;
import dev.chain.units.Plurals;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code chain solve} prints: each place where the condition turns as a person writes it
 * ({@code floor <= 20 ms holds up to batch = 94; fails from batch = 95}), the same as JSON, and
 * the problems of a search that found no turn or met points without a value.
 */
public final class SolveReport {
    /** Significant digits at most when two values must be told apart: a double has about 15. */
    private static final int MAX_DIGITS = 15;

    private final CheckedProgram program;
    private final BindingValues values;
    private final BindingInfo input;
    private final Span where;
    private final Solve.Result result;
    private final Plurals plurals;

    /**
     * @param values the chain's own values (what a check's outcome reads for its units)
     * @param solve  the solve searched: its input, and its condition where it is written (a solve's check, or
     *               --where's text), the source of its diagnostics
     */
    public SolveReport(CheckedProgram program, BindingValues values, FigureSpec.Solve solve, Solve.Result result) {
        this.program = program;
        this.values = values;
        this.input = solve.searched().input();
        this.where = solve.condition().decl().condition().span();
        this.result = result;
        this.plurals = new Plurals(program.units());
    }

    String condition() {
        return where.text().trim();
    }

    /** One line a place where the condition turns: {@code floor <= 20 ms holds up to batch = 94; fails from batch = 95}. */
    public String text() {
        StringBuilder out = new StringBuilder();
        for (Solve.Boundary b : result.boundaries()) {
            out.append(condition()).append(' ').append(turn(b)).append('\n');
        }
        return out.toString();
    }

    /** A turn, after its condition: {@code holds up to batch = 94; fails from batch = 95}. */
    private String turn(Solve.Boundary b) {
        AnswerText.Shown[] shown = apart(b);
        return verb(b.below()) + " up to " + input.name() + " = " + plurals.prose(shown[0].text()) + "; " + verb(b.above()) + " from "
                + input.name() + " = " + plurals.prose(shown[1].text());
    }

    /**
     * The error of a solve in a chain file whose condition turns, but not once from holding to
     * failing (or back): several turns, or, over ranged inputs, none that reaches holding for all of
     * their values. Each turn is a note; {@code range}: the searched range as written.
     */
    public Diagnostic noOneAnswer(Span range) {
        String searched = input.name() + "'s range `" + range.text() + "`";
        int turns = result.boundaries().size();
        Diagnostic d = Diagnostic.error(where, "`" + condition() + "` "
                + (turns > 1 ? "turns " + turns + " times in " + searched + "; a solve has one answer"
                : "has no one answer in " + searched + ": it does not turn from holding for every value of the ranged"
                + " inputs to failing for every one"));
        for (Solve.Boundary b : result.boundaries()) {
            d = d.withNote(turn(b));
        }
        if (turns <= 1 && result.atLow() != null && result.atHigh() != null) {
            // What the ends found, and which values they are: a range without a step counts from its
            // low end by one of its unit, so 0.1 .. 5 ends at 4.1, not at the 5 written.
            d = d.withNote("the range's first point is " + input.name() + " = " + shown(result.low()) + ", where it "
                    + verb(result.atLow().status()) + "; its last, " + input.name() + " = " + shown(result.high())
                    + ", where it " + verb(result.atHigh().status()));
        }
        return d.withHint(turns > 1 ? "narrow the range to the one turn you mean; chain solve --for lists every turn of a range"
                : "widen the range to where it holds, and where it fails, for every value of the ranged inputs");
    }

    /** What the condition does, as the line says it: holds, fails, or, over ranged inputs, is uncertain. */
    private static String verb(CheckStatus status) {
        return switch (status) {
            case HOLDS -> "holds";
            case FAILS -> "fails";
            case UNCERTAIN -> "is uncertain";
        };
    }

    /**
     * The two values on either side of a turn, as the input is shown, with as many more digits as
     * tell them apart (a quantity solved to a millionth would otherwise read 12.35 ms twice), each
     * a value where what the line says of it is so ({@link AnswerText}): the points of a range as
     * they are; values bisected to, each moved away from the turn by no more than the two are apart,
     * to the value of fewest digits there (the last below it down, the first above it up), so that
     * a turn near a round value reads as one: fails up to -2e-5 ms; holds from 0 ms.
     */
    AnswerText.Shown[] apart(Solve.Boundary b) {
        if (!b.exact()) {
            AnswerText answer = new AnswerText(values.formatter(), input);
            double apart = b.first() - b.last();
            return new AnswerText.Shown[] {answer.roundestAway(b.last(), -1, apart), answer.roundestAway(b.first(), 1, apart)};
        }
        QuantityFormatter f = values.formatter();
        FormatSpec spec = input.format();
        String a = f.format(b.last(), input.dimension(), input.display(), spec).text();
        String c = f.format(b.first(), input.dimension(), input.display(), spec).text();
        for (int digits = 5; digits <= MAX_DIGITS && a.equals(c); digits++) {
            spec = FormatSpec.significant(digits);
            a = f.format(b.last(), input.dimension(), input.display(), spec).text();
            c = f.format(b.first(), input.dimension(), input.display(), spec).text();
        }
        AnswerText answer = new AnswerText(f, input);
        return new AnswerText.Shown[] {answer.exact(b.last(), spec), answer.exact(b.first(), spec)};
    }

    /**
     * A value a search bisected to, as the input shows it, rounded at its last digit shown toward
     * the side where the condition holds ({@code toward} 1 for up, -1 for down): what a solve of a
     * chain file answers, so that its title shows the value it was evaluated at, and it holds there.
     */
    public static double shownAway(QuantityFormatter formatter, BindingInfo input, double si, int toward) {
        return new AnswerText(formatter, input).away(si, toward, input.format()).si();
    }

    /** The input at {@code at} as prose writes it, in its own unit and format: {@code 4,096 tokens}. */
    private String shown(double at) {
        return plurals.prose(values.formatter().format(at, input.dimension(), input.display(), input.format()));
    }

    private String point(double at) {
        return input.name() + " = " + shown(at);
    }

    /**
     * The error of a search that found no turn: the condition holds (or fails) at every point it
     * tried, with what it found at the range's ends. Null when there is a turn, or no point had a value.
     */
    public Diagnostic noTurn() {
        if (!result.boundaries().isEmpty() || result.noneEvaluated()) {
            return null;
        }
        CheckResult any = result.atLow() != null ? result.atLow() : result.atHigh();
        String range = point(result.low()) + " .. " + shown(result.high());
        Diagnostic d = Diagnostic.error(where, "`" + condition() + "` "
                + verb(any == null ? CheckStatus.FAILS : any.status()) + " over the whole range, " + range);
        CheckText text = new CheckText(program, values);
        if (result.atLow() != null) {
            d = d.withNote("at " + point(result.low()) + ": " + text.outcome(result.atLow()));
        }
        if (result.atHigh() != null && result.high() != result.low()) {
            d = d.withNote("at " + point(result.high()) + ": " + text.outcome(result.atHigh()));
        }
        return d.withHint("it may turn outside this range: widen it, or ask of the chain a value that does turn in it");
    }

    /**
     * What the search says beside its answer: each error of the points without a value, once,
     * naming the points it was met at (warnings when the search went on at others, errors when no
     * point of the range had a value); and that a condition which rose and fell over a range too
     * long to evaluate whole was searched at {@value FigureSpec#MAX_POINTS} of its points.
     */
    public List<Diagnostic> warnings() {
        List<Diagnostic> out = new ArrayList<>();
        for (List<Solve.Unvalued> same : unvaluedByError().values()) {
            List<String> at = new ArrayList<>();
            for (Solve.Unvalued u : same) {
                at.add(at.isEmpty() ? point(u.at()) : shown(u.at()));
            }
            String listed = at.size() == 1 ? at.get(0)
                    : String.join(", ", at.subList(0, at.size() - 1)) + " and " + at.get(at.size() - 1);
            Diagnostic error = same.get(0).error();
            String extent = at.size() == result.points() ? ", the whole range" : ", every point the search tried";
            out.add(result.noneEvaluated() ? error.withNote("the chain has no value at " + listed + extent)
                    : error.asWarning().withNote("the chain has no value at " + listed
                            + "; the search went on without " + (at.size() == 1 ? "it" : "them")));
        }
        if (result.sampled()) {
            out.add(Diagnostic.error(where, "`" + condition() + "` rises and falls over " + input.name()
                            + "'s range: the search tried " + String.format(java.util.Locale.ROOT, "%,d", FigureSpec.MAX_POINTS)
                            + " of its " + String.format(java.util.Locale.ROOT, "%,d", result.points())
                            + " points, and a turn between two of them may be missed")
                    .withHint("search a narrower range, or one with a larger step, to have every point tried").asWarning());
        }
        return out;
    }

    Map<String, List<Solve.Unvalued>> unvaluedByError() {
        Map<String, List<Solve.Unvalued>> byError = new LinkedHashMap<>();
        for (Solve.Unvalued u : result.unvalued()) {
            Diagnostic d = u.error();
            String key = (d.span() == null ? "" : d.span().start() + ":" + d.span().end()) + " " + d.message();
            byError.computeIfAbsent(key, k -> new ArrayList<>()).add(u);
        }
        return byError;
    }
}
