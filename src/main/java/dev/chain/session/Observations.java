package dev.chain.session;

import dev.chain.ast.Annotation;
import dev.chain.ast.KeyedOption;
import dev.chain.check.BindingInfo;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.diag.Suggestions;
import dev.chain.eval.Inputs;
import dev.chain.eval.Origin;
import dev.chain.observe.ObserveError;
import dev.chain.observe.Reading;
import dev.chain.observe.ResultFile;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.SyntaxParser;
import dev.chain.units.Dimension;
import dev.chain.units.UnitRegistry;
import dev.chain.units.UnitTerm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Inputs given the values measured in benchmark files: the chain's own {@code @observed("FILE#KEY")}
 * on an input (its path relative to the chain), then {@code --observe NAME=FILE#KEY} (relative to
 * where chain runs), which replaces it. A {@code --set} of an input the chain observes wins over
 * the chain's source: the reader asked for that number.
 */
final class Observations {
    private Observations() {}

    /** What binding found: the inputs set, each observation by slot; or, after errors, why not. */
    record Bound(Inputs inputs, Map<Integer, Origin.Measured> bySlot, boolean usage) {
        static final Bound NONE = new Bound(Inputs.NONE, Map.of(), false);
    }

    /** One source to read: for the input {@code target}, the file and the key, and where each is written. */
    private record Wanted(BindingInfo target, String file, String key, Span fileSpan, Span keySpan, Path base) {}

    /** The name an {@code --observe} option sets, or null when it is malformed. */
    static String name(String option) {
        KeyedOption k = SyntaxParser.parseKeyed("--observe", option, true, true, "NAME=FILE#KEY", new Diagnostics());
        return k == null ? null : k.name().name().last();
    }

    /**
     * Reads every source of the chain's inputs; null bySlot after reporting a problem (usage set
     * when the problem is the option itself: exit 2).
     */
    static Bound bind(LoadedChain chain, SourceFile source, List<String> options, List<String> sets, Diagnostics diagnostics) {
        Map<BindingInfo, Wanted> wanted = new LinkedHashMap<>();
        Path chainDir = source.path() == null ? null : source.path().toAbsolutePath().getParent();
        // The chain's own sources: checked by the checker to be on inputs, one text FILE#KEY each.
        for (BindingInfo b : chain.program().inputs()) {
            for (Annotation a : b.decl().annotations()) {
                if (a.name().equals("observed") && a.args().size() == 1 && !setBy(sets, b.name())) {
                    // Its form checked by the checker; said at the annotation, where the text is written.
                    KeyedOption k = SyntaxParser.parseKeyed("@observed", a.args().get(0), false, true, "FILE#KEY", new Diagnostics());
                    if (k != null) {
                        wanted.put(b, new Wanted(b, k.file(), k.key(), a.span(), a.span(), chainDir));
                    }
                }
            }
        }
        int before = diagnostics.size();
        for (String option : options) {
            KeyedOption k = SyntaxParser.parseKeyed("--observe", option, true, true,
                    "NAME=FILE#KEY, such as --observe p50=bench.json#median_itl_ms", diagnostics);
            if (k == null) {
                continue;
            }
            String name = k.name().name().last();
            Span nameSpan = k.name().span();
            BindingInfo target = chain.program().binding(name);
            if (target == null || !target.input() || target.isText()) {
                diagnostics.add(notAnInput(chain, name, target, nameSpan));
                continue;
            }
            if (setBy(sets, name)) {
                diagnostics.add(Diagnostic.error(nameSpan, "`" + name + "` is both set (--set) and observed (--observe)")
                        .withHint("give one value: the number you typed, or the one measured"));
                continue;
            }
            wanted.put(target, new Wanted(target, k.file(), k.key(), k.fileSpan(), k.keySpan(), null));
        }
        if (diagnostics.size() > before) {
            return new Bound(null, null, true);
        }
        Inputs inputs = Inputs.NONE;
        Map<Integer, Origin.Measured> bySlot = new LinkedHashMap<>();
        for (Wanted w : wanted.values()) {
            Measurement m = read(chain, w, diagnostics);
            // A measurement past the input's bounds (a share of 150%): a wrong key or unit, said at the key.
            Diagnostic outside = m == null ? null : dev.chain.check.Bounds.of(w.target()).outside(w.target(), m.si(), w.keySpan(),
                    chain.formatter(), "a measurement past its input's bound: check the key and the unit it is read in, or the bound");
            if (outside != null) {
                diagnostics.add(outside);
            } else if (m != null) {
                inputs = inputs.with(w.target().slot(), m.si());
                bySlot.put(w.target().slot(), m.origin());
            }
        }
        if (diagnostics.size() > before) {
            return new Bound(null, null, false);
        }
        return new Bound(inputs, Map.copyOf(bySlot), false);
    }

