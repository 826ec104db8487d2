package dev.chain.check;

import dev.chain.ast.Expr;
import dev.chain.ast.QualifiedName;
import dev.chain.ast.Stmt;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Suggestions;
import dev.chain.source.Span;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.UnitRegistry;
import dev.chain.units.UnitTerm;
import java.util.ArrayList;
import java.util.List;

/**
 * Proves the dimension of every expression, bottom up, and records it with the resolution of
 * every name and call in the program's side tables. Returns null for an expression whose error
 * was already reported (or that uses a binding whose value had an error), so that one mistake is
 * reported once.
 */
final class ExprTyper implements Expr.Visitor<Dimension> {
    private final CheckedProgram program;
    private final UnitRegistry units;
    private final UnitResolver unitResolver;
    private final LaterBindings laterBindings;
    private final List<Diagnostic> errors;
    private final Describe describe;
    private final GluedBytes gluedBytes;

    /** Parameters in scope while a function body is checked; empty otherwise. */
    private List<String> paramNames = List.of();
    private List<Dimension> paramDimensions = List.of();

    /** Finds a module named without a {@code use} (REPL and eval only); null where that is not allowed. */
    private final java.util.function.Function<String, CheckedProgram> implicitModules;

    /** The modules a {@code use} could bring in, for hints. */
    private final ModuleResolver modules;

    /** Did-you-mean searches scan every name in scope: only as many as a report shows errors. */
    private final HintBudget hints = new HintBudget();

    ExprTyper(CheckedProgram program, UnitResolver unitResolver, LaterBindings laterBindings,
              List<Diagnostic> errors, java.util.function.Function<String, CheckedProgram> implicitModules,
              ModuleResolver modules) {
        this.program = program;
        this.modules = modules;
        this.implicitModules = implicitModules;
        this.units = program.units();
        this.unitResolver = unitResolver;
        this.laterBindings = laterBindings;
        this.errors = errors;
        this.describe = new Describe(units);
        this.gluedBytes = new GluedBytes(program, units.dimension("Information"));
    }

    /** {@code d}, with a hint when a {@code 671B} (bytes, meant as billions) in {@code e} caused it. */
    Diagnostic gluedBytes(Diagnostic d, Expr e, Dimension wanted, Dimension actual) {
        return gluedBytes.hint(d, e, wanted, actual);
    }

    /** The function whose body is being checked, so that a call to itself gets its own message. */
    private Stmt.FnDecl definingFunction;

    /** Functions whose declaration had an error, already reported: calls to them are not reported again. */
    private final java.util.Set<String> failedFunctions = new java.util.HashSet<>();

    void enterFunction(Stmt.FnDecl function, List<String> names, List<Dimension> dimensions) {
        definingFunction = function;
        paramNames = names;
        paramDimensions = dimensions;
    }

    void leaveFunction() {
        definingFunction = null;
        paramNames = List.of();
        paramDimensions = List.of();
    }

    void functionFailed(String name) {
        failedFunctions.add(name);
    }

    Dimension type(Expr e) {
        Dimension d = e.accept(this);
        if (d != null) {
            program.types.put(e, d);
        }
        return d;
    }

    @Override
    public Dimension visitNumber(Expr.NumberLit number) {
        return Dimension.NONE;
    }

    @Override
    public Dimension visitParen(Expr.Paren paren) {
        return type(paren.inner());
    }

    @Override
    public Dimension visitNegate(Expr.Negate negate) {
        return type(negate.operand());
    }

    @Override
    public Dimension visitConvert(Expr.Convert c) {
        Dimension value = type(c.value());
        DisplayUnit target = unit(c.target());
        if (value == null || target == null) {
            return null;
        }
        if (!value.equals(target.dimension())) {
            errors.add(gluedBytes(describe.conversion(c.value().span(), value, c.target().span(), target), c.value(),
                    target.dimension(), value));
            return null;
        }
        return value;
    }

    DisplayUnit unit(dev.chain.ast.UnitRef ref) {
        DisplayUnit u = unitResolver.resolve(ref, valueNames, errors);
        if (u != null) {
            program.resolved.put(ref, u);
        }
        return u;
    }

    /** {@link #isValueName} for the unit resolver; a class, not a method reference (see cli.Main.run). */
    private final java.util.function.Predicate<String> valueNames = new java.util.function.Predicate<>() {
        @Override
        public boolean test(String name) {
            return isValueName(name);
        }
    };

