package dev.chain.lsp;

import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.eval.Band;
import dev.chain.session.Analysis;
import dev.chain.session.ChainRun;
import dev.chain.session.Stdlib;
import dev.chain.session.repl.Scope;
import dev.chain.units.QuantityFormatter;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An analysis seen from a cursor, as completion and {@code :info} look names up
 * ({@link Scope}): the names bound above the cursor, the values of the analysis (which, in a file
 * with errors, are those above its first error), the modules the file uses, and for a {@code use}
 * the stdlib's modules and the local ones beside the file.
 */
final class EditorScope implements Scope {
    private final Analysis analysis;
    private final int cursor;

    EditorScope(Analysis analysis, int cursor) {
        this.analysis = analysis;
        this.cursor = cursor;
    }

    @Override
    public CheckedProgram program() {
        return analysis.program();
    }

    @Override
    public boolean visible(BindingInfo binding) {
        return binding.owner() != program() || binding.decl().span().start() < cursor;
    }

    /** The binding the values' run has for one of this program's (the same, or the one at the same place above an error). */
    private BindingInfo evaluated(BindingInfo binding) {
        ChainRun values = analysis.values();
        if (values == null) {
            return null;
        }
        if (values == analysis.run() || binding.owner() != program()) {
            return binding;
        }
        BindingInfo same = values.program().binding(binding.name());
        return same != null && same.decl().span().start() == binding.decl().span().start() ? same : null;
    }

    @Override
    public boolean hasValue(BindingInfo binding) {
        if (binding.isText()) {
            return true;
        }
        if (binding.dimension() == null) {
            return false;
        }
        return binding.owner() != program() || evaluated(binding) != null;
    }

    /** Its nominal value: completion and {@code :info} show one number (NaN where the file's errors left it unevaluated). */
    @Override
    public Band band(BindingInfo binding) {
        if (binding.owner() != program()) {
            return Band.point(analysis.engine().value(binding));
        }
        BindingInfo same = evaluated(binding);
        return Band.point(same == null ? Double.NaN : analysis.values().values().valueOf(same));
    }

    @Override
    public QuantityFormatter formatter() {
        return new QuantityFormatter(program().units());
    }

    @Override
    public CheckedProgram moduleNamed(String name) {
        return program().imports().get(name); // a file names a module only through its `use`
    }

    @Override
    public List<String> stdlibModules() {
        return List.of();
    }

    @Override
    public List<String> usableModules() {
        List<String> modules = new ArrayList<>(Stdlib.modules());
        Path file = analysis.source().path();
        if (file == null || file.getParent() == null) {
            return modules;
        }
        try (DirectoryStream<Path> siblings = Files.newDirectoryStream(file.getParent(), "*.chain")) {
            for (Path sibling : siblings) {
                String name = sibling.getFileName().toString();
                name = name.substring(0, name.length() - ".chain".length());
                if (!sibling.equals(file) && dev.chain.syntax.SyntaxParser.isName(name) && !modules.contains(name)) {
                    modules.add(name);
                }
            }
        } catch (IOException | SecurityException e) {
            // the stdlib's, then
        }
        return modules;
    }
}
