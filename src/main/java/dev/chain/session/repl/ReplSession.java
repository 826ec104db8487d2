package dev.chain.session.repl;

import dev.chain.ast.ChainFile;
import dev.chain.ast.QualifiedName;
import dev.chain.ast.Steps;
import dev.chain.ast.Stmt;
import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.Checker;
import dev.chain.check.EvaluateInfo;
import dev.chain.check.FunctionInfo;
import dev.chain.diag.Suggestions;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.Band;
import dev.chain.eval.Evaluation;
import dev.chain.eval.Inputs;
import dev.chain.session.ChainSources;
import dev.chain.session.Engine;
import dev.chain.session.FigureRun;
import dev.chain.session.LoadedChain;
import dev.chain.session.Stdlib;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.ReplInput;
import dev.chain.syntax.SyntaxParser;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The REPL's engine: takes what the user typed (a line, or the lines of a group) and returns a
 * {@link Reply}; it prints nothing. The JLine front end and the piped one are thin layers over it.
 *
 * <p><b>Rollback.</b> The session is a program: the loaded chain's statements, then every
 * statement typed since. Each input is checked by checking that whole program again with the new
 * statements appended, then compiling and evaluating it; only when all of that succeeds does the
 * new snapshot ({@link SessionState}) replace the old one. A failing input therefore changes
 * nothing, by construction: there is no half-updated state to undo. Checking again costs
 * microseconds per statement (modules are loaded once by the engine), far below what a person
 * typing can notice, and it keeps one checker for files and the REPL, so they never disagree.
 *
 * <p>A value typed on its own becomes a binding named {@code ans}, the one name that may be bound
 * again; a later use of {@code ans} means the binding above it, so values derived from an old
 * {@code ans} keep it.
 */
public final class ReplSession {
    /** The name of the last value. */
    public static final String LAST_VALUE = Checker.LAST_VALUE;
    /** What a terminal session says before its first prompt. */
    public static final String START_HINT = ":help lists the commands, :load FILE loads a chain, Ctrl-D leaves";

    /** The source name of everything typed, as diagnostics show it. */
    public static final String SOURCE = "<repl>";

    private final Engine engine;
    private SessionState state;
    private List<String> stdlibModules;
    /** Each input changed with :set, and the value typed for it: :save writes it in the file. */
    private final java.util.Map<String, String> setTexts = new java.util.LinkedHashMap<>();

    public ReplSession() {
        this(new Engine());
    }

    public ReplSession(Engine engine) {
        this.engine = engine;
        this.state = start(null, engine.loadSession(new ChainFile(new SourceFile(SOURCE, ""), List.of()), new Diagnostics()));
    }

    private static SessionState start(LoadedFile chain, LoadedChain loaded) {
        return new SessionState(chain, List.of(), loaded, loaded.evaluate(Inputs.NONE), Inputs.NONE, 0);
    }

    public Engine engine() {
        return engine;
    }

    /** True while {@code text} cannot be complete; a front end then reads another line. */
    public boolean needsMore(String text) {
        return ReplInput.needsMore(text);
    }

    /** Answers one input: statements, an expression, or a command (a line starting with {@code :}). */
    public Reply submit(String input) {
        if (input == null || input.isBlank()) {
            return Reply.NOTHING;
        }
        int command = ReplInput.trailingCommand(input);
        if (command > 0) {
            // `derive f` and its lines, then `:env` without the blank line: the group, then the command.
            Reply group = submit(input.substring(0, command - 1));
            return group.quit() ? group : group.then(submit(input.substring(command)));
        }
        String stripped = input.strip();
        try {
            return stripped.startsWith(":") ? command(stripped) : statements(input);
        } catch (RuntimeException | StackOverflowError e) {
            // A bug in chain, not in the input. The snapshot is only replaced at the very end of a
            // successful input, so the session is as it was; say so and go on.
            return Reply.failure(Diagnostic.error(null, "internal error: " + e
                    + " (this is a bug in chain; the session is unchanged)"));
        }
    }

    // ---- statements ---------------------------------------------------------------------------