    private boolean isValueName(String name) {
        return program.bindingsByName.containsKey(name) || laterBindings.containsKey(name) || paramNames.contains(name);
    }

    @Override
    public Dimension visitQuantity(Expr.Quantity q) {
        Dimension magnitude = type(q.magnitude());
        DisplayUnit unit = unit(q.unit());
        if (magnitude == null || unit == null) {
            return null;
        }
        if (!magnitude.isNone()) {
            errors.add(Diagnostic.error(q.unit().span(), "`" + q.magnitude().span().text() + "` already has a unit")
                    .withLabel(q.magnitude().span(), "this is " + describe.of(magnitude))
                    .withHint("a unit after a value multiplies it by one of that unit; write `* 1 " + q.unit().text()
                            + "` if that is what you mean"));
            return null;
        }
        return unit.dimension();
    }

    @Override
    public Dimension visitBinary(Expr.Binary b) {
        Dimension left = type(b.left());
        Dimension right = type(b.right());
        if (left == null || right == null) {
            return null;
        }
        return switch (b.op().dimensions()) {
            case PRODUCT -> bounded(left.multiply(right), b);
            case QUOTIENT -> bounded(left.divide(right), b);
            case SAME -> {
                if (!left.equals(right)) {
                    errors.add(gluedBytes(describe.mismatch(b.op().verb(), b, left, right), b, left, right));
                    yield null;
                }
                yield left;
            }
        };
    }

    @Override
    public Dimension visitPower(Expr.Power p) {
        Dimension base = type(p.base());
        Dimension exponent = type(p.exponent());
        if (base == null || exponent == null) {
            return null;
        }
        if (!exponent.isNone()) {
            errors.add(Diagnostic.error(p.exponent().span(), "an exponent must be a plain number, not "
                    + describe.of(exponent)));
            return null;
        }
        if (base.isNone()) {
            return base;
        }
        Double n = new ConstantFolder(program).fold(p.exponent());
        if (n != null && n == Math.rint(n) && Math.abs(n) > Dimension.MAX_EXPONENT) {
            errors.add(Diagnostic.error(p.exponent().span(), "an exponent of a quantity with a unit is at most "
                            + Dimension.MAX_EXPONENT + "; this is " + n.longValue())
                    .withLabel(p.base().span(), "this is " + describe.of(base))
                    .withNote("the dimension would be " + describe.of(base) + " to the " + n.longValue()
                            + "; a dimension's exponents are at most " + Dimension.MAX_EXPONENT));
            return null;
        }
        if (n == null || n != Math.rint(n)) {
            errors.add(Diagnostic.error(p.exponent().span(),
                            "a quantity with a unit can only be raised to a whole-number constant")
                    .withLabel(p.base().span(), "this is " + describe.of(base)));
            return null;
        }
        return bounded(base.power(n.intValue()), p);
    }

    /** The dimension, or null after an error if an exponent is beyond {@link Dimension#MAX_EXPONENT}. */
    private Dimension bounded(Dimension d, Expr e) {
        if (d.withinLimits()) {
            return d;
        }
        errors.add(Diagnostic.error(e.span(), "the dimension of this value is too large: " + describe.of(d))
                .withNote("a dimension's exponents are at most " + Dimension.MAX_EXPONENT));
        return null;
    }

    // ---- names ----------------------------------------------------------------------------------

    @Override
    public Dimension visitName(Expr.NameRef n) {
        QualifiedName q = n.name();
        if (q.isQualified()) {
            BindingInfo b = memberBinding(q, n.span());
            if (b == null) {
                return null;
            }
            return bindingRef(n, b);
        }
        String name = q.last();
        int param = paramNames.indexOf(name);
        if (param >= 0) {
            program.resolved.put(n, new Ref.Param(param, paramDimensions.get(param)));
            return paramDimensions.get(param);
        }
        BindingInfo b = program.bindingsByName.get(name);
        if (b != null) {
            return bindingRef(n, b);
        }
        Stmt.Binding later = laterBindings.get(name);
        if (later != null) {
            errors.add(Diagnostic.error(n.span(), "`" + name + "` is used before it is defined")
                    .withLabel(later.nameSpan(), "defined here, on line " + later.nameSpan().line())
                    .withHint("a chain reads top to bottom: move this line below the definition"));
            return null;
        }
        UnitTerm unit = units.resolve(name);
        if (unit != null) {
            program.resolved.put(n, new Ref.UnitValue(unit.factor(), unit.unit().dimension()));
            return unit.unit().dimension();
        }
        if (program.imports.containsKey(name)) {
            CheckedProgram module = program.imports.get(name);
            String example = module.bindings.isEmpty() ? "" : ", such as " + name + "." + module.bindings.get(0).name();
            errors.add(Diagnostic.error(n.span(), "`" + name + "` is a module, not a value")
                    .withHint("use one of its names" + example));
            return null;
        }
        if (program.file().unparsedNames().contains(name)) {
            return null; // its definition has a syntax error, reported already
        }
        errors.add(unknownName(n.span(), name));
        return null;
    }

