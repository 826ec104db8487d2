package dev.chain.render;

import dev.chain.ast.Clause;
import dev.chain.ast.CompareOp;
import dev.chain.ast.Condition;
import dev.chain.ast.Expr;
import dev.chain.check.CheckedProgram;
import dev.chain.check.Ref;
import dev.chain.diag.Diagnostic;
import dev.chain.check.CheckInfo;
import dev.chain.eval.CheckResult;
import dev.chain.eval.FigureValues;
import dev.chain.eval.CheckStatus;
import dev.chain.eval.Solve;
import dev.chain.eval.InputRange;
import dev.chain.check.BindingInfo;
import dev.chain.units.Plurals;
import dev.chain.units.FormatSpec;
import java.util.ArrayList;
import java.util.List;
import dev.chain.eval.Band;
import dev.chain.eval.CheckValues;
import dev.chain.source.Span;
import dev.chain.units.DisplayUnit;
import dev.chain.units.QuantityFormatter;

/**
 * What a check found, in words and with both sides' values in one unit:
 * "21.47 GB is greater than 7.664 GB", "159.5% is not in 50% .. 80%".
 */
public final class CheckText {
    private final CheckedProgram program;
    private final BindingValues values;
    private final Plurals plurals;

    public CheckText(CheckedProgram program, BindingValues values) {
        this.program = program;
        this.values = values;
        this.plurals = new Plurals(program.units());
    }

    /** The check as written, without the keyword: {@code share in 50% .. 80%}. */
    public static String source(CheckResult result) {
        return result.check().decl().condition().span().text();
    }

    /** What a check found: {@code 63% is in 50% .. 80%}, {@code 21.47 GB is not greater than 7.664 GB}. */
    public String outcome(CheckResult r) {
        CheckValues found = r.values();
        return outcomePiece(r.check()).text(new dev.chain.eval.Values() { // an outcome shows only its check's values
            @Override
            public Band band(int slot) {
                throw new IllegalStateException("an outcome shows only its check's values");
            }

            @Override
            public CheckValues check(int index) {
                return found;
            }
        });
    }

    /**
     * A check's outcome as a piece, for any values: the left side's unit chosen by its value (see
     * {@link #leftUnit}), the other sides in it, the words of its comparison.
     */
    public Piece.Outcome outcomePiece(CheckInfo check) {
        Condition cond = check.decl().condition();
        QuantityFormatter.UnitChoice unit = leftUnit(check);
        Piece.Units left = new Piece.Units(unit, plurals.of(unit));
        return cond.accept(new Condition.Visitor<Piece.Outcome>() {
            @Override
            public Piece.Outcome visitCompare(Condition.Compare compare) {
                return new Piece.Outcome(check.index(), left, compare.op().words(), compare.op() == CompareOp.APPROX,
                        check.relativeTolerance(), writtenDigits(compare.right()), 0);
            }

            @Override
            public Piece.Outcome visitInRange(Condition.InRange range) {
                return new Piece.Outcome(check.index(), left, null, false, check.relativeTolerance(),
                        writtenDigits(range.low()), writtenDigits(range.high()));
            }
        });
    }

    /**
     * An outcome's words around its values, already written: {@code high} for a range, {@code within}
     * for an ≈, else the comparison's {@code words}. The renderer and the explorable page both put an
     * outcome together here. A check of ranges that holds for some of their values and fails for
     * others is "only partly" so: {@code 12.6-18.1 ms is only partly at most 15 ms}. A tolerance
     * that could be read two ways, relative or in points of a percentage, follows the value it is
     * about ({@code 65.4% is not 65% within 0.5% of it}, {@code 65.4% is 65% within 0.5 points});
     * another reads {@code 25,600 pages is within 1,000 pages of 25,000 pages}.
     */
    public static String outcomeText(String left, CheckStatus status, String words, String right, String high, String within,
                                     boolean withinAfter) {
        String is = status == CheckStatus.HOLDS ? " is " : status == CheckStatus.FAILS ? " is not " : " is only partly ";
        if (high != null) {
            return left + is + "in " + right + " .. " + high;
        }
        if (within != null) {
            return withinAfter ? left + is + right + " within " + within : left + is + "within " + within + " of " + right;
        }
        return left + is + words + " " + right;
    }

    /** The significant digits a side written out as a number is written with ({@code 221.25}: 5); 0 for any other side. */
    private static int writtenDigits(Expr side) {
        Expr.NumberLit written = side.unparenthesized().withoutMinus().literal();
        return written == null ? 0 : written.writtenDigits();
    }

