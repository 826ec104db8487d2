package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.ast.QualifiedName;
import dev.chain.ast.Stmt;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.Checker;
import dev.chain.check.FunctionInfo;
import dev.chain.check.ModuleResolver;
import dev.chain.diag.Suggestions;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.CompiledFunction;
import dev.chain.eval.CompiledProgram;
import dev.chain.eval.Compiler;
import dev.chain.eval.Evaluation;
import dev.chain.eval.Linker;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.SyntaxParser;
import dev.chain.units.QuantityFormatter;
import dev.chain.units.UnitRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The engine: the one place where the pipeline is spelled out (parse, check, compile, evaluate).
 * It prints nothing; it returns results and diagnostics for a front end (CLI, REPL, tests) to show.
 * Stdlib modules are loaded on first use and shared by everything the engine loads.
 */
public final class Engine implements ModuleResolver, Linker {
    private final UnitRegistry units;
    /**
     * The engine this one was forked from ({@link #fork}), which loads the stdlib modules for it
     * and keeps them; null for an engine of its own.
     */
    private final Engine base;
    /** An editor's open files, read before the disk for local modules; null outside an editor. */
    private final ModuleTexts texts;
    /** The local module files a fork looked for, found or not; null for an engine of its own. */
    private final Set<Path> lookedFor;
    /** Loaded modules by {@link ModuleFile#key()}: a stdlib name, or a local module's absolute path. */
    private final Map<String, Module> modulesByKey = new LinkedHashMap<>();
    private final Map<CheckedProgram, Module> modulesByProgram = new IdentityHashMap<>();
    /** The modules (and the chain file) being checked, by key, with the label a cycle shows. */
    private final Map<String, String> loading = new LinkedHashMap<>();
    /**
     * Modules that failed to load, with what their first use reported: a later use says only that
     * they failed. A failed module is never loaded again (its units may already be declared).
     */
    private final Map<String, List<Diagnostic>> failures = new HashMap<>();
    /** The failures whose report has gone out: a later use says only that the module failed. */
    private final Set<String> reported = new java.util.HashSet<>();

    /** A loaded module: checked, compiled and evaluated once. */
    private record Module(CheckedProgram program, CompiledProgram code, Evaluation values) {}

    public Engine() {
        units = new UnitRegistry();
        base = null;
        texts = null;
        lookedFor = null;
        String text = Stdlib.read(Stdlib.PRELUDE);
        if (text == null) {
            throw new IllegalStateException("the stdlib prelude is missing from the jar");
        }
        // The prelude's units as the build last checked them: parsing it cold was most of a
        // `chain eval` (docs/performance.md). A prelude edited since is checked here instead.
        if (!PreludeSnapshot.declare(units, text)) {
            declarePrelude(text, units, this);
        }
    }

    /**
     * Parses and checks the prelude's text, declaring its dimensions and units in {@code units}:
     * what every engine did before the snapshot, and what {@link PreludeSnapshot} is made from.
     */
    public static void declarePrelude(String text, UnitRegistry units, ModuleResolver modules) {
        Diagnostics problems = new Diagnostics();
        SourceFile source = new SourceFile(Stdlib.displayPath(Stdlib.PRELUDE), text);
        ChainFile file = SyntaxParser.parseFile(source, problems);
        Checker.check(file, Stdlib.PRELUDE, units, modules, problems);
        if (problems.hasErrors()) {
            throw new IllegalStateException("the stdlib prelude has errors: " + problems.all().get(0).message());
        }
    }

    private Engine(Engine base, ModuleTexts texts) {
        this.units = base.units.fork();
        this.base = base;
        this.texts = texts;
        this.lookedFor = new java.util.LinkedHashSet<>();
    }

    /**
     * An engine for one analysis in an editor: it shares this engine's stdlib modules (loaded
     * once, here, and kept), and loads local modules afresh, from {@code texts} where the editor
     * has them open. Throw it away after the analysis; what it declared goes with it. This engine
     * must not be used by two threads at once, nor while a fork of it is.
     */
    public Engine fork(ModuleTexts texts) {
        if (base != null) {
            return base.fork(texts);
        }
        return new Engine(this, texts);
    }

