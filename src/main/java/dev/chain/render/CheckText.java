package dev.chain.render;

import dev.chain.ast.CompareOp;
import dev.chain.ast.Condition;
import dev.chain.ast.Expr;
import dev.chain.check.CheckedProgram;
import dev.chain.check.Ref;
import dev.chain.diag.Diagnostic;
import dev.chain.eval.CheckResult;
import dev.chain.units.DisplayUnit;
import dev.chain.units.QuantityFormatter;

/**
 * What a check found, in words and with both sides' values in one unit:
 * "21.47 GB is greater than 7.664 GB", "159.5% is not in 50% .. 80%".
 */
public final class CheckText {
    private final CheckedProgram program;
    private final Values values;

    public CheckText(CheckedProgram program, Values values) {
        this.program = program;
        this.values = values;
    }

    /** The check as written, without the keyword: {@code share in 50% .. 80%}. */
    public static String source(CheckResult result) {
        return result.check().decl().condition().span().text();
    }

    public String outcome(CheckResult r) {
        Condition cond = r.check().decl().condition();
        QuantityFormatter f = values.formatter();
        Expr leftExpr = cond instanceof Condition.Compare c ? c.left() : ((Condition.InRange) cond).value();
        Expr rightExpr = cond instanceof Condition.Compare c ? c.right() : ((Condition.InRange) cond).low();
        QuantityFormatter.Formatted left = shown(leftExpr, rightExpr, r.left());
        DisplayUnit unit = left.unit();
        String not = r.passed() ? "" : "not ";
        if (cond instanceof Condition.InRange) {
            return left.text() + " is " + not + "in " + f.format(r.right(), r.check().dimension(), unit, null).text()
                    + " .. " + f.format(r.high(), r.check().dimension(), unit, null).text();
        }
        CompareOp op = ((Condition.Compare) cond).op();
        String right = f.format(r.right(), r.check().dimension(), unit, null).text();
        if (op == CompareOp.APPROX) {
            String within = r.check().relativeTolerance()
                    ? f.format(r.tolerance(), dev.chain.units.Dimension.NONE, percent(), null).text()
                    : f.format(r.tolerance(), r.check().dimension(), unit, null).text();
            return left.text() + " is " + not + "within " + within + " of " + right;
        }
        return left.text() + " is " + not + op.words() + " " + right;
    }

    /** The diagnostic for a failed check, at the check's span. */
    public Diagnostic failure(CheckResult r) {
        return Diagnostic.error(r.check().decl().condition().span(), "check failed: " + outcome(r));
    }

    /**
     * The left side shows as its binding does (its unit, not its format), or else in the unit
     * written on the right ({@code a + b == 100%}), or else in chain's choice.
     */
    private QuantityFormatter.Formatted shown(Expr e, Expr other, double si) {
        DisplayUnit unit = bindingUnit(e);
        if (unit == null) {
            unit = writtenUnit(other);
        }
        return values.formatter().format(si, program.type(e), unit, null);
    }

    private DisplayUnit bindingUnit(Expr e) {
        Expr inner = unwrap(e);
        if (inner instanceof Expr.NameRef n && program.ref(n) instanceof Ref.Binding b) {
            return b.binding().display();
        }
        return null;
    }

    private DisplayUnit writtenUnit(Expr e) {
        Expr inner = unwrap(e);
        return inner instanceof Expr.Quantity q ? program.unit(q.unit()) : bindingUnit(inner);
    }

    private static Expr unwrap(Expr e) {
        Expr inner = e;
        while (inner instanceof Expr.Paren p) {
            inner = p.inner();
        }
        return inner;
    }

    private static DisplayUnit percent() {
        return new DisplayUnit("%", 0.01, dev.chain.units.Dimension.NONE, true);
    }
}
