package dev.chain.bench;

import dev.chain.check.BindingInfo;
import dev.chain.drill.Drill;
import dev.chain.drill.Grade;
import dev.chain.session.ChainRun;
import dev.chain.session.DrillAnswers;
import dev.chain.session.Engine;
import dev.chain.source.SourceFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The time of one drill diagnosis (issue 43's budget: 50 ms on any chain of the card): for each
 * chain of chains/, every derived value graded for an answer no single change explains (1.37x the
 * right value, so the whole search runs and finds nothing), after a warm-up. Prints a Markdown
 * table: per chain, its steps, the grades timed, and their median, 95th percentile and slowest, in
 * milliseconds of wall time, and of the thread's CPU time (which a loaded machine's scheduler does
 * not add to: the slowest wall time is a garbage collection or a wait for a core as often as the search).
 */
public final class DrillDiagnosisTime {
    private static final int WARM_UP = 20;
    private static final int RUNS = 21;

    public static void main(String[] args) throws Exception {
        List<Path> chains;
        try (Stream<Path> files = Files.list(Path.of(args.length > 0 ? args[0] : "chains"))) {
            chains = files.filter(p -> p.toString().endsWith(".chain")).sorted().toList();
        }
        Engine engine = new Engine();
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        System.out.println("| chain | steps | grades | median (ms) | p95 (ms) | slowest (ms) | CPU median (ms) | CPU slowest (ms) |");
        System.out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (Path path : chains) {
            ChainRun run = ChainRun.execute(engine, new SourceFile(path, Files.readString(path)), List.of());
            Drill drill = Drill.of(run.chain().code(), engine);
            double[] values = drill.values(null);
            List<Double> times = new ArrayList<>();
            List<Double> cpu = new ArrayList<>();
            for (int round = 0; round < WARM_UP + RUNS; round++) {
                for (BindingInfo step : drill.steps()) {
                    // As the drill shows a value, so that it reads back: 20.62 ms.
                    String answer = drill.show(step, values[step.slot()] * 1.37, step.dimension());
                    long start = System.nanoTime();
                    long startCpu = threads.getCurrentThreadCpuTime();
                    Grade g = drill.grade(step, DrillAnswers.read(engine, answer), Map.of(), null);
                    long took = System.nanoTime() - start;
                    long tookCpu = threads.getCurrentThreadCpuTime() - startCpu;
                    if (g.verdict() == null) {
                        throw new AssertionError();
                    }
                    if (round >= WARM_UP) {
                        times.add(took / 1e6);
                        cpu.add(tookCpu / 1e6);
                    }
                }
            }
            Collections.sort(times);
            Collections.sort(cpu);
            System.out.printf("| %s | %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f |%n", path.getFileName(), drill.steps().size(),
                    times.size(), times.get(times.size() / 2), times.get(times.size() * 95 / 100), times.get(times.size() - 1),
                    cpu.get(cpu.size() / 2), cpu.get(cpu.size() - 1));
        }
    }
}
