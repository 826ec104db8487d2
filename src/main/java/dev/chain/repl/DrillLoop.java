package dev.chain.repl;

import dev.chain.check.BindingInfo;
import dev.chain.drill.Grade;
import dev.chain.drill.Verdict;
import dev.chain.session.DrillReview;
import dev.chain.session.DrillSession;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * The drill's dialogue, on a terminal (JLine, {@link DrillTerminal}) or piped: each step's card line
 * and values, the learner's answer, what the drill makes of it. A number without its unit, or text
 * that is no value, is asked again; a wrong answer gets one more try on a terminal, then the answer.
 * The first answer graded is what counts (the tally, the review schedule): a second try is for learning.
 */
public final class DrillLoop {
    /** Where answers come from: a line, or null at the end of the input. */
    public interface Lines {
        String read(String prompt) throws IOException;
    }

    private DrillLoop() {}

    /** What a drill came to: the steps answered, and those passed (right, or consistent with the learner's own). */
    public record Tally(int answered, int passed) {}

    /**
     * Drills {@code steps} in order; records each answer in {@code review} (or not, with null).
     *
     * @param tries the answers a wrong step takes before the drill shows the right one
     */
    public static Tally run(DrillSession session, List<BindingInfo> steps, boolean blind, Lines in, PrintWriter out,
                            DrillReview review, Path chain, int tries) throws IOException {
        int answered = 0;
        int passed = 0;
        for (int i = 0; i < steps.size(); i++) {
            BindingInfo step = steps.get(i);
            out.println();
            out.println("── " + step.name() + " (" + (i + 1) + " of " + steps.size() + ") ──");
            for (String line : session.prompt(step, blind)) {
                out.println(line);
            }
            out.flush();
            int left = tries;
            Boolean first = null; // the first graded answer's verdict: what the tally and the review count
            while (true) {
                String line = in.read(step.name() + " = ");
                if (line == null) {
                    out.println();
                    return summary(out, answered, passed);
                }
                if (line.isBlank()) {
                    out.println("  the answer: " + step.name() + " = " + session.shown(step));
                    break;
                }
                Grade g = session.answer(step, line);
                for (String reply : session.reply(g)) {
                    out.println(reply);
                }
                out.flush();
                if (g.verdict() == Verdict.NO_UNIT || g.verdict() == Verdict.UNREAD) {
                    continue;
                }
                left--;
                if (first == null) {
                    first = g.verdict().passed();
                    answered++;
                    passed += first ? 1 : 0;
                    if (review != null) {
                        review.record(chain, step.name(), first, System.currentTimeMillis() / 1000);
                    }
                }
                if (g.verdict().passed()) {
                    break;
                }
                if (left == 0) {
                    out.println("  the answer: " + step.name() + " = " + session.shown(step));
                    break;
                }
                out.println("  try again, or press Enter for the answer");
            }
        }
        out.println();
        return summary(out, answered, passed);
    }

    private static Tally summary(PrintWriter out, int answered, int passed) {
        out.println(passed + " of " + answered + " answered right");
        out.flush();
        return new Tally(answered, passed);
    }
}
