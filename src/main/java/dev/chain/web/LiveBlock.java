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
        return html(run, layout, ModuleOffer.NONE);
    }

    /**
     * As above, offering modules in place of the chain's own: each alternative's model follows the
     * chain's in an element of its own, {@code data-use} naming its modules ({@link ModuleOffer#key}).
     */
    public static String html(ChainRun run, ChainLayout layout, ModuleOffer offer) {
        return html(run, layout, offer, -1);
    }

    /**
     * As above, for a chain the reader may practise: {@code practice} is its model's index in the
     * page's practice models ({@link PracticeText#script}, a file beside the page), or -1 for a chain
     * with none. The index goes in an element of its own, {@code data-practice}, which the page reads
     * once the reader turns Practice on; the model itself is loaded only then.
     */
    public static String html(ChainRun run, ChainLayout layout, ModuleOffer offer, int practice) {
        // The model's JSON escapes every '<', '>', '&' and brace (ModelWriter), so it cannot end the element.
        StringBuilder out = new StringBuilder("<div class=\"chain-live\" hidden><script type=\"application/json\">")
                .append(ModelWriter.json(PageModel.of(run, layout, offer.choices()))).append("</script>");
        offer.alternatives().forEach((key, model) -> out.append("<script type=\"application/json\" data-use=\"")
                .append(key).append("\">").append(ModelWriter.json(model)).append("</script>"));
        if (practice >= 0) {
            out.append("<script type=\"application/json\" data-practice>").append(practice).append("</script>");
        }
        return out.append("</div>\n\n").toString();
    }
}