    /**
     * How the unit of a check's left side is chosen: as its binding shows it (its unit, not its
     * format), or else in the unit written on the right ({@code a + b == 100%}), or else chain's
     * choice by the value. The other sides follow it.
     */
    private QuantityFormatter.UnitChoice leftUnit(CheckInfo check) {
        Condition cond = check.decl().condition();
        Expr e = cond.operands().get(0);
        DisplayUnit unit = bindingUnit(e);
        if (unit == null) {
            unit = writtenUnit(cond.operands().get(1));
        }
        return values.formatter().choice(program.type(e), unit, null);
    }

    /**
     * The diagnostic for a failed check: the caret under the comparison, and under each side that
     * is not a number written out, its value: {@code weights} is 141 GB.
     */
    public Diagnostic failure(CheckResult r) {
        Condition cond = r.check().decl().condition();
        Expr leftExpr = cond.operands().get(0);
        Expr rightExpr = cond.operands().get(1);
        Span op = Span.operatorBetween(leftExpr.span(), rightExpr.span());
        Diagnostic failed = r.status() == CheckStatus.UNCERTAIN
                ? Diagnostic.error(op == null ? cond.span() : op, "check is uncertain over the inputs' ranges: " + outcome(r)).asWarning()
                : Diagnostic.error(op == null ? cond.span() : op, "check failed: " + outcome(r));
        String[] shown = sides(r);
        Diagnostic d = label(failed, leftExpr, shown[0]);
        return cond.accept(new Condition.Visitor<Diagnostic>() {
            @Override
            public Diagnostic visitInRange(Condition.InRange range) {
                return label(label(d, range.low(), shown[1]), range.high(), shown[2]);
            }

            @Override
            public Diagnostic visitCompare(Condition.Compare compare) {
                return label(d, compare.right(), shown[1]);
            }
        });
    }

    /** Each side of a check as its outcome shows it: a value, or a range over the inputs' box. */
    private String[] sides(CheckResult r) {
        Piece.Outcome outcome = outcomePiece(r.check());
        return outcome.sides(r.values(), outcome.left().choice().pick(r.left()));
    }

    /**
     * A check that holds for some values of the ranged inputs and fails for others: the warning
     * {@link #failure} makes of it, with the inputs that decide it and where it turns along each
     * (the others at their nominal values), and the inputs along which it turns only elsewhere in
     * their box.
     *
     * @param box        the ranged inputs of the evaluation
     * @param deciding   a bit per input of {@code box}: those along which the check's outcome
     *                   changes between two neighbouring corners of the box
     * @param boundaries where it turns along each input of {@code box}, in order, the others at their
     *                   nominal values: whole numbers on either side of each turn, for a count
     */
    public Diagnostic uncertain(CheckResult r, InputRange[] box, int deciding, List<List<Solve.Boundary>> boundaries) {
        Diagnostic d = failure(r);
        QuantityFormatter formatter = values.formatter();
        boolean alone = box.length == 1;
        List<String> elsewhere = new ArrayList<>();
        for (int j = 0; j < box.length; j++) {
            BindingInfo input = program.bindings().get(box[j].slot());
            List<Solve.Boundary> turns = boundaries.get(j);
            String range = formatter.format(box[j].low(), input.dimension(), input.display(), input.format()).text() + " .. "
                    + formatter.format(box[j].high(), input.dimension(), input.display(), input.format()).text();
            if (!turns.isEmpty()) {
                d = d.withNote("decided by " + input.name() + " (" + range + "): " + turns(input, turns)
                        + (alone ? "" : " (the other inputs at their nominal values)"));
            } else if ((deciding & (1 << j)) != 0) {
                elsewhere.add(input.name() + " (" + range + ")");
            }
        }
        if (!elsewhere.isEmpty()) {
            d = d.withNote("decided " + (d.notes().isEmpty() ? "" : "also ") + "by " + String.join(" and ", elsewhere)
                    + ", where the other inputs are at the ends of their ranges");
        }
        return d.withHint("a check of ranges holds only if it holds over all of them: narrow a range, or say what the card means"
                + " of its ends");
    }

