package dev.chain.check;

import dev.chain.ast.Expr;
import dev.chain.ast.ExprWalker;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.units.Dimension;
import java.util.HashSet;
import java.util.Set;

/**
 * {@code params = 671B}: papers write 671B for 671 billion, and chain reads 671 bytes, the unit B
 * glued to the number. That is not an error where it is written, only where the bytes meet what
 * wanted a count (a parameter count times bytes per parameter is B^2/param). There the error
 * gets a hint that points at the literal, found in the expression or in the bindings it names.
 */
final class GluedBytes {
    private final CheckedProgram program;
    private final int information;

    GluedBytes(CheckedProgram program, Dimension information) {
        this.program = program;
        this.information = information == null ? -1 : information.baseIndex();
    }

    /** {@code d} with the hint when {@code e} holds a glued {@code NB} and the mismatch is in information. */
    Diagnostic hint(Diagnostic d, Expr e, Dimension wanted, Dimension actual) {
        if (information < 0 || wanted == null || actual == null || wanted.exponent(information) == actual.exponent(information)) {
            return d;
        }
        Expr.Quantity literal = find(e);
        if (literal == null) {
            return d;
        }
        String written = literal.span().text();
        String number = literal.magnitude().span().text();
        boolean inside = literal.span().start() >= e.span().start() && literal.span().end() <= e.span().end();
        return d.withHint("`" + written + "`" + (inside ? "" : " (line " + literal.span().line() + ")") + " is " + number + " bytes: B is the byte, glued or not. For " + number
                + " billion parameters, write " + number + "e9 param");
    }

    private Expr.Quantity find(Expr e) {
        Finder finder = new Finder();
        finder.walk(e);
        return finder.found;
    }

    /** The first {@code 671B} in an expression and in the bindings of this program it names, each looked at once. */
    private final class Finder extends ExprWalker {
        private final Set<String> seen = new HashSet<>();
        private Expr.Quantity found;

        @Override
        public Void visitQuantity(Expr.Quantity q) {
            if (found == null && q.literal() != null && q.unit().text().equals("B")
                    && q.magnitude().span().end() == q.unit().span().start()) {
                found = q;
            }
            return super.visitQuantity(q);
        }

        @Override
        public Void visitName(Expr.NameRef n) {
            if (found == null && program.ref(n) instanceof Ref.Binding r && r.binding().owner() == program
                    && seen.add(r.binding().name())) {
                Value.QuantityValue q = r.binding().decl().value().quantity();
                if (q != null) {
                    walk(q.expr());
                }
            }
            return null;
        }
    }
}
