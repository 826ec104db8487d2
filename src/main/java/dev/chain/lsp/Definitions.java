package dev.chain.lsp;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Expr;
import dev.chain.ast.Stmt;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FunctionInfo;
import dev.chain.check.PlaceholderInfo;
import dev.chain.check.Ref;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.lsp4j.Location;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;

/**
 * Where a name is defined: a binding's or function's name in this file, in a local module, or in
 * the stdlib's read-only copy ({@link StdlibCache}); a module alias's {@code use}; a {@code use}'s
 * module file; a card's include. The checker already resolved every name ({@link CheckedProgram#ref}).
 */
final class Definitions {
    private Definitions() {}

    static Location of(CheckedProgram program, int offset, Locations locations) {
        At.Target target = At.find(program.file().statements(), offset);
        if (target instanceof At.Name n) {
            if (n.ref().name().isQualified() && offset <= n.ref().span().start() + n.ref().name().parts().get(0).length()) {
                return use(program, n.ref().name().parts().get(0), locations);
            }
            return program.ref(n.ref()) instanceof Ref.Binding b ? locations.location(b.binding().decl().nameSpan()) : null;
        }
        if (target instanceof At.Bound b) {
            return locations.location(b.binding().nameSpan());
        }
        if (target instanceof At.Declared f) {
            return locations.location(f.function().nameSpan());
        }
        if (target instanceof At.Call c) {
            return program.callTarget(c.call()) instanceof FunctionInfo f ? locations.location(f.decl().nameSpan()) : null;
        }
        if (target instanceof At.Use u) {
            CheckedProgram module = program.imports().get(u.use().boundName());
            return module == null ? null : start(module.file().source(), locations);
        }
        if (target instanceof At.Placeholder p) {
            Expr.NameRef name = p.placeholder().name();
            if (name.name().isQualified() && offset <= name.span().start() + name.name().parts().get(0).length()) {
                return use(program, name.name().parts().get(0), locations);
            }
            PlaceholderInfo info = program.placeholder(p.placeholder());
            BindingInfo b = info == null ? null : info.binding();
            return b == null ? null : locations.location(b.decl().nameSpan());
        }
        return null;
    }

    /** In a card: the chain file an include names. */
    static Location ofCard(ChainFile card, Path folder, int offset) {
        if (folder == null) {
            return null;
        }
        if (At.find(card.statements(), offset) instanceof At.Include include) {
            Path file = folder.resolve(include.include().path().value()).normalize();
            return Files.isRegularFile(file) ? new Location(file.toUri().toString(), new Range(new Position(0, 0), new Position(0, 0))) : null;
        }
        return null;
    }

    /** The {@code use} statement that binds an alias. */
    private static Location use(CheckedProgram program, String alias, Locations locations) {
        for (Stmt s : program.file().statements()) {
            if (s instanceof Stmt.Use u && u.boundName().equals(alias)) {
                return locations.location(u.span());
            }
        }
        return null;
    }

    private static Location start(SourceFile file, Locations locations) {
        return locations.location(new Span(file, 0, 0));
    }

    static List<Location> list(Location location) {
        return location == null ? List.of() : List.of(location);
    }
}
