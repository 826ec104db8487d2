package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.ast.QualifiedName;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.Checker;
import dev.chain.check.FunctionInfo;
import dev.chain.check.ModuleResolver;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The engine: the one place where the pipeline is spelled out (parse, check, compile, evaluate).
 * It prints nothing; it returns results and diagnostics for a front end (CLI, REPL, tests) to show.
 * Stdlib modules are loaded on first use and shared by everything the engine loads.
 */
public final class Engine implements ModuleResolver, Linker {
    private final UnitRegistry units = new UnitRegistry();
    private final Map<String, Module> modulesByName = new HashMap<>();
    private final Map<CheckedProgram, Module> modulesByProgram = new IdentityHashMap<>();
    private final Set<String> loading = new LinkedHashSet<>();
    /** Modules that failed to load; their errors were reported the first time. */
    private final Set<String> failed = new java.util.HashSet<>();

    /** A loaded module: checked, compiled and evaluated once. */
    private record Module(CheckedProgram program, CompiledProgram code, Evaluation values) {}

    public Engine() {
        Diagnostics problems = new Diagnostics();
        String text = Stdlib.read(Stdlib.PRELUDE);
        if (text == null) {
            throw new IllegalStateException("the stdlib prelude is missing from the jar");
        }
        SourceFile source = new SourceFile(Stdlib.displayPath(Stdlib.PRELUDE), text);
        ChainFile file = SyntaxParser.parseFile(source, problems);
        Checker.check(file, Stdlib.PRELUDE, units, this, problems);
        if (problems.hasErrors()) {
            throw new IllegalStateException("the stdlib prelude has errors: " + problems.all().get(0).message());
        }
    }

    /** The engine's units: the prelude's and any a module declared. */
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
        ChainFile file = SyntaxParser.parseFile(source, diagnostics);
        CheckedProgram program = Checker.check(file, null, units.child(), this, diagnostics);
        if (diagnostics.hasErrors()) {
            return null;
        }
        try {
            return new LoadedChain(this, Compiler.compile(program, this));
        } catch (ChainException e) {
            e.diagnostics().forEach(diagnostics::add);
            return null;
        }
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

    @Override
    public CheckedProgram module(QualifiedName name, Span where, Diagnostics diagnostics) {
        if (name.isQualified()) {
            diagnostics.add(Diagnostic.error(where, "module names have no dots: `" + name + "`"));
            return null;
        }
        String key = name.last();
        Module cached = modulesByName.get(key);
        if (cached != null) {
            return cached.program();
        }
        if (failed.contains(key)) {
            diagnostics.add(Diagnostic.error(where, "module `" + key + "` has errors (reported with its first use)"));
            return null;
        }
        if (loading.contains(key)) {
            List<String> cycle = new ArrayList<>(loading);
            cycle.add(key);
            diagnostics.add(Diagnostic.error(where, "modules use each other in a cycle: " + String.join(" -> ", cycle)));
            return null;
        }
        String text = Stdlib.read(key);
        if (text == null) {
            diagnostics.add(Diagnostic.error(where, "unknown module `" + key + "`")
                    .withHint("the stdlib has " + String.join(", ", StdlibIndex.modules())));
            return null;
        }
        loading.add(key);
        try {
            Diagnostics problems = new Diagnostics();
            SourceFile source = new SourceFile(Stdlib.displayPath(key), text);
            ChainFile file = SyntaxParser.parseFile(source, problems);
            CheckedProgram program = Checker.check(file, key, units, this, problems);
            if (problems.hasErrors()) {
                failed.add(key);
                diagnostics.add(Diagnostic.error(where, "module `" + key + "` has errors"));
                problems.all().forEach(diagnostics::add);
                return null;
            }
            CompiledProgram code = Compiler.compile(program, this);
            Module module = new Module(program, code, code.evaluate());
            modulesByName.put(key, module);
            modulesByProgram.put(program, module);
            return program;
        } catch (ChainException e) {
            failed.add(key);
            diagnostics.add(Diagnostic.error(where, "module `" + key + "` cannot be evaluated"));
            e.diagnostics().forEach(diagnostics::add);
            return null;
        } finally {
            loading.remove(key);
        }
    }

    @Override
    public double value(BindingInfo moduleBinding) {
        return modulesByProgram.get(moduleBinding.owner()).values().value(moduleBinding);
    }

    @Override
    public CompiledFunction function(FunctionInfo moduleFunction) {
        return modulesByProgram.get(moduleFunction.owner()).code().function(moduleFunction.index());
    }
}
