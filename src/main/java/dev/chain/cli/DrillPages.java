package dev.chain.cli;

import dev.chain.ast.Text;
import dev.chain.render.Links;
import dev.chain.session.ChainRun;
import dev.chain.session.DrillPage;
import dev.chain.session.DrillSession;
import dev.chain.session.Engine;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The drill pages {@code render --drills DIR} writes, where the chains' "Drilled in:" links point:
 * {@code DIR/SLUG.md} ({@code DIR/SLUG/index.md} with {@code --layout bundle}), which the site serves
 * at {@code /drills/SLUG/} when DIR is its {@code drills/} folder; one per drill title, with every
 * chain of the render drilled in it.
 */
final class DrillPages {
    private final Map<String, List<DrillPage.Drilled>> byTitle = new LinkedHashMap<>();
    private final Map<String, Links.SlugRule> rules = new LinkedHashMap<>();

    /** Adds a chain of the render (one that checked) to the pages of the drills it names. */
    void add(Engine engine, ChainRun run, Links links) {
        if (run.chain() == null || run.evaluation() == null || run.chain().program().drills().isEmpty()) {
            return;
        }
        DrillSession session = DrillSession.of(engine, run, null);
        for (Text drill : run.chain().program().drills()) {
            byTitle.computeIfAbsent(drill.value(), k -> new ArrayList<>()).add(new DrillPage.Drilled(session, run.source().name()));
            rules.putIfAbsent(drill.value(), links.rule());
        }
    }

    /** Where each drill's page goes in {@code folder}, by its title. */
    Map<String, Path> files(Path folder, SiteLayout layout) {
        Map<String, Path> out = new LinkedHashMap<>();
        for (String title : byTitle.keySet()) {
            String slug = Links.slug(title, rules.get(title));
            out.put(title, folder.resolve(layout.page(Path.of(slug + ".drill")))); // the page of a source named SLUG, in the layout
        }
        return out;
    }

    /** Each page by its place in {@code folder}, with the front matter and heading {@code options} gives the cards. */
    Map<Path, String> pages(Path folder, SiteLayout layout, dev.chain.render.RenderOptions options) {
        Map<Path, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, Path> e : files(folder, layout).entrySet()) {
            out.put(e.getValue(), DrillPage.of(e.getKey(), byTitle.get(e.getKey()), options));
        }
        return out;
    }
}
