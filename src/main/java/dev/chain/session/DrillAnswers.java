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
}
