package dev.chain.check;

import dev.chain.ast.Stmt;
import dev.chain.diag.Diagnostic;
import dev.chain.source.Span;
import dev.chain.units.Dimension;
import dev.chain.units.NumberText;
import dev.chain.units.Unit;
import dev.chain.units.UnitRegistry;
import dev.chain.units.UnitTerm;
import java.util.ArrayList;
import java.util.List;

/**
 * A file's own declaration of a name the prelude has too. The prelude grows (money, days, GPUs
 * came after cards that declared their own), and a card that checked must keep checking: its
 * declaration shadows the prelude's in that file, as a local variable shadows a library's, with a
 * warning that says so. What the file itself, or a module it uses, declared twice stays an error.
 */
final class Shadowing {
    private Shadowing() {}

    static Diagnostic dimension(Stmt.DimensionDecl d, UnitRegistry units) {
        Dimension prelude = units.dimension(d.name());
        List<String> of = new ArrayList<>();
        for (Unit u : units.allUnits()) {
            if (u.dimension().equals(prelude) && units.resolve(u.symbol()) != null && units.resolve(u.symbol()).unit() == u) {
                of.add(u.symbol());
            }
        }
        Diagnostic warning = Diagnostic.error(d.span(), "dimension `" + d.name() + "` shadows the prelude's: in this file `"
                + d.name() + "` is a dimension of its own").asWarning();
        if (!of.isEmpty()) {
            warning = warning.withNote("the prelude's units of `" + d.name() + "` (" + String.join(", ", of)
                    + ") are not units of this one");
        }
        return warning.withHint("remove this line to use the prelude's `" + d.name() + "`");
    }

    static Diagnostic unit(Span at, String name, UnitTerm prelude, UnitRegistry units) {
        return Diagnostic.error(at, "`" + name + "` shadows the prelude's unit `" + name + "` (" + size(prelude, units)
                        + "): in this file `" + name + "` is this one")
                .asWarning()
                .withHint("remove this line to use the prelude's `" + name + "`");
    }

    /**
     * Whether a binding may take a prelude unit's name: a word prose writes in the plural (day,
     * week, token, page), not a symbol. Papers name their variables by symbols' letters
     * ({@code 4·b·s²·h·d}), where the error and its hint help; a card that bound {@code day = 24 h}
     * before the prelude had days meant the day.
     */
    static boolean mayNameValue(UnitTerm unit, UnitRegistry units) {
        return unit.prefix() == null && unit.unit().plural() && !units.declaresUnit(unit.unit());
    }

    static Diagnostic value(Span at, UnitTerm prelude, UnitRegistry units) {
        String name = prelude.written();
        return Diagnostic.error(at, "`" + name + "` is also the prelude's unit (" + size(prelude, units) + "): in this file `"
                        + name + "` alone names this value, and after a number (`2 " + name + "`) the unit")
                .asWarning()
                .withHint("to keep the two apart, name the value otherwise, such as `" + name + "s`");
    }

    /** {@code 86,400 s}, or for a base unit its dimension: {@code money}. */
    private static String size(UnitTerm term, UnitRegistry units) {
        Dimension d = term.unit().dimension();
        String named = units.dimensionName(d);
        if (term.factor() == 1 && named != null) {
            return UnitRegistry.humanName(named);
        }
        return NumberText.exact(term.factor()) + " " + units.baseUnits(d);
    }
}