    private Reply statements(String input) {
        SourceFile source = new SourceFile(SOURCE, ReplInput.normalize(input.stripTrailing()));
        Diagnostics problems = new Diagnostics();
        ChainFile parsed = SyntaxParser.parseTyped(source, problems);
        if (problems.hasErrors()) {
            return Reply.failure(problems.all());
        }
        Set<Stmt> bare = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Stmt> typed = new ArrayList<>();
        for (Stmt s : parsed.statements()) {
            // One kind asked for, not a dispatch: a quantity typed on its own becomes `ans`, and
            // every other statement, of any kind there is or will be, is kept as typed.
            if (s instanceof Stmt.Evaluate e && e.value().quantity() != null) {
                Stmt.Binding ans = new Stmt.Binding(LAST_VALUE, e.value().span(), e.value(), List.of(), e.span());
                bare.add(ans);
                typed.add(ans);
            } else {
                typed.add(s);
            }
        }
        if (typed.isEmpty()) {
            return Reply.NOTHING;
        }
        List<Stmt> all = state.statements();
        all.addAll(typed);
        LoadedChain candidate = engine.loadSession(new ChainFile(source, all), problems);
        if (candidate == null) {
            return Reply.failure(teach(problems.all(), typed));
        }
        Evaluation evaluation;
        try {
            evaluation = candidate.evaluate(state.overrides());
        } catch (ChainException e) {
            return Reply.failure(e.diagnostics());
        }
        SessionState next = state.withEntries(typed, candidate, evaluation);
        StepText text = new StepText(next);
        Reply.Builder reply = new Reply.Builder();
        for (Stmt s : typed) {
            reply.addAll(text.typed(s, bare.contains(s)));
        }
        state = next;
        return reply.build();
    }

    /** Adds what only the REPL knows to the checker's diagnostics. */
    private List<Diagnostic> teach(List<Diagnostic> diagnostics, List<Stmt> typed) {
        List<Diagnostic> out = new ArrayList<>();
        for (Diagnostic d : diagnostics) {
            out.add(teach(d, typed));
        }
        return out;
    }

    /** The typed binding, of an input the session has, that a diagnostic is about; null if none. */
    private Stmt.Binding redefined(Diagnostic d, List<Stmt> typed) {
        Stmt.Binding[] found = {null};
        Steps.walk(typed, new Steps.Visitor() {
            @Override
            public void group(Stmt.Group g) {}

            @Override
            public void binding(Stmt.Binding b) {
                BindingInfo old = state.binding(b.name());
                if (!b.name().equals(LAST_VALUE) && d.span().equals(b.nameSpan())
                        && old != null && old.input() && !old.isText()) {
                    found[0] = b;
                }
            }

            @Override
            public void check(Stmt.Check c) {}
        });
        return found[0];
    }

    private Diagnostic teach(Diagnostic d, List<Stmt> typed) {
        if (d.span() == null) {
            return d;
        }
        Stmt.Binding again = redefined(d, typed);
        if (again != null) {
            return d.withHint("to try another value, :set " + again.name() + "=VALUE changes the input and shows what depends on it");
        }
        String word = d.span().text();
        return switch (word) {
            case "quit", "exit", "q" -> d.withHint(":quit or Ctrl-D leaves the REPL");
            case "help" -> d.withHint(":help lists the commands");
            case LAST_VALUE -> state.binding(LAST_VALUE) == null ? d.withHint("`ans` is the last value, and there is none yet") : d;
            default -> d;
        };
    }

    // ---- commands ---------------------------------------------------------------------------

    private Reply command(String line) {
        int end = 1;
        while (end < line.length() && !Character.isWhitespace(line.charAt(end))) {
            end++;
        }
        String name = line.substring(1, end);
        String arg = line.substring(end).strip();
        SourceFile source = new SourceFile(SOURCE, line);
        Command command = Command.named(name);
        if (command == null) {
            Diagnostic d = Diagnostic.error(new Span(source, 0, end), "unknown command `:" + name + "`");
            List<String> close = Suggestions.closest(":" + name, Command.words(), 2);
            return Reply.failure(d.withHint(close.isEmpty() ? ":help lists the commands"
                    : "did you mean " + Suggestions.orList(close) + "? :help lists the commands"));
        }
        if (command.takesArgument() && arg.isEmpty() && command != Command.UNITS) {
            return Reply.failure(Diagnostic.error(new Span(source, 0, end), command.word() + " needs an argument")
                    .withHint("write " + command.usage() + ": " + command.help()));
        }
        Span argSpan = new Span(source, line.length() - arg.length(), line.length());
        return switch (command) {
            case DIM -> dim(line, line.length() - arg.length());
            case LOAD -> load(arg, argSpan);
            case SAVE -> save(arg, argSpan);
            case STEP -> step(false);
            case RUN -> step(true);
            case SET -> {
                SetCommand.Outcome outcome = new SetCommand(this, state).run(arg, argSpan);
                if (outcome.next() != null) {
                    state = outcome.next();
                    String input = arg.substring(0, arg.indexOf('=')).strip();
                    if (state.binding(input) != null) {
                        setTexts.put(input, arg.substring(arg.indexOf('=') + 1).strip()); // what :save writes for it
                    }
                }
                yield outcome.reply();
            }
            case TRACE -> trace(arg, argSpan);
            case SWEEP -> new FigureCommands(engine, state).sweep(line, line.length() - arg.length());
            case SOLVE -> new FigureCommands(engine, state).solve(line, line.length() - arg.length());
            case ENV -> new Reply(new Browse(state, scope(), state.overridden()).env(), List.of(), false);
            case UNITS -> new Reply(new Browse(state, scope(), state.overridden()).units(arg), List.of(), false);
            case INFO -> info(arg, argSpan);
            case HELP -> help();
            case QUIT -> new Reply(List.of(), List.of(), true);
        };
    }

