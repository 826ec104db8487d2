package dev.chain.check;

import dev.chain.ast.Annotation;
import dev.chain.ast.ChainFile;
import dev.chain.ast.Condition;
import dev.chain.ast.DimRef;
import dev.chain.ast.Expr;
import dev.chain.ast.Steps;
import dev.chain.ast.Stmt;
import dev.chain.ast.UnitRef;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.diag.Suggestions;
import dev.chain.source.SourceFile;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.NumberFormatter;
import dev.chain.units.Prefix;
import dev.chain.units.Unit;
import dev.chain.units.UnitRegistry;
import dev.chain.units.UnitTerm;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Resolves names and proves dimensions, statement by statement, before anything is evaluated.
 * Declarations (dimensions, units) take effect in the program's registry as they are met, so the
 * prelude, modules and chains are all checked by this one class.
 */
public final class Checker implements Stmt.Visitor<Void> {
    /**
     * At the REPL each value typed on its own becomes a binding of this name, the last value. It is
     * the one name that may be bound again, and only where bare values are allowed: uses resolve to
     * the binding above them, so {@code x = ans * 2} keeps the {@code ans} it was written against.
     */
    public static final String LAST_VALUE = "ans";

    private final CheckedProgram program;
    private final ModuleResolver modules;
    private final Diagnostics diagnostics;
    private final boolean allowBareValues;
    private final UnitResolver unitResolver;
    private final LaterBindings laterBindings;
    private final List<Diagnostic> errors = new ArrayList<>();
    /** Dimensions whose declaration had an error: a use of one is not reported again. */
    private final java.util.Set<String> brokenDimensions = new java.util.HashSet<>();
    private final ExprTyper typer;
    private final TemplateChecker templates;
    private Stmt.Group currentGroup;

    private Checker(CheckedProgram program, ModuleResolver modules, Diagnostics diagnostics, boolean allowBareValues) {
        this.program = program;
        this.laterBindings = new LaterBindings(program.file().statements());
        this.modules = modules;
        this.diagnostics = diagnostics;
        this.allowBareValues = allowBareValues;
        this.unitResolver = new UnitResolver(program.units());
        this.typer = new ExprTyper(program, unitResolver, laterBindings, errors,
                allowBareValues ? new java.util.function.Function<String, CheckedProgram>() { // see cli.Main.run
                    @Override
                    public CheckedProgram apply(String name) {
                        return implicitModule(name);
                    }
                } : null, modules);
        this.templates = new TemplateChecker(program, typer, errors);
    }

    /**
     * Checks a chain ({@code moduleName} null) or a module. Declarations go into {@code units},
     * which the caller makes a child of the engine's registry for a chain or a module, and passes
     * as is for the prelude. A declaration may shadow one of an outer registry (the prelude's).
     */
    public static CheckedProgram check(ChainFile file, String moduleName, UnitRegistry units, ModuleResolver modules,
                                       Diagnostics diagnostics) {
        return check(file, moduleName, units, modules, diagnostics, false);
    }

    /** As {@link #check}, but values on their own are allowed and recorded (the REPL, {@code chain eval}). */
    public static CheckedProgram check(ChainFile file, String moduleName, UnitRegistry units, ModuleResolver modules,
                                       Diagnostics diagnostics, boolean allowBareValues) {
        CheckedProgram program = new CheckedProgram(file, moduleName, units);
        Checker checker = new Checker(program, modules, diagnostics, allowBareValues);
        for (Stmt stmt : file.statements()) {
            checker.statement(stmt);
        }
        if (moduleName == null && !allowBareValues && !diagnostics.hasErrors()) {
            checker.requireTitle(file, diagnostics);
        }
        return program;
    }

    /**
     * A chain file says what it derives: an empty file is a mistake (it used to check "ok" and
     * render an empty page), and so is a derivation without its {@code chain "Title"}. A file of
     * values and functions alone, with no title, is a module, which a chain uses.
     */
    private void requireTitle(ChainFile file, Diagnostics diagnostics) {
        dev.chain.source.Span start = new dev.chain.source.Span(file.source(), 0, 0);
        if (file.statements().isEmpty()) {
            diagnostics.add(Diagnostic.error(start, "this file has nothing in it to check")
                    .withHint("a chain starts with its title, chain \"The inter-token floor\", then its inputs, derive"
                            + " and sanity groups"));
            return;
        }
        if (program.title != null) {
            return;
        }
        FirstGroup first = new FirstGroup();
        Steps.walk(file.statements(), first);
        Stmt.Group firstGroup = first.group;
        if (firstGroup != null || !program.drills.isEmpty() || !program.notes.isEmpty() || !program.figures.isEmpty()) {
            diagnostics.add(Diagnostic.error(firstGroup != null ? firstGroup.span() : start, "this chain has no title")
                    .withHint("add its title on the first line: chain \"The inter-token floor\"")
                    .withNote("a file without a title is a module: values, functions and checks for chains to `use`,"
                            + " with no groups, drills or notes"));
        }
    }

    /** The first group of a file's steps, or null. */
    private static final class FirstGroup implements Steps.Visitor {
        Stmt.Group group;

        @Override
        public void group(Stmt.Group g) {
            if (group == null) {
                group = g;
            }
        }

        @Override
        public void binding(Stmt.Binding b) {}

        @Override
        public void check(Stmt.Check c) {}
    }

    private void statement(Stmt stmt) {
        try {
            stmt.accept(this);
        } finally {
            // Indexed, and only when there is something: an iterator per statement adds up at a
            // million statements (the quick compiler big inputs run under makes each one).
            for (int i = 0; i < errors.size(); i++) {
                diagnostics.add(errors.get(i));
            }
            errors.clear();
        }
    }

