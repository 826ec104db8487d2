package dev.chain.check;

import dev.chain.ast.Template;
import dev.chain.ast.Value;
import dev.chain.diag.Diagnostic;
import dev.chain.source.Span;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import dev.chain.units.QuantityFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Resolves the placeholders of a template against the bindings defined so far, as the checker
 * meets it: an unknown name, a unit of the wrong dimension or a bad format is an error at check
 * time, with a span inside the string, like any other.
 */
final class TemplateChecker {
    private final CheckedProgram program;
    private final ExprTyper typer;
    private final List<Diagnostic> errors;
    private final BareNumbers bare;

    TemplateChecker(CheckedProgram program, ExprTyper typer, List<Diagnostic> errors) {
        this.program = program;
        this.typer = typer;
        this.errors = errors;
        this.bare = new BareNumbers(new QuantityFormatter(program.units()));
    }

    void check(Template template) {
        if (template == null) {
            return;
        }
        for (Template.Placeholder p : template.placeholders()) {
            placeholder(p);
        }
        List<PlaceholderInfo> shown = new ArrayList<>();
        for (Template.Placeholder p : template.placeholders()) {
            PlaceholderInfo info = program.placeholder(p);
            if (info != null && !info.binding().isText()) {
                shown.add(info);
            }
        }
        Equations equations = new Equations(program);
        for (Template.Part part : template.parts()) {
            part.accept(equations);
        }
        equations.endLine();
        for (PlaceholderInfo info : shown) {
            if (info.bare()) {
                bare(info, shown, equations.otherSide(info));
            }
        }
    }

    /**
     * Where a template says two things are equal. A line's {@code =} and {@code ≈} signs part it
     * into sides; a value that is the first shown on its side is said equal to what the line
     * shows before it, and one that is the last on its side to what follows. So
     * {@code = {kv_token:#,.0f} bytes ~{kv_token_gb:GB/token:#.3f} GB} says nothing of the two
     * numbers' relation (a value in bytes, then the same in GB, on one side), where
     * {@code {size:#} / {bw:#} = {t:#}} says t is size over bw. Only a value said equal to the
     * bare numbers of its own formula can make a false equation.
     */
    private static final class Equations implements Template.Visitor<Void> {
        private final CheckedProgram program;
        private final java.util.Map<PlaceholderInfo, List<PlaceholderInfo>> sides = new java.util.IdentityHashMap<>();
        /** The line being read: its values, and the side each is on. */
        private final List<PlaceholderInfo> line = new ArrayList<>();
        private final List<Integer> side = new ArrayList<>();
        private int signs;

        Equations(CheckedProgram program) {
            this.program = program;
        }

