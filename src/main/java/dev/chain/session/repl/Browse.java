package dev.chain.session.repl;

import dev.chain.check.BindingInfo;
import dev.chain.check.Builtin;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FunctionInfo;
import dev.chain.render.RunReport;
import dev.chain.units.Dimension;
import dev.chain.units.NumberText;
import dev.chain.units.Prefix;
import dev.chain.units.Unit;
import dev.chain.units.UnitRegistry;
import dev.chain.units.UnitTerm;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The listings behind {@code :env}, {@code :units} and {@code :info}: plain text, no I/O.
 * {@code :info} is also what an editor shows when the pointer rests on a name ({@link #describe}).
 */
public final class Browse {
    /** Where names are looked up and values come from. */
    private final Scope state;
    /** The REPL's session, for {@code :env}; null elsewhere. */
    private final SessionState session;
    private final Set<BindingInfo> overridden;

    Browse(SessionState session, Scope scope, Set<BindingInfo> overridden) {
        this.state = scope;
        this.session = session;
        this.overridden = overridden;
    }

    /** What a name means in {@code scope}: a binding, a module (alias or stdlib name), a function. */
    record Found(BindingInfo binding, CheckedProgram module, FunctionInfo function, CheckedProgram scope) {}

    static Found find(Scope scope, String name) {
        CheckedProgram program = scope.program();
        int dot = name.indexOf('.');
        if (dot < 0) {
            return new Found(program.binding(name), scope.moduleNamed(name), program.function(name), program);
        }
        int last = name.lastIndexOf('.');
        CheckedProgram module = moduleAt(scope, name.substring(0, last));
        if (module == null) {
            return new Found(null, null, null, null);
        }
        String member = name.substring(last + 1);
        return new Found(module.binding(member), null, module.function(member), module);
    }

    /**
     * The module {@code qualifier} names: {@code gpu}, or {@code server.model}, each part after the
     * first an alias of a {@code use} in the module before it; null for none.
     */
    static CheckedProgram moduleAt(Scope scope, String qualifier) {
        String[] parts = qualifier.split("\\.", -1);
        CheckedProgram module = scope.moduleNamed(parts[0]);
        for (int i = 1; module != null && i < parts.length; i++) {
            module = module.imports().get(parts[i]);
        }
        return module;
    }

    /**
     * Everything {@code name} (a value, {@code alias.value}, a module, a function, a unit with its
     * prefix, a dimension) means in {@code scope}, as {@code :info} shows it; empty if nothing.
     */
    public static List<Reply.Line> describe(Scope scope, String name) {
        Found found = find(scope, name);
        return new Browse(null, scope, Set.of()).info(name, found.module(), found.binding(), found.function());
    }

    /** The binding itself, as {@code :info} shows it, however it is named. */
    public static List<Reply.Line> describe(Scope scope, String name, BindingInfo binding) {
        Reply.Builder out = new Reply.Builder();
        new Browse(null, scope, Set.of()).binding(out, name, binding);
        return out.build().lines();
    }

    /** A unit as written ({@code GB}, {@code TFLOP}), as {@code :info} shows it; empty if there is none. */
    public static List<Reply.Line> describeUnit(Scope scope, String written) {
        Reply.Builder out = new Reply.Builder();
        UnitRegistry units = scope.program().units();
        UnitTerm unit = units.resolve(written);
        if (unit != null) {
            new Browse(null, scope, Set.of()).unit(out, units, unit);
        }
        return out.build().lines();
    }

    /** A function, as {@code :info} shows it. */
    public static List<Reply.Line> describe(FunctionInfo function) {
        Reply.Builder out = new Reply.Builder();
        new Browse(null, null, Set.of()).function(out, function);
        return out.build().lines();
    }

    // ---- :env -------------------------------------------------------------------------------

    /**
     * The aliases {@code :set gpu=b200} moved to another module: their {@code use} now names a
     * module written in the {@code :set} line, not in the statement's own source.
     */
    private Set<String> setModules() {
        Set<String> set = new java.util.HashSet<>();
        for (dev.chain.ast.Stmt s : session.statements()) {
            if (s instanceof dev.chain.ast.Stmt.Use use && use.moduleSpan() != null && use.span() != null
                    && use.moduleSpan().file() != use.span().file()) {
                set.add(use.boundName());
            }
        }
        return set;
    }

    List<Reply.Line> env() {
        Reply.Builder out = new Reply.Builder();
        CheckedProgram program = state.program();
        if (session.chain() != null) {
            LoadedFile chain = session.chain();
            String title = program.title() == null ? "" : " \"" + program.title().value() + "\"";
            out.add(Reply.Style.INFO, "chain " + chain.source().name() + title + ": step " + session.cursor() + " of "
                    + chain.steps().size());
        }
        if (!program.imports().isEmpty()) {
            List<String> modules = new ArrayList<>();
            for (Map.Entry<String, CheckedProgram> e : program.imports().entrySet()) {
                String module = e.getValue().moduleName();
                modules.add((e.getKey().equals(module) ? module : e.getKey() + " = " + module)
                        + (setModules().contains(e.getKey()) ? " (changed with :set)" : ""));
            }
            out.add(Reply.Style.INFO, "modules: " + String.join(", ", modules));
        }
        if (!program.functions().isEmpty()) {
            List<String> functions = new ArrayList<>();
            for (FunctionInfo f : program.functions()) {
                functions.add(f.name() + "(" + String.join(", ", f.paramNames()) + ")");
            }
            out.add(Reply.Style.INFO, "functions: " + String.join(", ", functions));
        }
        int width = 0;
        for (BindingInfo b : program.bindings()) {
            if (state.visible(b)) {
                width = Math.max(width, b.name().length());
            }
        }
        boolean any = false;
        for (BindingInfo b : program.bindings()) {
            if (!state.visible(b)) {
                continue;
            }
            any = true;
            String value = b.isText() ? "\"" + b.text() + "\"" : state.text(b);
            String note = b.name().equals(ReplSession.LAST_VALUE) ? "   (the last value)"
                    : !b.input() || b.isText() ? "" : overridden.contains(b) ? "   (input, changed with :set)" : "   (input)";
            out.add(Reply.Style.RESULT, StepText.pad(b.name(), width) + " = " + value + note);
        }
        if (!any && program.imports().isEmpty() && session.chain() == null) {
            out.add(Reply.Style.INFO, "nothing yet: type an expression, a binding (name = expr), a use, or :load FILE");
        }
        return out.build().lines();
    }

    // ---- :units -------------------------------------------------------------------------------

    List<Reply.Line> units(String filter) {
        UnitRegistry units = state.program().units();
        String f = filter.toLowerCase(Locale.ROOT);
        UnitTerm exact = filter.isEmpty() ? null : units.resolve(filter);
        List<String[]> rows = new ArrayList<>();
        for (Unit u : units.allUnits()) {
            String dimension = units.describe(u.dimension());
            boolean match = filter.isEmpty() || (exact != null && exact.unit() == u)
                    || dimension.toLowerCase(Locale.ROOT).contains(f);
            for (String name : u.names()) {
                match |= !filter.isEmpty() && name.toLowerCase(Locale.ROOT).contains(f);
            }
            if (!match) {
                continue;
            }
            String definition = isBaseUnit(units, u) ? dimension
                    : "= " + NumberText.exact(u.factor()) + (u.dimension().isNone() ? "" : " " + units.baseUnits(u.dimension()))
                    + (u.dimension().isNone() ? "" : " " + dimensionName(units, u.dimension()));
            rows.add(new String[] {String.join(", ", u.names()), definition, prefixes(u), u.source() == null ? "" : u.source()});
        }
        Reply.Builder out = new Reply.Builder();
        if (rows.isEmpty()) {
            out.add(Reply.Style.INFO, "no unit matches `" + filter + "`; :units lists them all");
            return out.build().lines();
        }
        int[] widths = new int[3];
        for (String[] row : rows) {
            for (int i = 0; i < 3; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < 4; i++) {
                line.append(i < 3 ? StepText.pad(row[i], widths[i] + 2) : row[i]);
            }
            out.add(Reply.Style.RESULT, line.toString().stripTrailing());
        }
        if (exact != null && exact.prefix() != null) {
            out.add(Reply.Style.INFO, filter + " is " + exact.unit().symbol() + " with the prefix " + exact.prefix().symbol()
                    + " (" + NumberText.exact(exact.prefix().factor()) + "): 1 " + filter + " = " + NumberText.exact(exact.factor()) + " "
                    + units.baseUnits(exact.unit().dimension()));
        }
        return out.build().lines();
    }

    private static boolean isBaseUnit(UnitRegistry units, Unit u) {
        return u.factor() == 1.0 && !u.dimension().isNone() && units.baseUnits(u.dimension()).equals(u.symbol());
    }

    private static String dimensionName(UnitRegistry units, Dimension d) {
        String name = units.dimensionName(d);
        return name == null ? "" : "(" + UnitRegistry.humanName(name) + ")";
    }

    private static String prefixes(Unit u) {
        List<String> families = new ArrayList<>();
        for (Prefix.Family family : EnumSet.allOf(Prefix.Family.class)) {
            if (!u.prefixes().contains(family)) {
                continue;
            }
            List<String> symbols = new ArrayList<>();
            for (Prefix p : Prefix.ALL) {
                if (p.family() == family && (p.usedForDisplay() || family == Prefix.Family.IEC)) {
                    symbols.add(p.symbol());
                }
            }
            families.add(String.join(" ", symbols));
        }
        return families.isEmpty() ? "" : "prefixes " + String.join(", ", families);
    }

    // ---- :info ------------------------------------------------------------------------------

    /** Everything {@code name} can mean here, or an empty list. */
    List<Reply.Line> info(String name, CheckedProgram module, BindingInfo binding, FunctionInfo function) {
        return info(name, module, binding, function, false);
    }

    /**
     * As {@code :info} shows it; {@code sayWhich}: a name that means several things
     * ({@code floor}, a value and a built-in function) first says so, and in which order they follow.
     */
    List<Reply.Line> info(String name, CheckedProgram module, BindingInfo binding, FunctionInfo function, boolean sayWhich) {
        Reply.Builder out = new Reply.Builder();
        List<String> kinds = new java.util.ArrayList<>();
        if (binding != null) {
            binding(out, name, binding);
            kinds.add(binding.input() ? "the input" : "the value");
        }
        if (module != null) {
            module(out, name, module);
            kinds.add("the module");
        }
        if (function != null) {
            function(out, function);
            kinds.add("the function");
        }
        if (!name.contains(".")) {
            Builtin builtin = Builtin.named(name);
            if (builtin != null && function == null) {
                out.add(Reply.Style.RESULT, builtin.usage() + ": built-in function");
                out.add(Reply.Style.INFO, "  " + builtin.help());
                kinds.add("the built-in function");
            }
            UnitRegistry units = state.program().units();
            UnitTerm unit = units.resolve(name);
            if (unit != null) {
                unit(out, units, unit);
                kinds.add("the unit");
            }
            String dimensionName = dimensionNamed(units, name);
            if (dimensionName != null) {
                out.add(Reply.Style.RESULT, dimensionName + ": dimension " + units.describe(units.dimension(dimensionName)));
                kinds.add("the dimension");
            }
        }
        List<Reply.Line> lines = out.build().lines();
        if (!sayWhich || kinds.size() < 2) {
            return lines;
        }
        List<Reply.Line> said = new java.util.ArrayList<>();
        said.add(new Reply.Line(Reply.Style.INFO, "`" + name + "` names " + kinds.size() + " things: " + kinds.get(0) + " first, then "
                + String.join(", then ", kinds.subList(1, kinds.size()))));
        said.addAll(lines);
        return said;
    }

    /**
     * The dimension {@code name} means: as declared ({@code Bandwidth}), or as :dim and the
     * diagnostics show it ({@code bandwidth}, {@code compute rate}); null if none.
     */
    private static String dimensionNamed(UnitRegistry units, String name) {
        if (units.dimension(name) != null) {
            return name;
        }
        for (String declared : units.allDimensionNames()) {
            if (declared.equalsIgnoreCase(name) || UnitRegistry.humanName(declared).equalsIgnoreCase(name)) {
                return declared;
            }
        }
        return null;
    }

    private void binding(Reply.Builder out, String name, BindingInfo b) {
        CheckedProgram owner = b.owner();
        if (state.hasValue(b)) {
            out.add(Reply.Style.RESULT, name + " = " + new RunReport(owner, null, state).step(b));
        } else {
            // a file with errors above it: what the binding is, not what it is worth
            dev.chain.ast.Value.QuantityValue q = b.decl().value().quantity();
            String formula = b.isText() ? "\"" + b.text() + "\"" : q != null
                    ? new dev.chain.render.FormulaPrinter(owner, null, " * ").print(q.expr()) : "";
            out.add(Reply.Style.RESULT, name + " = " + formula + "   (not evaluated: the file has errors)");
        }
        if (b.isPoisoned()) {
            return;
        }
        if (!b.isText()) {
            out.add(Reply.Style.INFO, "  dimension  " + owner.units().describe(b.dimension()));
        }
        String kind = b.isText() ? "text" : b.input() ? (overridden.contains(b) ? "input, changed with :set" : "input") : "derived";
        if (b.group() != null) {
            kind += ", in " + StepText.label(b.group(), owner, state);
        }
        out.add(Reply.Style.INFO, "  kind       " + kind);
        var span = b.decl().span();
        String where = span.file().name().equals(ReplSession.SOURCE) ? "typed at the REPL"
                : span.file().name() + ":" + span.line();
        out.add(Reply.Style.INFO, "  defined    " + where);
        if (b.writtenLabel() != null) {
            out.add(Reply.Style.INFO, "  label      " + b.writtenLabel()); // what a reader sees on the page and figures
        }
        String bounds = dev.chain.check.Bounds.of(b).text();
        if (bounds != null) {
            out.add(Reply.Style.INFO, "  bounds     " + bounds); // what --set, a figure and the page keep it to
        }
        if (b.source() != null) {
            out.add(Reply.Style.INFO, "  source     " + b.source());
        }
    }

    private void module(Reply.Builder out, String name, CheckedProgram module) {
        String file = module.file().source().name();
        String about = module.file().source().lineCount() > 0 ? module.file().source().line(1) : "";
        about = about.startsWith("#") ? ": " + about.substring(1).strip() : "";
        String alias = name.equals(module.moduleName()) ? "" : " (used as " + name + ")";
        out.add(Reply.Style.HEADING, "module " + module.moduleName() + alias + ", " + file + about);
        int width = 0;
        for (BindingInfo b : module.bindings()) {
            width = Math.max(width, b.name().length());
        }
        for (BindingInfo b : module.bindings()) {
            String value = b.isText() ? "\"" + b.text() + "\"" : state.text(b);
            out.add(Reply.Style.RESULT, "  " + StepText.pad(b.name(), width) + " = " + value);
        }
        for (FunctionInfo f : module.functions()) {
            out.add(Reply.Style.RESULT, "  fn " + f.name() + "(" + String.join(", ", f.paramNames()) + ")");
        }
        String example = module.bindings().isEmpty() ? "" : " (" + name + "." + module.bindings().get(0).name() + ")";
        out.add(Reply.Style.INFO, ":info " + name + ".NAME shows one value with its source" + example);
    }

    private void function(Reply.Builder out, FunctionInfo f) {
        out.add(Reply.Style.RESULT, f.decl().span().text().strip());
        List<String> params = new ArrayList<>();
        for (int i = 0; i < f.paramNames().size(); i++) {
            params.add(f.paramNames().get(i) + ": " + f.owner().units().describe(f.paramDimensions().get(i)));
        }
        out.add(Reply.Style.INFO, "  takes      " + (params.isEmpty() ? "nothing" : String.join(", ", params)));
        out.add(Reply.Style.INFO, "  gives      " + f.owner().units().describe(f.result()));
        if (f.source() != null) {
            out.add(Reply.Style.INFO, "  source     " + f.source());
        }
    }

    private void unit(Reply.Builder out, UnitRegistry units, UnitTerm term) {
        Unit u = term.unit();
        String base = units.baseUnits(u.dimension());
        String size = u.dimension().isNone() ? NumberText.exact(term.factor()) : NumberText.exact(term.factor()) + " " + base;
        boolean isBase = term.prefix() == null && isBaseUnit(units, u);
        out.add(Reply.Style.RESULT, term.written() + ": unit of " + units.describe(u.dimension())
                + (isBase ? ", the base unit" : ", 1 " + term.written() + " = " + size));
        if (term.prefix() != null) {
            out.add(Reply.Style.INFO, "  prefix     " + term.prefix().symbol() + " (" + NumberText.exact(term.prefix().factor()) + ") on "
                    + u.symbol());
        }
        if (u.names().size() > 1) {
            out.add(Reply.Style.INFO, "  names      " + String.join(", ", u.names()));
        }
        String prefixes = prefixes(u);
        if (!prefixes.isEmpty() && term.prefix() == null) {
            out.add(Reply.Style.INFO, "  " + prefixes.replaceFirst("prefixes", "prefixes  "));
        }
        if (u.source() != null) {
            out.add(Reply.Style.INFO, "  source     " + u.source());
        }
    }
}