    @Override
    public Void visitChainHeader(Stmt.ChainHeader h) {
        if (program.title != null) {
            errors.add(Diagnostic.error(h.span(), "a file holds one chain, and this one already has a title")
                    .withLabel(program.title.span(), "first title here")
                    .withHint("split the chains into one file each; a card lists them in order"));
        } else {
            program.title = h.title();
        }
        return null;
    }

    @Override
    public Void visitDrill(Stmt.Drill d) {
        program.drills.add(d.title());
        return null;
    }

    @Override
    public Void visitGroup(Stmt.Group g) {
        currentGroup = g;
        for (Stmt member : g.members()) {
            statement(member);
        }
        currentGroup = null;
        // A group's template and label see its own bindings, so they are checked after them.
        templates.check(g.labelTemplate());
        templates.check(g.template());
        return null;
    }

    @Override
    public Void visitNote(Stmt.Note n) {
        program.notes.add(n);
        templates.check(n.template());
        return null;
    }

    // A card's statements, in a chain.

    @Override
    public Void visitCardHeader(Stmt.CardHeader stmt) {
        return cardStatement(stmt);
    }

    @Override
    public Void visitIntro(Stmt.Intro stmt) {
        return cardStatement(stmt);
    }

    @Override
    public Void visitInclude(Stmt.Include stmt) {
        return cardStatement(stmt);
    }

    @Override
    public Void visitNextCard(Stmt.NextCard stmt) {
        return cardStatement(stmt);
    }

    @Override
    public Void visitLinks(Stmt.Links stmt) {
        return cardStatement(stmt);
    }

    private Void cardStatement(Stmt stmt) {
        String word = stmt.span().text().split("[\\s\"]", 2)[0];
        errors.add(Diagnostic.error(stmt.span(), "`" + word + "` belongs in a card file, not in a chain")
                .withHint("a card is a file of its own, ending in .card, that includes its chains in order"));
        return null;
    }

    // ---- modules ----------------------------------------------------------------------------

    @Override
    public Void visitUse(Stmt.Use u) {
        String alias = u.boundName();
        program.uses.putIfAbsent(alias, u);
        if (program.imports.containsKey(alias)) {
            errors.add(Diagnostic.error(u.span(), "`" + alias + "` already names a module in this file")
                    .withHint("give the second one another name: use " + u.module() + " as other_name"));
            return null;
        }
        if (nameTaken(alias, u.span())) {
            return null;
        }
        Diagnostics found = new Diagnostics();
        CheckedProgram module = modules.module(u, found);
        errors.addAll(found.all());
        if (module != null) {
            program.imports.put(alias, module);
            program.units().include(module.units());
        } else {
            program.failedImports.add(alias);
        }
        return null;
    }

    /**
     * At the REPL and in {@code chain eval}, a stdlib module can be named without a {@code use}:
     * {@code llama31_8b.params}. Files always say what they use.
     */
    private CheckedProgram implicitModule(String name) {
        if (program.units().resolve(name) != null || program.bindingsByName.containsKey(name)) {
            return null;
        }
        Diagnostics quiet = new Diagnostics();
        CheckedProgram module = modules.module(dev.chain.ast.QualifiedName.of(name), null, quiet);
        if (module != null) {
            program.imports.put(name, module);
            program.units().include(module.units());
        }
        return module;
    }

    // ---- declarations -----------------------------------------------------------------------

    @Override
    public Void visitDimension(Stmt.DimensionDecl d) {
        UnitRegistry units = program.units();
        if (units.declaresDimension(d.name())) {
            errors.add(Diagnostic.error(d.span(), "dimension `" + d.name() + "` is already declared"));
            return null;
        }
        if (units.dimension(d.name()) != null) {
            errors.add(Shadowing.dimension(d, units));
        }
        if (d.definition() == null) {
            units.declareBaseDimension(d.name());
            return null;
        }
        Dimension value = dimension(d.definition());
        if (value != null) {
            units.declareDimension(d.name(), value);
        } else {
            brokenDimensions.add(d.name());
        }
        return null;
    }

    /** Resolves a written dimension ({@code Bytes/Time}); null after reporting an unknown name. */
    private Dimension dimension(DimRef ref) {
        Dimension result = Dimension.NONE;
        for (DimRef.Factor f : ref.factors()) {
            Dimension d = program.units().dimension(f.name());
            if (d == null && brokenDimensions.contains(f.name())) {
                return null;
            }
            if (d == null) {
                List<String> close = Suggestions.closest(f.name(), program.units().allDimensionNames(), 3);
                Diagnostic error = Diagnostic.error(f.span(), "unknown dimension `" + f.name() + "`");
                if (close.isEmpty() && program.units().resolve(f.name()) == null) {
                    close = List.of();
                    error = error.withHint("declare it first: dimension " + f.name());
                }
                if (program.units().resolve(f.name()) != null) {
                    Dimension unitDim = program.units().resolve(f.name()).unit().dimension();
                    String named = program.units().dimensionName(unitDim);
                    error = error.withHint("`" + f.name() + "` is a unit; types are written with dimensions"
                            + (named != null ? ", here `" + named + "`" : ", such as Bytes/Time"));
                } else if (!close.isEmpty()) {
                    error = error.withHint("did you mean " + Suggestions.orList(close) + "?")
                            .withFixes(f.span(), f.name().length(), close);
                }
                errors.add(error);
                return null;
            }
            result = result.multiply(d.power(f.exponent()));
        }
        if (!result.withinLimits()) {
            errors.add(Diagnostic.error(ref.span(), "this dimension is too large: " + program.units().describe(result))
                    .withNote("a dimension's exponents are at most " + Dimension.MAX_EXPONENT));
            return null;
        }
        return result;
    }

