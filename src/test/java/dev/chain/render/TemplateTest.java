package dev.chain.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.diag.Diagnostic;
import dev.chain.session.ChainRun;
import dev.chain.session.Chains;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The template mini-language: each form, rendered from a small chain, and each mistake, caught at check time. */
class TemplateTest {
    private static final String ITL = """
            chain "ITL"
            use h100_sxm as gpu
            use llama31_8b as model
            inputs "{model.name} on one {gpu.name}, batch {batch}, {context} of context"
              batch   = 64
              context = 4,096 token
              hit     = 95%
            derive floor "%s"
              weights = model.params * 2 B/param -> GB:.2f
              kv      = batch * context * model.kv_bytes_per_token -> GB:.2f
              floor   = (weights + kv) / gpu.hbm_bandwidth -> ms:.2f
              tokens  = 2,048 token + batch * 1 token
              flops   = 2 FLOP/param/token * model.params * tokens -> TFLOP:.1f
              ratio   = 3,000 token / 568 token -> x:.2f
              blend   = 1 / (40% + hit / 1.2x) -> x:.2f
              one     = 1 token
              rate    = 10 token/s
              per     = 16 token/page
              solo    = 1 token/s
              step    = 180.86 ms
              cost    = 36,288 h * 2.4 USD/h -> USD:,.0f
              run_for = 14 day
              hourly  = 2.49 USD/h
              size    = 6.048 MB
              bw      = 50 GB/s
              t       = size / bw
              t_ms    = size / bw -> ms
              sum     = size + 2 GB
              copy    = 6.048 MB / 50 GB/s -> us
              rate_gb = size / ms -> GB/s
              rate_mb = size / ms -> MB/s
              kv_token    = 2 * 32 * 8 * 128 * 2 B/token -> B/token
              kv_token_gb = kv_token
              gpu_hours   = 30.84e6 h
              slots       = 15,700
              peak        = 502.0 PFLOP/s
              train       = 54 * 24 h
              llama       = 405 Gparam
              corpus      = 15.6 Ttoken :.3kmbt
            """;

    /** The line the {@code floor} group renders for this template, with a {@code %s} in its place. */
    private static String floorLine(String template, String... overrides) {
        ChainRun run = Chains.source("t.chain", ITL.replace("%s", template), overrides);
        assertTrue(run.status() == ChainRun.Status.OK, () -> Chains.diagnostics(run));
        List<CodeBlock.Row> rows = new ChainMarkdown(run.chain().program(), run.evaluation(), run.values()).rows();
        return TemplateRenderer.plain(String.join("\n", rows.get(1).lines()));
    }

    private static List<Diagnostic> errors(String template) {
        ChainRun run = Chains.source("t.chain", ITL.replace("%s", template));
        assertEquals(ChainRun.Status.ERRORS, run.status(), "the template should not check: " + template);
        return run.diagnostics();
    }

    @Test
    void aValueShowsAsItsBindingDoes() {
        assertEquals("15.05 ms", floorLine("{floor}"));
        assertEquals("16.06 GB", floorLine("{weights}"));
        assertEquals("5.28x", floorLine("{ratio}"));
        assertEquals("3.35 TB/s", floorLine("{gpu.hbm_bandwidth}"));
        assertEquals("Llama 3.1 8B", floorLine("{model.name}"));
    }

    @Test
    void countsAreInThePluralInProseButOneIsOne() {
        assertEquals("2,112 tokens", floorLine("{tokens}"));
        assertEquals("4,096 tokens", floorLine("{context}"));
        assertEquals("1 token", floorLine("{one}"));
        assertEquals("8,030,261,248 params", floorLine("{model.params}"));
        assertEquals("131,072 B/token", floorLine("{model.kv_bytes_per_token}"), "a count divides: B per token, not tokens");
    }

    @Test
    void aRateOfACountIsInThePluralToo() {
        assertEquals("10 tokens/s", floorLine("{rate}"));
        assertEquals("16 tokens/page", floorLine("{per}"));
        assertEquals("1 token/s", floorLine("{solo}"));
        assertEquals("ten tokens/s", floorLine("{rate:words}"));
    }

    /**
     * Money is a symbol, never in the plural (a chain's own `unit usd` printed "87,072 usds"); a
     * day and a week are words that are. Which units prose pluralises is declared (@plural).
     */
    @Test
    void aUnitSymbolIsNeverInThePlural() {
        assertEquals("87,091 USD", floorLine("{cost}"));
        assertEquals("2.49 USD/h", floorLine("{hourly}"));
        assertEquals("14 days", floorLine("{run_for}"));
        assertEquals("2 weeks", floorLine("{run_for:week}"));
        assertEquals("87,091 usd", ownUnit("unit usd: Money2", "{cost}", "cost = 87,091 usd"));
        assertEquals("8 chunks", ownUnit("@plural\nunit chunk: Chunks", "{n}", "n = 8 chunk"));
    }