    private static boolean setBy(List<String> sets, String name) {
        for (String set : sets) {
            int eq = set.indexOf('=');
            if (eq > 0 && set.substring(0, eq).trim().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** A number read for an input, in base units, and where it was read. */
    private record Measurement(double si, Origin.Measured origin) {}

    private static Measurement read(LoadedChain chain, Wanted w, Diagnostics diagnostics) {
        Path path = w.base() == null ? Path.of(w.file()) : w.base().resolve(w.file());
        Reading reading;
        try {
            reading = ResultFile.read(path, w.file(), w.key());
        } catch (ObserveError e) {
            Diagnostic d = Diagnostic.error(e.part() == ObserveError.Part.FILE ? w.fileSpan() : w.keySpan(), e.getMessage());
            for (String note : e.notes()) {
                d = d.withNote(note);
            }
            String hint = e.part() == ObserveError.Part.FILE && !Files.exists(path) ? pathCutAtHash(w) : null;
            hint = hint != null ? hint : e.hint();
            diagnostics.add(hint == null ? d : d.withHint(hint));
            return null;
        } catch (RuntimeException e) {
            // A file no writer produces (a number too deep, a stray token): its own error, never a crash.
            diagnostics.add(Diagnostic.error(w.fileSpan(), w.file() + " could not be read as a result file: " + e.getMessage()));
            return null;
        }
        BindingInfo target = w.target();
        Diagnostic wrong = dimensionProblem(chain.program().units(), reading, target, w.file(), w.key(), w.keySpan());
        if (wrong != null) {
            diagnostics.add(wrong);
            return null;
        }
        return new Measurement(si(chain.program().units(), reading), new Origin.Measured(w.file(), w.key(), reading.format()));
    }

    /**
     * For a file not found whose key holds a {@code #}: the path the user meant went on past the
     * first {@code #} ({@code runs#3/bench.json#median_itl_ms} reads the file {@code runs}), so
     * say how to write it, naming the file when one of the longer paths is there; else null.
     */
    private static String pathCutAtHash(Wanted w) {
        int hash = w.key().indexOf('#');
        if (hash < 0) {
            return null;
        }
        for (int i = hash; i >= 0; i = w.key().indexOf('#', i + 1)) {
            String meant = w.file() + "#" + w.key().substring(0, i);
            Path path = w.base() == null ? Path.of(meant) : w.base().resolve(meant);
            if (Files.isRegularFile(path)) {
                return "the path ends at the first single #, but " + meant + " is a file: write each # of its path twice, "
                        + KeyedOption.written(meant) + "#" + w.key().substring(i + 1);
            }
        }
        return "the path ends at the first single #, and the key is the rest (" + w.key()
                + "): a # of a path is written twice, as runs##3.json#median_itl_ms";
    }

    /** The reading in base units; its unit is one {@link #dimensionProblem} found known. */
    static double si(UnitRegistry units, Reading reading) {
        double factor = 1;
        String[] parts = reading.unit().isEmpty() ? new String[0] : reading.unit().split("/");
        for (int i = 0; i < parts.length; i++) {
            UnitTerm term = units.resolve(parts[i]);
            factor = i == 0 ? factor * term.factor() : factor / term.factor();
        }
        return reading.value() * factor;
    }

    /** Why the reading cannot be the value of {@code target} (its unit unknown, its dimension another), or null. */
    static Diagnostic dimensionProblem(UnitRegistry units, Reading reading, BindingInfo target, String file, String key, Span at) {
        Dimension dimension = Dimension.NONE;
        String[] parts = reading.unit().isEmpty() ? new String[0] : reading.unit().split("/");
        for (int i = 0; i < parts.length; i++) {
            UnitTerm term = units.resolve(parts[i]);
            if (term == null) {
                Diagnostic unknown = Diagnostic.error(at, "the unit of " + key + ", " + reading.unit() + ", is not one this chain knows");
                // A table's unit is its header's, written by a person: say where to write it as chain does.
                return reading.format().equals("CSV") || reading.format().equals("TSV")
                        ? unknown.withHint("write the unit in the header's parentheses as chain writes it: rate (token/s), weights (GB)")
                        : unknown;
            }
            dimension = i == 0 ? dimension.multiply(term.unit().dimension()) : dimension.divide(term.unit().dimension());
        }
        if (dimension.equals(target.dimension())) {
            return null;
        }
        String measured = reading.unit().isEmpty() ? "a plain number" : units.describe(dimension);
        return Diagnostic.error(at, "`" + target.name() + "` is " + units.describe(target.dimension())
                        + ", but " + key + " in " + file + " is " + measured)
                .withLabel(target.decl().nameSpan(), target.input() ? "the input" : "the value")
                .withHint("observe a number of the value's kind: a latency into a time, a throughput into a rate");
    }

    private static Diagnostic notAnInput(LoadedChain chain, String name, BindingInfo target, Span at) {
        List<String> inputs = new ArrayList<>();
        for (BindingInfo b : chain.program().inputs()) {
            if (!b.isText()) {
                inputs.add(b.name());
            }
        }
        String known = inputs.isEmpty() ? "this chain has no inputs" : "its inputs are " + String.join(", ", inputs);
        if (target == null) {
            Diagnostic d = Diagnostic.error(at, "the chain has no input named `" + name + "`");
            List<String> close = Suggestions.closest(name, inputs, 3);
            return (close.isEmpty() ? d : d.withHint("did you mean " + Suggestions.orList(close) + "?")).withNote(known);
        }
        return Diagnostic.error(at, "`" + name + "` is " + (target.isText() ? "text" : "derived") + ", not an input: only an input can be observed")
                .withNote(known);
    }
}
