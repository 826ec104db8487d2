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
        return target == null ? null : target.accept(new Definition(program, offset, locations));
    }

    /** Where each kind of target is defined; null where it is its own definition, or has none. */
    private static final class Definition implements At.Visitor<Location> {
        private final CheckedProgram program;
        private final int offset;
        private final Locations locations;

        Definition(CheckedProgram program, int offset, Locations locations) {
            this.program = program;
            this.offset = offset;
            this.locations = locations;
        }

        @Override
        public Location visitName(At.Name n) {
            if (onAlias(n.ref())) {
                return use(program, n.ref().name().parts().get(0), locations);
            }
            return program.ref(n.ref()) instanceof Ref.Binding b ? locations.location(b.binding().decl().nameSpan()) : null;
        }

        /** Whether the offset is on the module alias of a qualified name ({@code gpu} in {@code gpu.name}). */
        private boolean onAlias(Expr.NameRef name) {
            return name.name().isQualified() && offset <= name.span().start() + name.name().parts().get(0).length();
        }

        @Override
        public Location visitBound(At.Bound b) {
            return locations.location(b.binding().nameSpan());
        }

        @Override
        public Location visitDeclared(At.Declared f) {
            return locations.location(f.function().nameSpan());
        }

        @Override
        public Location visitCall(At.Call c) {
            return program.callTarget(c.call()) instanceof FunctionInfo f ? locations.location(f.decl().nameSpan()) : null;
        }

        /** A unit is declared in the prelude, which the editor has no file of. */
        @Override
        public Location visitUnit(At.Unit u) {
            return null;
        }

        @Override
        public Location visitUse(At.Use u) {
            CheckedProgram module = program.imports().get(u.use().boundName());
            return module == null ? null : start(module.file().source(), locations);
        }

        @Override
        public Location visitPlaceholder(At.Placeholder p) {
            Expr.NameRef name = p.placeholder().name();
            if (onAlias(name)) {
                return use(program, name.name().parts().get(0), locations);
            }
            PlaceholderInfo info = program.placeholder(p.placeholder());
            BindingInfo b = info == null ? null : info.binding();
            return b == null ? null : locations.location(b.decl().nameSpan());
        }

        /** In a chain, an include is a mistake already reported; in a card, {@link #ofCard} answers. */
        @Override
        public Location visitInclude(At.Include include) {
            return null;
        }

        @Override
        public Location visitCheck(At.Check c) {
            return null;
        }
    }

    /** In a card: the chain file an include names. */
    static Location ofCard(ChainFile card, Path folder, int offset) {
        if (folder == null) {
            return null;
        }
        // Not a visitor: a card has no checked program, so of all that can be pointed at only an
        // include leads anywhere, and any other target, of a kind there is or will be, leads nowhere.
        if (At.find(card.statements(), offset) instanceof At.Include include) {
            Path file = folder.resolve(include.include().path().value()).normalize();
            return Files.isRegularFile(file) ? new Location(file.toUri().toString(), new Range(new Position(0, 0), new Position(0, 0))) : null;
        }
        return null;
    }

    /** The {@code use} statement that binds an alias. */
    private static Location use(CheckedProgram program, String alias, Locations locations) {
        Stmt.Use use = program.use(alias);
        return use == null ? null : locations.location(use.span());
    }

    private static Location start(SourceFile file, Locations locations) {
        return locations.location(new Span(file, 0, 0));
    }

    static List<Location> list(Location location) {
        return location == null ? List.of() : List.of(location);
    }
}
