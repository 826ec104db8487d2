package dev.chain.check;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Expr;
import dev.chain.ast.Stmt;
import dev.chain.ast.Text;
import dev.chain.ast.UnitRef;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.UnitRegistry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A program whose names are resolved and whose every expression has a proven dimension: what
 * the checker hands to the evaluator and the renderers. The AST is untouched; what the checker
 * learned about it lives in side tables keyed by node identity.
 */
public final class CheckedProgram {
    private static final int CHARS_PER_BINDING = 40;

    private final ChainFile file;
    private final String moduleName;
    private final UnitRegistry units;

    final List<BindingInfo> bindings;
    final Map<String, BindingInfo> bindingsByName;
    final List<FunctionInfo> functions = new ArrayList<>();
    final Map<String, FunctionInfo> functionsByName = new LinkedHashMap<>();
    final List<CheckInfo> checks = new ArrayList<>();
    final List<EvaluateInfo> evaluations = new ArrayList<>();
    final List<FigureSpec> figures = new ArrayList<>();
    final Map<String, CheckedProgram> imports = new LinkedHashMap<>();
    /** The {@code use} that binds each alias (the first, if several do), whether or not its module loaded. */
    final Map<String, Stmt.Use> uses = new java.util.HashMap<>();
    /** Aliases whose module failed to load: uses of them were already explained. */
    final java.util.Set<String> failedImports = new java.util.HashSet<>();
    final List<Text> drills = new ArrayList<>();
    final List<Stmt.Note> notes = new ArrayList<>();
    /** Read-only views, made once. */
    private final List<BindingInfo> bindingsView;
    private final List<FunctionInfo> functionsView = Collections.unmodifiableList(functions);
    private final List<CheckInfo> checksView = Collections.unmodifiableList(checks);
    private final List<EvaluateInfo> evaluationsView = Collections.unmodifiableList(evaluations);
    final NodeTable<Dimension> types;
    /**
     * What each name, call and written unit resolved to: a {@link Ref}, a {@link Builtin} or
     * {@link FunctionInfo}, a {@link DisplayUnit}. One table for the three, as they are different
     * nodes: at a million statements, each table of its own was 20 MB, mostly empty.
     */
    final NodeTable<Object> resolved;
    final Map<dev.chain.ast.Template.Placeholder, PlaceholderInfo> placeholders = new IdentityHashMap<>();
    Text title;

    CheckedProgram(ChainFile file, String moduleName, UnitRegistry units) {
        this.file = file;
        this.moduleName = moduleName;
        this.units = units;
        // Sized for the text: at a million statements, growing the name table rehashed every name
        // a dozen times over. A binding takes some 40 chars of a generated chain, more of a card's.
        int expected = file.source().text().length() / CHARS_PER_BINDING;
        this.bindings = new ArrayList<>(expected);
        this.bindingsByName = new LinkedHashMap<>(expected + expected / 3 + 1);
        this.bindingsView = Collections.unmodifiableList(bindings);
        this.types = new NodeTable<>(file.source());
        this.resolved = new NodeTable<>(file.source());
    }

    public ChainFile file() {
        return file;
    }

    /** The module's name when this program is a module ({@code h100_sxm}); null for a chain. */
    public String moduleName() {
        return moduleName;
    }

    /** The units in scope: the engine's, plus what this program declared. */
    public UnitRegistry units() {
        return units;
    }

    public List<BindingInfo> bindings() {
        return bindingsView;
    }

    public BindingInfo binding(String name) {
        return bindingsByName.get(name);
    }

    public List<FunctionInfo> functions() {
        return functionsView;
    }

    public FunctionInfo function(String name) {
        return functionsByName.get(name);
    }

    public List<CheckInfo> checks() {
        return checksView;
    }

    public List<EvaluateInfo> evaluations() {
        return evaluationsView;
    }

    /** The chain's tables, plots and rooflines, in file order; empty for nearly every file. */
    public List<FigureSpec> figures() {
        return Collections.unmodifiableList(figures);
    }

    /** Modules by the name this program uses for them ({@code gpu} for {@code use h100_sxm as gpu}). */
    public Map<String, CheckedProgram> imports() {
        return Collections.unmodifiableMap(imports);
    }

    /** The {@code use} statement that binds {@code alias} in this file; null if none does. */
    public Stmt.Use use(String alias) {
        return uses.get(alias);
    }

    public Text title() {
        return title;
    }

    public List<Text> drills() {
        return Collections.unmodifiableList(drills);
    }

    public List<Stmt.Note> notes() {
        return Collections.unmodifiableList(notes);
    }

    /** The dimension proven for an expression; null if it had an error. */
    public Dimension type(Expr expr) {
        return types.get(expr);
    }

    public Ref ref(Expr.NameRef name) {
        return (Ref) resolved.get(name);
    }

    /** A {@link Builtin} or a {@link FunctionInfo}. */
    public Object callTarget(Expr.Call call) {
        return resolved.get(call);
    }

    public DisplayUnit unit(UnitRef ref) {
        return (DisplayUnit) resolved.get(ref);
    }

    /** The value of an expression of numbers and units alone (an input's), in base units; null if it has names. */
    public Double constantValue(Expr expr) {
        return new ConstantFolder(this).fold(expr);
    }

    /** What a template placeholder shows; null if it had an error. */
    public PlaceholderInfo placeholder(dev.chain.ast.Template.Placeholder placeholder) {
        return placeholders.get(placeholder);
    }

    /** The bindings that can be overridden from outside, in order. */
    public List<BindingInfo> inputs() {
        List<BindingInfo> inputs = new ArrayList<>();
        for (BindingInfo b : bindings) {
            if (b.input()) {
                inputs.add(b);
            }
        }
        return inputs;
    }
}
