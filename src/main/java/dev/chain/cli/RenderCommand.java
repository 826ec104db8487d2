package dev.chain.cli;

import dev.chain.ast.Stmt;
import dev.chain.check.CheckedCard;
import dev.chain.diag.Diagnostic;
import dev.chain.render.CardMarkdown;
import dev.chain.render.ChainMarkdown;
import dev.chain.render.Links;
import dev.chain.render.ModuleDoc;
import dev.chain.render.RenderOptions;
import dev.chain.session.CardRun;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import dev.chain.source.SourceFile;
import dev.chain.web.LiveBlock;
import dev.chain.web.ModuleOffer;
import dev.chain.web.PracticeText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "render", mixinStandardHelpOptions = true, versionProvider = ChainCommand.Version.class,
        description = {"Render cards and chains to Markdown (CommonMark) for the study site.",
                "A card (.card) is one page with its chains in order, a chain (.chain) a page of its own, and a folder "
                        + "its cards and each chain that no card includes. Without -o the Markdown goes to standard output.",
                "Exits 1 if a file has errors or a check fails, or with --check if a page on disk is stale."})
final class RenderCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "a .card or .chain file, or a folder searched for them")
    List<Path> paths;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "Write each page to DIR as NAME.md (NAME from its source file), or NAME/index.md with --layout bundle, atomically.")
    Path output;

    @Option(names = "--check",
            description = "Write nothing: compare what would be written with what is in DIR, and exit 1 naming the stale files.")
    boolean check;

    @Option(names = "--set", paramLabel = "NAME=VALUE",
            description = "Override an input, e.g. --set batch=32, in every chain that has it, or make it a range, --set mfu='40%% .. 60%%' (the page then writes what depends on it as its ends, 57.2-85.7 ms, and plots bands). Repeatable.")
    List<String> sets = new ArrayList<>();

    @picocli.CommandLine.Mixin
    ObserveOption observed = new ObserveOption();

    /** Whether the pages are kept in memory (chain serve's), not written to -o: no folder on disk holds pages a link may name. */
    private boolean inMemory;

    /** The one engine of a run: the modules it loaded are shared by every chain and each module the page offers. */
    private Engine engine;

    @Option(names = "--interactive",
            description = "Explorable pages (with -o): each chain's inputs editable in the page, every number following "
                    + "as the reader types; also NAME.html, and the script chain-page.js beside the pages.")
    boolean interactive;

    @Option(names = "--front-matter", description = "Start each page with YAML front matter (title, chains, next, drills) "
            + "for Hugo, Jekyll or Eleventy, whose layout prints the title: the page has no # Title heading then.")
    boolean frontMatter;

    @Option(names = "--site", paramLabel = "GENERATOR",
            description = "The generator that publishes the pages (${COMPLETION-CANDIDATES}): front matter for it (Jekyll's "
                    + "layout: default), the asset base its addresses need (../ for a flat page of Hugo and Eleventy), "
                    + "Jekyll's .html links; no standalone .html, which the generator would take for a page.")
    SiteGenerator site;

    @Option(names = "--layout", paramLabel = "LAYOUT",
            description = "Where -o puts a page and its files: flat, DIR/NAME.md with its figures (and chain-page.js) beside it, "
                    + "or bundle, DIR/NAME/index.md with its own in DIR/NAME/ (a page bundle: served at /NAME/ with its files "
                    + "beside it by Hugo, Jekyll and Eleventy). Default flat.")
    SiteLayout layout = SiteLayout.flat;

    @Option(names = "--asset-base", paramLabel = "URL",
            description = "Where the page finds its figures and chain-page.js when the site serves it elsewhere than its "
                    + "folder, as ../ or /cards/ for a flat cards/NAME.md served at /cards/NAME/. Default: beside the page.")
    String assetBase;

    @Option(names = "--link-base", paramLabel = "URL",
            description = "Where the site serves the pages that links name and this render does not write: URL + "
                    + "drills/SLUG/ or cards/SLUG/ (SLUG.html with --site jekyll), or a pattern with {slug} and {section}. "
                    + "Overrides a card's `links`. Without either, such a link is plain text, with a warning.")
    String linkBase;

    @Option(names = "--drills", paramLabel = "DIR",
            description = "Also write the drill pages that the chains' \"Drilled in:\" name, and link them (with -o): DIR/SLUG.md, "
                    + "or DIR/SLUG/index.md with --layout bundle, each chain drilled there with its values blanked and its "
                    + "answers folded away. DIR is the site's drills/ folder.")
    Path drillsFolder;

    @Option(names = "--slug", paramLabel = "RULE", description = "How a title becomes a slug: ${COMPLETION-CANDIDATES}. Default kebab.")
    Links.SlugRule slug;

    /**
     * The render chain serve makes on each change: explorable pages of {@code path} in the flat
     * layout, as -o would write them under {@code output} (they are kept in memory, never written).
     */
    static RenderCommand explorable(Path path, Path output) {
        RenderCommand render = new RenderCommand();
        render.paths = List.of(path);
        render.output = output;
        render.interactive = true;
        render.assetBase = ""; // beside the page, as call() makes it when neither --asset-base nor --site is given
        render.inMemory = true;
        return render;
    }

    /** One page to render: a card or a chain, and where it goes under -o. */
    private record Page(Path source, Path relativeOutput, String stem, CardRun card, ChainRun chain) {}

    /** The modules a folder holds that none of its chains uses, which {@link #pages} leaves out. */
    private final List<Path> unusedModules = new ArrayList<>();

    @Override
    public Integer call() {
        Terminal terminal = common.terminal();
        if (check && output == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--check compares with the files in a folder: give it with -o DIR");
        }
        if (interactive && output == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--interactive writes a page, its .html and its script to a folder: give it with -o DIR");
        }
        if (drillsFolder != null && output == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--drills writes the drill pages beside the pages -o writes: give it with -o DIR");
        }
        if (drillsFolder != null && Files.exists(drillsFolder) && !Files.isDirectory(drillsFolder)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--drills " + drillsFolder + " is a file; --drills names the folder the drill pages are written to");
        }
        if (layout == SiteLayout.bundle && output == null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--layout bundle says how -o writes each page, in a folder of its own: give it with -o DIR");
        }
        if (assetBase == null) {
            assetBase = site != null && layout == SiteLayout.flat ? site.flatAssetBase : "";
        }
        if (AssetBase.refusal(assetBase) != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--asset-base " + assetBase + ": "
                    + AssetBase.refusal(assetBase));
        }
        if (linkBase != null && dev.chain.check.LinkBase.refusal(linkBase) != null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--link-base "
                    + linkBase + ": " + dev.chain.check.LinkBase.refusal(linkBase)
                    + " (" + dev.chain.check.LinkBase.WHY + ")");
        }
        if (output != null && Files.exists(output) && !Files.isDirectory(output)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "-o " + output + " is a file; -o names the folder the pages are written to");
        }
        Made made = new Made();
        Integer failed = make(terminal, made);
        if (failed != null) {
            return failed;
        }
        if (output == null) {
            terminal.out().print(made.stdout);
            terminal.out().flush();
            if (made.figuresNotWritten > 0) {
                // The page's image lines name SVG files that only -o writes: say so, once.
                terminal.note("note: the page shows " + (made.figuresNotWritten == 1 ? "a figure" : made.figuresNotWritten + " figures")
                        + " from SVG files beside it, which only -o DIR writes");
            }
            return ExitCodes.OK;
        }
        SiteWriter writer = new SiteWriter(terminal, made.sources);
        return check ? writer.check(made.files) : writer.write(made.files);
    }

    /** One page of a render under -o: its Markdown, its standalone .html (explorable pages only) and its title. */
    record MadePage(Path markdown, Path html, String title) {}

    /** What one render made: the files -o would hold (or, without -o, the Markdown), and its pages in order. */
    static final class Made {
        final Map<Path, String> files = new LinkedHashMap<>();
        final StringBuilder stdout = new StringBuilder();
        final List<MadePage> pages = new ArrayList<>();
        int figuresNotWritten;
        List<Path> sources = List.of();
    }

    /**
     * Runs every page and renders it into {@code made}, reporting to {@code terminal}; null when
     * every page was made, else the exit code. chain serve calls it on each change.
     */
    Integer make(Terminal terminal, Made made) {
        List<Page> pages;
        engine = new Engine();
        try {
            pages = pages(engine);
        } catch (ChainFiles.BadPath e) {
            terminal.diagnostics(List.of(e.diagnostic()));
            return ExitCodes.INPUT;
        }
        for (Path module : unusedModules) {
            terminal.problem("warning: " + module + " is a module (it has no chain title) that no chain uses: it has no page");
        }
        List<ChainRun> runs = new ArrayList<>();
        for (Page page : pages) {
            if (page.card() != null) {
                runs.addAll(page.card().chains());
            } else {
                runs.add(page.chain());
            }
        }
        Integer usage = runs.size() == 1 ? unmatched(runs.get(0), terminal) : OverrideCheck.unmatched(sets, runs, terminal);
        if (usage == null && runs.size() > 1) {
            usage = OverrideCheck.unmatched("--observe", observed.observe, runs, terminal);
        }
        if (usage != null) {
            return usage;
        }
        boolean failed = false;
        for (Page page : pages) {
            if (page.card() != null) {
                terminal.diagnostics(page.card().diagnostics());
                failed |= page.card().diagnostics().stream().anyMatch(Diagnostic::isError) || page.card().chains().isEmpty();
            }
            for (ChainRun run : page.card() != null ? page.card().chains() : List.of(page.chain())) {
                if (run.status() == ChainRun.Status.BAD_OVERRIDE) {
                    terminal.diagnostics(run.diagnostics());
                    return ExitCodes.USAGE;
                }
                if (WhatIf.madeToFail(engine, run, sets, observed.observe)) {
                    // What-if: a sanity check may well stop holding with other inputs; say so, and render it marked.
                    terminal.diagnostics(WhatIf.asWarnings(run.diagnostics(), sets));
                    continue;
                }
                terminal.diagnostics(run.diagnostics());
                failed |= run.status() != ChainRun.Status.OK;
                if (run.status() == ChainRun.Status.OK && run.chain().program().title() == null) {
                    // The checker lets a file of values and functions be a module: it is no page.
                    terminal.problem(run.source().name() + " is a module (it has no chain title), not a page;"
                            + " render the chains that use it");
                    failed = true;
                }
            }
        }
        if (failed) {
            return ExitCodes.INPUT;
        }
        Map<Path, String> rendered = made.files;
        String script = interactive ? dev.chain.web.Script.text() : null;
        String practiceScript = interactive ? dev.chain.web.Script.practiceText() : null;
        StringBuilder stdout = made.stdout;
        DrillPages drills = new DrillPages();
        for (Page page : drillsFolder == null ? List.<Page>of() : pages) {
            for (ChainRun run : runs(page)) {
                drills.add(engine, run, options(page).links());
            }
        }
        Set<String> warned = new HashSet<>();
        Map<String, Path> drillFiles = drillsFolder == null ? Map.of() : drills.files(absolute(drillsFolder), layout);
        for (Page page : pages) {
            String stem = page.stem();
            RenderOptions options = options(page);
            options = options.withLinks(options.links().withPages(cardPage(), linked(pages, drillFiles, address(page), false)));
            for (Diagnostic warning : PageLinks.unresolved(options.links(), page.card() == null ? null : page.card().card(), runs(page))) {
                if (warned.add(warning.span().file().name() + ":" + warning.span().start() + warning.message())) {
                    // a chain two cards include: its drill said once
                    terminal.diagnostics(List.of(warning));
                }
            }
            Rendering rendering = rendering(page);
            boolean practised = rendering.practice() != null;
            dev.chain.render.PageFigures figures = new dev.chain.render.PageFigures(stem, options, practised);
            String markdown = rendering.page(options, figures);
            if (output == null) {
                stdout.append(stdout.length() > 0 ? "\n" : "").append(markdown);
                made.figuresNotWritten += figures.files().size();
                continue;
            }
            Path target = output.resolve(page.relativeOutput()).normalize();
            if (!absolute(target).startsWith(absolute(output))) {
                // refuseName keeps every page inside -o; should a name slip past it, nothing is written
                terminal.problem("the page of " + page.source() + " would be written to " + target + ", outside " + output
                        + "; rename its source");
                return ExitCodes.INPUT;
            }
            if (rendered.containsKey(target)) {
                terminal.problem("two pages would be written to " + target + "; rename one of their sources");
                return ExitCodes.INPUT;
            }
            rendered.put(target, markdown);
            // A page's figures are written beside it, where its image lines find them.
            for (Map.Entry<String, String> svg : figures.files().entrySet()) {
                Path file = target.resolveSibling(svg.getKey());
                if (rendered.containsKey(file)) {
                    terminal.problem("two files would be written to " + file + "; rename one of the pages' sources");
                    return ExitCodes.INPUT;
                }
                rendered.put(file, svg.getValue());
            }
            if (practised) {
                // The practice models, beside the page as its figures are, loaded only when a reader presses Practice.
                Path file = target.resolveSibling(dev.chain.render.PageFigures.practiceFile(stem));
                if (rendered.containsKey(file)) {
                    terminal.problem("two files would be written to " + file + "; rename one of the pages' sources");
                    return ExitCodes.INPUT;
                }
                rendered.put(file, rendering.practice());
            }
            Path html = target.resolveSibling(stem + ".html");
            made.pages.add(new MadePage(target, interactive && site == null ? html : null, title(page)));
            if (interactive) {
                // One script for every page of the folder; a bundle's is the folder of bundles'.
                Path js = (layout == SiteLayout.bundle ? target.getParent() : target).resolveSibling(dev.chain.render.RenderOptions.SCRIPT);
                if (rendered.containsKey(html) || (rendered.containsKey(js) && !script.equals(rendered.get(js)))) {
                    terminal.problem("two files would be written to " + html + "; rename one of the pages' sources");
                    return ExitCodes.INPUT;
                }
                rendered.put(js, script);
                rendered.put(js.resolveSibling(dev.chain.render.RenderOptions.PRACTICE_SCRIPT), practiceScript);
                if (site == null) {
                    // The standalone page is a file beside its figures and script, and no layout prints its title.
                    RenderOptions standalone = options.standalone();
                    standalone = standalone.withLinks(standalone.links().withPages(
                            layout == SiteLayout.bundle ? "../{name}/{name}.html" : "{name}.html",
                            linked(pages, drillFiles, SiteAddress.file(absolute(html)), true)));
                    String itsMarkdown = standalone.equals(options) ? markdown
                            : rendering.page(standalone, new dev.chain.render.PageFigures(stem, standalone, practised));
                    rendered.put(html, dev.chain.web.HtmlPage.of(title(page), itsMarkdown));
                }
            }
        }
        // The pages "Drilled in:" links point at: --drills DIR/SLUG.md.
        for (Map.Entry<Path, String> drill : drills.pages(drillsFolder, layout, options((Page) null)).entrySet()) {
            if (rendered.containsKey(drill.getKey())) {
                terminal.problem("two files would be written to " + drill.getKey() + "; rename the page's source");
                return ExitCodes.INPUT;
            }
            rendered.put(drill.getKey(), drill.getValue());
        }
        if (output != null && !inMemory) {
            // A card link to a page the site will not have: an error, as a link to no card file is.
            Map<String, Diagnostic> broken = new LinkedHashMap<>();
            for (Page page : pages) {
                for (Diagnostic d : PageLinks.broken(page.card() == null ? null : page.card().card(), runs(page),
                        output.resolve(page.relativeOutput()).normalize(), layout, rendered.keySet())) {
                    broken.putIfAbsent(d.span().file().name() + ":" + d.span().start() + d.message(), d);
                }
            }
            if (!broken.isEmpty()) {
                terminal.diagnostics(List.copyOf(broken.values()));
                return ExitCodes.INPUT;
            }
        }
        made.sources = sources(pages);
        return null;
    }

    /** With one chain, every --set must name one of its inputs (with several, it must fit one of them). */
    private Integer unmatched(ChainRun run, Terminal terminal) {
        if (run.chain() == null) {
            return null;
        }
        for (String set : sets) {
            String name = set.contains("=") ? set.substring(0, set.indexOf('=')).trim() : set.trim();
            if (!run.chain().hasInput(name)) {
                List<String> inputs = new ArrayList<>();
                run.chain().program().inputs().forEach(b -> {
                    if (!b.isText()) {
                        inputs.add(b.name());
                    }
                });
                terminal.problem("--set " + name + ": " + run.source().name() + " has no input named `" + name + "`"
                        + (inputs.isEmpty() ? "" : "; its inputs are " + String.join(", ", inputs)));
                return ExitCodes.USAGE;
            }
        }
        return null;
    }

    /**
     * A page made once (its chains run, each offered module's too), to write with any options, and
     * the practice models of its chains (the text of the file beside it), or null for none.
     */
    private record Rendering(java.util.function.BiFunction<RenderOptions, dev.chain.render.PageFigures, String> pages,
                             String practice) {
        String page(RenderOptions options, dev.chain.render.PageFigures figures) {
            return pages.apply(options, figures);
        }
    }

    private Rendering rendering(Page page) {
        List<dev.chain.drill.Drill> drills = new ArrayList<>();
        List<ChainMarkdown> chains = chains(runs(page), drills);
        String practice = drills.isEmpty() ? null : PracticeText.script(drills);
        if (page.card() != null) {
            return new Rendering(new CardMarkdown(page.card().card(), chains)::page, practice);
        }
        return new Rendering(chains.get(0)::page, practice);
    }

    /**
     * Each chain as the page shows it; on an explorable page, with its model before its code block,
     * and the models of the modules the page offers in place of its own (the card's GPUs and models),
     * and each chain's drill that a reader can practise added to {@code drills}, in the page's order.
     */
    private List<ChainMarkdown> chains(List<ChainRun> runs, List<dev.chain.drill.Drill> drills) {
        Map<ModuleDoc.Kind, List<String>> named = interactive ? ModuleOffer.named(engine, runs) : Map.of();
        List<ChainMarkdown> chains = new ArrayList<>();
        for (ChainRun run : runs) {
            ChainMarkdown chain = markdown(run);
            if (interactive) {
                dev.chain.drill.Drill drill = dev.chain.drill.Drill.of(run.chain().code(), engine);
                int practice = PracticeText.practised(drill) ? drills.size() : -1;
                if (practice >= 0) {
                    drills.add(drill);
                }
                chain.live(LiveBlock.html(run, chain.layout(),
                        ModuleOffer.of(engine, run, sets, observed.observe, named, r -> markdown(r).layout()), practice));
            }
            chains.add(chain);
        }
        return chains;
    }

    private static ChainMarkdown markdown(ChainRun run) {
        return new ChainMarkdown(run.chain().program(), run.evaluation(), run.values(), run.figures());
    }

    private static String title(Page page) {
        return page.card() != null ? page.card().card().title().value() : page.chain().chain().program().title().value();
    }

    /**
     * How a page links to a card rendered beside it, by the card file's name: where the site serves
     * the page (a folder of its own for a bundle and for Hugo's and Eleventy's flat pages, Jekyll's
     * NAME.html), else the Markdown file beside it.
     */
    private String cardPage() {
        if (layout == SiteLayout.bundle || site == SiteGenerator.hugo || site == SiteGenerator.eleventy) {
            return "../{name}/";
        }
        return site == SiteGenerator.jekyll ? "{name}.html" : "{name}.md";
    }

    /**
     * The pages of this render a page at {@code from} may link, as it links them: each drill page
     * --drills writes and each card's page (the first of a title), by section and title.
     */
    private Map<String, Map<String, String>> linked(List<Page> pages, Map<String, Path> drillFiles, SiteAddress from,
                                                    boolean standalone) {
        Map<String, String> cards = new LinkedHashMap<>();
        for (Page other : pages) {
            if (other.card() != null && other.card().card() != null && other.card().card().title() != null) {
                SiteAddress to = address(other);
                if (standalone) {
                    // the standalone .html links the other's standalone .html, beside its Markdown
                    Path markdown = absolute(root().resolve(other.relativeOutput()));
                    to = SiteAddress.file(markdown.resolveSibling(other.stem() + ".html"));
                }
                cards.putIfAbsent(other.card().card().title().value(), from.linkTo(to));
            }
        }
        Map<String, String> drillPages = new LinkedHashMap<>();
        for (Map.Entry<String, Path> drill : drillFiles.entrySet()) {
            drillPages.put(drill.getKey(), from.linkTo(SiteAddress.of(drill.getValue(), layout, site)));
        }
        return Map.of(Links.CARDS, cards, Links.DRILLS, drillPages);
    }

    /** Where the site serves {@code page}. */
    private SiteAddress address(Page page) {
        return SiteAddress.of(absolute(root().resolve(page.relativeOutput())), layout, site);
    }

    /** The folder pages are written to, or the working folder when they go to standard output. */
    private Path root() {
        return output == null ? Path.of("") : output;
    }

    /** The chains of a page. */
    private static List<ChainRun> runs(Page page) {
        return page.card() != null ? page.card().chains() : List.of(page.chain());
    }

    private RenderOptions options(Page page) {
        return options(page == null || page.card() == null ? null : page.card().card());
    }

    /** The command line's link settings win over the card's, which win over the defaults. */
    private RenderOptions options(CheckedCard card) {
        Stmt.Links written = card == null ? null : card.links();
        String base = linkBase != null ? linkBase : written != null ? written.base().value() : Links.DEFAULT_BASE;
        Links.SlugRule rule = slug != null ? slug
                : written != null && written.slugRule() != null ? Links.SlugRule.valueOf(written.slugRule())
                : Links.SlugRule.kebab;
        // A bundle's script is one folder up, shared by the folder's bundles (its figures are beside it).
        String script = layout == SiteLayout.bundle && assetBase.isEmpty() ? "../" : assetBase;
        // A base names where the site's sections are; the site says how its pages' addresses end.
        Links links = new Links(base, rule, linkBase != null || written != null, site == null ? "/" : site.pageEnding,
                "{name}.md", Map.of());
        return new RenderOptions(links, frontMatter || site != null, interactive, assetBase, script,
                site == null ? null : site.pageLayout);
    }

    // ---- what to render ---------------------------------------------------------------------

    /**
     * The pages, in command-line order: a folder gives its cards, then each chain that none of
     * its cards includes and none of its chains uses as a module (a module none uses is left out,
     * in {@link #unusedModules}); a file given by name is always a page of its own.
     */
    private List<Page> pages(Engine engine) throws ChainFiles.BadPath {
        List<Page> pages = new ArrayList<>();
        unusedModules.clear();
        for (Path path : paths) {
            if (ChainFiles.isFolder(path)) {
                List<Path> cards = ChainFiles.find(path, ".card");
                List<Path> chains = ChainFiles.find(path, ".chain");
                if (cards.isEmpty() && chains.isEmpty()) {
                    throw new ChainFiles.BadPath("no .card or .chain files in " + path);
                }
                Set<Path> included = new HashSet<>();
                for (Path card : cards) {
                    Page page = cardPage(engine, card, path.relativize(card));
                    pages.add(page);
                    for (Stmt.Include include : page.card().card().includes()) {
                        included.add(absolute(card.toAbsolutePath().getParent().resolve(include.path().value())));
                    }
                }
                List<Page> loose = new ArrayList<>();
                for (Path chain : chains) {
                    if (!included.contains(absolute(chain))) {
                        loose.add(chainPage(engine, chain, path.relativize(chain)));
                    }
                }
                // A file that a chain uses as a local module (examples/local-module/fleet.chain) is
                // not a chain: it has no title and no card lines, and as a page it would be empty.
                // Known only once every chain of the folder has been loaded.
                loose.removeIf(page -> engine.usedAsModule(page.source()));
                // A module no chain uses yet (written before its chain) is no page either: said, not an error,
                // as check passes it. A file that lost its title but has groups is an error of its own.
                for (Page page : loose) {
                    if (page.chain().status() == ChainRun.Status.OK && page.chain().chain().program().title() == null) {
                        unusedModules.add(page.source());
                    }
                }
                loose.removeIf(page -> unusedModules.contains(page.source()));
                if (cards.isEmpty() && chains.stream().allMatch(unusedModules::contains)) { // nothing to render, as an empty folder
                    throw new ChainFiles.BadPath("no chain in " + path + ": its .chain files are modules, and no chain uses them");
                }
                pages.addAll(loose);
            } else if (path.toString().endsWith(".card")) {
                pages.add(cardPage(engine, path, path.getFileName()));
            } else {
                // A file named on the command line is read as a chain whatever its name, as check and run do.
                pages.add(chainPage(engine, path, path.getFileName()));
            }
        }
        return pages;
    }

    private Page cardPage(Engine engine, Path card, Path relative) throws ChainFiles.BadPath {
        refuseName(card, relative);
        SourceFile source = ChainFiles.read(card);
        Path folder = card.getParent() == null ? Path.of("") : card.getParent();
        CardRun run = CardRun.execute(engine, source, sets, observed.observe,
                include -> ChainFiles.include(folder.resolve(include).normalize()));
        return new Page(card, layout.page(relative), SiteLayout.stem(relative), run, null);
    }

    private Page chainPage(Engine engine, Path chain, Path relative) throws ChainFiles.BadPath {
        refuseName(chain, relative);
        ChainRun run = ChainRun.execute(engine, dev.chain.session.Parsed.of(ChainFiles.read(chain)), sets, observed.observe, true);
        return new Page(chain, layout.page(relative), SiteLayout.stem(relative), null, run);
    }

    /** A source whose name makes no page name (`...chain` is `..`) is refused at its file, before it is read. */
    private static void refuseName(Path source, Path relative) throws ChainFiles.BadPath {
        String why = SiteLayout.refusal(relative);
        if (why != null) {
            SourceFile nothing = new SourceFile(source.toString(), "");
            throw new ChainFiles.BadPath(Diagnostic.error(new dev.chain.source.Span(nothing, 0, 0), why)
                    .withHint("rename the file: its name before ." + (source.toString().endsWith(".card") ? "card" : "chain")
                            + " names the page, its folder and its figures"));
        }
    }

    /** Every file the pages were made from, which a render must never write over. */
    private static List<Path> sources(List<Page> pages) {
        List<Path> sources = new ArrayList<>();
        for (Page page : pages) {
            sources.add(page.source());
            if (page.card() != null) {
                for (ChainRun run : page.card().chains()) {
                    sources.add(Path.of(run.source().name()));
                }
            }
        }
        return sources;
    }

    private static Path absolute(Path p) {
        return p.toAbsolutePath().normalize();
    }

    /** Why a file could not be read or written; these two exceptions carry only the path in their message. */
    static String readable(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException n) {
            return "no such file or folder: " + n.getFile();
        }
        if (e instanceof java.nio.file.AccessDeniedException a) {
            return "permission denied: " + a.getFile();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
