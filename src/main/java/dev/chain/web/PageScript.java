package dev.chain.web;

import java.util.ArrayList;
import java.util.List;
import org.teavm.jso.JSExport;

/**
 * The explorable page's entry points, compiled to JavaScript by TeaVM at build time (the pom's
 * teavm-maven-plugin execution) into the script that {@code render --interactive} writes beside
 * the page. Strings in, strings out: the page's own script (page.js) keeps the DOM. The JVM never
 * loads this class; its annotation is TeaVM's, provided at compile time only.
 */
public final class PageScript {
    private static final List<Page> PAGES = new ArrayList<>();

    private PageScript() {}

    /** Reads a chain's model (its {@code <script type="application/json">}); the handle to render it with. */
    @JSExport
    public static int chainLoad(String model) {
        PAGES.add(Page.read(model));
        return PAGES.size() - 1;
    }

    /**
     * What the page shows around a chain: a JSON array of the number of inputs, then each input's
     * name, unit, whether the unit is glued to the number ({@code 50%}), and its own value as the
     * box shows it; then the number of checks, and each check as written.
     */
    @JSExport
    public static String chainInputs(int handle) {
        Page page = PAGES.get(handle);
        Tokens out = Tokens.writer().add(page.inputs().size());
        for (Page.Input input : page.inputs()) {
            out.add(input.name()).add(input.unit().text()).add(input.unit().glued()).add(input.shown());
        }
        out.add(page.checkSources().size());
        page.checkSources().forEach(out::add);
        return out.json();
    }

    /**
     * Renders a chain for the reader's numbers: a JSON array of the hex of each number's bits (the
     * page's script writes them exactly), an empty string for an input left at its own value.
     * Returns a JSON array: {@code "ok"}, the body, the code lines, the paragraphs and each check's
     * outcome, and with {@code figures} each figure: {@code "p"} and a plot's SVG, or {@code "t"}, a
     * table's Markdown, its title and its cells row by row (without {@code figures}, none); or {@code "problem"}, the input it is about (-1: none) and the message.
     */
    @JSExport
    public static String chainRender(int handle, String numbers, boolean figures) {
        Tokens in = Tokens.read(numbers);
        Page page = PAGES.get(handle);
        double[] values = new double[page.inputs().size()];
        for (int i = 0; i < values.length; i++) {
            String bits = in.text();
            values[i] = bits.isEmpty() ? Double.NaN : Tokens.fromHex(bits);
        }
        return result(page.render(values, figures)).json();
    }

    static Tokens result(Page.Rendered r) {
        Tokens out = Tokens.writer();
        if (r.problem() != null) {
            return out.add("problem").add(r.badInput()).add(r.problem());
        }
        out.add("ok").add(r.body()).add(r.codeLines().size());
        r.codeLines().forEach(out::add);
        out.add(r.paragraphs().size());
        r.paragraphs().forEach(out::add);
        out.add(r.outcomes().size());
        for (int i = 0; i < r.outcomes().size(); i++) {
            out.add(r.passed().get(i)).add(r.outcomes().get(i));
        }
        out.add(r.figures().size());
        for (Page.Drawn d : r.figures()) {
            if (d.svg() != null) {
                out.add("p").add(d.svg());
                continue;
            }
            out.add("t").add(d.markdown()).add(d.title()).add(d.cells().size());
            for (List<String> row : d.cells()) {
                out.add(row.size());
                row.forEach(out::add);
            }
        }
        return out;
    }

    public static void main(String[] args) {
        // TeaVM's entry point; the page calls the exported functions above.
    }
}
