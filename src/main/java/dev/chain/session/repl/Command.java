package dev.chain.session.repl;

import java.util.ArrayList;
import java.util.List;

/** The REPL's commands: everything typed after a colon. */
enum Command {
    DIM("dim", "EXPR", "the dimension of EXPR in base units, and its name: B/s (bandwidth)"),
    LOAD("load", "FILE", "load a chain without evaluating it; :step walks it"),
    SAVE("save", "FILE", "write the session's definitions as a chain file (the loaded one with every change since)"),
    STEP("step", "", "show the chain's next step: name = formula = formula with values = value"),
    RUN("run", "", "show the rest of the chain's steps"),
    SET("set", "NAME=VALUE", "change an input; what depends on it is evaluated again and shown"),
    TRACE("trace", "NAME", "the derivation tree of a value, back to its inputs"),
    SWEEP("sweep", "NAME=POINTS VALUE...", "a table of values over an input's points: :sweep batch=1..256 x2 floor, mixed"),
    SOLVE("solve", "NAME=RANGE check CONDITION", "where a condition turns over an input's range: :solve batch=1..1024 check floor <= 20 ms"),
    ENV("env", "", "the session's modules and values"),
    UNITS("units", "[FILTER]", "the units, with their dimensions, prefixes and sources"),
    INFO("info", "NAME", "a value, module, function, unit or dimension: value, dimension, source"),
    HELP("help", "", "this list"),
    QUIT("quit", "", "leave (so does Ctrl-D)");

    private final String word;
    private final String args;
    private final String help;

    Command(String word, String args, String help) {
        this.word = word;
        this.args = args;
        this.help = help;
    }

    String word() {
        return ":" + word;
    }

    String usage() {
        return args.isEmpty() ? word() : word() + " " + args;
    }

    String help() {
        return help;
    }

    boolean takesArgument() {
        return !args.isEmpty();
    }

    /** By its name without the colon; {@code q} and {@code exit} also leave. */
    static Command named(String name) {
        if (name.equals("q") || name.equals("exit")) {
            return QUIT;
        }
        if (name.equals("h") || name.equals("?")) {
            return HELP;
        }
        for (Command c : values()) {
            if (c.word.equals(name)) {
                return c;
            }
        }
        return null;
    }

    static List<String> words() {
        List<String> words = new ArrayList<>();
        for (Command c : values()) {
            words.add(c.word());
        }
        return words;
    }
}
