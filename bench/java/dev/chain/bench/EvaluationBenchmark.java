package dev.chain.bench;

import dev.chain.eval.CompiledProgram;
import dev.chain.eval.Evaluation;
import dev.chain.eval.Inputs;
import dev.chain.session.ChainRun;
import dev.chain.session.Engine;
import dev.chain.source.SourceFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Re-evaluating the card's inter-token-floor chain with a new batch size (what a sweep, a
 * {@code --set} or the REPL's {@code :set} does): the compiled chain (closures over doubles), and
 * the same arithmetic written by hand. docs/performance.md quotes the ratio of the two.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class EvaluationBenchmark {
    private CompiledProgram code;
    private int batchSlot;
    private double[] hand;
    private boolean[] handPassed;
    private int step;

    @Setup
    public void setup() throws Exception {
        Path chain = Path.of("chains/02-inter-token-floor.chain");
        ChainRun run = ChainRun.execute(new Engine(), new SourceFile(chain.toString(), Files.readString(chain)), List.of());
        code = run.chain().code();
        batchSlot = code.program().binding("batch").slot();
        hand = new double[17];
        hand[HandWrittenItl.BATCH] = 64;
        hand[HandWrittenItl.CONTEXT] = 4096;
        hand[HandWrittenItl.CHUNK] = 2048;
        hand[HandWrittenItl.MFU] = 0.5;
        hand[HandWrittenItl.SMALL_CHUNK] = 512;
        hand[HandWrittenItl.P50] = 0.024;
        handPassed = new boolean[2];
        // The two must agree before their speed is compared.
        Evaluation e = code.evaluate();
        HandWrittenItl.run(hand, handPassed);
        if (e.value(code.program().binding("floor")) != hand[8]
                || e.value(code.program().binding("small_step")) != hand[15]) {
            throw new IllegalStateException("the hand-written baseline computes something else");
        }
    }

    private double nextBatch() {
        step = (step + 1) & 63;
        return 1 + step;
    }

    @Benchmark
    public double handWritten() {
        hand[HandWrittenItl.BATCH] = nextBatch();
        HandWrittenItl.run(hand, handPassed);
        return hand[8];
    }

    @Benchmark
    public void compiled(Blackhole bh) {
        Evaluation e = code.evaluate(Inputs.NONE.with(batchSlot, nextBatch()));
        bh.consume(e);
    }
}
