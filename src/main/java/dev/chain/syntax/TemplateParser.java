package dev.chain.syntax;

import dev.chain.ast.Expr;
import dev.chain.ast.QualifiedName;
import dev.chain.ast.Template;
import dev.chain.ast.Text;
import dev.chain.ast.UnitRef;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the template mini-language inside a string:
 * <pre>
 *   {name}            the value as the card shows it          15.05 ms, 2,112 tokens
 *   {name:ms}         in a unit                               15.05 ms
 *   {name:.1f}        with a number format                    33.9 TFLOP
 *   {name:ms:.2f}     both
 *   {name:#}          the number without its unit             3,000
 *   {name:#.3g}       ... with a format                       8.03e9
 *   {=name}           the formula with values substituted     (16.06 GB + 34.36 GB) / 3.35 TB/s
 *   {=name:#}         ... numbers without units               3,000 - 2,432
 *   {name:words}      a whole number up to twenty in words    four
 *   {{ and }}         literal braces
 * </pre>
 * A line break is {@code \n} in a quoted string, or a blank line in a {@code """triple-quoted"""}
 * one, whose other line ends are spaces: a long template can be written over several lines and is
 * wrapped when rendered. A line break is a new line of the card's code block, or a new paragraph
 * of prose. Every placeholder gets a span inside the string, so that the checker's errors point
 * into it.
 */
final class TemplateParser {
    private final SourceFile file;
    private final Diagnostics diagnostics;
    /** The template's characters with escapes resolved and indentation removed... */
    private final StringBuilder chars = new StringBuilder();
    /**
     * ...and where they are in the file, as runs: run k starts at template character
     * {@code runStart[k]}, which is at file offset {@code runOffset[k]}, and each character after
     * it in the run is one further on. A run ends at an escape or a line end. Read in runs, a
     * template costs a few copies instead of a few calls per character, which a cold start runs
     * in the interpreter.
     */
    private int[] runStart = new int[8];
    private int[] runOffset = new int[8];
    private int runs;
    private int end;
    private boolean failed;

    private TemplateParser(SourceFile file, Diagnostics diagnostics) {
        this.file = file;
        this.diagnostics = diagnostics;
    }

    /** The template, or null after reporting what is wrong with it. */
    static Template parse(Text text, Diagnostics diagnostics) {
        TemplateParser parser = new TemplateParser(text.span().file(), diagnostics);
        String raw = text.span().text();
        if (raw.startsWith("\"\"\"") && raw.length() >= 6) {
            parser.readTripleQuoted(raw, text.span().start());
        } else {
            parser.readQuoted(raw, text.span().start());
        }
        parser.end = text.span().end();
        List<Template.Part> parts = parser.parts();
        return parser.failed ? null : new Template(text, parts);
    }

    // ---- reading the string -------------------------------------------------------------------

    /** A {@code "..."} string: escapes resolved, each character keeping its offset. */
    private void readQuoted(String raw, int start) {
        int last = raw.endsWith("\"") && raw.length() > 1 ? raw.length() - 1 : raw.length();
        int i = 1;
        while (i < last) {
            int escape = raw.indexOf('\\', i);
            if (escape < 0 || escape + 1 >= last) { // none, or a last backslash, which stands for itself
                addRun(raw, i, last, start + i);
                return;
            }
            addRun(raw, i, escape, start + i);
            char next = raw.charAt(escape + 1);
            char c = switch (next) {
                case 'n' -> '\n';
                case 't' -> '\t';
                default -> next; // \" and \\; the lexer reported any other escape
            };
            addChar(c, start + escape); // at its backslash
            i = escape + 2;
        }
    }

    /**
     * A {@code """..."""} string: each line trimmed, lines joined by a space, and a blank line
     * (or several) read as one line break.
     */
    private void readTripleQuoted(String raw, int start) {
        String body = raw.substring(3, raw.length() - 3);
        int base = start + 3;
        boolean pendingBreak = false;
        int lineStart = 0;
        while (lineStart <= body.length()) {
            int lineEnd = body.indexOf('\n', lineStart);
            if (lineEnd < 0) {
                lineEnd = body.length();
            }
            int from = lineStart;
            int to = lineEnd;
            while (from < to && Character.isWhitespace(body.charAt(from))) {
                from++;
            }
            while (to > from && Character.isWhitespace(body.charAt(to - 1))) {
                to--;
            }
            if (from == to) {
                pendingBreak = chars.length() > 0;
            } else {
                if (chars.length() > 0) {
                    addChar(pendingBreak ? '\n' : ' ', base + lineStart - 1);
                }
                pendingBreak = false;
                addRun(body, from, to, base + from);
            }
            lineStart = lineEnd + 1;
        }
    }

    /** Appends {@code text[from, to)}, whose first character is at {@code offset} in the file. */
    private void addRun(String text, int from, int to, int offset) {
        if (from < to) {
            startRun(offset);
            chars.append(text, from, to);
        }
    }

    private void addChar(char c, int offset) {
        startRun(offset);
        chars.append(c);
    }

    /** The next character is at {@code offset}: a new run, unless it continues the last one. */
    private void startRun(int offset) {
        int index = chars.length();
        if (runs > 0 && offset - runOffset[runs - 1] == index - runStart[runs - 1]) {
            return;
        }
        if (runs == runStart.length) {
            runStart = java.util.Arrays.copyOf(runStart, runs * 2);
            runOffset = java.util.Arrays.copyOf(runOffset, runs * 2);
        }
        runStart[runs] = index;
        runOffset[runs] = offset;
        runs++;
    }

    /** Where template character {@code index} (one of {@code chars}) is in the file. */
    private int offsetOf(int index) {
        int k = java.util.Arrays.binarySearch(runStart, 0, runs, index);
        if (k < 0) {
            k = -k - 2; // the run it is in starts before it
        }
        return runOffset[k] + (index - runStart[k]);
    }

    // ---- parsing --------------------------------------------------------------------------------

    private List<Template.Part> parts() {
        List<Template.Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        String text = chars.toString();
        Special special = new Special(text);
        int i = 0;
        while (i < chars.length()) {
            int next = special.from(i); // plain text up to there: copied at once
            if (next > i) {
                literal.append(text, i, next);
                i = next;
                continue;
            }
            char c = chars.charAt(i);
            if (c == '{' && i + 1 < chars.length() && chars.charAt(i + 1) == '{') {
                literal.append('{');
                i += 2;
            } else if (c == '}' && i + 1 < chars.length() && chars.charAt(i + 1) == '}') {
                literal.append('}');
                i += 2;
            } else if (c == '}') {
                error(span(i, i + 1), "unmatched `}` in a template", "write `}}` for a brace in the text");
                i++;
            } else if (c == '\n') {
                flush(literal, parts);
                parts.add(new Template.LineBreak());
                i++;
            } else { // c == '{'
                int close = special.from(i + 1);
                if (close >= chars.length() || chars.charAt(close) != '}') {
                    error(span(i, i + 1), "unclosed `{` in a template",
                            "a value is written {name}; write `{{` for a brace in the text");
                    i = close;
                    continue;
                }
                flush(literal, parts);
                Template.Placeholder p = placeholder(i, close);
                if (p != null) {
                    parts.add(p);
                }
                i = close + 1;
            }
        }
        flush(literal, parts);
        return parts;
    }

    /**
     * Finds the next character that means something in a template ({@code { } \n}), each kind
     * looked up again only once it is passed, so that a long template is read once.
     */
    private static final class Special {
        private final String text;
        private final int[] next = {-1, -1, -1};
        private static final char[] KINDS = {'{', '}', '\n'};

        Special(String text) {
            this.text = text;
        }

        /** The index of the first special character at or after {@code from}, or the length. */
        int from(int from) {
            int first = text.length();
            for (int k = 0; k < KINDS.length; k++) {
                if (next[k] < from && next[k] != text.length()) {
                    int found = text.indexOf(KINDS[k], from);
                    next[k] = found < 0 ? text.length() : found;
                }
                first = Math.min(first, next[k]);
            }
            return first;
        }
    }

    private static void flush(StringBuilder literal, List<Template.Part> parts) {
        if (literal.length() > 0) {
            parts.add(new Template.Literal(literal.toString()));
            literal.setLength(0);
        }
    }

    /** The placeholder between the braces at {@code open} and {@code close}; null after an error. */
    private Template.Placeholder placeholder(int open, int close) {
        Span whole = span(open, close + 1);
        int i = open + 1;
        Template.Form form = Template.Form.VALUE;
        if (i < close && chars.charAt(i) == '=') {
            form = Template.Form.FORMULA;
            i++;
        }
        // The name: identifiers joined by dots.
        int nameStart = i;
        List<String> parts = new ArrayList<>();
        while (true) {
            int partStart = i;
            while (i < close && isNameChar(chars.charAt(i), i == partStart)) {
                i++;
            }
            if (i == partStart) {
                Span at = i < close ? span(i, i + 1) : whole;
                error(at, i == nameStart ? "expected a name in `" + whole.text() + "`" : "expected a name after `.`",
                        "a value is written {name}, {module.name}, {name:unit}, {name:.2f} or {=name}");
                return null;
            }
            parts.add(chars.substring(partStart, i));
            if (i < close && chars.charAt(i) == '.' && i + 1 < close && isNameChar(chars.charAt(i + 1), true)) {
                i++;
                continue;
            }
            break;
        }
        Expr.NameRef name = new Expr.NameRef(new QualifiedName(parts), span(nameStart, i), file.newNodeId());
        UnitRef unit = null;
        String format = null;
        Span formatSpan = null;
        boolean bare = false;
        boolean words = false;
        while (i < close) {
            if (chars.charAt(i) != ':') {
                error(span(i, close), "unexpected `" + chars.substring(i, close) + "` after `" + name.name() + "`",
                        "what follows a name is `:unit` and then `:format`, such as {" + name.name() + ":ms:.2f}");
                return null;
            }
            int segStart = ++i;
            while (i < close && chars.charAt(i) != ':') {
                i++;
            }
            if (segStart == i) {
                error(span(segStart - 1, segStart), "expected a unit or a format after `:`",
                        "such as {" + name.name() + ":ms}, {" + name.name() + ":.2f} or {" + name.name() + ":#}");
                return null;
            }
            char first = chars.charAt(segStart);
            if (chars.substring(segStart, i).equals("words")) {
                if (form == Template.Form.FORMULA || format != null || bare || words) {
                    error(span(segStart, i), "`words` takes no other format, and shows a value, not a formula", null);
                    return null;
                }
                words = true;
                continue;
            }
            // `kmbt` alone, four significant digits with a count's suffix (70B), is a format, not a unit.
            boolean isFormat = first == '#' || first == ',' || first == '.' || chars.substring(segStart, i).equals("kmbt");
            if (isFormat) {
                if (format != null || bare || words) {
                    error(span(segStart, i), "a template value takes one format", null);
                    return null;
                }
                int specStart = segStart;
                if (first == '#') {
                    bare = true;
                    specStart++;
                }
                if (specStart < i) {
                    format = chars.substring(specStart, i);
                    formatSpan = span(specStart, i);
                }
            } else {
                if (format != null || bare || words) {
                    error(span(segStart, i), "the unit comes before the format",
                            "write {" + name.name() + ":" + chars.substring(segStart, i) + ":" + (bare ? "#" : "")
                                    + (format == null ? "" : format) + "}");
                    return null;
                }
                if (unit != null) {
                    error(span(segStart, i), "a template value takes one unit", null);
                    return null;
                }
                if (form == Template.Form.FORMULA) {
                    error(span(segStart, i), "a formula is shown in the units it is written in",
                            "{=" + name.name() + "} takes only a format, such as {=" + name.name() + ":#}");
                    return null;
                }
                unit = unit(segStart, i);
                if (unit == null) {
                    return null;
                }
            }
        }
        return new Template.Placeholder(form, name, unit, format, formatSpan, bare, words, whole);
    }

    /** A unit as in {@code 3.35 TB/s}: names (or %) with optional powers, joined by / or ·. */
    private UnitRef unit(int from, int to) {
        List<UnitRef.Factor> factors = new ArrayList<>();
        int sign = 1;
        int i = from;
        while (i < to) {
            int start = i;
            if (chars.charAt(i) == '%') {
                i++;
            } else {
                while (i < to && isNameChar(chars.charAt(i), i == start)) {
                    i++;
                }
            }
            if (i == start) {
                error(span(i, i + 1), "`" + chars.substring(from, to) + "` is not a unit or a format",
                        "a unit is written as after a number (ms, GB, TB/s, B/token); a format starts with `.`, `,` or `#`");
                return null;
            }
            String unitName = chars.substring(start, i);
            int exponent = 1;
            if (i < to && chars.charAt(i) == '^') {
                int expStart = ++i;
                if (i < to && chars.charAt(i) == '-') {
                    i++;
                }
                while (i < to && Character.isDigit(chars.charAt(i))) {
                    i++;
                }
                String digits = chars.substring(expStart, i);
                if (digits.isEmpty() || digits.equals("-") || digits.length() > 3) {
                    error(span(expStart - 1, i), "a unit's exponent must be a small whole number", null);
                    return null;
                }
                exponent = Integer.parseInt(digits);
            }
            factors.add(new UnitRef.Factor(unitName, sign * exponent, span(start, i)));
            if (i < to) {
                char op = chars.charAt(i);
                if (op != '/' && op != '·') {
                    error(span(i, i + 1), "unexpected `" + op + "` in the unit `" + chars.substring(from, to) + "`", null);
                    return null;
                }
                sign = op == '/' ? -1 : 1;
                i++;
                if (i == to) {
                    error(span(i - 1, i), "a unit cannot end with `" + op + "`", null);
                    return null;
                }
            }
        }
        return new UnitRef(factors, span(from, to), file.newNodeId());
    }

    private static boolean isNameChar(char c, boolean first) {
        return Character.isLetter(c) || c == '_' || (!first && Character.isDigit(c));
    }

    // ---- spans and errors ---------------------------------------------------------------------

    /** The span in the file of the template characters [from, to). */
    private Span span(int from, int to) {
        int start = from < chars.length() ? offsetOf(from) : end;
        int stop = to - 1 < chars.length() && to > from ? offsetOf(to - 1) + 1 : start;
        return new Span(file, start, Math.max(start, stop));
    }

    private void error(Span span, String message, String hint) {
        failed = true;
        Diagnostic d = Diagnostic.error(span, message);
        diagnostics.add(hint == null ? d : d.withHint(hint));
    }
}
