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
    /** ...and where each one is in the file (as ints: boxing one per character was a tenth of a site's check). */
    private int[] offsets;
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
        parser.offsets = new int[raw.length()]; // at most one character per character written
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
        for (int i = 1; i < last; i++) {
            char c = raw.charAt(i);
            int at = start + i;
            if (c == '\\' && i + 1 < last) {
                char next = raw.charAt(++i);
                c = switch (next) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> next; // \" and \\; the lexer reported any other escape
                };
            }
            add(c, at);
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
        for (int i = 0; i <= body.length(); i++) {
            if (i < body.length() && body.charAt(i) != '\n') {
                continue;
            }
            int from = lineStart;
            int to = i;
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
                    add(pendingBreak ? '\n' : ' ', base + lineStart - 1);
                }
                pendingBreak = false;
                for (int c = from; c < to; c++) {
                    add(body.charAt(c), base + c);
                }
            }
            lineStart = i + 1;
        }
    }

    private void add(char c, int offset) {
        offsets[chars.length()] = offset;
        chars.append(c);
    }

    // ---- parsing --------------------------------------------------------------------------------

    private List<Template.Part> parts() {
        List<Template.Part> parts = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        int i = 0;
        while (i < chars.length()) {
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
            } else if (c == '{') {
                int close = i + 1;
                while (close < chars.length() && chars.charAt(close) != '}' && chars.charAt(close) != '\n'
                        && chars.charAt(close) != '{') {
                    close++;
                }
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
            } else {
                literal.append(c);
                i++;
            }
        }
        flush(literal, parts);
        return parts;
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
            boolean isFormat = first == '#' || first == ',' || first == '.';
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
        int start = from < chars.length() ? offsets[from] : end;
        int stop = to - 1 < chars.length() && to > from ? offsets[to - 1] + 1 : start;
        return new Span(file, start, Math.max(start, stop));
    }

    private void error(Span span, String message, String hint) {
        failed = true;
        Diagnostic d = Diagnostic.error(span, message);
        diagnostics.add(hint == null ? d : d.withHint(hint));
    }
}
