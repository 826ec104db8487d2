package dev.chain.web;

import dev.chain.drill.Drill;
import dev.chain.drill.PracticeModel;
import dev.chain.eval.Node;
import java.util.List;

/**
 * The practice mode's models of a page's chains, as the file beside the page holds them
 * ({@code PAGE.practice.js}, render.PageFigures): a script that hands the practice script
 * ({@code chain-practice.js}) a list of models, one a chain, each {@code {"functions": [...],
 * "practice": {"drill": ..., "formulas": [...]}}}, written by the page model's writer. The practice
 * script ({@link PracticeScript}) reads {@code drill}; the page's script ({@link PageScript#formulas})
 * reads and runs the formulas, so that the evaluator is in one script only. A file of its own, and a
 * script, not JSON: a reader who never presses Practice loads none of it (it was 34 KB a chain in
 * the page), and a page opened from a file (file://), where a browser refuses {@code fetch}, loads
 * it as it loads the scripts.
 */
public final class PracticeText {
    private PracticeText() {}

    /** The function of the practice script that the file calls with its models. */
    static final String CALLBACK = "chainPracticeModels";

    /** What the model's writer writes: the drill's graph and steps, and its formulas. */
    record Practice(PracticeModel drill, List<Node> formulas) {}

    /** Whether a chain has anything to practise: a derived value. */
    public static boolean practised(Drill drill) {
        return !drill.steps().isEmpty();
    }

    /** One chain's model. */
    public static String json(Drill drill) {
        return ModelWriter.json(new Practice(PracticeModel.of(drill), PracticeModel.formulas(drill)), "practice");
    }

    /**
     * The page's file: each chain's model in the page's order (a chain's {@code data-practice} is its
     * index), handed to the practice script. The models' JSON is a JavaScript expression with no
     * brace pair a template engine reads as a tag (ModelWriter escapes them in strings).
     */
    public static String script(List<Drill> drills) {
        StringBuilder out = new StringBuilder("/* chain: the practice models of a page's chains, loaded by chain-practice.js when a")
                .append(" reader presses Practice; see docs/drill.md */\n").append(CALLBACK).append("([");
        for (int i = 0; i < drills.size(); i++) {
            out.append(i > 0 ? ",\n" : "\n").append(json(drills.get(i)));
        }
        return out.append("]);\n").toString();
    }
}