    /**
     * Where a check turns along an input, in order, as a person says it: {@code it turns at mfu =
     * 55.55%: it holds below and fails above}, each turn a value of at most four digits between the two
     * the search narrowed it to ({@link AnswerText#roundest}), or else the value on its side where the
     * check holds, to four digits; for a count, the whole numbers on either side: {@code it fails up to batch = 44,
     * holds from 45 up to 89, and fails from 90}.
     */
    private String turns(BindingInfo input, List<Solve.Boundary> turns) {
        QuantityFormatter formatter = values.formatter();
        boolean count = turns.get(0).exact();
        String[] at = new String[turns.size()];
        String[] after = new String[turns.size()]; // a count's first whole number past each turn
        for (int i = 0; i < at.length; i++) {
            Solve.Boundary t = turns.get(i);
            if (count) {
                at[i] = formatter.format(t.last(), input.dimension(), input.display(), null).text();
                after[i] = formatter.format(t.first(), input.dimension(), input.display(), null).text();
            } else {
                // A round value between the two reads as the turn (0 ms, not -2e-8 ms); else the holding side, to four digits.
                AnswerText.Shown round = new AnswerText(formatter, input).roundest(t.last(), t.first(), 4);
                double holding = t.below() == CheckStatus.HOLDS ? t.last() : t.first();
                at[i] = round != null ? round.text().text()
                        : formatter.format(holding, input.dimension(), input.display(), FormatSpec.significant(4)).text();
            }
        }
        String name = input.name();
        boolean holds = turns.get(0).below() == CheckStatus.HOLDS;
        if (!count && at.length == 1) {
            return "it turns at " + name + " = " + at[0] + ": it " + (holds ? "holds below and fails above" : "fails below and holds above");
        }
        StringBuilder out = new StringBuilder("it ").append(holds ? "holds" : "fails");
        out.append(count ? " up to " : " below ").append(name).append(" = ").append(at[0]);
        for (int i = 1; i < at.length; i++) {
            holds = !holds;
            out.append(", ").append(holds ? "holds" : "fails").append(!count ? " from there up to " + at[i]
                    : after[i - 1].equals(at[i]) ? " at " + at[i] : " from " + after[i - 1] + " up to " + at[i]);
        }
        holds = !holds;
        out.append(at.length > 1 ? ", and " : " and ").append(holds ? "holds" : "fails")
                .append(count ? " from " + after[at.length - 1] : " above");
        return out.toString();
    }

    /**
     * A check that fails at some points of a figure: at the check, how many points and which,
     * and what it found at the first of them.
     */
    public Diagnostic sweepFailure(FigureValues.Failure f, FigureValues.Points sweep) {
        Condition cond = f.check().decl().condition();
        int[] points = f.points();
        if (sweep.axes().isEmpty() && sweep.labels().isEmpty()) { // no input swept (a table over modules alone): at the chain's own inputs
            return failure(f.first());
        }
        return Diagnostic.error(cond.span(), "check fails " + points(sweep, points))
                .withNote("at " + point(sweep, points[0]) + ", " + outcome(f.first()));
    }

    /**
     * A check of a figure that holds at only part of the inputs' ranges at some points (and fails
     * at none): a warning at the check, how many points and which, and what it found at the first.
     */
    public Diagnostic sweepUncertain(FigureValues.Failure f, FigureValues.Points sweep) {
        Condition cond = f.check().decl().condition();
        if (sweep.axes().isEmpty() && sweep.labels().isEmpty()) { // no input swept (a table over modules alone): at the chain's own inputs
            return uncertain(f.first());
        }
        return Diagnostic.error(cond.span(), "check is uncertain over the inputs' ranges "
                        + points(sweep, f.points())).asWarning()
                .withNote("at " + point(sweep, f.points()[0]) + ", " + outcome(f.first()))
                .withHint("a check of ranges holds only if it holds over all of them: narrow a range, or say what the card means of its ends");
    }

    /** A check that holds at only part of the inputs' ranges at the chain's own inputs (a roofline's): a warning. */
    public Diagnostic uncertain(CheckResult r) {
        return Diagnostic.error(r.check().decl().condition().span(), "check is uncertain over the inputs' ranges: " + outcome(r))
                .asWarning().withHint("a check of ranges holds only if it holds over all of them: narrow a range");
    }

    /** Labels a side with its value, unless the side is that value written out (`63%` under `63%`). */
    private static Diagnostic label(Diagnostic d, Expr side, String value) {
        String written = side.span().text().trim();
        Expr inner = side.unparenthesized();
        if (written.equals(value) || inner.literal() != null || inner.writtenUnit() != null) {
            return d;
        }
        return d.withLabel(side.span(), "is " + value);
    }

    private DisplayUnit bindingUnit(Expr e) {
        Expr.NameRef name = e.unparenthesized().asName();
        if (name != null && program.ref(name) instanceof Ref.Binding b) {
            return b.binding().display();
        }
        return null;
    }

    private DisplayUnit writtenUnit(Expr e) {
        Expr inner = e.unparenthesized();
        return inner.writtenUnit() != null ? program.unit(inner.writtenUnit()) : bindingUnit(inner);
    }

    /** An absolute tolerance of a percentage, in points of it: {@code 0.005} is "0.5 points", {@code 0.01} "1 point". */
    static String points(double tolerance) {
        String n = QuantityFormatter.in(tolerance, percent(), null).number();
        return n + (n.equals("1") ? " point" : " points");
    }