    @Override
    public Void visitUnit(Stmt.UnitDecl u) {
        UnitRegistry units = program.units();
        for (int i = 0; i < u.names().size(); i++) {
            String name = u.names().get(i);
            UnitTerm known = units.resolve(name);
            if (known != null && units.declaresUnit(known.unit())) {
                errors.add(Diagnostic.error(u.nameSpans().get(i), "`" + name + "` is already a unit ("
                        + units.describe(known.unit().dimension()) + ")"));
                return null;
            }
            if (known != null) {
                errors.add(Shadowing.unit(u.nameSpans().get(i), name, known, units));
            }
            if (program.bindingsByName.containsKey(name)) {
                errors.add(Diagnostic.error(u.nameSpans().get(i), "`" + name + "` is already a value in this file"));
                return null;
            }
        }
        Set<Prefix.Family> prefixes = EnumSet.noneOf(Prefix.Family.class);
        boolean glued = false;
        boolean plural = false;
        boolean count = false;
        String source = null;
        for (Annotation a : u.annotations()) {
            switch (a.name()) {
                case "prefixes" -> {
                    for (String family : a.args()) {
                        switch (family) {
                            case "si" -> {
                                prefixes.add(Prefix.Family.SI_LARGE);
                                prefixes.add(Prefix.Family.SI_SMALL);
                            }
                            case "si_large" -> prefixes.add(Prefix.Family.SI_LARGE);
                            case "si_small" -> prefixes.add(Prefix.Family.SI_SMALL);
                            case "iec" -> prefixes.add(Prefix.Family.IEC);
                            default -> errors.add(Diagnostic.error(a.span(), "unknown prefix family `" + family + "`")
                                    .withHint("the families are si (both), si_large (k M G T P E), si_small (m µ n p) and iec (Ki Mi Gi Ti Pi Ei)"));
                        }
                    }
                }
                case "glued" -> glued = true;
                case "plural" -> plural = true;
                case "count" -> count = true;
                case "source" -> source = a.joinedArgs();
                default -> errors.add(unknownAnnotation(a, "@prefixes(...), @glued, @plural, @count, @source(\"...\")"));
            }
        }
        if (u.baseOf() != null) {
            Dimension d = dimension(u.baseOf());
            if (d == null) {
                return null;
            }
            if (units.dimensionName(d) == null || !d.isBase()) {
                errors.add(Diagnostic.error(u.baseOf().span(), "`" + u.baseOf().text() + "` is not a base dimension")
                        .withHint("define the unit by its size instead: unit " + u.names().get(0) + " = ..."));
                return null;
            }
            units.declareUnit(new Unit(u.names(), 1.0, d, prefixes, glued, plural, count, source));
            return null;
        }
        Dimension d = typer.type(u.definition());
        if (d == null) {
            return null;
        }
        Double factor = new ConstantFolder(program).fold(u.definition());
        if (factor == null || !Double.isFinite(factor) || factor == 0) {
            errors.add(Diagnostic.error(u.definition().span(), "a unit is defined by a non-zero constant, such as 60 s"));
            return null;
        }
        units.declareUnit(new Unit(u.names(), factor, d, prefixes, glued, plural, count, source));
        return null;
    }

    @Override
    public Void visitFunction(Stmt.FnDecl f) {
        declareFunction(f);
        // Not declared: its error was reported (here, or at a dimension it uses); calls are not.
        if (!program.functionsByName.containsKey(f.name())) {
            typer.functionFailed(f.name());
        }
        return null;
    }

    private void declareFunction(Stmt.FnDecl f) {
        if (program.functionsByName.containsKey(f.name())) {
            errors.add(Diagnostic.error(f.nameSpan(), "function `" + f.name() + "` is already defined")
                    .withLabel(program.functionsByName.get(f.name()).decl().nameSpan(), "first defined here"));
            return;
        }
        if (Builtin.named(f.name()) != null) {
            errors.add(Diagnostic.error(f.nameSpan(), "`" + f.name() + "` is a built-in function")
                    .withHint("choose another name"));
            return;
        }
        List<String> names = new ArrayList<>();
        List<Dimension> dims = new ArrayList<>();
        for (Stmt.Param p : f.params()) {
            if (names.contains(p.name())) {
                errors.add(Diagnostic.error(p.span(), "parameter `" + p.name() + "` appears twice"));
                return;
            }
            if (program.units().resolve(p.name()) != null) {
                errors.add(unitAsName(p.name(), p.span(), false));
                return;
            }
            Dimension d = p.type() == null ? Dimension.NONE : dimension(p.type());
            if (d == null) {
                return;
            }
            names.add(p.name());
            dims.add(d);
        }
        typer.enterFunction(f, names, dims);
        Dimension body;
        try {
            body = typer.type(f.body());
        } finally {
            typer.leaveFunction();
        }
        if (body == null) {
            return;
        }
        if (f.returns() != null) {
            Dimension declared = dimension(f.returns());
            if (declared == null) {
                return;
            }
            if (!declared.equals(body)) {
                Describe describe = new Describe(program.units());
                Diagnostic d = Diagnostic.error(f.body().span(), "`" + f.name() + "` should give "
                                + describe.of(declared) + ", but its body is " + describe.of(body))
                        .withLabel(f.returns().span(), "declared here");
                String fix = describe.fix(declared, body, "body");
                errors.add(fix == null ? d : d.withHint(fix));
                return;
            }
        }
        long calls = CallCount.add(1, CallCount.of(program, f.body()).calls());
        FunctionInfo info = new FunctionInfo(f.name(), f, names, dims, body, program.functions.size(),
                annotation(f.annotations(), "source"), program, calls);
        program.functions.add(info);
        program.functionsByName.put(f.name(), info);
    }

    // ---- bindings, checks, values ---------------------------------------------------------------

