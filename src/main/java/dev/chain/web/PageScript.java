package dev.chain.web;

import dev.chain.render.FigureLayout;
import java.util.List;
import org.teavm.jso.JSExport;

/**
 * The explorable page's entry point, compiled to JavaScript by TeaVM at build time (the pom's
 * teavm-maven-plugin execution) into the script that {@code render --interactive} writes beside the
 * page. {@link #load} returns a chain whose methods the page's own script (page.js, which keeps the
 * DOM) calls by name: what it shows around the chain, and the chain for what the reader typed. The
 * JVM never loads these classes; their annotations are TeaVM's, provided at compile time only.
 */
public final class PageScript {
    private PageScript() {}

    /** Reads a chain's model (the text of its {@code <script type="application/json">}). */
    @JSExport
    public static Chain load(String model) {
        return new Chain(Page.read(JsTree.parse(model)));
    }

    /** A chain of the page: its inputs, its checks as written, and itself for what the reader typed. */
    public static final class Chain {
        private final Page page;

        Chain(Page page) {
            this.page = page;
        }

        @JSExport
        public int inputCount() {
            return page.inputs().size();
        }

        @JSExport
        public String inputName(int i) {
            return page.inputs().get(i).name();
        }

        /** The unit the reader types input {@code i} in, or "" for a plain number. */
        @JSExport
        public String inputUnit(int i) {
            return page.inputs().get(i).unit().text();
        }

        /** Whether its unit is written against the number ({@code 50%}), not after a space. */
        @JSExport
        public boolean inputGlued(int i) {
            return page.inputs().get(i).unit().glued();
        }

        /** Its own value as its box first shows it. */
        @JSExport
        public String inputShown(int i) {
            return page.inputs().get(i).shown();
        }

        @JSExport
        public int checkCount() {
            return page.checks().size();
        }

        /** Check {@code i} as written, without the keyword: {@code share in 50% .. 80%}. */
        @JSExport
        public String checkSource(int i) {
            return page.checks().get(i).source();
        }

        /** The chain for the text in each box; with {@code figures}, its figures drawn too. */
        @JSExport
        public Shown render(String[] typed, boolean figures) {
            return new Shown(page.render(typed, figures));
        }
    }

    /** The chain for one set of inputs, or what keeps it from being shown. */
    public static final class Shown {
        private final Page.Rendered r;

        Shown(Page.Rendered r) {
            this.r = r;
        }

        /** Whether there is a chain to show (no problem with a box, nor with the values together). */
        @JSExport
        public boolean ok() {
            return r.codeLines() != null;
        }

        /** What is wrong with box {@code i}'s text, or null. */
        @JSExport
        public String inputProblem(int i) {
            return r.problems().get(i);
        }

        /** What is wrong with the values together (a division by zero), or null. */
        @JSExport
        public String problem() {
            return r.problem();
        }

        /** The code block's text, a line each. */
        @JSExport
        public String code() {
            return String.join("\n", r.codeLines()) + "\n";
        }

        @JSExport
        public String[] paragraphs() {
            return r.paragraphs().toArray(new String[0]);
        }

        @JSExport
        public boolean passed(int check) {
            return r.passed().get(check);
        }

        /** What check {@code check} found: {@code 63% is in 50% .. 80%}. */
        @JSExport
        public String outcome(int check) {
            return r.outcomes().get(check);
        }

        @JSExport
        public int figureCount() {
            return r.figures().size();
        }

        /** A plot's or roofline's SVG, or null for a table. */
        @JSExport
        public String svg(int figure) {
            return r.figures().get(figure).svg();
        }

        /** A table's title. */
        @JSExport
        public String tableTitle(int figure) {
            return r.figures().get(figure).title();
        }

        @JSExport
        public int tableRows(int figure) {
            return cells(figure).size();
        }

        /** A table's row {@code row} (the header first), cell by cell. */
        @JSExport
        public String[] tableRow(int figure, int row) {
            return cells(figure).get(row).toArray(new String[0]);
        }

        private List<List<String>> cells(int figure) {
            FigureLayout.Drawn drawn = r.figures().get(figure);
            return drawn.cells() == null ? List.of() : drawn.cells();
        }
    }

    public static void main(String[] args) {
        // TeaVM's entry point; the page calls load() and the chain's methods.
    }
}
