package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.units.Dimension;
import dev.chain.units.Unit;
import dev.chain.units.UnitRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@link PreludeSnapshot} is generated from {@code stdlib/prelude.chain} by the real parser and
 * checker, here. After an edit to the prelude, regenerate it:
 * {@code mvn -q test -Dtest=PreludeSnapshotTest -Dchain.regenerate=true}. Until then every engine
 * parses the prelude itself (slower, and the same units), and this test fails.
 */
class PreludeSnapshotTest {
    private static final Path SNAPSHOT = Path.of("src/main/java/dev/chain/session/PreludeSnapshot.java");

    @Test
    void theCommittedSnapshotIsTheOneThePreludeMakes() throws IOException {
        String generated = generate(Stdlib.read(Stdlib.PRELUDE));
        if (Boolean.getBoolean("chain.regenerate")) {
            Files.writeString(SNAPSHOT, generated);
        }
        assertEquals(generated, Files.readString(SNAPSHOT),
                "stdlib/prelude.chain changed: run mvn -q test -Dtest=PreludeSnapshotTest -Dchain.regenerate=true");
    }

    @Test
    void theSnapshotDeclaresWhatCheckingThePreludeDeclares() {
        // While regenerating, the compiled snapshot is the old one; the next run checks the new.
        Assumptions.assumeFalse(Boolean.getBoolean("chain.regenerate"), "regenerating");
        UnitRegistry checked = new UnitRegistry();
        Engine.declarePrelude(Stdlib.read(Stdlib.PRELUDE), checked, null);
        UnitRegistry snapshot = new UnitRegistry();
        assertTrue(PreludeSnapshot.declare(snapshot, Stdlib.read(Stdlib.PRELUDE)));
        assertEquals(describe(checked), describe(snapshot));
        // Real values, so that a describe() that missed something still fails here.
        assertEquals("B/s", snapshot.baseUnits(snapshot.dimension("Bandwidth")));
        assertEquals(1e9, snapshot.resolve("GB").factor());
        assertEquals(Math.pow(2, 30), snapshot.resolve("GiB").factor());
        assertEquals(0.125, snapshot.unit("bit").factor());
        assertTrue(snapshot.unit("%").glued());
        assertEquals("token", snapshot.baseUnit(snapshot.dimension("Tokens").baseIndex()).symbol());
    }

    @Test
    void anEditedPreludeIsCheckedInsteadOfSnapshotted() {
        UnitRegistry units = new UnitRegistry();
        assertFalse(PreludeSnapshot.declare(units, Stdlib.read(Stdlib.PRELUDE) + "\nunit furlong = 201 m\n"));
        assertTrue(units.allUnits().isEmpty(), "nothing is declared from a snapshot that does not match");
    }

    /** Everything a registry knows, in its order: base dimensions, named dimensions, units. */
    private static String describe(UnitRegistry r) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; r.baseName(i) != null; i++) {
            Unit base = r.baseUnit(i);
            out.append("base ").append(i).append(' ').append(r.baseName(i)).append(' ')
                    .append(base == null ? "-" : base.symbol()).append('\n');
        }
        for (String name : r.allDimensionNames()) {
            Dimension d = r.dimension(name);
            out.append("dimension ").append(name).append(' ').append(d).append(' ').append(r.dimensionName(d)).append('\n');
        }
        for (Unit u : r.allUnits()) {
            out.append("unit ").append(u.names()).append(' ').append(u.factor()).append(' ').append(u.dimension())
                    .append(' ').append(families(u)).append(' ').append(u.glued()).append(' ').append(u.plural()).append(' ')
                    .append(u.count()).append(' ').append(u.source()).append('\n');
        }
        return out.toString();
    }

    private static List<String> families(Unit u) {
        return u.prefixes().stream().map(Enum::name).sorted().collect(Collectors.toList());
    }

    /** The Java source of PreludeSnapshot for this prelude text, from its checked registry. */
    static String generate(String prelude) {
        UnitRegistry r = new UnitRegistry();
        Engine.declarePrelude(prelude, r, null);
        StringBuilder body = new StringBuilder();
        int bases = 0;
        for (String name : r.allDimensionNames()) {
            Dimension d = r.dimension(name);
            if (d.isBase() && name.equals(r.baseName(d.baseIndex())) && d.baseIndex() == bases) {
                body.append("        r.declareBaseDimension(").append(literal(name)).append(");\n");
                bases++;
            } else {
                body.append("        r.declareDimension(").append(literal(name)).append(", ").append(dimension(d)).append(");\n");
            }
        }
        for (Unit u : r.allUnits()) {
            List<String> names = new ArrayList<>();
            u.names().forEach(n -> names.add(literal(n)));
            List<String> families = new ArrayList<>();
            families(u).forEach(f -> families.add("Prefix.Family." + f));
            body.append("        r.declareUnit(new Unit(List.of(").append(String.join(", ", names)).append("), ")
                    .append(factor(u.factor())).append(", ").append(dimension(u.dimension())).append(",\n")
                    .append("                Set.of(").append(String.join(", ", families)).append("), ")
                    .append(u.glued()).append(", ").append(u.plural()).append(", ").append(u.count()).append(", ").append(u.source() == null ? "null" : literal(u.source())).append("));\n");
        }
        return """
                package dev.chain.session;

                import dev.chain.units.Dimension;
                import dev.chain.units.Prefix;
                import dev.chain.units.Unit;
                import dev.chain.units.UnitRegistry;
                import java.util.List;
                import java.util.Set;

                /**
                 * Generated from stdlib/prelude.chain by PreludeSnapshotTest; do not edit. The prelude's
                 * dimensions and units, declared as checking the prelude declares them, without parsing it.
                 */
                final class PreludeSnapshot {
                    /** The length and hash of the prelude text this was made from. */
                    private static final int LENGTH = %d;
                    private static final int HASH = %d;

                    private PreludeSnapshot() {}

                    /** Declares the prelude in {@code r} and returns true, if {@code prelude} is the text this was made from. */
                    static boolean declare(UnitRegistry r, String prelude) {
                        if (prelude.length() != LENGTH || prelude.hashCode() != HASH) {
                            return false;
                        }
                %s        return true;
                    }
                }
                """.formatted(prelude.length(), prelude.hashCode(), body);
    }

    private static String dimension(Dimension d) {
        StringBuilder e = new StringBuilder();
        for (int i = 0; i < d.length(); i++) {
            e.append(i == 0 ? "" : ", ").append(d.exponent(i));
        }
        return "Dimension.of(" + e + ")";
    }

    /** Exact: Double.toString gives the shortest text that reads back as the same double. */
    private static String factor(double f) {
        return Double.toString(f);
    }

    private static String literal(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