    @Override
    public Void visitBinding(Stmt.Binding b) {
        String name = b.name();
        laterBindings.begin(b);
        List<Annotation> annotations = b.annotations();
        for (int i = 0; i < annotations.size(); i++) { // indexed: no iterator for the usual none
            Annotation a = annotations.get(i);
            switch (a.name()) {
                case "source", "observed", "tolerance", "mistake", Bounds.AT_LEAST, Bounds.AT_MOST -> { }
                case "label" -> label(a);
                default -> errors.add(unknownAnnotation(a, "@source(\"...\"), @label(\"...\"), @tolerance(...), @mistake(\"...\", ...) or,"
                        + " on an input, @observed(\"FILE#KEY\"), @at_least(...) and @at_most(...)"));
            }
        }
        if (program.bindingsByName.containsKey(name) && !(allowBareValues && name.equals(LAST_VALUE))) {
            errors.add(Diagnostic.error(b.nameSpan(), "`" + name + "` is already defined")
                    .withLabel(program.bindingsByName.get(name).decl().nameSpan(), "first defined here")
                    .withHint("a name is bound once; give the new value its own name"));
            return null;
        }
        String source = annotation(b.annotations(), "source");
        String label = annotation(b.annotations(), "label");
        int slot = program.bindings.size();
        UnitTerm unitNamed = program.units().resolve(name);
        if (unitNamed != null && Shadowing.mayNameValue(unitNamed, program.units())) {
            errors.add(Shadowing.value(b.nameSpan(), unitNamed, program.units()));
        } else if (unitNamed != null) {
            errors.add(unitAsName(name, b.nameSpan(), wholeNumber(b.value())));
            if (b.value().quantity() != null) {
                quantity(b.value().quantity()); // its own mistakes are worth reporting too
            }
            add(new BindingInfo(name, b, slot, null, null, false, null, null, currentGroup, source, label, program, null));
            return null;
        }
        if (program.imports.containsKey(name)) {
            errors.add(Diagnostic.error(b.nameSpan(), "`" + name + "` already names a module in this file"));
            return null;
        }
        add(b.value().accept(new BoundValue(b, slot, source, label)));
        for (int i = 0; i < annotations.size(); i++) {
            Annotation a = annotations.get(i);
            switch (a.name()) {
                case "observed" -> observed(a, program.bindingsByName.get(name));
                case "tolerance" -> tolerance(a, program.bindingsByName.get(name));
                case "mistake" -> mistake(a, program.bindingsByName.get(name));
                case Bounds.AT_LEAST, Bounds.AT_MOST -> bound(a, program.bindingsByName.get(name));
                default -> { }
            }
        }
        bounds(program.bindingsByName.get(name));
        return null;
    }

    /**
     * {@code @at_least(0%)} or {@code @at_most(100%)}: a bound of the values an input may take
     * ({@link Bounds}), one constant of the input's dimension; once on a side.
     */
    private void bound(Annotation a, BindingInfo info) {
        Expr e = a.values().size() == 1 ? a.values().get(0) : null;
        if (info == null || info.isPoisoned()) {
            return;
        }
        if (!info.input() || info.isText()) {
            errors.add(Diagnostic.error(a.span(), "@" + a.name() + " is for an input: `" + info.name() + "` is " + (info.isText() ? "text" : "derived"))
                    .withHint("bound the inputs it is computed from; a derived value's own limit is a check: check " + info.name()
                            + " <= ..."));
            return;
        }
        if (e == null) {
            errors.add(Diagnostic.error(a.span(), "@" + a.name() + " takes one value of `" + info.name() + "`'s dimension")
                    .withHint("such as @at_least(1) for a batch, @at_most(100%) for a share"));
            return;
        }
        for (Annotation other : info.decl().annotations()) {
            if (other != a && other.name().equals(a.name())) {
                if (other.span().start() < a.span().start()) {
                    errors.add(Diagnostic.error(a.span(), "`" + info.name() + "` has a second @" + a.name())
                            .withLabel(other.span(), "the first"));
                }
                return;
            }
        }
        Dimension d = typer.type(e);
        if (d == null) {
            return;
        }
        Double value = program.constantValue(e);
        Diagnostic percent = value == null ? null : BarePercent.problem(info, e, value, program.units());
        if (!d.equals(info.dimension())) {
            errors.add(Diagnostic.error(e.span(), "a bound of " + program.units().describe(d) + " for `" + info.name() + "`, which is "
                            + program.units().describe(info.dimension()))
                    .withHint(info.dimension().isNone() ? "give a plain number" : "give a value of " + program.units().describe(info.dimension())));
        } else if (value == null || !Double.isFinite(value)) {
            errors.add(Diagnostic.error(e.span(), "a bound is a number with its unit, known before the chain is evaluated")
                    .withHint("write the value itself: a number with its unit, such as @" + a.name() + "(1 token)"));
        } else if (percent != null) {
            errors.add(percent);
        }
    }

    /**
     * An input's bounds hold for its own value (each end of a range): a low bound below the high
     * one, and the value the file gives within them.
     */
    private void bounds(BindingInfo info) {
        if (info == null || !info.input() || info.isText() || info.isPoisoned()) {
            return;
        }
        Bounds bounds = Bounds.of(info);
        if (bounds.atLeast() == null && bounds.atMost() == null) {
            return;
        }
        if (bounds.atLeast() != null && bounds.atMost() != null && !(bounds.least() < bounds.most())) {
            errors.add(Diagnostic.error(bounds.atMost().span(), "`" + info.name() + "`'s @at_most is not above its @at_least")
                    .withLabel(bounds.atLeast().span(), "the low bound")
                    .withHint("the bounds are the lowest and the highest value the input may take"));
            return;
        }
        dev.chain.source.Span value = info.decl().value().span();
        dev.chain.units.QuantityFormatter f = new dev.chain.units.QuantityFormatter(program.units());
        Diagnostic outside = info.range() != null ? bounds.outside(info, info.range().low(), info.range().high(), value, f)
                : info.writtenValue() == null ? null : bounds.outside(info, info.writtenValue(), value, f);
        if (outside != null) {
            errors.add(outside);
        }
    }

