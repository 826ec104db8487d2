package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The brief's table of examples, and more: each value is also checked against an independent computation. */
class EvalExamplesTest {
    @ParameterizedTest(name = "{0}  =>  {1}")
    @CsvSource(delimiter = '|', value = {
        "16.06 GB / 3.35 TB/s -> ms                                   | 4.794 ms",
        "34.36 GB + 16.06 GB                                          | 50.42 GB",
        "1 MiB -> kB                                                  | 1,049 kB",
        "8.03e9 param * 2 B/param                                     | 16.06 GB",
        "2 FLOP/param/token * 8.03e9 param * 2,112 token -> TFLOP     | 33.92 TFLOP",
        "989 TFLOP/s / 3.35 TB/s                                      | 295.2 FLOP/B",
        "100 Gbit/s -> GB/s                                           | 12.5 GB/s",
        "floor(73.6 GB / (16 token/page * 131,072 B/token))           | 35,095 page",
        "95% * 2,560 token                                            | 2,432 token",
        "3,000 / 568 -> x                                             | 5.282x",
        "24 ms / 15.05 ms -> %                                        | 159.5%",
    })
    void theBriefsExamples(String expression, String expected) {
        assertEquals(expected, Evaluate.expression(expression).text());
    }

    /**
     * The author's number stays recognisable (issue 39): a unit with no prefix to move to is kept
     * (it was 111,024,000,000 s), past the largest prefix a number is scientific (it was
     * 38,000,000 EFLOP), a literal shows every digit written (it was 502 PFLOP/s), a rate of
     * nothing per second reads back (it was 375,000,000,000 1/s, which chain refused) and is a
     * conversion's target ({@code -> 1/s} was refused), and counts take the suffix papers write,
     * a prefixed one too without its unit named (405 Gparam was 405 Gparam under kmbt).
     */
    @ParameterizedTest(name = "{0}  =>  {1}")
    @CsvSource(delimiter = '|', value = {
        "30.84e6 h                                   | 30,840,000 h",
        "3.8e25 FLOP                                 | 3.8e25 FLOP",
        "3.8e25 FLOP -> EFLOP                        | 38,000,000 EFLOP",
        "502.0 PFLOP/s                               | 502.0 PFLOP/s",
        "0.90                                        | 0.90",
        "1.5 TB/s / 4 B                              | 375 /ns",
        "375 /ns                                     | 375 /ns",
        "2 / 1 token                                 | 2 /token",
        "1.5 TB/s / 4 B -> 1/s                       | 375,000,000,000 /s",
        "1.5 TB/s / 4 B -> /s                        | 375,000,000,000 /s",
        "375,000,000,000 /s                          | 375 /ns",
        "1.5 TB/s / 4 B to 1 / ms                    | 375,000,000 /ms",
        "405 Gparam :kmbt                            | 405B param",
        "15.6 Ttoken :.3kmbt                         | 15.6T token",
        "2 Mtoken/s :kmbt                            | 2M token/s",
        "70e9 param -> param:.3kmbt                  | 70B param",
        "15,700 -> 1:.3kmbt                          | 15.7K",
        "2.788e6 -> 1:.4kmbt                         | 2.788M",
        "16.55e12 token -> token:.4kmbt              | 16.55T token",
        "999,950 -> 1:.4kmbt                         | 1M",
        "512 -> 1:.3kmbt                             | 512",
        "3.8e25 -> 1:.2kmbt                          | 3.8e25",
    })
    void theAuthorsNumberStaysRecognisable(String expression, String expected) {
        assertEquals(expected, Evaluate.expression(expression).text());
    }

    /** Power and energy (1 W = 1 J/s), prefixes on counts, GPUs (issue 39). */
    @ParameterizedTest(name = "{0}  =>  {1}")
    @CsvSource(delimiter = '|', value = {
        "700 W                                       | 700 W",
        "1,024 * 700 W                               | 716.8 kW",
        "2 J / 1 s                                   | 2 W",
        "700 W * 1 h -> Wh                           | 700 Wh",
        "700 W * 24 h                                | 60.48 MJ",
        "2,048 * 700 W * 54 day -> MWh               | 1,858 MWh",
        "1 kWh -> MJ                                 | 3.6 MJ",
        "2.19 USD/Mtoken * 1 Gtoken                  | 2,190 USD",
        "70 Gparam -> param                          | 70,000,000,000 param",
        "5 Mtoken                                    | 5 Mtoken",
        "2,048 GPU * 54 day -> GPU·h                 | 2,654,208 GPU·h",
        "2 USD/GPU/h * 2.788e6 GPU·h                 | 5,576,000 USD",
    })
    void unitsTheFieldUses(String expression, String expected) {
        assertEquals(expected, Evaluate.expression(expression).text());
    }

