package dev.chain.check;

import dev.chain.ast.Stmt;
import dev.chain.units.Dimension;
import dev.chain.units.DisplayUnit;
import dev.chain.units.FormatSpec;

/**
 * A checked binding. {@code dimension} is null for text bindings ({@code name = "H100 SXM"}) and
 * for bindings whose value had an error (so that uses of them do not report it again).
 *
 * @param slot    index of the binding's value in its program's evaluation
 * @param input   a binding whose value refers to no other binding: it can be overridden with --set
 * @param display the unit asked for with {@code ->}, or null to let chain choose
 * @param format  the number format asked for with {@code :spec}, or null for the default
 * @param group   the group the binding sits in, or null
 * @param source  the {@code @source} annotation, or null
 * @param writtenLabel the {@code @label} annotation, or null: {@link #label()} is what a reader sees
 * @param range   the range an input is known to lie in ({@code mfu = 40% .. 60%}), or null for a point
 */
public record BindingInfo(String name, Stmt.Binding decl, int slot, Dimension dimension, String text, boolean input,
                          DisplayUnit display, FormatSpec format, Stmt.Group group, String source, String writtenLabel,
                          CheckedProgram owner, Range range) {
    /**
     * An input's range as written, in base units: its ends and its nominal value, the middle or the
     * value the author wrote ({@code 45% (40% .. 60%)}, {@code 50% ± 10%}).
     */
    public record Range(double low, double high, double nominal) {}

    public boolean isText() {
        return text != null;
    }

    public boolean isPoisoned() {
        return dimension == null && text == null;
    }

    /**
     * The binding's name as a reader sees it (an input's box on the page, a line's legend): its
     * {@code @label} ({@code "HBM bandwidth"}), or else its code name with spaces for underscores
     * ({@code small_chunk} is "small chunk").
     */
    public String label() {
        return writtenLabel != null ? writtenLabel : name.replace('_', ' ');
    }

    /**
     * The value the chain's file gives this input (its nominal value, for a range), whatever a
     * {@code --set} or a fit made it: the author's point, which a plot marks and a fit's plot starts
     * from; null where none is known before the chain runs.
     */
    public Double writtenValue() {
        if (range != null) {
            return range.nominal();
        }
        dev.chain.ast.Value.QuantityValue q = decl == null ? null : decl.value().quantity();
        return q == null ? null : owner.constantValue(q.expr());
    }

    public String qualifiedName() {
        return owner.moduleName() == null ? name : owner.moduleName() + "." + name;
    }
}
