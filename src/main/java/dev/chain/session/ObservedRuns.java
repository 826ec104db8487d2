package dev.chain.session;

import dev.chain.ast.Clause;
import dev.chain.ast.Text;
import dev.chain.check.BindingInfo;
import dev.chain.check.CheckedProgram;
import dev.chain.check.FigureSpec;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.Inputs;
import dev.chain.eval.FigureValues;
import dev.chain.observe.ObserveError;
import dev.chain.observe.Reading;
import dev.chain.observe.ResultFile;
import dev.chain.source.Span;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Many benchmark runs against a chain: result files, one per concurrency or batch as a benchmark
 * sweep writes them, each giving a point of an input ({@code batch=#max_concurrency}) and the
 * measured counterpart of values the chain derives ({@code floor=#median_itl_ms}); the chain then
 * evaluated at each run's point gives the expected side ({@code chain sweep --runs}, and a plot's
 * {@code observed "runs/" ...} line).
 */
public final class ObservedRuns {
    private ObservedRuns() {}

    /** One run: its file, the input's value there, and each value measured, in base units. */
    public record Run(String file, double x, double[] observed) {}

    /**
     * The runs, sorted by their input's value, and what they measured ({@code against}, in order),
     * as the plot's {@code observed} line names them ({@link FigureSpec.Runs}: the keys they were read by).
     */
    public record Runs(BindingInfo input, List<BindingInfo> against, List<Run> runs) {
        /**
         * The runs as a plot's measured side, with the plot's values at their points ({@code expected},
         * {@code [run][shown]}): each run's file, point and measurements, base units.
         */
        public FigureValues.Runs measured(dev.chain.eval.Program.Drawing expected) {
            double[][] observed = new double[runs.size()][];
            for (int r = 0; r < observed.length; r++) {
                observed[r] = runs.get(r).observed();
            }
            return new FigureValues.Runs(runs.stream().map(Run::file).toList(), points(), observed, expected);
        }

        /** Each run's point of the input, base units. */
        public double[] points() {
            return runs.stream().mapToDouble(Run::x).toArray();
        }
    }

    /**
     * A plot's measured runs ({@code observed "runs/" batch = "KEY", floor = "KEY"}) and the chain at
     * each run's point (the expected side), with {@code values} as the chain runs; null after
     * reporting (at the clause) why not.
     */
    public static FigureValues.Runs ofFigure(LoadedChain chain, FigureSpec.Plot figure, Inputs values, Diagnostics diagnostics) {
        Runs read = read(chain, figure, diagnostics);
        try {
            return read == null ? null : read.measured(FigureValues.Runs.expected(chain.code(), figure, read.points(), values));
        } catch (ChainException e) {
            e.diagnostics().forEach(diagnostics::add);
            return null;
        }
    }

    /**
     * A plot's runs (a fit's too), read from the files its {@code observed} line names: a file or a
     * folder, or several apart by commas ({@code --runs a/,b/}), each relative to the folder of the
     * file the line is written in, or where chain runs for one typed as an option; null after
     * reporting there.
     */
    public static Runs read(LoadedChain chain, FigureSpec.Plot figure, Diagnostics diagnostics) {
        FigureSpec.Runs spec = figure.runs();
        int before = diagnostics.size();
        List<Path> files = files(spec.decl().runs(), diagnostics);
        if (diagnostics.size() > before) {
            return null;
        }
        BindingInfo input = figure.axes().get(0).input();
        List<Run> runs = runs(chain.program(), files, spec.input(), input, spec.keys(), spec.values(), diagnostics);
        if (runs == null) {
            return null;
        }
        return new Runs(input, spec.values(), runs);
    }

    /** Each file's run (each line of a JSON Lines file, each row of a table): its point of {@code input} by {@code x}'s key, each value by its pair's; sorted by point, replicates in the order read. Null after reporting. */
    private static List<Run> runs(CheckedProgram program, List<Path> files, Clause.Observed.Key x, BindingInfo input,
                                  List<Clause.Observed.Key> pairs,
                                  List<BindingInfo> values, Diagnostics diagnostics) {
        int before = diagnostics.size();
        List<Run> runs = new ArrayList<>();
        KeyProblems keyProblems = new KeyProblems();
        boolean lineGiven = onALine(x);
        for (Clause.Observed.Key p : pairs) {
            lineGiven |= onALine(p);
        }
        for (Path file : files) {
            // A JSON Lines file (--append-result, SGLang's --output-file) is a sweep's runs, one per
            // line; unless a key names its line itself (3:median_itl_ms).
            int results = lineGiven ? 1 : ResultFile.results(file);
            // A file chain cannot read is said once, not once per key; a table's column it cannot read, once, not once per row.
            java.util.Set<String> said = new java.util.HashSet<>();
            for (int line = 1; line <= results; line++) {
                String shown = results == 1 ? file.toString() : file + ":" + line;
                Double at = value(program, file, shown, onLine(x, line, results), input, diagnostics, said, keyProblems);
                double[] observed = new double[values.size()];
                for (int i = 0; i < values.size(); i++) {
                    Double v = value(program, file, shown, onLine(pairs.get(i), line, results), values.get(i), diagnostics, said,
                            keyProblems);
                    observed[i] = v == null ? Double.NaN : v;
                }
                if (at != null) {
                    runs.add(new Run(shown, at, observed));
                }
            }
        }
        keyProblems.report(diagnostics);
        if (diagnostics.size() > before) {
            return null;
        }
        // Runs at one point are replicates, all kept (in the order read): each is a measurement, and
        // their spread is what a fit's residuals are made of.
        runs.sort(Comparator.comparingDouble(Run::x));
        return runs;
    }

    /** Whether a key names its line of a JSON Lines file itself ({@code 3:median_itl_ms}). */
    private static boolean onALine(Clause.Observed.Key p) {
        return p.key().value().matches("\\d+:.*");
    }

    /** The key on line {@code line} of a file of {@code results} results; the key itself for a file of one. */
    private static Clause.Observed.Key onLine(Clause.Observed.Key p, int line, int results) {
        Text key = p.key();
        return results == 1 ? p : new Clause.Observed.Key(p.name(), new Text(line + ":" + key.value(), key.span(), key.contentOffset(), false));
    }

    private static String name(Clause.Observed.Key k) {
        return k.name().name().last();
    }

    private static Double value(CheckedProgram program, Path file, String shown, Clause.Observed.Key pair, BindingInfo target,
                                Diagnostics diagnostics, java.util.Set<String> said, KeyProblems keyProblems) {
        Reading reading;
        try {
            reading = ResultFile.read(file, shown, pair.key().value());
        } catch (ObserveError e) {
            if (!said.add(e.getMessage())) {
                return null;
            }
            if (e.part() == ObserveError.Part.KEY) {
                keyProblems.add(e.getMessage().replace(shown, "\t") + "\t" + pair.key().span(), e, pair.key().span());
            } else {
                diagnostics.add(diagnostic(e, pair.key().span(), 0));
            }
            return null;
        }
        Diagnostic wrong = Observations.dimensionProblem(program.units(), reading, target, shown, pair.key().value(), pair.key().span());
        if (wrong != null) {
            if (said.add("the unit " + reading.unit() + " of " + name(pair))) { // a table's column: once, not once per row
                diagnostics.add(wrong);
            }
            return null;
        }
        return Observations.si(program.units(), reading);
    }

    /**
     * A key's problem that the runs share (nine vLLM files without {@code median_itl}), said once for
     * the first run, with how many others have it, rather than once per run: a folder of runs, or a
     * JSON Lines file of 2,000, would otherwise bury the terminal in one message.
     */
    private static final class KeyProblems {
        /** Each problem by its message without the run's name: as its first run said it, and how many runs said it. */
        private final java.util.Map<String, Problem> problems = new java.util.LinkedHashMap<>();

        private static final class Problem {
            final ObserveError first;
            final Span at;
            int runs;

            Problem(ObserveError first, Span at) {
                this.first = first;
                this.at = at;
            }
        }

        void add(String problem, ObserveError said, Span span) {
            Problem p = problems.get(problem);
            if (p == null) {
                p = new Problem(said, span);
                problems.put(problem, p);
            }
            p.runs++;
        }

        void report(Diagnostics diagnostics) {
            for (Problem p : problems.values()) {
                diagnostics.add(diagnostic(p.first, p.at, p.runs - 1));
            }
        }
    }

    /** A result file's problem at {@code span}: its notes, how many other runs have it too, then its hint. */
    private static Diagnostic diagnostic(ObserveError e, Span span, int others) {
        Diagnostic d = Diagnostic.error(span, e.getMessage());
        for (String note : e.notes()) {
            d = d.withNote(note);
        }
        if (others > 0) {
            d = d.withNote(others == 1 ? "and so does 1 other run" : "and so do " + String.format("%,d", others) + " other runs");
        }
        return e.hint() == null ? d : d.withHint(e.hint());
    }

    /**
     * The result files {@code runs} names, each a file or a folder of them (its files in name order,
     * hidden ones left out), relative to the folder of the file it is written in (where chain runs,
     * for an option's); each problem reported at its path.
     */
    private static List<Path> files(Text runs, Diagnostics diagnostics) {
        Path chain = runs.span().file().path();
        // As the chain's path is written (relative where it was), so that an error says where it looked as the user would.
        Path base = chain == null ? null : chain.getParent() != null ? chain.getParent() : chain.toAbsolutePath().getParent();
        int before = diagnostics.size();
        List<Path> files = new ArrayList<>();
        String[] paths = runs.value().split(",", -1);
        int from = 0;
        for (String p : paths) {
            // Its own span where it is one of several written without escapes; else the whole line's.
            Span at = paths.length == 1 || runs.hasEscapes() ? runs.span()
                    : new Span(runs.span().file(), runs.contentOffset() + from, runs.contentOffset() + from + p.length());
            from += p.length() + 1;
            Path path = base == null ? Path.of(p) : base.resolve(p);
            String where = base == null ? "" : " (looked for at " + path + ")";
            if (Files.isDirectory(path)) {
                try (Stream<Path> list = Files.list(path)) {
                    list.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("."))
                            .sorted().forEach(files::add);
                } catch (IOException e) {
                    diagnostics.add(Diagnostic.error(at, p + ": cannot read the folder: " + e.getMessage()));
                }
            } else if (Files.isRegularFile(path)) {
                files.add(path);
            } else if (Files.exists(path)) {
                // A FIFO or a device: never opened (it would wait, or never end), and said as what it is.
                diagnostics.add(Diagnostic.error(at, p + ": cannot read it: it is " + dev.chain.source.FileKind.of(path)
                                + ", not a file or a folder" + where)
                        .withHint("name a folder of benchmark result files, or one file"));
            } else {
                diagnostics.add(Diagnostic.error(at, p + ": no such file or folder" + where)
                        .withHint("name a folder of benchmark result files, or one file" + (base == null ? "" : ", relative to the chain's folder")));
            }
        }
        if (files.isEmpty() && diagnostics.size() == before) {
            diagnostics.add(Diagnostic.error(runs.span(), "no result files in " + String.join(", ", paths)));
        }
        return files;
    }
}
