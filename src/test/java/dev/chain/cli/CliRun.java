package dev.chain.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the chain command line in-process and captures what it prints. */
public record CliRun(int exit, String out, String err) {
    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(exit, out.toString(), err.toString());
    }
}
