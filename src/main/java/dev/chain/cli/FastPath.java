package dev.chain.cli;

import java.io.PrintWriter;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command lines people type most, {@code chain eval EXPR}, {@code chain check [-q] PATH...},
 * {@code chain run FILE...} and {@code chain render PATH...} with no other options than
 * {@code --observe NAME=FILE#KEY} (a chain checked against a benchmark's file), run without Picocli:
 * initialising Picocli alone costs more than a whole evaluation (100-300 ms of a cold start).
 * The same command objects run, with their options at their defaults; any option, help or
 * mistake goes to Picocli, so options are still defined once, in the commands' annotations.
 */
final class FastPath {
    private FastPath() {}

    /** The exit code, or null when this command line needs Picocli. */
    static Integer run(String[] args, PrintWriter out, PrintWriter err) throws Exception {
        if (args.length < 2) {
            return null;
        }
        String command = args[0];
        List<String> operands = new ArrayList<>(args.length - 1);
        boolean quiet = false;
        List<String> observe = new ArrayList<>();
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        for (int i = 0; i < rest.size(); i++) {
            String operand = rest.get(i);
            if (!command.equals("eval") && operand.startsWith("--observe")) {
                if (operand.startsWith("--observe=")) {
                    observe.add(operand.substring("--observe=".length()));
                    continue;
                }
                if (!operand.equals("--observe") || i + 1 == rest.size()) {
                    return null; // a missing value, or another option: Picocli says what is wrong
                }
                observe.add(rest.get(++i));
                continue;
            }
            // `check -q`, how CI runs it (and the scaling benchmark), is worth the fast path too.
            if (command.equals("check") && (operand.equals("-q") || operand.equals("--quiet"))) {
                quiet = true;
                continue;
            }
            boolean option = command.equals("eval")
                    ? operand.startsWith("--") || operand.equals("-h") || operand.equals("-V")
                    : operand.startsWith("-");
            if (option) {
                return null;
            }
            operands.add(operand);
        }
        if (operands.isEmpty()) {
            return null; // `chain check -q`: Picocli says a PATH is missing
        }
        CommonOptions common = CommonOptions.defaults(out, err);
        switch (command) {
            case "eval" -> {
                EvalCommand eval = new EvalCommand();
                eval.common = common;
                eval.words = operands;
                return eval.call();
            }
            case "check" -> {
                CheckCommand check = new CheckCommand();
                check.common = common;
                check.quiet = quiet;
                check.observed.observe = observe;
                check.paths = paths(operands);
                return check.paths == null ? null : check.call();
            }
            case "run" -> {
                RunCommand run = new RunCommand();
                run.common = common;
                run.observed.observe = observe;
                run.paths = paths(operands);
                return run.paths == null ? null : run.call();
            }
            case "render" -> {
                RenderCommand render = new RenderCommand();
                render.common = common;
                render.observed.observe = observe;
                render.paths = paths(operands);
                return render.paths == null ? null : render.call();
            }
            default -> {
                return null;
            }
        }
    }

    /** Null when an operand is no path at all (or empty), which Picocli reports as a usage error. */
    private static List<Path> paths(List<String> operands) {
        List<Path> paths = new ArrayList<>();
        try {
            for (String operand : operands) {
                if (operand.isEmpty()) {
                    return null;
                }
                paths.add(Path.of(operand));
            }
        } catch (InvalidPathException e) {
            return null;
        }
        return paths;
    }
}
