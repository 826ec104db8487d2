package dev.chain.check;

import dev.chain.ast.Template;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;

/**
 * A checked template placeholder: the binding it shows, and how.
 *
 * @param unit   the unit asked for in the template, or null for the binding's own
 * @param format the number format asked for in the template, or null for the binding's own
 */
public record PlaceholderInfo(Template.Placeholder placeholder, BindingInfo binding, DisplayUnit unit,
                             FormatSpec format) {
    public boolean bare() {
        return placeholder.bare();
    }

    /** The unit the placeholder shows its value in: its own, or else the binding's (null: chain's choice by the value). */
    public DisplayUnit shownUnit() {
        return unit != null ? unit : binding.display();
    }

    /** The format the placeholder shows its value in: its own, or else the binding's unless it asked for another unit. */
    public FormatSpec shownFormat() {
        return format != null ? format : unit == null ? binding.format() : null;
    }

    public boolean formula() {
        return placeholder.form() == Template.Form.FORMULA;
    }
}