    /** A template rendered in a chain that declares a dimension and a unit of its own. */
    private static String ownUnit(String unit, String template, String binding) {
        String dimension = unit.contains("Money2") ? "Money2" : "Chunks";
        String text = "chain \"t\"\ndimension " + dimension + "\n" + unit + "\nderive d \"" + template + "\"\n  " + binding + "\n";
        ChainRun run = Chains.source("t.chain", text);
        assertTrue(run.status() == ChainRun.Status.OK, () -> Chains.diagnostics(run));
        List<CodeBlock.Row> rows = new ChainMarkdown(run.chain().program(), run.evaluation(), run.values()).rows();
        return TemplateRenderer.plain(String.join("\n", rows.get(0).lines()));
    }

    @Test
    void anInputShowsTheDigitsItWasWrittenWith() {
        assertEquals("180.86 ms", floorLine("{step}"), "not the default four digits, 180.9 ms");
        assertEquals("200 ms", floorLine("{step}", "step=200 ms"), "and a --set value shows its own");
        assertEquals("180.9 ms", floorLine("{step:.4g}"), "a format still decides");
    }

    /**
     * Counts as papers write them, 15.7K slots, 70B params (issue 39); an input in a unit with no
     * prefix to move to keeps it, so its number alone says its scale (the hint said to write
     * {gpu_hours:s:#}), and an input shows every digit it was written with.
     */
    @Test
    void aCountTakesTheSuffixPapersWriteAndAnInputItsWrittenUnitAndDigits() {
        assertEquals("15.7K slots", floorLine("{slots:kmbt} slots"));
        assertEquals("8.03B params", floorLine("{model.params:.3kmbt}"));
        assertEquals("8B", floorLine("{model.params:#.2kmbt}"));
        assertEquals("30.84M GPU hours", floorLine("{gpu_hours:h:#.4kmbt} GPU hours"));
        assertEquals("30,840,000 h", floorLine("{gpu_hours}"));
        assertEquals("3.084e7 GPU hours", floorLine("{gpu_hours:#.4g} GPU hours"));
        assertEquals("502.0 PFLOP/s", floorLine("{peak}"));
        // A prefixed count needs no unit named: the suffix is its magnitude, so the prefix goes
        // (405 Gparam showed 405 Gparam under kmbt, its suffix silently dropped).
        assertEquals("405B params", floorLine("{llama:kmbt}"));
        assertEquals("405B params", floorLine("{llama:#.3kmbt} params"));
        assertEquals("15.6T tokens", floorLine("{corpus}"));
        // A value chain shows in seconds, written in hours: the hint names the hour (it said s).
        assertEquals(List.of("hint: name the unit, write {train:h:#}, or show the unit: {train}"), errors("{train:#.4g}").get(0).notes());
    }

    @Test
    void aUnitAndAFormatChooseHowAValueShows() {
        assertEquals("0.01505 s", floorLine("{floor:s}"), "another unit drops the binding's own format");
        assertEquals("15.1 ms", floorLine("{floor:ms:.1f}"));
        assertEquals("15.051 ms", floorLine("{floor:.3f}"));
        assertEquals("16,060.52 MB", floorLine("{weights:MB:,.2f}"));
        assertEquals("8.03e9 params", floorLine("{model.params:.3g}"));
        assertEquals("989e12 FLOP/s", floorLine("{gpu.bf16_peak:FLOP/s:.3eng}"));
    }

    @Test
    void aHashShowsTheNumberWithoutItsUnit() {
        assertEquals("a 4,096-token context", floorLine("a {context:#}-token context"));
        assertEquals("8.03e9", floorLine("{model.params:#.3g}"));
        assertEquals("16.06e9 B", floorLine("{weights:B:.4eng}"));
        assertEquals("16.06e9", floorLine("{weights:B:#.4eng}"));
        assertEquals("95", floorLine("{hit:#}"));
    }

    @Test
    void aFormulaShowsItsWorkWithValuesAndTheCardsTimesSign() {
        assertEquals("(16.06 GB + 34.36 GB) / 3.35 TB/s = 15.05 ms", floorLine("{=floor} = {floor}"));
        assertEquals("2 FLOP/param/token x 8,030,261,248 params x 2,112 tokens", floorLine("{=flops}"));
        assertEquals("64 x 4,096 tokens x 131,072 B/token", floorLine("{=kv}"));
    }