    /**
     * The binding a template shows ({@code {floor}}, {@code {gpu.name}}): any binding defined
     * above, text included. Null after reporting why there is none.
     */
    BindingInfo shownBinding(Expr.NameRef n) {
        QualifiedName q = n.name();
        if (q.isQualified()) {
            return memberBinding(q, n.span());
        }
        String name = q.last();
        BindingInfo b = program.bindingsByName.get(name);
        if (b != null) {
            return b;
        }
        Stmt.Binding later = laterBindings.get(name);
        if (later != null) {
            errors.add(Diagnostic.error(n.span(), "`" + name + "` is shown before it is defined")
                    .withLabel(later.nameSpan(), "defined here, on line " + later.nameSpan().line())
                    .withHint("a template sees the bindings of its own group and those above it"));
            return null;
        }
        if (program.imports.containsKey(name)) {
            errors.add(Diagnostic.error(n.span(), "`" + name + "` is a module, not a value")
                    .withHint("show one of its names, such as {" + name + ".name}"));
            return null;
        }
        if (program.file().unparsedNames().contains(name)) {
            return null; // its definition has a syntax error, reported already: a template or a show line says no more
        }
        errors.add(unknownName(n.span(), name));
        return null;
    }

    private Dimension bindingRef(Expr.NameRef n, BindingInfo b) {
        if (b.isText()) {
            errors.add(Diagnostic.error(n.span(), "`" + n.name() + "` is text, not a quantity")
                    .withLabel(b.decl().span(), "defined here")
                    .withHint("text can be shown in a template as {" + n.name() + "}, not used in arithmetic"));
            return null;
        }
        program.resolved.put(n, new Ref.Binding(b));
        return b.dimension();
    }

    /**
     * {@code gpu.hbm_bandwidth}: a binding of a module this program uses; {@code server.model.params},
     * of a module that module uses, and so on down.
     */
    private BindingInfo memberBinding(QualifiedName q, Span span) {
        CheckedProgram module = module(q, span);
        if (module == null) {
            return null;
        }
        String member = q.last();
        String owner = qualifier(q);
        BindingInfo b = module.bindingsByName.get(member);
        if (b == null) {
            Diagnostic d = Diagnostic.error(span, "module `" + owner + "` has no value named `" + member + "`");
            List<String> close = hints.take() ? Suggestions.closest(member, module.bindingsByName.keySet(), 3) : List.of();
            if (!close.isEmpty()) {
                d = d.withHint("did you mean " + Suggestions.orList(prefixed(owner, close)) + "?")
                        .withFixes(span, prefixed(owner, close));
            } else if (module.functionsByName.containsKey(member)) {
                d = d.withHint("`" + member + "` is a function: call it with arguments");
            }
            errors.add(d);
        }
        return b;
    }

