package dev.chain.session;

import dev.chain.diag.Diagnostics;
import dev.chain.drill.Answer;
import dev.chain.source.SourceFile;

/**
 * A learner's answer read as {@code chain eval} reads an expression ({@code 15 ms},
 * {@code 0.01505 s}, {@code 15,050 us}, {@code 34.36 GB}): its value, dimension and the unit
 * written after its number, or what is wrong with it.
 */
public final class DrillAnswers {
    private DrillAnswers() {}

    public static Answer read(Engine engine, String text) {
        if (text.isBlank()) {
            return Answer.unread(text, "no answer: type a value with its unit, such as 15.05 ms");
        }
        Diagnostics diagnostics = new Diagnostics();
        ExpressionResult result = engine.evaluate(new SourceFile("answer", text), diagnostics);
        String singular = result == null ? singular(engine, text) : null;
        if (singular != null) {
            // The card writes counts in the plural (2,112 tokens), and a learner copies it: read in the singular.
            diagnostics = new Diagnostics();
            result = engine.evaluate(new SourceFile("answer", singular), diagnostics);
        }
        if (result == null) {
            String problem = diagnostics.all().isEmpty() ? "not a value" : diagnostics.all().get(0).message();
            return Answer.unread(text, "cannot read `" + text.strip() + "`: " + problem);
        }
        dev.chain.ast.UnitRef unit = result.info().value().expr().unparenthesized().withoutMinus().writtenUnit();
        String written = unit == null ? null : unit.text();
        if (written == null && !result.dimension().isNone()) {
            written = result.formatted().unit().text(); // a unit without a number (`ms`), or a product of quantities
        }
        return Answer.read(text, result.si(), result.dimension(), written);
    }

    /**
     * The answer with each plural of a count unit the prose writes in the plural ({@code tokens},
     * {@code pages}, {@code requests}: a unit declared {@code @plural}) in the singular, as chain
     * reads it; null where there is none.
     */
    private static String singular(Engine engine, String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\b([A-Za-z_]+)s\\b").matcher(text);
        StringBuilder out = new StringBuilder();
        boolean changed = false;
        while (m.find()) {
            dev.chain.units.Unit unit = engine.units().unit(m.group(1));
            boolean plural = unit != null && unit.plural() && engine.units().unit(m.group(0)) == null;
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(plural ? m.group(1) : m.group(0)));
            changed |= plural;
        }
        m.appendTail(out);
        return changed ? out.toString() : null;
    }
}
