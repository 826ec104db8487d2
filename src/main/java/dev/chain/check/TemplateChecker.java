package dev.chain.check;

import dev.chain.ast.Template;
import dev.chain.diag.Diagnostic;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;
import java.util.List;

/**
 * Resolves the placeholders of a template against the bindings defined so far, as the checker
 * meets it: an unknown name, a unit of the wrong dimension or a bad format is an error at check
 * time, with a span inside the string, like any other.
 */
final class TemplateChecker {
    private final CheckedProgram program;
    private final ExprTyper typer;
    private final List<Diagnostic> errors;

    TemplateChecker(CheckedProgram program, ExprTyper typer, List<Diagnostic> errors) {
        this.program = program;
        this.typer = typer;
        this.errors = errors;
    }

    void check(Template template) {
        if (template == null) {
            return;
        }
        for (Template.Placeholder p : template.placeholders()) {
            placeholder(p);
        }
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
        program.placeholders.put(p, new PlaceholderInfo(p, b, unit, format));
    }
}