    private CheckedProgram module(QualifiedName q, Span span) {
        String alias = q.parts().get(0);
        CheckedProgram module = program.imports.get(alias);
        if (module == null && program.failedImports.contains(alias)) {
            return null;
        }
        if (module == null && implicitModules != null) {
            module = implicitModules.apply(alias);
        }
        if (module == null) {
            errors.add(unknownModule(span, alias));
            return null;
        }
        // server.model.params: each qualifier after the first is an alias of a `use` in the module before it.
        for (int i = 1; i < q.parts().size() - 1; i++) {
            String inner = q.parts().get(i);
            CheckedProgram used = module.imports.get(inner);
            if (used == null) {
                String outer = String.join(".", q.parts().subList(0, i));
                Diagnostic d = Diagnostic.error(span, "module `" + outer + "` uses no module `" + inner + "`");
                List<String> aliases = Suggestions.closest(inner, module.imports.keySet(), 3);
                // gpu.hbm.bandwidth: a value's name with a dot for an underscore
                String joined = String.join("_", q.parts().subList(i, q.parts().size()));
                List<String> values = module.bindingsByName.containsKey(joined) ? List.of(joined)
                        : Suggestions.closest(joined, module.bindingsByName.keySet(), 1);
                if (module.bindingsByName.containsKey(inner)) {
                    d = d.withHint("`" + outer + "." + inner + "` is a value, and a value has no names in it");
                } else if (!aliases.isEmpty()) {
                    d = d.withHint("did you mean " + Suggestions.orList(prefixed(outer, aliases)) + "?");
                } else if (!values.isEmpty()) {
                    d = d.withHint("did you mean " + Suggestions.orList(prefixed(outer, values)) + "?");
                } else if (!module.imports.isEmpty()) {
                    d = d.withHint("it uses " + Suggestions.orList(prefixed(outer, new ArrayList<>(module.imports.keySet()))));
                }
                errors.add(d);
                return null;
            }
            module = used;
        }
        return module;
    }

    /** {@code server.model} of {@code server.model.params}: the module a qualified name's last part is in. */
    private static String qualifier(QualifiedName q) {
        return String.join(".", q.parts().subList(0, q.parts().size() - 1));
    }

    /** `gpu.x` with no `use ... as gpu`: a typo of an alias, a module not yet used, or an alias not yet given. */
    private Diagnostic unknownModule(Span span, String alias) {
        Diagnostic d = Diagnostic.error(span, "unknown module `" + alias + "`");
        List<String> close = Suggestions.closest(alias, program.imports.keySet(), 3);
        if (!close.isEmpty()) {
            return d.withHint("did you mean " + Suggestions.orList(close) + "?")
                    .withFixes(span.text().startsWith(alias) ? span : null, alias.length(), close);
        }
        java.util.Collection<String> available = modules.moduleNames();
        if (available.contains(alias)) {
            return d.withHint("bring it in first: add `use " + alias + "` above this line");
        }
        List<String> named = Suggestions.closest(alias, available, 3);
        if (!named.isEmpty()) {
            return d.withHint("did you mean the module " + Suggestions.orList(named) + "? bring it in with `use "
                    + named.get(0) + "`");
        }
        String example = available.contains("h100_sxm") ? "h100_sxm"
                : available.isEmpty() ? "MODULE" : available.iterator().next();
        return d.withHint("bring a module in first, as in `use " + example + " as " + alias
                + "`; `chain stdlib` lists the modules");
    }

    private static List<String> prefixed(String alias, List<String> names) {
        List<String> out = new ArrayList<>();
        for (String n : names) {
            out.add(alias + "." + n);
        }
        return out;
    }

    Diagnostic unknownName(Span span, String name) {
        Diagnostic d = Diagnostic.error(span, "unknown name `" + name + "`");
        if (units.dimension(name) != null) {
            String example = units.baseUnits(units.dimension(name));
            return d.withHint("`" + name + "` is a dimension, not a value; a value of it has a unit, such as 1 " + example);
        }
        if (!hints.take()) {
            return d;
        }
        List<String> candidates = new ArrayList<>(program.bindingsByName.keySet());
        candidates.addAll(paramNames);
        candidates.addAll(program.imports.keySet());
        List<String> close = Suggestions.closest(name, candidates, 3);
        if (close.isEmpty()) {
            List<String> later = Suggestions.closest(name, laterBindings.names(), 1);
            if (!later.isEmpty()) {
                Stmt.Binding b = laterBindings.get(later.get(0));
                return d.withLabel(b.nameSpan(), "`" + later.get(0) + "` is defined here, below")
                        .withHint("did you mean `" + later.get(0) + "`? a chain reads top to bottom, so move this line below it");
            }
            close = Suggestions.closest(name, unitResolver.candidateNames(), 3);
            if (!close.isEmpty()) {
                return d.withHint("did you mean the unit " + Suggestions.orList(close) + "?");
            }
            return d;
        }
        return d.withHint("did you mean " + Suggestions.orList(close) + "?").withFixes(span, close);
    }

    // ---- calls ----------------------------------------------------------------------------------

