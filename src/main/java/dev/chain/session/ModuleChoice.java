package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.ast.QualifiedName;
import dev.chain.ast.Stmt;
import dev.chain.check.CheckedProgram;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * The alias of a {@code use} as an input whose values are modules (issue 29 item 1):
 * {@code --set gpu=b200}, and each alternative of {@code --over gpu=h100_sxm,b200}. A module's
 * values are constants the checker proves the chain against and the compiler folds in, so another
 * module is the same chain checked and compiled again with its {@code use} naming that module:
 * the one pipeline, not a second evaluator, and the engine's loaded modules are shared.
 */
public final class ModuleChoice {
    /**
     * {@code alias} bound to {@code module}, as {@code written} (the option's text, a source of its
     * own named after the option: {@code --set gpu}).
     */
    public record Binding(String alias, String module, Span written) {}

    private ModuleChoice() {}

    /**
     * The assignments among {@code assignments} ({@code NAME=VALUE}) whose name is the alias of a
     * {@code use} in {@code program}: the modules to bind. The rest are the inputs' values; a name
     * this chain does not use as an alias is left to them (a card's --set names each chain's own).
     */
    public static List<Binding> of(CheckedProgram program, List<String> assignments, String label) {
        List<Binding> bindings = new ArrayList<>();
        for (String assignment : assignments) {
            int eq = assignment.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String alias = assignment.substring(0, eq).trim();
            if (program.use(alias) == null) {
                continue;
            }
            String module = assignment.substring(eq + 1).trim();
            SourceFile source = new SourceFile(label + " " + alias, module);
            bindings.add(new Binding(alias, module, new Span(source, 0, module.length())));
        }
        return bindings;
    }

    /**
     * {@code program}'s file with each binding's {@code use} naming the binding's module, which is
     * loaded here (a local module beside the chain, or the stdlib's); null after adding a
     * diagnostic at the option for a module that is not one (did you mean ...?).
     */
    public static ChainFile rebound(Engine engine, CheckedProgram program, List<Binding> bindings, Diagnostics diagnostics) {
        List<Stmt> statements = new ArrayList<>(program.file().statements());
        int before = diagnostics.size();
        for (Binding b : bindings) {
            Stmt.Use use = program.use(b.alias());
            if (!dev.chain.syntax.SyntaxParser.isName(b.module())) {
                diagnostics.add(Diagnostic.error(b.written(), b.module().isEmpty() ? "a module's name is missing here"
                                : "`" + b.module() + "` is not a module's name")
                        .withNote("`" + b.alias() + "` is a module this chain uses (line " + use.span().line() + ": "
                                + use.span().text().strip() + ")")
                        .withHint("name another module, such as " + b.written().file().name() + "=" + example(use)));
                continue;
            }
            Diagnostics found = new Diagnostics();
            // Looked up from the `use` itself, so that a local module is found beside the chain.
            if (engine.module(QualifiedName.of(b.module()), use.span(), found) == null) {
                for (Diagnostic d : found.all()) {
                    diagnostics.add(use.span().equals(d.span()) ? at(d, b.written()) : d);
                }
                continue;
            }
            // Found in the file as written: a later binding of the same alias (a figure's, after --set's) wins.
            statements.set(program.file().statements().indexOf(use), new Stmt.Use(QualifiedName.of(b.module()), b.alias(), b.written(), use.span()));
        }
        if (diagnostics.size() > before) {
            return null;
        }
        return program.file().with(statements);
    }

    /**
     * The diagnostics of a chain checked with {@code bindings}, each "module `gpu` has no value
     * named `x`" with a note naming the module bound to the alias and where: the chain's use of
     * {@code gpu.x} is right for the module its {@code use} names, and only the option changed it.
     */
    public static List<Diagnostic> explained(List<Diagnostic> diagnostics, List<Binding> bindings, CheckedProgram original) {
        List<Diagnostic> out = new ArrayList<>(diagnostics.size());
        for (Diagnostic d : diagnostics) {
            Binding binding = null;
            for (Binding b : bindings) {
                if (d.message().startsWith("module `" + b.alias() + "` has no ")) {
                    binding = b;
                }
            }
            if (binding == null) {
                out.add(d);
                continue;
            }
            CheckedProgram written = original.imports().get(binding.alias());
            out.add(d.withNote("`" + binding.alias() + "` is " + binding.module() + " here, by " + by(binding)
                    + (written == null ? "" : "; the chain's `use` names " + written.moduleName())));
        }
        return out;
    }

    /**
     * Every way to bind the aliases, each alias's modules listed in {@code each}: a list per
     * alternative, the first alias slowest (a table's rows, GPUs by models).
     */
    public static List<List<Binding>> alternatives(List<List<Binding>> each) {
        List<List<Binding>> alternatives = new ArrayList<>();
        alternatives.add(List.of());
        for (List<Binding> modules : each) {
            List<List<Binding>> next = new ArrayList<>();
            for (List<Binding> before : alternatives) {
                for (Binding b : modules) {
                    List<Binding> with = new ArrayList<>(before);
                    with.add(b);
                    next.add(with);
                }
            }
            alternatives = next;
        }
        return alternatives;
    }

    /**
     * A table's rows that set modules ({@code for model, gpu in (opt_13b, a100_sxm_40gb), (opt_66b,
     * a100_sxm_80gb)}): an alternative per row, each alias bound to its module in that row.
     */
    public static List<List<Binding>> rows(List<List<Binding>> each) {
        List<List<Binding>> rows = new ArrayList<>();
        for (int r = 0; r < each.get(0).size(); r++) {
            List<Binding> row = new ArrayList<>();
            for (List<Binding> column : each) {
                row.add(column.get(r));
            }
            rows.add(row);
        }
        return rows;
    }

    /** {@code gpu = b200, model = llama31_70b}: which alternative a diagnostic is about. */
    public static String where(List<Binding> bound) {
        List<String> parts = new ArrayList<>();
        for (Binding b : bound) {
            parts.add(b.alias() + " = " + b.module());
        }
        return String.join(", ", parts);
    }

    /** The module's {@code name} (H100 SXM) when it has one as text, else the name it is used by (b200). */
    public static String label(CheckedProgram program, Binding b) {
        CheckedProgram module = program.imports().get(b.alias());
        dev.chain.check.BindingInfo name = module == null ? null : module.binding("name");
        return name != null && name.isText() ? name.text() : b.module();
    }

    /** What bound the alias: {@code --set gpu=l4}, the REPL's {@code :set gpu=l4}, or a figure's {@code for} (its source is the chain's). */
    private static String by(Binding b) {
        String source = b.written().file().name();
        return source.startsWith("--") || source.startsWith(":") ? source + "=" + b.module()
                : "the table's `for " + b.alias() + " in ...` on line " + b.written().line();
    }

    /** {@code d} at {@code where}, its source line the option's. */
    private static Diagnostic at(Diagnostic d, Span where) {
        return new Diagnostic(d.severity(), where, d.message(), d.labels(), d.notes(), List.of());
    }

    /** The module the {@code use} names, as an example of a value. */
    private static String example(Stmt.Use use) {
        return use.module().toString();
    }
}
