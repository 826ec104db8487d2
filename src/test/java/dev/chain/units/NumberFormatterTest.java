package dev.chain.units;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NumberFormatterTest {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "4.7940298507       | 4.794",
        "12.5               | 12.5",
        "15.0508            | 15.05",
        "2432               | 2,432",
        "26483              | 26,483",
        "1048.576           | 1,049",
        "70553706496        | 70,553,706,496",
        "0.5                | 0.5",
        "0.001234567        | 0.001235",
        "0.00001234         | 1.234e-5",
        "8.03e15            | 8.03e15",
        "-3.25              | -3.25",
        "0                  | 0",
        "999.96             | 1,000",
    })
    void defaultIsFourSignificantDigitsWithGrouping(double value, String expected) {
        assertEquals(expected, NumberFormatter.format(value, null));
    }

    @ParameterizedTest(name = "{0} as {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "33.9227    | .1f  | 33.9",
        "5.2817     | .2f  | 5.28",
        "62.708     | .0f  | 63",
        "26483.6    | ,.0f | 26,484",
        "26483.6    | .0f  | 26484",
        "8.03e9     | .2e  | 8.03e9",
        "8e9        | .2e  | 8.00e9",
        "0.000123   | .1e  | 1.2e-4",
        "33.9227    | .3g  | 33.9",
        "26483      | .3g  | 2.65e4",
        "1234567.5  | ,    | 1,234,568",
        "-0.0001    | .2f  | 0.00",
    })
    void specsFollowPythonWithCardStyleExponents(double value, String spec, String expected) {
        assertEquals(expected, NumberFormatter.format(value, FormatSpec.parse(spec)));
    }

    /**
     * One rounding rule, the one publications and spreadsheets use: half away from zero, on the
     * decimal the value stands for. Python's half to even on the binary value printed the first
     * five of these as 0.12, 56.2, 2, 1.00 and 0.
     */
    @ParameterizedTest(name = "{0} as {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "0.125                | .2f   | 0.13",
        "56.25                | .1f   | 56.3",
        "2.5                  | .0f   | 3",
        "1.005                | .2f   | 1.01",
        "0.5                  | .0f   | 1",
        "-0.125               | .2f   | -0.13",
        "-2.5                 | .0f   | -3",
        "0.375                | .2f   | 0.38",
        "0.124999             | .2f   | 0.12",
        "26482.5              | ,.0f  | 26,483",
        "0.1235               | .3g   | 0.124",
        "2.25e9               | .2eng | 2.3e9",
        "1.25e9               | .1e   | 1.3e9",
        "1.0005               |       | 1.001",
        "1234.5               |       | 1,235",
        "0.30000000000000004  | .17f  | 0.30000000000000000",
        "9007199254740993     | ,.0f  | 9,007,199,254,740,992",
    })
    void tiesRoundHalfAwayFromZeroOnTheDecimalValue(double value, String spec, String expected) {
        assertEquals(expected, NumberFormatter.format(value, spec == null ? null : FormatSpec.parse(spec)));
    }

    /** The card's engineering notation, each case as the card writes it. */
    @ParameterizedTest(name = "{0} as {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "494.5e12        | .4eng | 494.5e12",
        "73.6e9          | .3eng | 73.6e9",
        "16060522496     | .4eng | 16.06e9",
        "2e9             | .2eng | 2.0e9",
        "80e9            | .2eng | 80e9",
        "989e12          | .3eng | 989e12",
        "70553706496     | .4eng | 70.55e9",
        "8030261248      | .3eng | 8.03e9",
        "999.96e9        | .4eng | 1.000e12",
        "0.0085          | .2eng | 8.5e-3",
        "-3.35e12        | .3eng | -3.35e12",
        "12              | eng   | 12.00e0",
        "0               | .3eng | 0e0",
    })
    void engineeringNotationKeepsItsSignificantDigitsAndAnExponentOfThree(double value, String spec, String expected) {
        assertEquals(expected, NumberFormatter.format(value, FormatSpec.parse(spec)));
    }
}