    /**
     * The local module files (absolute) this engine looked for, found or not: the files whose
     * change may change what its chain says. Empty for an engine that is not a fork.
     */
    public Set<Path> localModulesLookedFor() {
        return lookedFor == null ? Set.of() : java.util.Collections.unmodifiableSet(lookedFor);
    }

    /**
     * Whether a chain this engine loaded used {@code path} as a local module (whether or not it
     * loaded cleanly): such a file is a module, not a chain of its own.
     */
    public boolean usedAsModule(Path path) {
        String key = ModuleFile.keyOf(path);
        return modulesByKey.containsKey(key) || failures.containsKey(key);
    }

    /** The engine's units: the prelude's (a module's own are in its program's registry, and in those of the files that use it). */
    public UnitRegistry units() {
        return units;
    }

    public QuantityFormatter formatter() {
        return new QuantityFormatter(units);
    }

    /**
     * Parses, checks and compiles a chain. Returns null when there were errors, all of which are in
     * {@code diagnostics}; evaluation is left to the caller, who may override inputs first.
     */
    public LoadedChain load(SourceFile source, Diagnostics diagnostics) {
        return check(source, diagnostics).chain();
    }

    /**
     * A chain parsed and checked, and compiled if it had no errors: {@code program} is what the
     * checker learned even of a chain with errors (its names, their dimensions, where each is
     * defined), which an editor answers from; {@code chain} is null when there were errors.
     */
    public record Checked(CheckedProgram program, LoadedChain chain) {}

    /** As {@link #load}, with the checked program kept even when there are errors. */
    public Checked check(SourceFile source, Diagnostics diagnostics) {
        return check(Parsed.of(source), diagnostics);
    }

    /** As {@link #check(SourceFile, Diagnostics)}, for a file parsed already. */
    public Checked check(Parsed parsed, Diagnostics diagnostics) {
        SourceFile source = parsed.source();
        Diagnostics found = new Diagnostics();
        // A chain file is on the path of the modules it uses: one of them using it back is a cycle.
        String self = source.path() == null ? null : ModuleFile.keyOf(source.path());
        if (self != null) {
            loading.put(self, source.name());
        }
        CheckedProgram program;
        try {
            program = checkParsed(parsed.file(), null, parsed.problems(), found);
        } finally {
            if (self != null) {
                loading.remove(self);
            }
        }
        if (program != null && source.path() != null) {
            checkCardLinks(program, source.path().toAbsolutePath().getParent(), found);
        }
        reportCapped(source, found, diagnostics);
        if (found.hasErrors()) {
            return new Checked(program, null);
        }
        return new Checked(program, compiled(program, diagnostics));
    }

    /**
     * Checks a parsed file (a chain, or the module {@code moduleName}) into {@code found}: its syntax
     * errors, then the checker's diagnostics but those inside a syntax error's span. The checker checks
     * what the parser recovered of a mistake, and one mistake is one error (`77M param`, a count as
     * papers write it, is not also "`M` is a prefix, not a unit" at its `M`).
     */
    private CheckedProgram checkParsed(ChainFile file, String moduleName, Diagnostics syntax, Diagnostics found) {
        Diagnostics checked = new Diagnostics();
        checked.addAll(syntax); // the checker asks whether the file has errors already
        CheckedProgram program = Checker.check(file, moduleName, units.child(), this, checked);
        found.addAll(syntax);
        for (Diagnostic d : checked.all().subList(syntax.size(), checked.size())) {
            boolean inside = false;
            for (Diagnostic s : syntax.all()) {
                inside |= d.span() != null && s.span() != null && d.span().file() == s.span().file()
                        && d.span().start() >= s.span().start() && d.span().end() <= s.span().end();
            }
            if (!inside) {
                found.add(d);
            }
        }
        return program;
    }