    /**
     * {@code @tolerance(0.5%)} or {@code @tolerance(0.1 ms)}: how close a drill's answer must be to
     * count as right; a constant share (a plain number) or an amount of the binding's dimension, above zero.
     */
    private void tolerance(Annotation a, BindingInfo info) {
        Expr e = a.values().size() == 1 ? a.values().get(0) : null;
        if (e == null) {
            errors.add(Diagnostic.error(a.span(), "@tolerance takes one value: a share of the right answer (1%) or an amount (0.1 ms)")
                    .withHint("such as @tolerance(0.5%); without one, a drill's answer is right within 1%"));
            return;
        }
        Dimension d = typer.type(e);
        if (d == null || info == null || info.dimension() == null) {
            return;
        }
        Double amount = program.constantValue(e);
        if (!d.isNone() && !d.equals(info.dimension())) {
            errors.add(Diagnostic.error(e.span(), "a tolerance of " + program.units().describe(d) + " for `" + info.name() + "`, which is "
                    + program.units().describe(info.dimension()))
                    .withHint("give a share (0.5%) or an amount of " + program.units().describe(info.dimension())));
        } else if (amount == null || !(amount > 0)) {
            errors.add(Diagnostic.error(e.span(), "a tolerance is a constant above zero")
                    .withHint("such as @tolerance(0.5%) or @tolerance(0.1 ms)"));
        }
    }

    /**
     * {@code @mistake("BF16 is 2 bytes a param", model.params * 1 B/param)}: a mistake the author
     * knows, in words, and the value it gives, of the binding's dimension. Whether a drill can tell
     * it from the right answer is known once the chain is evaluated (session.ChainRun).
     */
    private void mistake(Annotation a, BindingInfo info) {
        if (a.values().size() != 2 || a.values().get(0) != null || a.values().get(1) == null || a.args().get(0).isBlank()) {
            errors.add(Diagnostic.error(a.span(), "@mistake takes the mistake in words and the value it gives")
                    .withHint("such as @mistake(\"BF16 is 2 bytes a param\", model.params * 1 B/param)"));
            return;
        }
        Expr e = a.values().get(1);
        Dimension d = typer.type(e);
        if (d != null && info != null && info.dimension() != null && !d.equals(info.dimension())) {
            errors.add(Diagnostic.error(e.span(), "this mistake gives " + program.units().describe(d) + "; `" + info.name() + "` is "
                    + program.units().describe(info.dimension()))
                    .withHint("a declared mistake is a wrong value of the binding's own dimension"));
        }
    }

    /**
     * {@code @label("prefill chunk")}: the words a reader sees for the binding where its code name
     * would read badly (an input's box, a figure's legend); one text, not blank.
     */
    private void label(Annotation a) {
        if (a.args().size() != 1 || a.args().get(0).isBlank()) {
            errors.add(Diagnostic.error(a.span(), "@label takes one text, the binding's name in words")
                    .withHint("such as @label(\"prefill chunk\"); without one, the page writes the name with spaces for underscores"));
        }
    }

    /**
     * {@code @observed("bench.json#median_itl_ms")}: the input's value is measured, in the file
     * beside the chain; read when the chain runs (session.Observations), its form checked here.
     */
    private void observed(Annotation a, BindingInfo info) {
        String arg = a.args().size() == 1 ? a.args().get(0) : null;
        int key = arg == null ? -1 : dev.chain.ast.KeyedOption.keyStart(arg);
        if (key <= 1 || key == arg.length() || arg.substring(0, key - 1).isBlank()) {
            errors.add(Diagnostic.error(a.span(), "@observed takes one text, FILE#KEY")
                    .withHint("such as @observed(\"bench.json#median_itl_ms\"), the file's path relative to this chain (a # of the path written ##)"));
            return;
        }
        if (info != null && (!info.input() || info.isText())) {
            errors.add(Diagnostic.error(a.span(), "@observed is for an input: `" + info.name() + "` is "
                            + (info.isText() ? "text" : "derived"))
                    .withLabel(info.decl().nameSpan(), "not an input")
                    .withHint("an input is a binding to one literal quantity, such as `p50 = 24 ms`, which the measurement replaces"));
        }
    }

    /** What a binding's value makes of it: a text binding, or a quantity's dimension and how it is shown. */
    private final class BoundValue implements Value.Visitor<BindingInfo> {
        private final Stmt.Binding b;
        private final int slot;
        private final String source;
        private final String label;

        BoundValue(Stmt.Binding b, int slot, String source, String label) {
            this.b = b;
            this.slot = slot;
            this.source = source;
            this.label = label;
        }

        @Override
        public BindingInfo visitText(Value.TextValue t) {
            return new BindingInfo(b.name(), b, slot, null, t.text().value(), true, null, null, currentGroup, source, label, program, null);
        }

        @Override
        public BindingInfo visitQuantity(Value.QuantityValue q) {
            int before = errors.size();
            Shown shown = quantity(q);
            Dimension d = errors.size() == before ? shown.dimension : null;
            BindingInfo.Range range = null;
            if (d != null && q.spread() != null) {
                // A file without a title is a module, whose values are constants (the REPL's session has no title either).
                boolean module = program.moduleName() != null || (program.title == null && !allowBareValues);
                range = new SpreadChecker(program, typer, errors).range(q, d, shownIn(q.expr()), module);
                d = range != null ? d : null;
            }
            boolean input = d != null && isLiteral(q.expr());
            FormatSpec format = shown.format;
            format = input && format == null ? writtenFormat(q, range != null) : format;
            return new BindingInfo(b.name(), b, slot, d, null, input, shown.display, format, currentGroup, source, label, program, range);
        }
    }

    private void add(BindingInfo info) {
        program.bindings.add(info);
        program.bindingsByName.put(info.name(), info);
    }

    private record Shown(Dimension dimension, DisplayUnit display, FormatSpec format) {}

