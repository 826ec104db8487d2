package dev.chain.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs published as a table (issue 44 item 5): llm-foundry's MPT 1B rows on H100 in BF16, a CSV
 * whose headers carry their units, as --runs, --observe and a plot's observed line read them.
 */
class TableRunsTest {
    private static final String DIR = "src/test/resources/observe/table/";
    private static final String CHAIN = DIR + "mpt-1b.chain";
    private static final String TABLE = DIR + "mpt-1b-h100-bf16.csv";

    private static CliRun sweep(String runs, String against) {
        return CliRun.on("sweep", CHAIN, "--runs", runs, "--over", "seq=#SeqLen", "--show", "rate", "--against", against);
    }

    /** Each row is a run, in the header's units; the four runs at 2,048 tokens (64, 32, 16, 8 GPUs) are all kept, in the table's order. */
    @Test
    void eachRowIsARunAndReplicatesAreKept() {
        CliRun r = sweep(TABLE, "rate=#Throughput per GPU");
        assertEquals(0, r.exit(), r.err());
        assertEquals("""
                run                      seq            rate expected (token/s)  rate observed (token/s)  observed / expected
                mpt-1b-h100-bf16.csv:11  512 tokens                      50,101                   52,275                1.04x
                mpt-1b-h100-bf16.csv:10  1,024 tokens                    50,101                   48,910                0.98x
                mpt-1b-h100-bf16.csv:6   2,048 tokens                    50,101                   44,402                0.89x
                mpt-1b-h100-bf16.csv:7   2,048 tokens                    50,101                   45,130                0.90x
                mpt-1b-h100-bf16.csv:8   2,048 tokens                    50,101                   46,037                0.92x
                mpt-1b-h100-bf16.csv:9   2,048 tokens                    50,101                   45,455                0.91x
                mpt-1b-h100-bf16.csv:5   4,096 tokens                    50,101                   38,535                0.77x
                mpt-1b-h100-bf16.csv:4   8,192 tokens                    50,101                   29,157                0.58x
                mpt-1b-h100-bf16.csv:3   16,384 tokens                   50,101                   19,649                0.39x
                mpt-1b-h100-bf16.csv:2   32,768 tokens                   50,101                   12,025                0.24x
                mpt-1b-h100-bf16.csv:1   65,536 tokens                   50,101                    5,506                0.11x
                """, r.out().replace(TABLE.substring(0, TABLE.lastIndexOf('/') + 1), ""));
    }

    /** --observe NAME=table.csv#3:MFU reads the third run; a column without a unit is a plain number. */
    @Test
    void observeReadsARowByItsNumber() {
        CliRun r = CliRun.on("run", CHAIN, "--observe", "mfu=" + TABLE + "#3:MFU", "--observe", "gpus=" + TABLE + "#6:# GPUs");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("  mfu    = observed 35.22% (" + TABLE + ", 3:MFU)\n"), r.out());
        assertTrue(r.out().contains("  gpus   = observed 64 (" + TABLE + ", 6:# GPUs)\n"), r.out());
        // A plain number is not a count of parameters.
        CliRun plain = CliRun.on("run", CHAIN, "--observe", "params=" + TABLE + "#1:NumParams");
        assertEquals(1, plain.exit());
        assertTrue(plain.err().contains("`params` is param (params), but 1:NumParams in " + TABLE + " is a plain number"), plain.err());
        // A table of many runs needs its row named.
        CliRun which = CliRun.on("run", CHAIN, "--observe", "mfu=" + TABLE + "#MFU");
        assertEquals(1, which.exit());
        assertTrue(which.err().startsWith("--observe:1:" + (6 + TABLE.length()) + ": error: " + TABLE + " has 11 runs: name one, as "
                + TABLE + "#1:MFU\n"), which.err());
        CliRun none = CliRun.on("run", CHAIN, "--observe", "mfu=" + TABLE + "#1:mfu");
        assertTrue(none.err().contains("has no column `mfu`") && none.err().contains("did you mean `MFU`?")
                && none.err().contains("its columns: Model, SeqLen, # GPUs, MFU, HFU, Throughput, Throughput per GPU, NumParams"), none.err());
    }

    /** The table as llm-foundry publishes it counts tokens as T, which chain does not know: one located error for the column, not one per row. */
    @Test
    void anUnknownUnitInAHeaderIsALocatedErrorOnce(@TempDir Path dir) throws IOException {
        Path published = dir.resolve("published.csv");
        Files.writeString(published, Files.readString(Path.of(TABLE)).replace("Throughput per GPU (token/s)", "Throughput per GPU (T/s/GPU)"));
        CliRun r = sweep(published.toString(), "rate=#Throughput per GPU");
        assertEquals(1, r.exit());
        assertEquals("""
                --against:1:7: error: the unit of 1:Throughput per GPU, T/s/GPU, is not one this chain knows
                 1 | rate=#Throughput per GPU
                   |       ^^^^^^^^^^^^^^^^^^
                   = hint: write the unit in the header's parentheses as chain writes it: rate (token/s), weights (GB)
                """, r.err());
        assertEquals("", r.out());
    }

    /** A cell that is not a number says its line and column in the file; a row of the wrong width, its line. */
    @Test
    void aCellThatIsNoNumberIsLocated(@TempDir Path dir) throws IOException {
        Path na = dir.resolve("na.csv");
        Files.writeString(na, Files.readString(Path.of(TABLE)).replace(",19649,", ",n/a,"));
        CliRun r = sweep(na.toString(), "rate=#Throughput per GPU");
        assertEquals(1, r.exit());
        assertTrue(r.err().startsWith("--against:1:7: error: " + na + ":4:31: run 3's Throughput per GPU, `n/a`, is not a number\n"), r.err());
        assertTrue(r.err().contains("hint: write a number in the unit of the header, without the unit (24.1, not 24.1 ms)"), r.err());
        Files.writeString(na, Files.readString(Path.of(TABLE)).replace(",19649,1345310720", ",19649"));
        CliRun width = sweep(na.toString(), "rate=#Throughput per GPU");
        assertEquals(1, width.exit());
        assertTrue(width.err().contains(na + ":4: run 3 has 7 cells where the header has 8"), width.err());
        assertFalse(width.err().contains("Exception"), width.err());
    }

    /** A TSV, its cells quoted as a spreadsheet writes them (a grouped number, a doubled quote), is read as the CSV is. */
    @Test
    void aTsvWithQuotedCellsIsATable(@TempDir Path dir) throws IOException {
        Path tsv = dir.resolve("runs.tsv");
        Files.writeString(tsv, "Model\tSeqLen (token)\tThroughput per GPU (token/s)\n"
                + "\"MPT \"\"1b\"\"\"\t512\t\"52,275\"\n"
                + "1b\t1024\t48910\n");
        CliRun r = sweep(tsv.toString(), "rate=#Throughput per GPU");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("runs.tsv:1  512 tokens                     50,101                   52,275                1.04x\n"), r.out());
    }
}