    /** Each {@code [text](card:NAME)} of a note names a card file in {@code folder}, the chain's ({@link CardLinkCheck}). */
    private static void checkCardLinks(CheckedProgram program, java.nio.file.Path folder, Diagnostics diagnostics) {
        for (dev.chain.ast.Stmt.Note note : program.notes()) {
            // Only a note with a card link loads what checks one: check's path stays as short (StartupClassesTest).
            if (note.text().value().contains("](card:")) {
                CardLinkCheck.inFolder(note.text(), folder, diagnostics);
            }
        }
    }

    /**
     * As {@link #load}, for the REPL's session: statements typed at different times (each with its
     * own source) checked as one program in which values on their own are allowed.
     */
    public LoadedChain loadSession(ChainFile file, Diagnostics diagnostics) {
        CheckedProgram program = Checker.check(file, null, units.child(), this, diagnostics, true);
        return diagnostics.hasErrors() ? null : compiled(program, diagnostics);
    }

    /**
     * Checks and compiles a chain's statements as they are, with statements added after them (a
     * figure made from the command line, {@code chain sweep}); null when there were errors.
     */
    public LoadedChain loadStatements(ChainFile file, Diagnostics diagnostics) {
        CheckedProgram program = Checker.check(file, null, units.child(), this, diagnostics);
        return diagnostics.hasErrors() ? null : compiled(program, diagnostics);
    }

    /** A checked program compiled, or null with the reason in {@code diagnostics} (a constant divided by zero). */
    private LoadedChain compiled(CheckedProgram program, Diagnostics diagnostics) {
        try {
            return new LoadedChain(this, Compiler.compile(program, this));
        } catch (ChainException e) {
            e.diagnostics().forEach(diagnostics::add);
            return null;
        }
    }

    /**
     * Copies at most {@link SyntaxParser#MAX_ERRORS} diagnostics (and a last one saying how many
     * more there were): a generated file with an error on each of 100,000 lines is still checked
     * in full, but its report stays readable and its output small.
     */
    private static void reportCapped(SourceFile source, Diagnostics found, Diagnostics into) {
        List<Diagnostic> all = inFileOrder(source, found.all());
        int max = SyntaxParser.MAX_ERRORS + 1; // the parser's own "too many" note may be the last
        if (all.size() <= max) {
            for (Diagnostic d : all) {
                into.add(d);
            }
            return;
        }
        for (Diagnostic d : all.subList(0, SyntaxParser.MAX_ERRORS)) {
            into.add(d);
        }
        Diagnostic next = all.get(SyntaxParser.MAX_ERRORS);
        int more = all.size() - SyntaxParser.MAX_ERRORS;
        into.add(Diagnostic.error(next.span(), "too many errors: " + more + " more from here on are not shown")
                .withNote("fix the ones above first; they may be the cause of the rest"));
    }

    /**
     * Syntax errors come out of the parser before the checker's; show them all in the order of
     * the file. A diagnostic about another file (a module's) stays after the one before it.
     */
    private static List<Diagnostic> inFileOrder(SourceFile source, List<Diagnostic> diagnostics) {
        if (diagnostics.size() < 2) {
            return diagnostics; // nearly every file: nothing to sort, and no comparator to link
        }
        List<Diagnostic> sorted = new ArrayList<>(diagnostics);
        Map<Diagnostic, Integer> key = new IdentityHashMap<>();
        int last = -1;
        for (Diagnostic d : diagnostics) {
            if (d.span() != null && d.span().file() == source) {
                last = d.span().start();
            }
            key.put(d, last);
        }
        sorted.sort(java.util.Comparator.comparingInt(key::get));
        return sorted;
    }