    @Test
    void aBareFormulaDropsUnitsButKeepsTheRatiosThatAreNumbers() {
        assertEquals("3,000 / 568", floorLine("{=ratio:#}"));
        assertEquals("2 x 8,030,261,248 x 2,112", floorLine("{=flops:#}"));
        // 40% and 95% stay as they are: 1 / (40 + 95 / 1.2) would be a different number.
        assertEquals("1 / (40% + 95% / 1.2x) = 0.84x", floorLine("{=blend:#} = {blend}"));
    }

    @Test
    void bareNumbersMakeATrueEquationOrTheTemplateIsRefused() {
        // MB over GB/s is ms: the numbers alone are t in ms, as the template shows them.
        assertEquals("6.048 / 50 = 0.121", floorLine("{size:#} / {bw:#} = {t:ms:#}"));
        assertEquals("6.048 / 50 = 0.121 ms", floorLine("{=t_ms:#} = {t_ms}"));
        assertEquals("6.048 / 50 = 0.121", floorLine("{size:#} / {bw:#} = {t_ms:#}"));

        // It rendered `6.048 / 50 = 121`: t is 120.96 µs, in a unit chain picked by the value.
        Diagnostic picked = errors("{size:#} / {bw:#} = {t:#}").get(0);
        assertEquals("`{t:#}` leaves out a unit that chain picks by the value of `t` (a prefix of s), so the number "
                + "alone does not say its scale", picked.message());
        assertEquals("{t:#}", picked.span().text());
        assertEquals(List.of("hint: the numbers before it make `t` in ms: write {t:ms:#}, or show the unit: {t}"), picked.notes());

        Diagnostic micro = errors("{size:#} / {bw:#} = {t:us:#}").get(0);
        assertEquals("`{t:us:#}` is in us, but the numbers of `t`'s formula shown without units here make it in ms: "
                + "a false equation", micro.message());
        assertEquals(List.of("hint: write {t:ms:#}, or show the units: {t}"), micro.notes());

        // It rendered `6.048 / 50 = 120.96 µs`.
        Diagnostic formula = errors("{=t:#} = {t}").get(0);
        assertEquals("without their units, the numbers of `{=t:#}` make `t` in ms, but chain picks its unit by the "
                + "value: a false equation", formula.message());
        assertEquals("{=t:#}", formula.span().text());
        assertEquals(List.of("hint: give `t` that unit, `-> ms`, or show the units: {=t}"), formula.notes());

        assertEquals("`{=sum:#}` leaves out units that differ where `sum`'s formula needs one (a sum, a difference or "
                + "a function's arguments), so the numbers shown do not add up", errors("{=sum:#}").get(0).message());
        assertEquals("6.048 MB + 2 GB", floorLine("{=sum}"));
    }

    /**
     * Only what the template says is equal can be a false equation (issue 39): a value in bytes,
     * then the same value in GB, with no `=` between them, was refused as "a false equation".
     */
    @Test
    void onlyWhatTheTemplateSaysIsEqualIsHeldToBeAnEquation() {
        assertEquals("2 x 32 x 8 x 128 x 2 = 131,072 bytes ~0.000131 GB per token",
                floorLine("2 x 32 x 8 x 128 x 2 = {kv_token:#,.0f} bytes ~{kv_token_gb:GB/token:#.3g} GB per token"));
        assertEquals("131,072 bytes, 0.000131 GB", floorLine("{kv_token:#,.0f} bytes, {kv_token_gb:GB/token:#.3g} GB"));
        // Said equal, either way round, it is refused as before.
        for (String said : List.of("{kv_token:#,.0f} bytes = {kv_token_gb:GB/token:#.3g} GB",
                "{kv_token:#,.0f} bytes = ~{kv_token_gb:GB/token:#.3g} GB", "{kv_token_gb:GB/token:#.3g} GB ≈ {kv_token:#,.0f} bytes",
                "{kv_token_gb:GB/token:#.3g} = {kv_token:#,.0f} bytes")) {
            assertEquals("`{kv_token_gb:GB/token:#.3g}` is in GB/token, but the numbers of `kv_token_gb`'s formula shown without "
                    + "units here make it in B/token: a false equation", errors(said).get(0).message(), said);
        }
    }