    private Reply help() {
        Reply.Builder out = new Reply.Builder();
        out.add(Reply.Style.INFO, "Type an expression (16.06 GB / 3.35 TB/s -> ms), a binding (kv = 64 * 4,096 token * 131,072 B/token),");
        out.add(Reply.Style.INFO, "a use (use h100_sxm as gpu), or a group (derive floor, then its lines, then a blank line).");
        out.add(Reply.Style.INFO, "`ans` is the last value. Stdlib values can be named without a use: llama31_8b.params.");
        out.add(Reply.Style.INFO, "");
        int width = 0;
        for (Command c : Command.values()) {
            width = Math.max(width, c.usage().length());
        }
        for (Command c : Command.values()) {
            out.add(Reply.Style.INFO, "  " + StepText.pad(c.usage(), width) + "  " + c.help());
        }
        out.add(Reply.Style.INFO, "");
        out.add(Reply.Style.INFO, "Tab completes names, units, modules and commands; Ctrl-C cancels the line or the evaluation; Ctrl-D leaves.");
        return out.build();
    }

    /** {@code :dim EXPR}: the dimension, proven by the checker; nothing is evaluated. */
    private Reply dim(String line, int from) {
        Diagnostics problems = new Diagnostics();
        Aside aside = aside(line, from, false, problems);
        if (aside == null) {
            return Reply.failure(problems.all());
        }
        String described = aside.program().units().describe(aside.info().dimension());
        return new Reply.Builder().add(Reply.Style.RESULT, described).build();
    }

    /**
     * An expression checked (and evaluated) against the session without becoming part of it; for a
     * range ({@code :set mfu=40% .. 60%}), its ends and nominal value ({@code range}, else null).
     */
    record Aside(CheckedProgram program, EvaluateInfo info, double value, dev.chain.check.BindingInfo.Range range) {
        Aside(CheckedProgram program, EvaluateInfo info, double value) {
            this(program, info, value, null);
        }

        /** The dimension of what was typed. */
        dev.chain.units.Dimension dimension() {
            return info.dimension();
        }
    }

    /** The name a range typed after {@code :set} is bound to aside: no name a session can bind. */
    private static final String SET_RANGE = ":set";

    /**
     * Checks the expression that starts at {@code from} in a typed command line against the
     * session; diagnostics point into the line as typed ({@code :dim 3 GB + 2 s}, column 6).
     */
    Aside aside(String line, int from, boolean evaluate, Diagnostics problems) {
        boolean bmpPrefix = line.codePointCount(0, from) == from;
        SourceFile source = new SourceFile(SOURCE, bmpPrefix ? line : line.substring(from));
        Value value = SyntaxParser.parseValue(source, bmpPrefix ? from : 0, problems);
        if (value == null || problems.hasErrors()) {
            return null;
        }
        if (value.quantity() == null) {
            problems.add(Diagnostic.error(value.span(), "text has no dimension and no value")
                    .withHint("give a quantity, such as 32 or 8,192 token"));
            return null;
        }
        List<Stmt> all = state.statements();
        if (value.quantity().spread() != null && evaluate) {
            // A range: checked as an input's value is, as a binding of the session's program aside.
            all.add(new Stmt.Binding(SET_RANGE, value.span(), value, List.of(), value.span()));
            LoadedChain candidate = engine.loadSession(new ChainFile(source, all), problems);
            if (candidate == null) {
                return null;
            }
            dev.chain.check.BindingInfo set = candidate.program().binding(SET_RANGE);
            EvaluateInfo info = new EvaluateInfo(value.quantity(), set.dimension(), set.display(), set.format());
            return new Aside(candidate.program(), info, set.range().nominal(), set.range());
        }
        all.add(new Stmt.Evaluate(value, value.span()));
        LoadedChain candidate = engine.loadSession(new ChainFile(source, all), problems);
        if (candidate == null) {
            return null;
        }
        List<EvaluateInfo> evaluations = candidate.program().evaluations();
        EvaluateInfo info = evaluations.get(evaluations.size() - 1);
        if (!evaluate) {
            return new Aside(candidate.program(), info, Double.NaN);
        }
        try {
            double[] evaluated = candidate.evaluate(state.overrides()).evaluated();
            return new Aside(candidate.program(), info, evaluated[evaluated.length - 1]);
        } catch (ChainException e) {
            e.diagnostics().forEach(problems::add);
            return null;
        }
    }

