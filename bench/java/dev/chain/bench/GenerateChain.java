package dev.chain.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a chain of N statements for the scaling benchmark: groups of inputs with units, derived
 * bindings that use earlier ones, conversions, a user function and checks, in the proportions of
 * the card's chains. Usage: GenerateChain N FILE
 */
public final class GenerateChain {
    private GenerateChain() {}

    public static void main(String[] args) throws IOException {
        int statements = Integer.parseInt(args[0]);
        Path file = Path.of(args[1]);
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("chain \"Generated: " + statements + " statements\"\n");
            out.write("use h100_sxm as gpu\n");
            out.write("fn step(w: Bytes, bw: Bytes/Time): Time = w / bw\n");
            int written = 3;
            for (int i = 0; written < statements; i++) {
                out.write("derive g" + i + "\n");
                out.write("  w" + i + " = " + (1 + i % 97) + ".5 GB\n");
                out.write("  n" + i + " = " + (1 + i % 13) + " token\n");
                out.write("  kv" + i + " = n" + i + " * 131,072 B/token\n");
                out.write("  t" + i + " = step(w" + i + " + kv" + i + ", gpu.hbm_bandwidth) -> ms\n");
                out.write("  r" + i + " = t" + i + " / (t" + i + " + 1 ms) -> %\n");
                out.write("  check r" + i + " in 0% .. 100%\n");
                written += 7;
            }
        }
    }
}