    /**
     * A formula with no name in it (6.048 MB / 50 GB/s, numbers written with their units) shows
     * nothing of itself in a template that names none of it: {copy:#} is in the unit the author
     * chose with ->, and was refused as if the template showed its numbers ("make it in ms").
     */
    @Test
    void aFormulaOfNoNamesIsNoEquationOfTheTemplate() {
        assertEquals("the copy takes 121 µs", floorLine("the copy takes {copy:#} µs"));
        assertEquals("121", floorLine("{copy:us:#}"));
    }

    /**
     * A unit used as a value (size / ms) is shown as its name, and its size counts: 6.048 / ms is
     * 6.048 MB per ms, GB/s. It counted as 1, so the false "6.048 / ms = 6,048 MB/s" checked and the
     * true "= 6.048 GB/s" was refused, with a hint to write the false one.
     */
    @Test
    void aUnitUsedAsAValueIsCountedAtItsSize() {
        assertEquals("6.048 / ms = 6.048 GB/s", floorLine("{=rate_gb:#} = {rate_gb}"));
        Diagnostic mb = errors("{=rate_mb:#} = {rate_mb}").get(0);
        assertEquals("without their units, the numbers of `{=rate_mb:#}` make `rate_mb` in GB/s, but it is shown in MB/s: "
                + "a false equation", mb.message());
        assertEquals(List.of("hint: give `rate_mb` that unit, `-> GB/s`, or show the units: {=rate_mb}"), mb.notes());
    }

    @Test
    void wordsSpellSmallWholeNumbers() {
        assertEquals("all four", floorLine("all {batch:words}", "batch=4"));
        assertEquals("all twenty", floorLine("all {batch:words}", "batch=20"));
        assertEquals("all 64", floorLine("all {batch:words}"), "above twenty, digits");
        assertEquals("all 2.5", floorLine("all {batch:words}", "batch=2.5"), "not whole, digits");
    }

    @Test
    void bracesAndLineBreaks() {
        assertEquals("{literal} 64", floorLine("{{literal}} {batch}"));
        assertEquals("first 64\nsecond", floorLine("first {batch}\\nsecond"));
    }

    @Test
    void valuesFollowSet() {
        assertEquals("(16.06 GB + 17.18 GB) / 3.35 TB/s = 9.92 ms", floorLine("{=floor} = {floor}", "batch=32"));
        assertEquals("32 / 8,192 tokens / 8,192", floorLine("{=batch} / {=context} / {=context:#}", "batch=32",
                "context=8,192 token"), "an input's formula is its value, as --set made it");
    }

    // ---- mistakes are check-time errors, with a span inside the string ---------------------------

    @Test
    void anUnknownNameIsAnErrorPointingIntoTheTemplate() {
        List<Diagnostic> errors = errors("({weigths} weights) = {floor}");
        assertEquals(1, errors.size(), errors.toString());
        Diagnostic d = errors.get(0);
        assertEquals("unknown name `weigths`", d.message());
        assertEquals("weigths", d.span().text());
        assertEquals(8, d.span().line());
        assertEquals(17, d.span().column(), "derive floor \"({ puts the name at column 17");
        assertTrue(d.notes().toString().contains("weights"), d.notes().toString());
    }

    @Test
    void anUnknownModuleMemberSuggestsTheClosest() {
        Diagnostic d = errors("{gpu.hbm_bandwith}").get(0);
        assertTrue(d.message().contains("has no value named `hbm_bandwith`"), d.message());
        assertEquals("gpu.hbm_bandwith", d.span().text());
    }

    @Test
    void aUnitOfAnotherDimensionIsAnError() {
        Diagnostic d = errors("{floor:GB}").get(0);
        assertEquals("cannot convert s (time) to GB, which is B (information)", d.message());
        assertEquals("GB", d.span().text());
        assertEquals("floor", d.labels().get(0).span().text());
    }

    @Test
    void anUnknownUnitIsAnErrorAtTheUnit() {
        Diagnostic d = errors("{floor:mss}").get(0);
        assertEquals("unknown unit `mss`", d.message());
        assertEquals("mss", d.span().text());
    }

    @Test
    void aBadFormatIsAnError() {
        Diagnostic d = errors("{floor:.2q}").get(0);
        assertEquals("`.2q` is not a number format", d.message());
        assertEquals(".2q", d.span().text());
    }

    @Test
    void textTakesNoFormat() {
        assertTrue(errors("{model.name:#}").get(0).message().contains("is text"));
    }