    public static DisplayUnit percent() {
        return new DisplayUnit("%", 0.01, dev.chain.units.Dimension.NONE, true);
    }

    // ---- a sweep's points --------------------------------------------------------------------------

    /**
     * The error of a value that cannot be evaluated at some points of a sweep, with which: {@code at
     * 1 of 8 points: batch = 4} in a note, or for one that fails everywhere, {@code at every point (8)}.
     */
    public Diagnostic unevaluated(FigureValues.Points sweep, FigureValues.Unevaluated u) {
        return u.first().withNote(points(sweep, u.points()));
    }

    /** Points named in a message before "...". */
    private static final int SHOWN_POINTS = 8;

    /**
     * Some points of a sweep, counted and named: {@code at 3 of 4 points: batch = 1, 8 and 16},
     * {@code at every point (4): ...}; a sweep of one point only named: {@code at batch = 8}.
     */
    public String points(FigureValues.Points sweep, int[] points) {
        List<String> at = new ArrayList<>();
        boolean one = sweep.axes().size() == 1 && sweep.labels().isEmpty();
        for (int i = 0; i < points.length && i < SHOWN_POINTS; i++) {
            String point = point(sweep, points[i]);
            // One input: its name once, `batch = 1, 8 and 16`.
            at.add(one && i > 0 ? point.substring(point.indexOf(" = ") + 3) : point);
        }
        String separator = one ? ", " : "; ";
        String which = points.length > SHOWN_POINTS ? String.join(separator, at) + separator + "..." : joined(at, one);
        int size = sweep.size();
        if (size == 1) {
            return "at " + which; // one point (a row of modules, a sweep of one point): named, not counted
        }
        String of = points.length == size ? "at every point (" + size + ")" : "at " + points.length + " of " + size + " points";
        return of + ": " + which;
    }

    private static String joined(List<String> items, boolean one) {
        if (items.size() <= 1) {
            return String.join("", items);
        }
        String separator = one ? ", " : "; ";
        return String.join(separator, items.subList(0, items.size() - 1)) + (one ? " and " : "; and ") + items.get(items.size() - 1);
    }

    /**
     * A point of a sweep, {@code batch = 64} or {@code batch = 64, context = 4,096 token}, each input as
     * the chain shows it; a table of rows' point, its labels first, in quotes as the row gives them
     * ({@code network = "NVLink", link = 2,400 Gbit/s}): the row the reader sees in the table.
     */
    public String point(FigureValues.Points sweep, int point) {
        List<String> inputs = new ArrayList<>();
        for (dev.chain.check.FigureSpec.Labels l : sweep.labels()) {
            inputs.add(l.input().name() + " = " + dev.chain.syntax.Literals.quote(l.values().get(point)));
        }
        for (int a = 0; a < sweep.axes().size(); a++) {
            BindingInfo input = sweep.axes().get(a).input();
            String text = values.formatter().format(sweep.input(a, point), input.dimension(), input.display(), input.format()).text();
            inputs.add(input.name() + " = " + text);
        }
        return String.join(", ", inputs);
    }

    /**
     * For a plot with a log y axis: the first value at zero or below, which the plot could only
     * leave out, as an error at the figure's {@code show} line; null when every value can be drawn.
     */
    public Diagnostic offLogAxis(dev.chain.check.FigureSpec.Plot figure, FigureValues.Points sweep) {
        for (int p = 0; figure.yLog() && p < sweep.size(); p++) {
            for (int v = 0; v < sweep.shown().size(); v++) {
                double value = sweep.drawing().bands()[p][v].nominal();
                if (!(value > 0)) {
                    BindingInfo b = sweep.shown().get(v);
                    return Diagnostic.error(showSpan(figure), "`" + b.name() + "` is "
                                    + values.formatter().text(value, b.dimension()) + " at " + point(sweep, p)
                                    + ", which a log axis has no place for")
                            .withHint("show it `as linear`, or sweep where it stays above zero");
                }
            }
        }
        return null;
    }

    /** Where a figure's {@code show} line is: its values are written there. */
    private static Span showSpan(dev.chain.check.FigureSpec figure) {
        Clause.Visitor<Span> show = new Clause.Visitor<>() {
            @Override
            public Span visitFor(Clause.For sweep) {
                return null;
            }

            @Override
            public Span visitShow(Clause.Show shown) {
                return shown.span();
            }

            @Override
            public Span visitPoint(Clause.Point point) {
                return null;
            }

            @Override
            public Span visitObserved(Clause.Observed observed) {
                return null;
            }

            @Override
            public Span visitRows(Clause.Rows rows) {
                return null;
            }
        };
        for (Clause c : figure.decl().clauses()) {
            Span span = c.accept(show);
            if (span != null) {
                return span;
            }
        }
        return figure.decl().span();
    }
}