    // ---- :load, :step, :run -------------------------------------------------------------------

    private Reply save(String arg, Span argSpan) {
        Path path;
        try {
            path = Path.of(arg);
        } catch (InvalidPathException e) {
            return Reply.failure(Diagnostic.error(argSpan, "not a path: " + e.getReason()));
        }
        if (Files.isDirectory(path)) {
            return Reply.failure(Diagnostic.error(argSpan, path + " is a folder; :save writes one .chain file"));
        }
        return SaveCommand.run(engine, state, setTexts, path);
    }

    private Reply load(String arg, Span argSpan) {
        Path path;
        try {
            path = Path.of(arg);
        } catch (InvalidPathException e) {
            return Reply.failure(Diagnostic.error(argSpan, "not a path: " + e.getReason()));
        }
        return load(path);
    }

    /** Loads a chain (checked, not shown) in place of the session; {@code chain repl FILE} starts here. */
    public Reply load(Path path) {
        if (Files.isDirectory(path)) {
            return Reply.failure(Diagnostic.error(null, path + " is a folder; :load takes one .chain file"));
        }
        SourceFile source;
        try {
            // Read as check and run read (a FIFO or a device refused before it is opened, the size
            // limit), with its path, so that the chain's local modules (NAME.chain beside it) are found.
            source = ChainSources.read(path);
        } catch (ChainSources.Unreadable e) {
            return Reply.failure(e.diagnostic());
        }
        Diagnostics problems = new Diagnostics();
        LoadedChain loaded = engine.load(source, problems);
        if (loaded == null) {
            return Reply.failure(problems.all());
        }
        SessionState next;
        try {
            next = start(LoadedFile.of(source, loaded.program().file().statements()), loaded);
        } catch (ChainException e) {
            return Reply.failure(e.diagnostics());
        }
        Reply.Builder out = new Reply.Builder();
        CheckedProgram program = loaded.program();
        if (program.title() != null) {
            out.add(Reply.Style.HEADING, program.title().value());
        }
        for (var drill : program.drills()) {
            out.add(Reply.Style.INFO, "drilled in: " + drill.value());
        }
        int steps = next.chain().steps().size();
        String cleared = state.entries().isEmpty() && state.chain() == null ? ""
                : "; the session's earlier values were cleared";
        setTexts.clear();
        out.add(Reply.Style.INFO, "loaded " + path + ": " + steps + (steps == 1 ? " step" : " steps")
                + " (:step shows the next, :run the rest)" + cleared);
        state = next;
        return out.build();
    }

    private Reply step(boolean rest) {
        LoadedFile chain = state.chain();
        if (chain == null) {
            return Reply.failure(Diagnostic.error(null, "no chain is loaded").withHint(":load FILE loads one, such as :load chains/02-inter-token-floor.chain"));
        }
        int total = chain.steps().size();
        if (state.cursor() >= total) {
            return new Reply.Builder().add(Reply.Style.INFO, "the chain is done: all " + total
                    + " steps shown; :trace NAME shows how a value was derived, :set NAME=VALUE changes an input").build();
        }
        StepText text = new StepText(state);
        Reply.Builder out = new Reply.Builder();
        int cursor = state.cursor();
        do {
            out.addAll(text.step(chain.steps().get(cursor++)));
        } while (rest && cursor < total);
        state = state.withCursor(cursor);
        Reply steps = out.build();
        return cursor == total ? steps.then(solves()) : steps;
    }