    @Override
    public Dimension visitCall(Expr.Call c) {
        List<Dimension> args = new ArrayList<>();
        boolean failed = false;
        for (Expr arg : c.args()) {
            Dimension d = type(arg);
            args.add(d);
            failed |= d == null;
        }
        QualifiedName q = c.callee().name();
        FunctionInfo fn;
        if (q.isQualified()) {
            CheckedProgram module = module(q, c.callee().span());
            if (module == null) {
                return null;
            }
            fn = module.functionsByName.get(q.last());
            if (fn == null) {
                Diagnostic d = Diagnostic.error(c.callee().span(),
                        "module `" + qualifier(q) + "` has no function named `" + q.last() + "`");
                List<String> close = Suggestions.closest(q.last(), module.functionsByName.keySet(), 3);
                errors.add(close.isEmpty() ? d : d.withHint("did you mean " + Suggestions.orList(prefixed(qualifier(q), close)) + "?")
                        .withFixes(c.callee().span(), prefixed(qualifier(q), close)));
                return null;
            }
        } else {
            fn = program.functionsByName.get(q.last());
            if (fn == null) {
                Builtin builtin = Builtin.named(q.last());
                if (builtin != null) {
                    program.resolved.put(c, builtin);
                    return failed ? null : builtin(c, builtin, args);
                }
                if (failedFunctions.contains(q.last()) || program.file().unparsedNames().contains(q.last())) {
                    return null; // its declaration's error was reported
                }
                errors.add(unknownFunction(c, q.last()));
                return null;
            }
        }
        program.resolved.put(c, fn);
        if (c.args().size() != fn.paramDimensions().size()) {
            errors.add(Diagnostic.error(c.span(), "`" + q + "` takes " + count(fn.paramDimensions().size(), "argument")
                            + ", not " + c.args().size())
                    .withLabel(fn.decl().nameSpan(), "defined here")
                    .withNote(signature(fn)));
            return null;
        }
        if (failed) {
            return null;
        }
        for (int i = 0; i < args.size(); i++) {
            Dimension expected = fn.paramDimensions().get(i);
            if (!args.get(i).equals(expected)) {
                Diagnostic d = Diagnostic.error(c.args().get(i).span(), "argument `" + fn.paramNames().get(i) + "` of `" + q
                                + "` must be " + describe.of(expected) + ", not " + describe.of(args.get(i)))
                        .withLabel(fn.decl().params().get(i).span(), "declared here");
                errors.add(gluedBytes(describe.withFix(d, expected, args.get(i), "argument"), c.args().get(i), expected, args.get(i))
                        .withNote(signature(fn)));
                return null;
            }
        }
        return fn.result();
    }

    private Diagnostic unknownFunction(Expr.Call c, String name) {
        if (definingFunction != null && definingFunction.name().equals(name)) {
            return Diagnostic.error(c.callee().span(), "`" + name + "` cannot call itself")
                    .withLabel(definingFunction.nameSpan(), "`" + name + "` is being defined here")
                    .withNote("a function can only call functions defined above it, so it cannot be recursive;"
                            + " chain's arithmetic always finishes")
                    .withHint("write the repeated step out, or compute it from a closed formula");
        }
        Diagnostic d = Diagnostic.error(c.callee().span(), "unknown function `" + name + "`");
        if (!hints.take()) {
            return d;
        }
        List<String> candidates = new ArrayList<>(program.functionsByName.keySet());
        for (Builtin b : Builtin.values()) {
            candidates.add(b.functionName());
        }
        List<String> close = Suggestions.closest(name, candidates, 3);
        if (!close.isEmpty()) {
            return d.withHint("did you mean " + Suggestions.orList(close) + "?").withFixes(c.callee().span(), close);
        }
        if (units.resolve(name) != null || program.bindingsByName.containsKey(name)) {
            return d.withHint("`" + name + "` is not a function; to multiply, write `" + name + " * (...)`");
        }
        return d;
    }