        @Override
        public Void visitLiteral(Template.Literal literal) {
            String text = literal.text();
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '=' || text.charAt(i) == '≈') {
                    signs++;
                }
            }
            return null;
        }

        @Override
        public Void visitLineBreak(Template.LineBreak lineBreak) {
            endLine();
            return null;
        }

        @Override
        public Void visitPlaceholder(Template.Placeholder placeholder) {
            PlaceholderInfo info = program.placeholder(placeholder);
            if (info != null && !info.binding().isText()) {
                line.add(info);
                side.add(signs);
            }
            return null;
        }

        void endLine() {
            for (int i = 0; i < line.size(); i++) {
                int at = side.get(i);
                List<PlaceholderInfo> other = new ArrayList<>();
                if (at > 0 && (i == 0 || side.get(i - 1) < at)) {
                    other.addAll(line.subList(0, i));
                }
                if (at < signs && (i == line.size() - 1 || side.get(i + 1) > at)) {
                    other.addAll(line.subList(i + 1, line.size()));
                }
                sides.put(line.get(i), other);
            }
            line.clear();
            side.clear();
            signs = 0;
        }

        /** The values the template says this one equals; empty when it says it equals nothing. */
        List<PlaceholderInfo> otherSide(PlaceholderInfo info) {
            List<PlaceholderInfo> other = sides.get(info);
            return other == null ? List.of() : other;
        }
    }

    /**
     * A number shown without its unit ({@code #}) must say what it is, and bare numbers must not
     * make a false equation: {@code {x:#}} is in a unit the author chose, not one chain picks by the
     * value; {@code {=x:#}}'s numbers compute x in its base unit or the unit x is shown in; and a {@code {x:#}} whose
     * formula's every name is shown bare in the same template is in the unit those numbers make x in
     * ({@code {size:#} / {bw:#} = {t:#}}). Else the template is refused, with what to write.
     */
    private void bare(PlaceholderInfo info, List<PlaceholderInfo> shown, List<PlaceholderInfo> equal) {
        BindingInfo b = info.binding();
        String written = info.placeholder().span().text();
        String name = info.placeholder().name().name().toString();
        if (info.formula()) {
            bareFormula(info, written, name);
            return;
        }
        DisplayUnit unit = bare.unit(b, info.shownUnit(), info.shownFormat());
        BareNumbers.Scale equation = equation(b, unit == null ? shown : equal);
        String made = equation == null ? null : bare.unitNamed(equation.factor(), b.dimension());
        if (unit == null) {
            String formulaUnit = writtenIn(b);
            String example = made != null ? made : formulaUnit != null ? formulaUnit : program.units().baseUnits(b.dimension());
            errors.add(Diagnostic.error(info.placeholder().span(), "`" + written + "` leaves out a unit that chain picks by the value of `"
                            + name + "` (a prefix of " + program.units().baseUnits(b.dimension()) + "), so the number alone does not say its scale")
                    .withHint((made != null ? "the numbers before it make `" + name + "` in " + made + ": " : "name the unit, ")
                            + "write {" + name + ":" + example + ":#}, or show the unit: {" + name + "}"));
            return;
        }
        if (equation != null && !BareNumbers.same(equation.factor(), unit.factor())) {
            errors.add(Diagnostic.error(info.placeholder().span(), "`" + written + "` " + shownText(unit)
                            + ", but the numbers of `" + name + "`'s formula shown without units here make it in "
                            + (made != null ? made : "another unit") + ": a false equation")
                    .withHint(made != null ? "write {" + name + ":" + made + ":#}, or show the units: {" + name + "}" : "show the units: {" + name + "}"));
        }
    }

    /**
     * How the bare numbers of a template show x's formula, if they show all of it: each name in it
     * shown without its unit, in a unit the author chose, somewhere in the template; null if some
     * name is not (or is shown with its unit), if the formula names no value, or x is an input.
     */
    private BareNumbers.Scale equation(BindingInfo x, List<PlaceholderInfo> shown) {
        Value.QuantityValue q = x.decl().value().quantity();
        if (x.input() || q == null) {
            return null;
        }
        // Classes, not lambdas: check's path links none (StartupClassesTest).
        BareNumbers.Scale scale = BareNumbers.of(x.owner(), q.expr(), new Function<BindingInfo, DisplayUnit>() {
            @Override
            public DisplayUnit apply(BindingInfo operand) {
                for (PlaceholderInfo p : shown) {
                    if (p.binding() == operand && p.bare() && !p.formula()) {
                        return bare.unit(operand, p.shownUnit(), p.shownFormat());
                    }
                }
                return null;
            }
        });
        // A formula without a name (6.048 MB / 50 GB/s) shows nothing of itself in a template.
        return scale.known() && scale.names() > 0 ? scale : null;
    }

    /**
     * A unit of x's dimension that x's formula is written in ({@code h} in {@code days * 24 h}):
     * the one to suggest for a number shown without its unit, rather than the base unit (s) that
     * the author did not write. Null if there is none.
     */
    private String writtenIn(BindingInfo x) {
        Value.QuantityValue q = x.decl().value().quantity();
        if (q == null) {
            return null;
        }
        CheckedProgram owner = x.owner();
        String[] found = new String[1];
        new dev.chain.ast.ExprWalker() {
            @Override
            public Void visitQuantity(dev.chain.ast.Expr.Quantity quantity) {
                DisplayUnit u = owner.unit(quantity.unit());
                if (found[0] == null && u != null && u.dimension().equals(x.dimension())) {
                    found[0] = quantity.unit().text();
                }
                return super.visitQuantity(quantity);
            }
        }.walk(q.expr());
        return found[0];
    }

    /** {@code {=x:#}}: its numbers, computed as written, give x in its base unit or in the unit x is shown in. */
    private void bareFormula(PlaceholderInfo info, String written, String name) {
        BindingInfo b = info.binding();
        Value.QuantityValue q = b.decl().value().quantity();
        FormatSpec format = info.format();
        // As the renderer shows a formula's values: a plain number keeps its % or x, so it reads as itself.
        BareNumbers.Scale scale = BareNumbers.of(b.owner(), q.expr(), new Function<BindingInfo, DisplayUnit>() {
            @Override
            public DisplayUnit apply(BindingInfo operand) {
                return operand.dimension().isNone() ? DisplayUnit.none()
                        : bare.unit(operand, operand.display(), format != null ? format : operand.format());
            }
        });
        Span at = info.placeholder().span();
        String showUnits = "{=" + name + "}";
        if (scale.unknown() != null) {
            String operand = scale.unknown().qualifiedName();
            errors.add(Diagnostic.error(at, "`" + written + "` leaves out the unit of `" + operand
                            + "`, which chain picks by its value, so the numbers shown do not say their scale")
                    .withHint("give `" + operand + "` a unit with `->`, or show the units: " + showUnits));
            return;
        }
        if (scale.mixed()) {
            errors.add(Diagnostic.error(at, "`" + written + "` leaves out units that differ where `" + name
                            + "`'s formula needs one (a sum, a difference or a function's arguments), so the numbers shown do not add up")
                    .withHint("show the units: " + showUnits));
            return;
        }
        // The numbers are x's value in its base unit (2 x 8.03e9 x 2,112 FLOP, next to 33.9 TFLOP: the
        // prefix shown is a factor a reader sees), or x's number in the unit it is shown in.
        DisplayUnit result = b.dimension().isNone() ? DisplayUnit.none() : bare.unit(b, b.display(), b.format());
        if (BareNumbers.same(scale.factor(), 1) || result != null && BareNumbers.same(result.factor(), scale.factor())) {
            return;
        }
        String made = bare.unitNamed(scale.factor(), b.dimension());
        String in = made != null ? "make `" + name + "` in " + made : "do not make `" + name + "` in the unit it is shown in";
        String but = made == null ? "" : result == null ? ", but chain picks its unit by the value" : ", but it " + (result.isEmpty() ? "is a plain number" : "is shown in " + result.text());
        errors.add(Diagnostic.error(at, "without their units, the numbers of `" + written + "` " + in + but + ": a false equation")
                .withHint((made != null ? "give `" + name + "` that unit, `-> " + made + "`, or " : "") + "show the units: " + showUnits));
    }

    private static String shownText(DisplayUnit unit) {
        return unit.isEmpty() ? "is a plain number" : "is in " + unit.text();
    }

    private void placeholder(Template.Placeholder p) {
        BindingInfo b = typer.shownBinding(p.name());
        if (b == null || b.isPoisoned()) {
            return;
        }
        String name = p.name().name().toString();
        if (b.isText()) {
            if (p.unit() != null || p.format() != null || p.bare() || p.words() || p.form() == Template.Form.FORMULA) {
                errors.add(Diagnostic.error(p.span(), "`" + name + "` is text: it is shown as written, {" + name + "}")
                        .withLabel(b.decl().span(), "defined here"));
                return;
            }
            program.placeholders.put(p, new PlaceholderInfo(p, b, null, null));
            return;
        }
        if (p.form() == Template.Form.FORMULA && b.decl().value().quantity() == null) {
            return;
        }
        if (p.form() == Template.Form.FORMULA && b.range() != null) {
            errors.add(Diagnostic.error(p.span(), "`" + name + "` is a range, which has no formula to show")
                    .withLabel(b.decl().value().span(), "its range")
                    .withHint("show its range: {" + name + "}"));
            return;
        }
        DisplayUnit unit = null;
        if (p.unit() != null) {
            unit = typer.unit(p.unit());
            if (unit == null) {
                return;
            }
            if (!unit.dimension().equals(b.dimension())) {
                errors.add(new Describe(program.units()).conversion(p.name().span(), b.dimension(), p.unit().span(), unit));
                return;
            }
        }
        FormatSpec format = null;
        if (p.format() != null) {
            format = FormatSpec.parse(p.format());
            if (format == null) {
                errors.add(Diagnostic.error(p.formatSpan(), "`" + p.format() + "` is not a number format")
                        .withHint("formats are like .2f (two decimals), ,.0f (grouped, no decimals), .3g (three "
                                + "significant digits), .2e (8.03e9), .4eng (494.5e12); # alone drops the unit"));
                return;
            }
        }
        if (unit == null && format != null && format.type() == FormatSpec.SUFFIX && b.display() != null) {
            // The suffix is the magnitude, so the binding's prefix goes: {params:kmbt} of 405 Gparam is 405B param.
            DisplayUnit plain = program.units().withoutPrefix(b.display());
            unit = plain == b.display() ? null : plain;
        }
        program.placeholders.put(p, new PlaceholderInfo(p, b, unit, format));
    }
}
