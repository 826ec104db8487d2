package dev.chain.web;

import dev.chain.drill.Drill;
import dev.chain.drill.PracticeModel;
import dev.chain.eval.Node;
import java.util.ArrayList;
import java.util.List;

/**
 * The practice mode's models of a page's chains, as the file beside the page holds them
 * ({@code PAGE.practice.js}, render.PageFigures): a script that hands the practice script
 * ({@code chain-practice.js}) the page's models, {@code {"functions": [...], "practice": {"units":
 * [...], "chains": [{"drill": ..., "formulas": [...], "units": 0}, ...]}}}, written by the page
 * model's writer in one pass, so that a compiled function that several chains call is written
 * once, and a table of units once for every chain whose registry it is (the card's 8 chains: 24
 * functions, not 52, and 1 table, not 8). The practice script ({@link PracticeScript}) reads a
 * chain's {@code drill} and its table; the page's script ({@link PageScript#formulas}) reads and runs
 * its formulas, so that the evaluator is in one script only. A file of its own, and a script, not
 * JSON: a reader who never presses Practice loads none of it (it was 34 KB a chain in the page), and
 * a page opened from a file (file://), where a browser refuses {@code fetch}, loads it as it loads
 * the scripts.
 */
public final class PracticeText {
    private PracticeText() {}

    /** The function of the practice script that the file calls with its models. */
    static final String CALLBACK = "chainPracticeModels";

    /** A chain's model: the drill's graph and steps, its formulas, and its table of units by index in the page's. */
    record Practice(PracticeModel drill, List<Node> formulas, int units) {}

    /** The page's models: each table of units once, and each chain's model in the page's order. */
    record Models(List<PracticeModel.UnitTable> units, List<Practice> chains) {}

    /** Whether a chain has anything to practise: a derived value. */
    public static boolean practised(Drill drill) {
        return !drill.steps().isEmpty();
    }

    /**
     * The page's file: each chain's model in the page's order (a chain's {@code data-practice} is its
     * index), handed to the practice script. The models' JSON is a JavaScript expression with no
     * brace pair a template engine reads as a tag (ModelWriter escapes them in strings).
     */
    public static String script(List<Drill> drills) {
        List<PracticeModel.UnitTable> tables = new ArrayList<>();
        List<String> written = new ArrayList<>(); // each table as JSON: tables alike are one (their arrays have no equals)
        List<Practice> chains = new ArrayList<>();
        for (Drill drill : drills) {
            PracticeModel.UnitTable table = PracticeModel.units(drill);
            String json = ModelWriter.json(table, "units");
            int at = written.indexOf(json);
            if (at < 0) {
                at = tables.size();
                tables.add(table);
                written.add(json);
            }
            chains.add(new Practice(PracticeModel.of(drill), PracticeModel.formulas(drill), at));
        }
        return "/* chain: the practice models of a page's chains, loaded by chain-practice.js when a reader presses Practice;"
                + " see docs/drill.md */\n" + CALLBACK + "(" + ModelWriter.json(new Models(tables, chains), "practice") + ");\n";
    }
}
