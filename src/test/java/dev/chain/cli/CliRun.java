package dev.chain.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the chain command line in-process and captures what it prints. */
public record CliRun(int exit, String out, String err) {
    /** {@code chain COMMAND --color=never FILE OPTIONS...}: a command on one file, its output uncoloured. */
    public static CliRun on(String command, String file, String... options) {
        String[] args = new String[options.length + 3];
        args[0] = command;
        args[1] = "--color=never";
        args[2] = file;
        System.arraycopy(options, 0, args, 3, options.length);
        return of(args);
    }

    /** The binding named {@code name} in {@code run --json}'s output. */
    public static com.google.gson.JsonObject binding(com.google.gson.JsonObject run, String name) {
        for (var b : run.getAsJsonArray("bindings")) {
            if (b.getAsJsonObject().get("name").getAsString().equals(name)) {
                return b.getAsJsonObject();
            }
        }
        throw new AssertionError("no binding " + name);
    }

    public static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(exit, out.toString(), err.toString());
    }
}
