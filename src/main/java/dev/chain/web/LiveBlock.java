package dev.chain.web;

import dev.chain.render.ChainLayout;
import dev.chain.session.ChainRun;

/**
 * The HTML block an explorable page puts before a chain's code block: the chain's model as a
 * {@code <script type="application/json">} element, which no browser runs, inside a hidden
 * {@code div}. The page's script finds it, reads the model and shows the inputs above the code
 * block; without the script the block shows nothing and the page reads as the static card. One
 * line and a blank line after it, so that a CommonMark reader takes it as one HTML block.
 */
public final class LiveBlock {
    private LiveBlock() {}

    /** The block of a chain that checked and evaluated, laid out as {@code layout}. */
    public static String html(ChainRun run, ChainLayout layout) {
        // The model's JSON escapes every '<', '>', '&' and brace (ModelWriter), so it cannot end the element.
        return "<div class=\"chain-live\" hidden><script type=\"application/json\">"
                + ModelWriter.json(PageModel.of(run, layout)) + "</script></div>\n\n";
    }
}
