package dev.chain.web;

import dev.chain.ast.QualifiedName;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureSpec;
import dev.chain.diag.Diagnostics;
import dev.chain.render.ChainLayout;
import dev.chain.render.ModuleDoc;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import dev.chain.session.FigureRun;
import dev.chain.session.ModuleChoice;

import dev.chain.session.Parsed;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The modules an explorable page offers in place of those a chain uses (issue 29): for each alias
 * of a GPU or a model ({@code use h100_sxm as gpu}), the modules of that kind the card names (in
 * its chains' {@code use} lines and its tables' {@code for gpu in ...}), those the chain checks and
 * evaluates with. Each other way to bind the aliases is the chain run again, as
 * {@code render --set gpu=b200} runs it (a module's values are constants the chain is checked and
 * compiled with, so another module is another program), and travels as a model of its own, which the
 * page reads only when the reader chooses it.
 *
 * @param choices      a select box for each alias with more than one module to offer, in the chain's order
 * @param alternatives each other way to bind the chosen aliases, by its {@link #key}, and its model
 */
public record ModuleOffer(List<PageModel.Choice> choices, Map<String, PageModel> alternatives) {
    /** No choice: a chain of one module of each kind, or a page rendered without the card. */
    public static final ModuleOffer NONE = new ModuleOffer(List.of(), Map.of());

    /**
     * The modules of each kind the card's chains name, in the order they first appear: what a
     * chain of the card may be offered.
     */
    public static Map<ModuleDoc.Kind, List<String>> named(Engine engine, List<ChainRun> card) {
        Map<ModuleDoc.Kind, Set<String>> named = new LinkedHashMap<>();
        for (ChainRun run : card) {
            if (run.chain() == null) {
                continue;
            }
            CheckedProgram program = run.chain().program();
            for (CheckedProgram module : program.imports().values()) {
                named.computeIfAbsent(ModuleDoc.Kind.of(module), k -> new LinkedHashSet<>()).add(module.moduleName());
            }
            for (FigureSpec figure : program.figures()) {
                for (FigureSpec.ModuleAxis axis : figure.modules()) {
                    for (int i = 0; i < axis.modules().size(); i++) {
                        CheckedProgram module = engine.module(QualifiedName.of(axis.modules().get(i)), axis.spans().get(i),
                                new Diagnostics());
                        if (module != null) {
                            named.computeIfAbsent(ModuleDoc.Kind.of(module), k -> new LinkedHashSet<>()).add(module.moduleName());
                        }
                    }
                }
            }
        }
        Map<ModuleDoc.Kind, List<String>> out = new LinkedHashMap<>();
        named.forEach((kind, modules) -> out.put(kind, List.copyOf(modules)));
        return out;
    }

    /**
     * What the page offers for {@code run}'s chain, each alternative laid out by {@code layout}.
     *
     * @param sets    the --set options the chain was rendered with, the same in every alternative
     * @param observe its --observe options, likewise
     * @param named   the card's modules of each kind ({@link #named})
     */
    public static ModuleOffer of(Engine engine, ChainRun run, List<String> sets, List<String> observe,
                                 Map<ModuleDoc.Kind, List<String>> named, Function<ChainRun, ChainLayout> layout) {
        CheckedProgram program = run.chain().program();
        Parsed parsed = Parsed.of(run.source());
        FigureRun.Rebinder modules = ChainRun.rebinder(engine, parsed, sets, observe, true);
        List<PageModel.Choice> choices = new ArrayList<>();
        List<List<ModuleChoice.Binding>> each = new ArrayList<>();
        for (Map.Entry<String, CheckedProgram> use : program.imports().entrySet()) {
            ModuleDoc.Kind kind = ModuleDoc.Kind.of(use.getValue());
            if (kind == ModuleDoc.Kind.FORMULAS) {
                continue;
            }
            String alias = use.getKey();
            String current = use.getValue().moduleName();
            List<PageModel.Option> options = new ArrayList<>();
            List<ModuleChoice.Binding> bindings = new ArrayList<>();
            for (String module : named.getOrDefault(kind, List.of())) {
                ModuleChoice.Binding binding = binding(alias, module);
                // Offered where the chain checks and evaluates with it, the other aliases as they are: bound as
                // a table over modules binds each (FigureRun's Rebinder), its figures not evaluated for the asking.
                ChainRun with = module.equals(current) ? run : modules.bind(List.of(binding));
                if (with.evaluation() != null) {
                    options.add(new PageModel.Option(module, ModuleChoice.label(with.chain().program(), binding)));
                    bindings.add(binding);
                }
            }
            if (options.size() > 1) {
                choices.add(new PageModel.Choice(alias, current, options));
                each.add(bindings);
            }
        }
        if (choices.isEmpty()) {
            return NONE;
        }
        Map<String, PageModel> alternatives = new LinkedHashMap<>();
        for (List<ModuleChoice.Binding> alternative : ModuleChoice.alternatives(each)) {
            boolean own = true;
            for (int i = 0; i < alternative.size(); i++) {
                own &= alternative.get(i).module().equals(choices.get(i).current());
            }
            if (own) {
                continue; // the chain's own model
            }
            ChainRun with = ChainRun.execute(engine, parsed, sets, observe, true, alternative);
            if (with.evaluation() != null) { // else the page says the chain does not evaluate with these modules
                alternatives.put(key(alternative), PageModel.of(with, layout.apply(with)));
            }
        }
        return new ModuleOffer(choices, alternatives);
    }

    /**
     * How the page finds an alternative's model: each chosen alias and its module, in the choices'
     * order ({@code gpu=b200;model=qwen3_8b}), page.js making the same from its select boxes.
     */
    static String key(List<ModuleChoice.Binding> bindings) {
        StringBuilder key = new StringBuilder();
        for (ModuleChoice.Binding b : bindings) {
            key.append(key.length() > 0 ? ";" : "").append(b.alias()).append('=').append(b.module());
        }
        return key.toString();
    }

    private static ModuleChoice.Binding binding(String alias, String module) {
        SourceFile source = new SourceFile("the page's " + alias, module);
        return new ModuleChoice.Binding(alias, module, new Span(source, 0, module.length()));
    }
}