    /** Checks and evaluates a value on its own ({@code chain eval}): null on errors. */
    public ExpressionResult evaluate(SourceFile source, Diagnostics diagnostics) {
        dev.chain.ast.Value value = SyntaxParser.parseValue(source, diagnostics);
        if (value == null || diagnostics.hasErrors()) {
            return null;
        }
        Span span = value.span();
        ChainFile file = new ChainFile(source, List.of(new dev.chain.ast.Stmt.Evaluate(value, span)));
        CheckedProgram program = Checker.check(file, null, units.child(), this, diagnostics, true);
        if (diagnostics.hasErrors()) {
            return null;
        }
        try {
            Evaluation evaluation = Compiler.compile(program, this).evaluate();
            return new ExpressionResult(program.evaluations().get(0), evaluation.evaluated()[0], program.units());
        } catch (ChainException e) {
            e.diagnostics().forEach(diagnostics::add);
            return null;
        }
    }

    // ---- modules ----------------------------------------------------------------------------

    /**
     * The module a {@code use} names: a {@code NAME.chain} beside the file that uses it (a local
     * module), or else the stdlib's. A name that is both is an error rather than a silent choice,
     * so that a stdlib name means the same in every chain. Stdlib modules, and text not read from
     * a file, see only the stdlib.
     */
    @Override
    public CheckedProgram module(QualifiedName name, Span where, Diagnostics diagnostics) {
        return module(name, where, null, diagnostics);
    }

    /** As above, for a {@code use} of a chain: a misspelt module's name is fixed where it is written. */
    @Override
    public CheckedProgram module(Stmt.Use use, Diagnostics diagnostics) {
        return module(use.module(), use.span(), use.moduleSpan(), diagnostics);
    }

    /** {@code written}: where the name is written, for a fix; null where none is offered. */
    private CheckedProgram module(QualifiedName name, Span where, Span written, Diagnostics diagnostics) {
        if (name.isQualified()) {
            diagnostics.add(Diagnostic.error(where, "module names have no dots: `" + name + "`")
                    .withHint("a local module is a file beside the chain: `use fleet` reads fleet.chain"));
            return null;
        }
        ModuleFile file = locate(name.last(), where, written, diagnostics);
        return file == null ? null : load(file, where, diagnostics);
    }

    private ModuleFile locate(String name, Span where, Span written, Diagnostics diagnostics) {
        if (name.equals(Stdlib.PRELUDE)) {
            diagnostics.add(Diagnostic.error(where, "the prelude is in every chain already; it is not a module to use")
                    .withHint("its units (B, FLOP, s, token, ...) need no `use`; remove this line"));
            return null;
        }
        Path local = ModuleFile.besideUser(where, name, texts, lookedFor);
        boolean inStdlib = Stdlib.exists(name);
        if (local != null && inStdlib) {
            diagnostics.add(Diagnostic.error(where, "`use " + name + "` is ambiguous: " + local
                            + " has the name of the stdlib module `" + name + "`")
                    .withHint("rename " + local.getFileName() + " (say to my_" + name + ".chain) and use that name;"
                            + " a local module cannot stand in for a stdlib one"));
            return null;
        }
        if (local != null) {
            return ModuleFile.local(name, local);
        }
        if (inStdlib) {
            return ModuleFile.stdlib(name);
        }
        List<String> known = Stdlib.modules();
        // `use h200` should find h200_sxm: names that extend what was written come first.
        List<String> close = new ArrayList<>();
        for (String k : known) {
            if (k.startsWith(name) && close.size() < 3) {
                close.add(k);
            }
        }
        for (String k : Suggestions.closest(name, known, 3)) {
            if (!close.contains(k) && close.size() < 3) {
                close.add(k);
            }
        }
        Diagnostic d = Diagnostic.error(where, "unknown module `" + name + "`");
        d = close.isEmpty() ? d : d.withHint("did you mean " + Suggestions.orList(close) + "?")
                .withFixes(written, close);
        if (where != null && where.file().path() != null) {
            d = d.withNote("a local module is a file beside the chain; there is no "
                    + ModuleFile.sibling(where.file().path(), name));
        }
        diagnostics.add(d.withNote("the stdlib has " + String.join(", ", known)));
        return null;
    }