    @Test
    void aTemplateSeesOnlyWhatIsDefinedByTheEndOfItsGroup() {
        String chain = """
                chain "x"
                inputs "{later}"
                  a = 1
                derive d
                  later = a + 1
                """;
        ChainRun run = Chains.source("t.chain", chain);
        assertEquals(ChainRun.Status.ERRORS, run.status());
        assertTrue(Chains.diagnostics(run).contains("`later` is shown before it is defined"), Chains.diagnostics(run));
    }

    @Test
    void syntaxMistakesInsideTheStringAreReportedWhereTheyAre() {
        assertEquals("unclosed `{` in a template", errors("a {floor").get(0).message());
        assertEquals("unmatched `}` in a template", errors("a floor}").get(0).message());
        assertEquals("expected a name in `{}`", errors("{}").get(0).message());
        assertEquals("the unit comes before the format", errors("{floor:.2f:ms}").get(0).message());
        assertEquals("a formula is shown in the units it is written in", errors("{=floor:ms}").get(0).message());
        Diagnostic d = errors("ok {floor} then {floor:}").get(0);
        assertEquals(":", d.span().text());
        assertEquals(8, d.span().line());
    }

    @Test
    void aTripleQuotedTemplateJoinsItsLinesAndBreaksAtABlankLine() {
        String chain = """
                chain "x"
                inputs \"""
                    first line {a}
                    goes on

                    second {c}
                    \"""
                  a = 1
                  c = 2
                """;
        ChainRun run = Chains.source("t.chain", chain);
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        List<String> lines = new ChainMarkdown(run.chain().program(), run.evaluation(), run.values()).codeLines();
        assertEquals(List.of("inputs   first line 1 goes on", "         second 2"), lines);
    }

    @Test
    void aTripleQuotedTemplatesErrorsPointAtTheirLine() {
        String chain = """
                chain "x"
                inputs \"""
                    first line {a}
                    then {nope}
                    \"""
                  a = 1
                """;
        ChainRun run = Chains.source("t.chain", chain);
        Diagnostic d = run.diagnostics().get(0);
        assertEquals("unknown name `nope`", d.message());
        assertEquals(4, d.span().line());
        assertEquals(11, d.span().column());
    }

    @Test
    void aLabelCanShowAValue() {
        String chain = """
                chain "x"
                derive "batch {batch}" "{batch} requests"
                  batch = 64
                """;
        ChainRun run = Chains.source("t.chain", chain, "batch=8");
        List<String> lines = new ChainMarkdown(run.chain().program(), run.evaluation(), run.values()).codeLines();
        assertEquals(List.of("batch 8  8 requests"), lines);
    }

    /** A value in a name's place under a power is raised whole: (3 ms)^2, never 3 ms^2, 3 of the unit ms^2. */
    @Test
    void aPowerOfAValueShowsTheValueInParentheses() {
        String chain = """
                chain "x"
                inputs
                  t = 3 ms
                  r = 2 GB/s
                  n = -3
                derive d
                  y = t^2
                  z = 2 * r^2 / (1 GB/s)
                  m = n^2 + 2^3
                """;
        ChainRun run = Chains.source("t.chain", chain);
        assertEquals(List.of(
                "inputs   t = 3 ms",
                "         r = 2 GB/s",
                "         n = -3",
                "d        y = (3 ms)^2 = 9 ms^2",
                "         z = 2 x (2 GB/s)^2 / (1 GB/s) = 8 GB/s",
                "         m = (-3)^2 + 2^3 = 17"), codeLines(run));
        RunReport report = new RunReport(run.chain().program(), run.evaluation(), run.values());
        assertTrue(report.render().contains("y = t^2 = (3 ms)^2 = 9 ms^2\n"), report.render());
        assertTrue(report.render().contains("m = n^2 + 2^3 = (-3)^2 + 2^3 = 17\n"), report.render());
    }

    @Test
    void aGroupWithoutATemplateShowsEachStep() {
        String chain = """
                chain "x"
                inputs
                  batch = 64
                  context = 4,096 token
                derive kv
                  kv = batch * context * 131,072 B/token
                sanity
                  check kv > 1 GB
                """;
        assertEquals(List.of(
                "inputs   batch = 64",
                "         context = 4,096 tokens",
                "kv       kv = 64 x 4,096 tokens x 131,072 B/token = 34.36 GB",
                "sanity   34.36 GB is greater than 1 GB"), codeLines(Chains.source("t.chain", chain)));
    }

    /** The lines of a chain's code block on the card. */
    private static List<String> codeLines(ChainRun run) {
        return new ChainMarkdown(run.chain().program(), run.evaluation(), run.values()).codeLines();
    }
}