    /**
     * After the chain's last step, each of its solves as {@code chain run} says it, for the
     * session's inputs ({@code solved batch = 94: ...}); a solve with no one answer for them is its error.
     */
    private Reply solves() {
        List<dev.chain.check.FigureSpec> figures = state.program().figures();
        List<dev.chain.eval.FigureValues> answers = new ArrayList<>(java.util.Collections.nCopies(figures.size(), null));
        Diagnostics problems = new Diagnostics();
        FigureRun.Scene scene = new FigureRun.Scene(state.loaded(), state.values(), state.overrides(), null, null, false);
        for (dev.chain.check.FigureSpec.Solve solve : dev.chain.check.FigureSpec.solves(figures)) {
            FigureRun.Result answer = FigureRun.run(scene, solve);
            answer.diagnostics().forEach(problems::add);
            answers.set(solve.index(), answer.values());
        }
        if (problems.hasErrors()) {
            return Reply.failure(problems.all());
        }
        String said = new dev.chain.render.RunReport(state.program(), state.evaluation(), state.values()).solves(answers);
        Reply.Builder out = new Reply.Builder();
        for (String line : said.lines().toList()) {
            out.add(Reply.Style.STEP, line);
        }
        return out.build();
    }

    // ---- :trace, :info ----------------------------------------------------------------------

    private Reply trace(String name, Span nameSpan) {
        Browse.Found found = find(name);
        if (found.binding() == null) {
            return Reply.failure(notFound(name, nameSpan, found));
        }
        return new Reply(Trace.of(name, found.binding(), state.values(), state.overridden()), List.of(), false);
    }

    private Reply info(String name, Span nameSpan) {
        Browse.Found found = find(name);
        List<Reply.Line> lines = new Browse(state, scope(), state.overridden()).info(name, found.module(), found.binding(),
                found.function(), true);
        if (lines.isEmpty()) {
            return Reply.failure(notFound(name, nameSpan, found));
        }
        return new Reply(lines, List.of(), false);
    }

    private Browse.Found find(String name) {
        return Browse.find(scope(), name);
    }

    /** A module alias of the session, or a stdlib module by name (loaded if need be); null if neither. */
    CheckedProgram moduleNamed(String name) {
        CheckedProgram imported = state.program().imports().get(name);
        if (imported != null) {
            return imported;
        }
        if (!stdlibModules().contains(name)) {
            return null;
        }
        return engine.module(QualifiedName.of(name), null, new Diagnostics());
    }

    /** The stdlib's module names, listed once: completion and highlighting ask on every key. */
    List<String> stdlibModules() {
        if (stdlibModules == null) {
            stdlibModules = Stdlib.modules();
        }
        return stdlibModules;
    }

    private Diagnostic notFound(String name, Span span, Browse.Found found) {
        Set<String> candidates = new LinkedHashSet<>();
        CheckedProgram scope = found.scope() != null ? found.scope() : state.program();
        String prefix = found.scope() != null && found.scope() != state.program() ? name.substring(0, name.indexOf('.') + 1) : "";
        for (BindingInfo b : scope.bindings()) {
            candidates.add(prefix + b.name());
        }
        if (prefix.isEmpty()) {
            candidates.addAll(state.program().imports().keySet());
            candidates.addAll(stdlibModules());
        }
        String what = found.scope() == null && name.contains(".") ? "no module named `" + name.substring(0, name.indexOf('.')) + "`"
                : "no value named `" + name + "`";
        Diagnostic d = Diagnostic.error(span, what);
        List<String> close = Suggestions.closest(name, candidates, 3);
        return close.isEmpty() ? d.withHint(":env lists the session's values; :info MODULE a module's")
                : d.withHint("did you mean " + Suggestions.orList(close) + "?");
    }

    // ---- for completion and highlighting ------------------------------------------------------

    /** What Tab offers at {@code cursor} in {@code buffer}. */
    public Completions complete(String buffer, int cursor) {
        return Completions.at(scope(), buffer, cursor);
    }

    /** The session as a scope of names: its program and values, and the stdlib's modules. */
    Scope scope() {
        SessionState now = state;
        return new Scope() {
            @Override
            public CheckedProgram program() {
                return now.program();
            }

            @Override
            public boolean visible(BindingInfo binding) {
                return now.visible(binding);
            }

            @Override
            public CheckedProgram moduleNamed(String name) {
                return ReplSession.this.moduleNamed(name);
            }

            @Override
            public List<String> stdlibModules() {
                return ReplSession.this.stdlibModules();
            }

            @Override
            public Band band(BindingInfo binding) {
                return Band.point(now.values().valueOf(binding)); // completion and :info show one number
            }

            @Override
            public dev.chain.units.QuantityFormatter formatter() {
                return now.values().formatter();
            }
        };
    }

    /** How to colour {@code buffer}: commands, keywords, numbers, units, values, modules, functions. */
    public List<Highlights.Highlight> highlight(String buffer) {
        return Highlights.of(this, buffer);
    }

    /** The session's current program: its values, modules, functions and units. */
    CheckedProgram program() {
        return state.program();
    }

    SessionState state() {
        return state;
    }
}