    @ParameterizedTest(name = "{0}  =>  {1}")
    @CsvSource(delimiter = '|', value = {
        "2^10 B                                      | 1,024 B",
        "1 B ^ 2                                     | 1 B^2",
        "3 B · s                                     | 3 B·s",
        "3_000 token + 1 token                       | 3,001 token",
        "1 GiB -> MB                                 | 1,074 MB",
        "1 GiB / 1 GB                                | 1.074",
        "900 GB/s / 2                                | 450 GB/s",
        "64 GB/s -> Gbit/s                           | 512 Gbit/s",
        "1 h -> min                                  | 60 min",
        "90 s -> min                                 | 1.5 min",
        "250 us + 0.5 ms                             | 750 µs",
        "1 / 4 ms                                    | 250 /s",
        "ceil(3,072 token / (16 token/page))         | 192 page",
        "round(15.0508 ms, 1 ms) -> ms               | 15 ms",
        "floor(2.9999999999999996)                   | 3",
        "round(2.5)                                  | 3",
        "round(14.76 ms, 1 ms) -> ms                 | 15 ms",
        "floor(3.7 GB, 1 GB)                         | 3 GB",
        "round(16.5 token/page)                      | 17 token/page",
        "ceil(2.1 page)                              | 3 page",
        "round(-2.5)                                 | -3",
        "round(0.49)                                 | 0",
        "round(1.005, 0.01)                          | 1.01",
        "round(-1.005, 0.01)                         | -1.01",
        "0.5625 -> %:.1f                             | 56.3%",
        "0.125 -> 1:.2f                              | 0.13",
        "min(3 ms, 2 ms, 5 ms)                       | 2 ms",
        "max(1 GB, 999 MB)                           | 1 GB",
        "abs(-3 s)                                   | 3 s",
        "sqrt(16 B^2)                                | 4 B",
        "(1 + 2) GB                                  | 3 GB",
        "-2 ms                                       | -2 ms",
        "-0 ms                                       | 0 ms",
        "-1500 ms                                    | -1,500 ms",
        "--1500 ms                                   | 1,500 ms",
        "-80e9 B                                     | -80 GB",
        "0.92 * 85.02 GB -> GB:.2f                   | 78.22 GB",
        "70,553,706,496 param * 2 B/param / 2 -> GB  | 70.55 GB",
        "3,000 / 568 -> x:.2f                        | 5.28x",
        "8.03e9:.2e                                  | 8.03e9",
        "1 / (40% + 60% / 1.2x) -> x:.2f             | 1.11x",
        "33.92 TFLOP / (50% * 989 TFLOP/s) to ms     | 68.59 ms",
        "5 KiB -> B                                  | 5,120 B",
        "16 GB / 8 token                             | 2 GB/token",
        "3 × 4                                       | 12",
        "log2(1,024)                                 | 10",
        "log2(8)                                     | 3",
        "log2(2^60 B / 1 B)                          | 60",
        "log10(1,000)                                | 3",
        "ln(exp(2)):.6f                              | 2.000000",
        "exp(0)                                      | 1",
        "log(81, 3):.6f                              | 4.000000",
        "log2(80 GB / 1 GB):.3f                      | 6.322",
        "ceil(log2(70 GB / (16 GB)))                 | 3",
    })
    void moreExpressions(String expression, String expected) {
        assertEquals(expected, Evaluate.expression(expression).text());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // expression                                  | expected value in base units, computed by hand
        "16.06 GB / 3.35 TB/s                           | 0.0047940298507462686",
        "2 FLOP/param/token * 8.03e9 param * 2,112 token | 3.391872e13",
        "100 Gbit/s                                     | 1.25e10",
        "1 MiB                                          | 1048576",
        "64 * 4,096 token * 131,072 B/token             | 34359738368",
        "(16.06 GB + 34.36 GB) / 3.35 TB/s              | 0.015050746268656716",
    })
    void valuesInBaseUnits(String expression, double si) {
        assertEquals(si, Evaluate.expression(expression).result().si(), Math.abs(si) * 1e-12);
    }
}
