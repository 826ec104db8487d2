package dev.chain.session;

import dev.chain.ast.QualifiedName;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.eval.Band;
import dev.chain.diag.Diagnostics;
import dev.chain.render.ModuleDoc;
import dev.chain.render.BindingValues;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Every stdlib module loaded for browsing ({@code chain stdlib}): the one place that loads them all,
 * which nothing else should do, since start-up loads only what a chain uses.
 */
public final class StdlibCatalog {
    private StdlibCatalog() {}

    /** @throws IllegalStateException if a module of the stdlib itself has errors (a bug; tests prevent it) */
    public static List<ModuleDoc> load(Engine engine) {
        List<ModuleDoc> docs = new ArrayList<>();
        for (String name : Stdlib.modules()) {
            Diagnostics diagnostics = new Diagnostics();
            CheckedProgram program = engine.module(QualifiedName.of(name), null, diagnostics);
            if (program == null) {
                throw new IllegalStateException("stdlib module " + name + " has errors: " + diagnostics.all().get(0).message());
            }
            BindingValues values = new BindingValues() { // a module's values are its constants
                @Override
                public CheckedProgram program() {
                    return program;
                }

                @Override
                public Band band(BindingInfo binding) {
                    return Band.point(engine.value(binding));
                }

                @Override
                public QuantityFormatter formatter() {
                    return new QuantityFormatter(program.units());
                }
            };
            docs.add(ModuleDoc.of(name, summary(program.file().source().text()), program, values));
        }
        return docs;
    }

    /** The comment at the head of a module's file, as one paragraph: what the module is. */
    static String summary(String text) {
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\\R", -1)) {
            String trimmed = line.strip();
            if (!trimmed.startsWith("#")) {
                break;
            }
            String words = trimmed.substring(1).strip();
            if (words.isEmpty()) {
                if (sb.length() > 0) {
                    break;
                }
                continue;
            }
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(words);
        }
        return sb.toString();
    }
}