    private String signature(FunctionInfo fn) {
        StringBuilder sb = new StringBuilder("fn ").append(fn.name()).append('(');
        for (int i = 0; i < fn.paramNames().size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(fn.paramNames().get(i)).append(": ").append(describe.of(fn.paramDimensions().get(i)));
        }
        return sb.append(") -> ").append(describe.of(fn.result())).toString();
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private Dimension builtin(Expr.Call c, Builtin b, List<Dimension> args) {
        int n = args.size();
        if (n < b.minArgs() || n > b.maxArgs()) {
            String expected = b.minArgs() == b.maxArgs() ? count(b.minArgs(), "argument")
                    : b.maxArgs() == Integer.MAX_VALUE ? "at least " + count(b.minArgs(), "argument")
                    : b.minArgs() + " or " + b.maxArgs() + " arguments";
            Diagnostic d = Diagnostic.error(c.span(), "`" + b.functionName() + "` takes " + expected + ", not " + n)
                    .withNote(builtinNote(b));
            if (n == 1 && c.args().get(0).span().text().contains(",")) {
                d = d.withHint("`" + c.args().get(0).span().text() + "` is one number (a comma followed by three digits"
                        + " groups digits); separate arguments with `, ` (a comma and a space)");
            }
            errors.add(d);
            return null;
        }
        Dimension first = args.get(0);
        return switch (b.signature()) {
            case SQUARE_ROOT -> {
                Dimension root = first.sqrt();
                if (root == null) {
                    errors.add(Diagnostic.error(c.args().get(0).span(), "cannot take the square root of "
                            + describe.of(first)).withNote("every exponent of the dimension must be even, as in B^2"));
                }
                yield root;
            }
            case PLAIN -> {
                for (int i = 0; i < n; i++) {
                    if (!args.get(i).isNone()) {
                        Expr arg = c.args().get(i);
                        String unit = arg.writtenUnit() != null ? arg.writtenUnit().text() : units.baseUnits(args.get(i));
                        errors.add(Diagnostic.error(arg.span(), "`" + b.functionName() + "` takes a plain number, not "
                                        + describe.of(args.get(i)))
                                .withHint("divide by a unit first: " + b.functionName() + "(" + arg.span().text()
                                        + " / 1 " + unit + (n > 1 ? ", ..." : "") + ")")
                                .withNote(builtinNote(b)));
                        yield null;
                    }
                }
                yield Dimension.NONE;
            }
            case ROUNDING -> {
                if (n == 1 && !units.countedInWholeUnits(first)) {
                    errors.add(roundingNeedsStep(c, b, first));
                    yield null;
                }
                yield same(c, b, args);
            }
            case SAME -> same(c, b, args);
        };
    }

    /** Every argument of {@code b} is of the first one's dimension, which is the result's. */
    private Dimension same(Expr.Call c, Builtin b, List<Dimension> args) {
        Dimension first = args.get(0);
        for (int i = 1; i < args.size(); i++) {
            if (!args.get(i).equals(first)) {
                Diagnostic d = Diagnostic.error(c.args().get(i).span(), "`" + b.functionName() + "` cannot " + b.verb()
                                + " " + describe.of(first) + " with " + describe.of(args.get(i)))
                        .withLabel(c.args().get(0).span(), describe.of(first));
                errors.add(describe.withFix(d, first, args.get(i), "argument").withNote(builtinNote(b)));
                return null;
            }
        }
        return first;
    }

    /**
     * {@code round(14.76 ms)}: rounding in base units would round to whole seconds (0 s). The hint
     * gives the step in the unit the value is written or shown in.
     */
    private Diagnostic roundingNeedsStep(Expr.Call c, Builtin b, Dimension d) {
        Expr arg = c.args().get(0);
        String unit = units.baseUnits(d);
        DisplayUnit shown = arg.asName() != null && program.ref(arg.asName()) instanceof Ref.Binding r ? r.binding().display() : null;
        if (arg.writtenUnit() != null) {
            unit = arg.writtenUnit().text();
        } else if (shown != null && !shown.isEmpty()) {
            unit = shown.text();
        }
        String call = b.functionName() + "(" + arg.span().text() + ", 1 " + unit + ")";
        return Diagnostic.error(arg.span(), "`" + b.functionName() + "` of " + describe.of(d) + " needs a step")
                .withNote("without one it would round to a whole " + units.baseUnits(d)
                        + ", the base unit, whatever unit the value is written in (round(14.76 ms) would be 0 s)")
                .withHint("give the step to round to: " + call)
                .withNote(builtinNote(b));
    }

    /** {@code max(a: D, b: D, ...) -> D: the largest of two or more values of one dimension}. */
    private static String builtinNote(Builtin b) {
        return b.usage() + ": " + b.help();
    }
}
