package dev.chain.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --observe NAME=FILE#KEY}, on the commands that evaluate a chain: an input set to a measured value. */
final class ObserveOption {
    @Option(names = "--observe", paramLabel = "NAME=FILE#KEY",
            description = {"Set an input to a number measured in a benchmark's result file. Repeatable.",
                    "  e.g. --observe p50=bench.json#median_itl_ms",
                    "vLLM, SGLang, AIPerf and Prometheus files and CSV or TSV tables (units in their headers: rate (token/s)), told apart by content; a table's row as 3:rate."})
    List<String> observe = new ArrayList<>();
}