    /** Types a quantity value and its display options ({@code -> unit :spec}). */
    private Shown quantity(Value.QuantityValue q) {
        Dimension d = typer.type(q.expr());
        if (d != null && !withinCallBudget(List.of(q.expr()))) {
            d = null;
        }
        DisplayUnit display = null;
        if (q.target() != null) {
            display = typer.unit(q.target());
            if (d != null && display != null && !d.equals(display.dimension())) {
                errors.add(typer.gluedBytes(new Describe(program.units()).conversion(q.expr().span(), d, q.target().span(), display),
                        q.expr(), display.dimension(), d));
            }
        }
        FormatSpec inherited = null;
        // `-24 ms` is written in ms as `24 ms` is (and `-0 ms` shows as 0 ms, not 0 s).
        Expr written = q.expr().withoutMinus();
        Expr.NameRef alias = q.expr().asName();
        if (display == null && written.writtenUnit() != null) {
            display = writtenUnit(written);
        } else if (display == null && alias != null && program.ref(alias) instanceof Ref.Binding original) {
            // `kv = model.kv_bytes_per_token` shows as the original does.
            display = original.binding().display();
            inherited = original.binding().format();
        }
        FormatSpec format = inherited;
        if (q.format() != null) {
            format = FormatSpec.parse(q.format());
            if (format == null) {
                errors.add(Diagnostic.error(q.formatSpan(), "`:" + q.format() + "` is not a number format")
                        .withHint("formats are like :.2f (two decimals), :,.0f (grouped, no decimals), :.3g (three significant digits), :.2e (8.03e9)"));
            }
        }
        if (q.target() == null && display != null && format != null && format.type() == FormatSpec.SUFFIX) {
            // The suffix is the magnitude: 405 Gparam :.3kmbt is 405B param.
            display = program.units().withoutPrefix(display);
        }
        return new Shown(d, display, format);
    }

    /**
     * A value written with a unit is shown in that unit (24 ms, 95%, 360 GB/s), unless the number
     * would read badly in it and a prefix of its unit reads well: {@code 80e9 B} shows as 80 GB,
     * not 80,000,000,000 B; {@code 30.84e6 h} as written.
     */
    private DisplayUnit writtenUnit(Expr written) {
        DisplayUnit unit = program.unit(written.writtenUnit());
        Double value = new ConstantFolder(program).fold(written);
        if (unit == null || value == null) {
            return null;
        }
        double shown = Math.abs(value / unit.factor());
        if (shown == 0 || (shown >= 1e-3 && shown < 1e6)) {
            return unit;
        }
        // A unit with no prefix to move to stays: 30.84e6 h is 30,840,000 h, not 111,024,000,000 s.
        UnitTerm lead = program.units().resolve(written.writtenUnit().factors().get(0).name());
        return lead != null && lead.unit().shownWithPrefixes() ? null : unit;
    }

    @Override
    public Void visitCheck(Stmt.Check c) {
        Compared compared = c.condition().accept(comparisons);
        if (compared != null && withinCallBudget(c.condition().operands())) {
            program.checks.add(new CheckInfo(c, compared.dimension(), compared.relative(), currentGroup, program.checks.size()));
        }
        return null;
    }

    /**
     * The unit an expression is written or shown in: a literal's ({@code 5%}), or a binding's
     * ({@code tolerance}, bound to {@code 5%}); null for anything else.
     */
    private DisplayUnit shownIn(Expr e) {
        Expr inner = e.unparenthesized();
        if (inner.writtenUnit() != null) {
            return program.unit(inner.writtenUnit());
        }
        Expr.NameRef n = inner.asName();
        if (n != null && program.ref(n) instanceof Ref.Binding b) {
            return b.binding().display();
        }
        return null;
    }

    /**
     * Whether evaluating these expressions makes at most {@link CallCount#LIMIT} function calls;
     * if not, says so at the call that makes the most, and the value is not evaluated.
     */
    private boolean withinCallBudget(List<Expr> expressions) {
        long calls = 0;
        CallCount.Count heaviest = null;
        for (Expr e : expressions) {
            CallCount.Count count = CallCount.of(program, e);
            calls = CallCount.add(calls, count.calls());
            if (count.heaviest() != null && (heaviest == null || count.function().calls() > heaviest.function().calls())) {
                heaviest = count;
            }
        }
        if (calls <= CallCount.LIMIT) {
            return withinBoxCallBudget(calls, heaviest, expressions);
        }
        FunctionInfo f = heaviest.function();
        String many = f.calls() >= Long.MAX_VALUE / 4 ? "more than 10^18" : String.format(java.util.Locale.ROOT, "%,d", f.calls());
        errors.add(Diagnostic.error(heaviest.heaviest().span(), "evaluating this would make " + many + " function calls")
                .withNote("a function's body is evaluated at every call, so a function that calls another twice"
                        + " doubles its work: `" + f.name() + "` makes " + many + " calls each time")
                .withNote("chain refuses more than " + String.format(java.util.Locale.ROOT, "%,d", CallCount.LIMIT)
                        + " calls for one value, which would take longer than a card should")
                .withHint("compute a value that is used twice once, as a binding or a parameter, and pass it on"));
        return false;
    }

