package dev.chain.web;

import dev.chain.drill.Drill;
import dev.chain.drill.PracticeModel;
import dev.chain.eval.Node;
import java.util.List;

/**
 * The practice mode's model of a chain, as the page carries it: {@code {"functions": [...],
 * "practice": {"drill": ..., "formulas": [...]}}}, written by the page model's writer. The practice
 * script ({@link PracticeScript}) reads {@code drill}; the page's script ({@link PageScript#formulas})
 * reads and runs the formulas, so that the evaluator is in one script only.
 */
public final class PracticeText {
    private PracticeText() {}

    /** What the model's writer writes: the drill's graph and steps, and its formulas. */
    record Practice(PracticeModel drill, List<Node> formulas) {}

    public static String json(Drill drill) {
        return ModelWriter.json(new Practice(PracticeModel.of(drill), PracticeModel.formulas(drill)), "practice");
    }
}
