package dev.chain.drill;

import dev.chain.check.BindingInfo;
import java.util.List;
import java.util.Map;

/** A chain's {@code @tolerance} and {@code @mistake} annotations, as the drill reads them. */
final class Annotations {
    private Annotations() {}

    static void read(Graph graph, Map<BindingInfo, Tolerance> tolerances, Map<BindingInfo, List<Diagnosis.Declared>> declared) {}
}