    private CheckedProgram load(ModuleFile file, Span where, Diagnostics diagnostics) {
        if (base != null && file.path() == null) {
            return base.load(file, where, diagnostics); // the stdlib, loaded once for every fork
        }
        String key = file.key();
        Module cached = modulesByKey.get(key);
        if (cached != null) {
            return cached.program();
        }
        List<Diagnostic> failure = failures.get(key);
        if (failure != null) {
            if (reported.add(key)) {
                for (Diagnostic d : failure) {
                    diagnostics.add(d);
                }
            } else {
                diagnostics.add(Diagnostic.error(where, "module `" + file.name() + "` has errors (reported with its first use)"));
            }
            return null;
        }
        if (loading.containsKey(key)) {
            List<String> cycle = new ArrayList<>(loading.values());
            cycle.add(file.label());
            diagnostics.add(Diagnostic.error(where, "modules use each other in a cycle: " + String.join(" -> ", cycle))
                    .withHint("move what both need into a third module that uses neither"));
            return null;
        }
        SourceFile source;
        try {
            source = file.read(texts);
        } catch (IOException e) {
            diagnostics.add(Diagnostic.error(where, "cannot read module " + file.label() + ": " + ChainSources.reason(e)));
            return null;
        } catch (ChainSources.Unreadable e) {
            diagnostics.add(Diagnostic.error(where, "module `" + file.name() + "`: " + e.diagnostic().message()));
            return null;
        }
        loading.put(key, file.label());
        try {
            Diagnostics syntax = new Diagnostics();
            ChainFile parsed = SyntaxParser.parseFile(source, syntax);
            // Its own registry: what it declares reads in the files that use it, not in every file the engine checks after it.
            Diagnostics problems = new Diagnostics();
            CheckedProgram program = checkParsed(parsed, file.name(), syntax, problems);
            if (problems.hasErrors()) {
                List<Diagnostic> report = new ArrayList<>();
                report.add(Diagnostic.error(where, "module `" + file.name() + "` has errors"));
                report.addAll(problems.all());
                return failed(key, report, diagnostics);
            }
            CompiledProgram code = Compiler.compile(program, this);
            Module module = new Module(program, code, code.evaluate());
            modulesByKey.put(key, module);
            modulesByProgram.put(program, module);
            return program;
        } catch (ChainException e) {
            List<Diagnostic> report = new ArrayList<>();
            report.add(Diagnostic.error(where, "module `" + file.name() + "` cannot be evaluated"));
            report.addAll(e.diagnostics());
            return failed(key, report, diagnostics);
        } finally {
            loading.remove(key);
        }
    }

    private CheckedProgram failed(String key, List<Diagnostic> report, Diagnostics diagnostics) {
        failures.put(key, report);
        reported.add(key);
        for (Diagnostic d : report) {
            diagnostics.add(d);
        }
        return null;
    }

    /**
     * The modules this engine has loaded so far, in the order they finished loading: a stdlib name
     * or a local module's path. Start-up cost grows with this list, so tests keep it short.
     */
    public List<String> loadedModules() {
        List<String> names = new ArrayList<>();
        for (Module m : modulesByKey.values()) {
            CheckedProgram p = m.program();
            names.add(p.file().source().path() == null ? p.moduleName() : p.file().source().name());
        }
        return names;
    }

    @Override
    public java.util.Collection<String> moduleNames() {
        return Stdlib.modules();
    }

    @Override
    public double value(BindingInfo moduleBinding) {
        Module module = modulesByProgram.get(moduleBinding.owner());
        if (module == null && base != null) {
            return base.value(moduleBinding);
        }
        return module.values().value(moduleBinding);
    }

    @Override
    public CompiledFunction function(FunctionInfo moduleFunction) {
        Module module = modulesByProgram.get(moduleFunction.owner());
        if (module == null && base != null) {
            return base.function(moduleFunction);
        }
        return module.code().function(moduleFunction.index()).boundTo(module.values().values());
    }
}