    /**
     * Whether a value's {@code calls}, made again at the nominal point and at every corner of the
     * box of the ranged inputs above it ({@link EvaluationBudget#boxPoints}), stay within {@link CallCount#LIMIT}:
     * a value of 2^20 calls over 12 ranges made 4 billion, and took over 30 s. If not, says so at
     * the call that makes the most, naming the ranged inputs.
     */
    private boolean withinBoxCallBudget(long calls, CallCount.Count heaviest, List<Expr> expressions) {
        if (calls == 0) { // most values call no function: no walk over the bindings (quadratic in a 100,000-line chain)
            return true;
        }
        List<String> ranged = EvaluationBudget.ranged(program, EvaluationBudget.WRITTEN_RANGE, null);
        double total = calls * EvaluationBudget.boxPoints(ranged.size());
        if (ranged.isEmpty() || total <= CallCount.LIMIT) {
            return true;
        }
        String many = total >= 1e18 ? "more than 10^18" : String.format(java.util.Locale.ROOT, "%,d", (long) total);
        dev.chain.source.Span at = heaviest != null && heaviest.heaviest() != null ? heaviest.heaviest().span() : expressions.get(0).span();
        errors.add(Diagnostic.error(at, "evaluating this over the box of " + ranged.size() + " ranged "
                        + (ranged.size() == 1 ? "input" : "inputs") + " would make " + many + " function calls")
                .withNote(String.format(java.util.Locale.ROOT, "%,d", calls) + " calls at each of the "
                        + String.format(java.util.Locale.ROOT, "%,.0f", EvaluationBudget.boxPoints(ranged.size()))
                        + " points of the box (its nominal point and every corner), over " + String.join(", ", ranged))
                .withNote("chain refuses more than " + String.format(java.util.Locale.ROOT, "%,d", CallCount.LIMIT)
                        + " calls for one value, which would take longer than a card should")
                .withHint("give the inputs that matter least a single value, or compute a value that is used twice once, as a binding"));
        return false;
    }

    /** What a check's sides have in common: a dimension, and whether its tolerance is a percentage. */
    private record Compared(Dimension dimension, boolean relative) {}

    /** Types a check's sides: null after reporting that they cannot be compared. */
    private final Condition.Visitor<Compared> comparisons = new Condition.Visitor<>() {
        @Override
        public Compared visitCompare(Condition.Compare cmp) {
            Describe describe = new Describe(program.units());
            Dimension left = typer.type(cmp.left());
            Dimension right = typer.type(cmp.right());
            Dimension tolerance = cmp.tolerance() == null ? null : typer.type(cmp.tolerance());
            if (left == null || right == null || (cmp.tolerance() != null && tolerance == null)) {
                return null;
            }
            if (!left.equals(right)) {
                errors.add(typer.gluedBytes(describe.comparison(cmp.span(), cmp.left().span(), left, cmp.right().span(), right),
                        cmp.left(), right, left));
                return null;
            }
            boolean relative = false;
            if (tolerance != null) {
                // Only a percentage is relative: `within 1` on plain numbers is an absolute 1, not 100%.
                DisplayUnit shown = shownIn(cmp.tolerance());
                relative = tolerance.isNone() && shown != null && shown.text().equals("%");
                // within 0.05x on a ratio is an absolute 0.05 (x is 1); on any other quantity it means nothing
                if (tolerance.isNone() && shown != null && shown.text().equals("x") && !left.isNone()) {
                    errors.add(Diagnostic.error(cmp.tolerance().span(), "a tolerance is not a ratio")
                            .withHint("write a relative tolerance in percent (within 5%), or an absolute one in "
                                    + describe.of(left) + ", like the values compared"));
                    return null;
                }
                if (!relative && !tolerance.equals(left)) {
                    errors.add(Diagnostic.error(cmp.tolerance().span(), "a tolerance is a percentage (1%) or "
                                    + describe.of(left) + ", like the values compared; this is " + describe.of(tolerance)));
                    return null;
                }
            }
            return new Compared(left, relative);
        }

        @Override
        public Compared visitInRange(Condition.InRange r) {
            Dimension value = typer.type(r.value());
            Dimension low = typer.type(r.low());
            Dimension high = typer.type(r.high());
            if (value == null || low == null || high == null) {
                return null;
            }
            if (!value.equals(low) || !value.equals(high)) {
                Dimension other = value.equals(low) ? high : low;
                errors.add(new Describe(program.units()).comparison(r.span(), r.value().span(), value,
                        (value.equals(low) ? r.high() : r.low()).span(), other));
                return null;
            }
            return new Compared(value, false);
        }
    };

    /**
     * A figure: its title (a template), what it sweeps and shows (proven once, see
     * {@link FigureChecker}), and the checks that must hold at its every point.
     */
    @Override
    public Void visitFigure(Stmt.Figure f) {
        if (program.moduleName() != null) {
            errors.add(Diagnostic.error(f.span(), "a module has no page to show a " + f.kind().keyword() + " on")
                    .withHint("put the figure in a chain that uses this module"));
            return null;
        }
        templates.check(f.titleTemplate());
        List<CheckInfo> checks = new ArrayList<>();
        for (Stmt.Check c : f.checks()) {
            Compared compared = c.condition().accept(comparisons);
            if (compared != null) {
                checks.add(new CheckInfo(c, compared.dimension(), compared.relative(), null, checks.size()));
            }
        }
        FigureSpec info = new FigureChecker(program, typer, errors).check(f, checks, program.figures.size());
        if (info != null && checks.size() == f.checks().size()) {
            program.figures.add(info);
        }
        return null;
    }

    @Override
    public Void visitEvaluate(Stmt.Evaluate e) {
        if (!allowBareValues) {
            // The parser refuses a file's values on their own (SyntaxParser.parseFile).
            throw new IllegalStateException("a value on its own in a file: " + e.span());
        }
        return e.value().accept(evaluated);
    }

    /** A value on its own: a quantity to evaluate; text, which does nothing. */
    private final Value.Visitor<Void> evaluated = new Value.Visitor<>() {
        @Override
        public Void visitText(Value.TextValue text) {
            errors.add(Diagnostic.error(text.span(), "text on its own does nothing")
                    .withHint("bind it to a name, or use it as a note: note \"...\""));
            return null;
        }

        @Override
        public Void visitQuantity(Value.QuantityValue q) {
            if (q.spread() != null) {
                errors.add(Diagnostic.error(q.spread().span(), "a range is an input's value, not a value on its own")
                        .withHint("bind it to a name, then use the name: mfu = 40% .. 60%"));
                return null;
            }
            int before = errors.size();
            Shown shown = quantity(q);
            if (errors.size() == before && shown.dimension != null) {
                // A number on its own shows as it was written, as an input does (502.0 PFLOP/s).
                FormatSpec format = shown.format == null && isLiteral(q.expr()) ? writtenFormat(q, false) : shown.format;
                program.evaluations.add(new EvaluateInfo(q, shown.dimension, shown.display, format));
            }
            return null;
        }
    };

