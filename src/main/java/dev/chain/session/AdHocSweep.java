package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Clause;
import dev.chain.ast.Domain;
import dev.chain.ast.Expr;
import dev.chain.ast.FigureKind;
import dev.chain.ast.QualifiedName;
import dev.chain.ast.Stmt;
import dev.chain.ast.Template;
import dev.chain.ast.Text;
import dev.chain.check.FigureInfo;
import dev.chain.diag.ChainException;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.eval.Inputs;
import dev.chain.eval.Sweep;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.SyntaxParser;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sweep that is not in the file: {@code chain sweep --over batch=1,8,16,64 --show floor,mixed},
 * or the REPL's {@code :sweep}. It is made into the figure a chain would write,
 * {@code table "..."} with {@code for batch in 1, 8, 16, 64} and {@code show floor, mixed}, and
 * checked with the chain by the one checker, so the command line and a file cannot disagree.
 */
public final class AdHocSweep {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_\\u00B5\\u00C0-\\u024F\\u0370-\\u03FF][\\w\\u00B5\\u00C0-\\u024F\\u0370-\\u03FF]*");

    /** The chain with the sweep's figure added, and the figure. */
    public record Prepared(LoadedChain chain, FigureInfo figure) {
        /** Evaluates the chain at every point, its own checks with it: what holds for its inputs may not hold elsewhere. */
        public Sweep run(Inputs overrides) throws ChainException {
            return Sweep.run(chain.code(), figure, overrides, true);
        }
    }

    private AdHocSweep() {}

    /**
     * The statements of {@code file} with a table of {@code overs} ({@code NAME=POINTS}) and
     * {@code shows} (names) after them, checked. Null after adding diagnostics: each about what was
     * given (the points, the names), in a source named after the option it came from.
     *
     * @param session whether {@code file} is the REPL's session (values on their own allowed)
     */
    public static Prepared prepare(Engine engine, ChainFile file, boolean session, List<String> overs, String overLabel,
                                   List<String> shows, String showLabel, Diagnostics diagnostics) {
        return prepare(engine, file, session, overs, overLabel, shows, showLabel, List.of(), diagnostics);
    }

    /**
     * As above, with {@code checks} under the figure, which must hold at each of its points
     * ({@code chain solve --where}), checked as a figure's checks are.
     */
    public static Prepared prepare(Engine engine, ChainFile file, boolean session, List<String> overs, String overLabel,
                                   List<String> shows, String showLabel, List<Stmt.Check> checks, Diagnostics diagnostics) {
        int before = diagnostics.size();
        List<Clause> clauses = new ArrayList<>();
        for (String over : overs) {
            Clause.For sweep = over(over, overLabel, diagnostics);
            if (sweep != null) {
                clauses.add(sweep);
            }
        }
        Clause.Show show = show(String.join(",", shows), showLabel, diagnostics);
        if (diagnostics.size() > before || show == null) {
            return null;
        }
        clauses.add(show);
        return load(engine, file, session, FigureKind.TABLE, clauses, checks, diagnostics);
    }

    /**
     * The statements of {@code file} with a table of these clauses (its {@code for} lines first)
     * and checks after them, checked with the chain; null after adding diagnostics.
     */
    static Prepared load(Engine engine, ChainFile file, boolean session, FigureKind kind, List<Clause> clauses,
                         List<Stmt.Check> checks, Diagnostics diagnostics) {
        Span first = clauses.get(0).span();
        Text title = new Text("sweep", first, first.start(), false);
        Stmt.Figure figure = new Stmt.Figure(kind, title, new Template(title, List.of(new Template.Literal("sweep"))),
                clauses, checks, first);
        List<Stmt> statements = new ArrayList<>(file.statements());
        statements.add(figure);
        ChainFile extended = new ChainFile(file.source(), statements, file.unparsedNames());
        LoadedChain chain = session ? engine.loadSession(extended, diagnostics) : engine.loadStatements(extended, diagnostics);
        if (chain == null) {
            return null;
        }
        List<FigureInfo> figures = chain.program().figures();
        return new Prepared(chain, figures.get(figures.size() - 1));
    }

    /** {@code batch=1,8,16,64}: an input and its points, the points read as after {@code for batch in}. */
    private static Clause.For over(String over, String label, Diagnostics diagnostics) {
        return over(over, label, "NAME=POINTS, such as " + label + " batch=1,8,16,64 or " + label + " batch=1..256", diagnostics);
    }

    /** As above; {@code expected} is what the option takes, for the error when it is not NAME=...: {@code NAME=RANGE, such as ...}. */
    static Clause.For over(String over, String label, String expected, Diagnostics diagnostics) {
        int eq = over.indexOf('=');
        String name = eq < 0 ? over.trim() : over.substring(0, eq).trim();
        if (eq < 0 || name.isEmpty()) {
            diagnostics.add(Diagnostic.error(null, label + " " + over + ": expected " + expected));
            return null;
        }
        String points = over.substring(eq + 1);
        Diagnostic ambiguous = ambiguousGroup(new SourceFile(label + " " + name, name + "=" + points), name, label);
        if (ambiguous != null) {
            diagnostics.add(ambiguous);
            return null;
        }
        SourceFile source = new SourceFile(label + " " + name, name + "=" + separated(points));
        if (!NAME.matcher(name).matches()) {
            diagnostics.add(Diagnostic.error(new Span(source, 0, name.length()), "`" + name + "` is not a name")
                    .withHint("name one of the chain's inputs, such as batch"));
            return null;
        }
        Domain domain = SyntaxParser.parseDomain(source, name.length() + 1, diagnostics);
        if (domain == null) {
            return null;
        }
        Expr.NameRef ref = new Expr.NameRef(QualifiedName.of(name), new Span(source, 0, name.length()), source.newNodeId());
        return new Clause.For(ref, domain, null, null, new Span(source, 0, source.text().length()));
    }

    /** {@code floor,mixed}: the names of the values to show. */
    private static Clause.Show show(String shows, String label, Diagnostics diagnostics) {
        SourceFile source = new SourceFile(label, shows);
        List<Expr.NameRef> names = new ArrayList<>();
        Matcher m = Pattern.compile("[^,\\s]+").matcher(shows);
        while (m.find()) {
            Span span = new Span(source, m.start(), m.end());
            if (!NAME.matcher(m.group()).matches()) {
                diagnostics.add(Diagnostic.error(span, "`" + m.group() + "` is not a name")
                        .withHint("list the values to show, separated by commas: floor,mixed"));
                return null;
            }
            names.add(new Expr.NameRef(QualifiedName.of(m.group()), span, source.newNodeId()));
        }
        if (names.isEmpty()) {
            diagnostics.add(Diagnostic.error(null, label + ": name the values to show, such as " + label + " floor,mixed"));
            return null;
        }
        return new Clause.Show(names, null, null, new Span(source, 0, shows.length()));
    }

    /**
     * {@code batch=1,2,4,8,16,32,64,128,256}: in a list whose points are separated by bare commas
     * (the shell's way), a comma followed by exactly three digits could be a separator or a digit
     * group; read as a group, 64,128,256 silently became one point. Such a list is refused, naming
     * both readings, unless the three digits start with 0 ({@code 1,024}: no point is written 024).
     * A list separated by {@code ", "} is written as in a file, where a bare comma groups digits; so
     * is one whose points carry a unit ({@link #hasUnit}); a range ({@code ..}) has no separators.
     * Null when nothing is ambiguous.
     */
    private static Diagnostic ambiguousGroup(SourceFile source, String name, String label) {
        String text = source.text();
        int start = name.length() + 1;
        if (text.indexOf("..", start) >= 0 || text.indexOf(", ", start) >= 0 || hasUnit(text, start)) {
            return null;
        }
        List<Integer> commas = new ArrayList<>();
        for (int i = start; i < text.length(); i++) {
            if (text.charAt(i) == ',') {
                commas.add(i);
            }
        }
        for (int k = 0; k < commas.size(); k++) {
            if (!inDoubt(text, commas.get(k))) {
                continue;
            }
            int last = k;
            while (last + 1 < commas.size() && inDoubt(text, commas.get(last + 1)) && commas.get(last + 1) == commas.get(last) + 4) {
                last++;
            }
            int from = k == 0 ? start : commas.get(k - 1) + 1;
            int to = commas.get(last) + 4;
            String run = text.substring(from, to);
            String[] parts = run.split(",");
            String points = String.join(", ", parts);
            int and = points.lastIndexOf(", ");
            String listed = points.substring(0, and) + " and " + points.substring(and + 2);
            return Diagnostic.error(new Span(source, from, to), "`" + run + "` could be one point, the number " + run
                            + ", or " + parts.length + " points, " + listed)
                    .withNote("a comma followed by three digits groups digits, as in 4,096; between points, a comma"
                            + " separates them")
                    .withHint("for the points, separate them with a comma and a space: " + label + " '" + name + "="
                            + spaced(text, start) + "'" + geometric(name, text.substring(start))
                            + "; for the one number, write it without commas: " + run.replace(",", ""));
        }
        return null;
    }

    /** The points from {@code start} with a space after every comma but a group's that starts with 0 (1,024). */
    private static String spaced(String text, int start) {
        StringBuilder out = new StringBuilder();
        for (int i = start; i < text.length(); i++) {
            out.append(text.charAt(i));
            if (text.charAt(i) == ',' && !(group(text, i) && text.charAt(i + 1) == '0')) {
                out.append(' ');
            }
        }
        return out.toString();
    }

    /**
     * Whether the points are written with a unit ({@code 1,024 token,8,192 token}): then the list
     * reading, 8 and 192 tokens, would leave a point without one, so a comma before three digits
     * can only group them.
     */
    private static boolean hasUnit(String text, int start) {
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isLetter(c) && c != 'e' && c != 'E' || c == '%') {
                return true;
            }
        }
        return false;
    }

    /** A comma between a digit and three more, the first not 0: a group, or a separator before a point of three digits. */
    private static boolean inDoubt(String text, int comma) {
        return group(text, comma) && text.charAt(comma + 1) != '0';
    }

    /** {@code ", or the range batch=1..256x2"} when the points are a whole number's successive powers times the first; else "". */
    private static String geometric(String name, String points) {
        String[] parts = points.split(",");
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                values[i] = Long.parseLong(parts[i]);
            } catch (NumberFormatException e) {
                return "";
            }
        }
        if (values.length < 3 || values[0] <= 0 || values[1] % values[0] != 0 || values[1] / values[0] < 2) {
            return "";
        }
        long factor = values[1] / values[0];
        for (int i = 2; i < values.length; i++) {
            if (values[i] != values[i - 1] * factor) {
                return "";
            }
        }
        return ", or the range " + name + "=" + values[0] + ".." + values[values.length - 1] + "x" + factor;
    }

    /**
     * Points as a shell writes them, {@code 1,8,16,64}, as chain reads them, {@code 1, 8, 16, 64}:
     * a comma followed by a space where it separates points. A comma followed by exactly three
     * digits (and no more) is a digit group, as everywhere in chain: {@code 1,024,2,048} is 1,024
     * and 2,048 (a group that does not start with 0 is refused first: {@link #ambiguousGroup}).
     */
    static String separated(String points) {
        StringBuilder out = new StringBuilder(points.length() + 8);
        for (int i = 0; i < points.length(); i++) {
            char c = points.charAt(i);
            out.append(c);
            if (c == ',' && !group(points, i) && i + 1 < points.length() && points.charAt(i + 1) != ' ') {
                out.append(' ');
            }
        }
        return out.toString();
    }

    private static boolean group(String s, int comma) {
        if (comma == 0 || !Character.isDigit(s.charAt(comma - 1))) {
            return false;
        }
        int digits = 0;
        int i = comma + 1;
        while (i < s.length() && Character.isDigit(s.charAt(i))) {
            digits++;
            i++;
        }
        return digits == 3;
    }
}