    // ---- helpers ----------------------------------------------------------------------------

    /**
     * A binding is an input when its value is one literal quantity: a number, with a sign or a
     * unit or both ({@code 64}, {@code 4,096 token}, {@code -2 ms}, {@code 95%}). Anything computed,
     * even from numbers alone ({@code 16 GB / (0.002 GB/token)}, {@code 2^30 B}), is derived: its
     * formula is part of the derivation, and {@code --set} changes inputs, not formulas.
     */
    private static boolean isLiteral(Expr e) {
        return e.withoutMinus().literal() != null;
    }

    /** The most significant digits of an input's literals as written: of its value, and of its range's ends. */
    /**
     * How an input shows the number it was written with: every digit, 180.86 ms and not the
     * default four's 180.9 ms, 502.0 PFLOP/s and not 502 PFLOP/s; so do a range's ends, shown with
     * three digits unless said. Null where the default shows them all.
     */
    static FormatSpec writtenFormat(Value.QuantityValue q, boolean range) {
        int digits = writtenDigits(q);
        if (trailingZero(q.expr())) {
            return FormatSpec.written(digits);
        }
        return digits > (range ? SpreadChecker.END_DIGITS : NumberFormatter.DEFAULT_SIGNIFICANT) ? FormatSpec.significant(digits) : null;
    }

    /** Whether a literal's digits end with a zero after its decimal point ({@code 502.0}, {@code 0.90}), which the default drops. */
    private static boolean trailingZero(Expr literal) {
        Expr.NumberLit number = literal.withoutMinus().literal();
        if (number == null) {
            return false;
        }
        String written = number.span().text();
        int end = written.length();
        for (int i = 0; i < written.length(); i++) {
            if (written.charAt(i) == 'e' || written.charAt(i) == 'E') {
                end = i;
                break;
            }
        }
        return written.lastIndexOf('.', end) >= 0 && end > 0 && written.charAt(end - 1) == '0';
    }

    private static int writtenDigits(Value.QuantityValue q) {
        int digits = writtenDigits(q.expr());
        if (q.spread() != null) {
            for (Expr end : q.spread().operands()) {
                digits = Math.max(digits, writtenDigits(end));
            }
        }
        return digits;
    }

    /** The significant digits of a literal as written: 5 in {@code 180.86 ms}, 2 in {@code 0.92}. */
    private static int writtenDigits(Expr literal) {
        return literal.withoutMinus().literal().writtenDigits();
    }

    private boolean nameTaken(String name, dev.chain.source.Span span) {
        if (program.bindingsByName.containsKey(name)) {
            errors.add(Diagnostic.error(span, "`" + name + "` is already a value in this file"));
            return true;
        }
        return false;
    }

    /**
     * Whether a binding's value is a whole number written out, plain or of a count ({@code 8},
     * {@code 2,048 token}): the role of a batch, a sequence length, a hidden size.
     */
    private boolean wholeNumber(Value value) {
        Value.QuantityValue q = value.quantity();
        Expr written = q == null ? null : q.expr().unparenthesized();
        Expr.NumberLit n = written == null ? null : written.literal();
        if (n == null || !(n.value() >= 1) || n.value() != Math.rint(n.value())) {
            return false;
        }
        if (written.writtenUnit() == null) {
            return n == written;
        }
        // Its unit, not yet resolved where the name is checked: one word of a count (token, page)
        List<UnitRef.Factor> factors = written.writtenUnit().factors();
        UnitTerm unit = factors.size() == 1 && factors.get(0).exponent() == 1 ? program.units().resolve(factors.get(0).name()) : null;
        return unit != null && unit.prefix() == null && program.units().countedInWholeUnits(unit.unit().dimension());
    }

    /** @param count whether the value bound is a whole number, as papers' b, s and h (batch, sequence, hidden size) are */
    private Diagnostic unitAsName(String name, dev.chain.source.Span span, boolean count) {
        var term = program.units().resolve(name);
        String what = term.prefix() == null ? term.unit().symbol() : term.prefix().symbol() + " " + term.unit().symbol();
        return Diagnostic.error(span, "`" + name + "` is a unit (" + what + ", "
                        + program.units().describe(term.unit().dimension()) + ") and cannot name a value")
                .withHint("a unit name is always read as the unit, in this chain too (`2 s` must stay two seconds),"
                        + " so choose another name, such as " + nameFor(name, count));
    }

    /**
     * What to call a value that papers name by a unit's letter ({@code 4·b·s²·h·d}): where it is a
     * whole number, as they are, the batch, the sequence length, the hidden size; a count's plural;
     * otherwise the name with _value ({@code B = 410.7} is no batch: {@code B_value}).
     */
    private static String nameFor(String unit, boolean count) {
        return switch (count ? unit : "") {
            case "b", "B" -> "`batch` (papers' b, the batch size)";
            case "s" -> "`seq_len` (papers' s, the sequence length)";
            case "h" -> "`hidden` (papers' h, the hidden size)";
            default -> switch (unit) {
                case "token", "page", "param", "request", "day", "week" -> "`" + unit + "s`";
                default -> "`" + unit + "_value`";
            };
        };
    }

    private static Diagnostic unknownAnnotation(Annotation a, String known) {
        return Diagnostic.error(a.span(), "unknown annotation `@" + a.name() + "` here").withHint("this takes " + known);
    }

    private static String annotation(List<Annotation> annotations, String name) {
        if (annotations.isEmpty()) {
            return null; // nearly every binding: no iterator
        }
        for (Annotation a : annotations) {
            if (a.name().equals(name)) {
                return a.joinedArgs();
            }
        }
        return null;
    }
}
