package dev.chain.syntax;

import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import dev.chain.source.Span;
import dev.chain.syntax.antlr.ChainLexer;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.Vocabulary;

/**
 * Turns ANTLR's syntax errors into diagnostics. Reports at most one error per line, because
 * after the first mistake on a line the parser's further complaints are noise; tokens already
 * reported by the token scan (a bad number, an unterminated string) are not reported twice.
 */
final class SyntaxErrors extends BaseErrorListener {
    /** The letters papers write after a count (77M params, 15.7K slots, 8B params) and the power of ten of each. */
    private static final Map<String, Integer> COUNT_LETTERS = Map.of(
            "k", 3, "K", 3, "M", 6, "B", 9, "G", 9, "T", 12, "P", 15, "E", 18);

    private final SourceFile source;
    private final Diagnostics diagnostics;
    private final OffsetMap offsets;
    private final Set<Integer> reportedLines = new HashSet<>();
    private final int maxErrors;
    private int count;

    SyntaxErrors(SourceFile source, Diagnostics diagnostics, OffsetMap offsets, int maxErrors) {
        this.source = source;
        this.diagnostics = diagnostics;
        this.offsets = offsets;
        this.maxErrors = maxErrors;
    }

    int count() {
        return count;
    }

    /** What text ending too soon lacks, said in its place ({@code :sweep}'s values); null for a statement's. */
    private String endMessage;
    private String endHint;

    /** Whether a line may be a binding (a file's, the REPL's), so that `batch 64` is likely one without its `=`. */
    private boolean statements;

    void statements() {
        statements = true;
    }

    /** Whether the text is a condition alone (--where), so that a line with no `check` is one too. */
    private boolean condition;

    void condition() {
        condition = true;
    }

    /** Whether the text is the REPL's :solve, whose condition is one check. */
    private boolean solve;

    void solve() {
        solve = true;
    }

    /** Whether the text is an input and its points on their own (--over, :sweep), whose rows may carry labels. */
    private boolean points;

    void points() {
        points = true;
    }

    void atEnd(String message, String hint) {
        endMessage = message;
        endHint = hint;
    }

    /** Marks a line as having an error already; false if it had one. */
    boolean reportedLine(int line) {
        return reportedLines.add(line);
    }

    @Override
    public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int charPositionInLine,
                            String msg, RecognitionException e) {
        if (!(offendingSymbol instanceof Token token)) {
            int at = source.lineStart(Math.max(1, Math.min(line, source.lineCount())));
            if (reportedLines.add(source.lineOf(at)) && ++count <= maxErrors) {
                diagnostics.add(Diagnostic.error(new Span(source, at, at), msg));
            }
            return;
        }
        Span span = offsets.span(token);
        // Lines as chain counts them (a lone \r ends a line too), not as ANTLR does.
        if (!reportedLines.add(source.lineOf(span.start()))) {
            return;
        }
        if (++count > maxErrors) {
            throw new GrammarParser.StopReading();
        }
        Vocabulary vocabulary = recognizer.getVocabulary();
        tokens = recognizer.getInputStream() instanceof TokenStream stream ? stream : null;
        Span open = unclosedAbove(token, span);
        Token operator = open == null ? operatorAbove(token, span) : null;
        if (operator != null) {
            Span at = offsets.span(operator);
            diagnostics.add(Diagnostic.error(span, "unexpected `" + token.getText() + "`")
                    .withLabel(at, "line " + at.line() + " ends with `" + operator.getText() + "`")
                    .withHint("finish line " + at.line() + " after its `" + operator.getText() + "`, or remove it: line "
                            + span.line() + " is read as the rest of line " + at.line() + "'s statement"));
            return;
        }
        diagnostics.add(open == null ? describe(token, span, vocabulary)
                : Diagnostic.error(span, "unexpected `" + token.getText() + "`")
                        .withLabel(open, "this `(` is not closed")
                        .withHint("close it: line " + span.line() + " is read as the rest of line " + open.line()
                                + "'s statement while a `(` is open"));
    }

    /**
     * The `(` left open on a line above the one the parser stopped at, or null: a line is read as
     * the continuation of one above it while a parenthesis there is open, so the mistake is that
     * parenthesis, not the token the parser stopped at (`c = b * 2` under `b = a * (3 +` stops at
     * its `=`). An end of line or of input is not looked at: its hint already asks for a `)`.
     */
    private Span unclosedAbove(Token token, Span span) {
        if (token.getType() == Token.EOF || token.getType() == ChainLexer.NL) {
            return null;
        }
        int depth = 0;
        for (Token t = previous(token); t != null && t.getType() != ChainLexer.NL; t = previous(t)) {
            if (t.getType() == ChainLexer.RPAREN) {
                depth++;
            } else if (t.getType() == ChainLexer.LPAREN && depth-- == 0) {
                Span open = offsets.span(t);
                return open.line() == span.line() ? null : open;
            }
        }
        return null;
    }

    /**
     * The operator that ends a line above the one the parser stopped at, or null: an indented line
     * after one that ends with an operator ({@code a = 1 +}, {@code observed "runs/" batch =}) is read
     * as its continuation, so the mistake is that line's end, not the token the parser stopped at
     * ({@code b = 2} under {@code a = 1 +} stops at its {@code =}).
     */
    private Token operatorAbove(Token token, Span span) {
        if (token.getType() == Token.EOF || token.getType() == ChainLexer.NL) {
            return null;
        }
        Token first = token;
        for (Token t = previous(token); t != null && t.getType() != ChainLexer.NL && offsets.span(t).line() == span.line();
             t = previous(t)) {
            first = t;
        }
        Token before = previous(first);
        if (before == null || offsets.span(before).line() == span.line()) {
            return null;
        }
        return switch (before.getType()) {
            case ChainLexer.ASSIGN, ChainLexer.PLUS, ChainLexer.MINUS, ChainLexer.STAR, ChainLexer.SLASH, ChainLexer.UNIT_PER,
                 ChainLexer.DOT_OP, ChainLexer.UNIT_SLASH, ChainLexer.UNIT_DOT, ChainLexer.ARROW, ChainLexer.COMMA,
                 ChainLexer.CARET, ChainLexer.PLUSMINUS -> before;
            default -> null;
        };
    }

    private TokenStream tokens;

    private Token next(Token token) {
        if (tokens == null) {
            return null;
        }
        for (int i = token.getTokenIndex() + 1; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.getChannel() == Token.DEFAULT_CHANNEL) {
                return t;
            }
        }
        return null;
    }

    private Token previous(Token token) {
        if (tokens == null || token.getTokenIndex() <= 0) {
            return null;
        }
        for (int i = token.getTokenIndex() - 1; i >= 0; i--) {
            Token t = tokens.get(i);
            if (t.getChannel() == Token.DEFAULT_CHANNEL) {
                return t;
            }
        }
        return null;
    }

    /** The text from {@code span} to the end of its line, without a comment. */
    private String restOfLine(Span span) {
        String text = source.text();
        int end = span.start();
        while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r' && text.charAt(end) != '#') {
            end++;
        }
        return text.substring(span.start(), end).strip();
    }

    /** The first token of the statement {@code token} is in, or null. */
    private Token firstOnLine(Token token) {
        Token first = null;
        for (Token t = previous(token); t != null && t.getType() != ChainLexer.NL; t = previous(t)) {
            first = t;
        }
        return first;
    }

    /** How a statement that starts with a keyword is written, for one that ends too soon. */
    private static String usage(Token first) {
        if (first == null) {
            return null;
        }
        return switch (first.getType()) {
            case ChainLexer.CHAIN -> "write the chain's title in double quotes: chain \"The inter-token floor\"";
            case ChainLexer.DRILL -> "write the drill's title in double quotes: drill \"Bad ITL with fine TTFT\"";
            case ChainLexer.NOTE -> "write the note in double quotes: note \"...\"";
            case ChainLexer.DERIVE -> "a derive group has a label: derive floor, or derive \"512 chunk\"";
            case ChainLexer.USE -> "write use MODULE, or use MODULE as NAME";
            case ChainLexer.CHECK -> "a check compares: check a > b, check a ≈ b within 1%, check a in lo .. hi";
            case ChainLexer.FN -> "a function is written fn name(param: Dimension, ...): Dimension = expression";
            case ChainLexer.UNIT -> "a unit is declared as unit name: Dimension, or unit name = 60 s";
            case ChainLexer.DIMENSION -> "a dimension is declared as dimension Name, or dimension Name = Bytes/Time";
            case ChainLexer.AT -> "an annotation is written @name or @name(\"text\")";
            default -> null;
        };
    }

    /**
     * A count as papers write one, then a unit: `77M param`, `15.7K token`, `8B param`. The letter is read
     * as the number's unit, so the unit after it is unexpected; the power of ten says what was meant.
     */
    private Diagnostic paperCount(Token unit, Token letter) {
        if (unit.getType() != ChainLexer.IDENT || letter == null || letter.getType() != ChainLexer.IDENT
                || !COUNT_LETTERS.containsKey(letter.getText())) {
            return null;
        }
        Token number = previous(letter);
        if (number == null || number.getType() != ChainLexer.NUMBER || number.getStopIndex() + 1 != letter.getStartIndex()) {
            return null;
        }
        String l = letter.getText();
        String why = switch (l) {
            case "B" -> "`B` is the byte, not a billion";
            case "K" -> "`K` is not a unit";
            default -> "`" + l + "` is a prefix, not a unit";
        };
        return Diagnostic.error(offsets.span(number, unit), "`" + number.getText() + l + " " + unit.getText()
                        + "` is a count as papers write it, but " + why)
                .withHint("write the power of ten: " + number.getText() + "e" + COUNT_LETTERS.get(l) + " " + unit.getText());
    }

    /**
     * `check step <= 20 ms and total <= 128 GB`: a check is one comparison, and `and` (or `or`) reads as a
     * name after a value, whose usual hint (an operator such as `*`) would lead the author astray. The hint
     * splits the line into the two checks meant; under a solve and in --where, which have one condition,
     * each is a solve.
     */
    private Diagnostic joinedConditions(Token token, Span span) {
        String word = token.getText();
        if (token.getType() != ChainLexer.IDENT || !(word.equals("and") || word.equals("or"))) {
            return null;
        }
        Token check = null;
        for (Token t = previous(token); t != null && t.getType() != ChainLexer.NL; t = previous(t)) {
            if (t.getType() == ChainLexer.CHECK) {
                check = t;
            }
        }
        Token first = check != null ? next(check) : condition ? firstOnLine(token) : null;
        if (first == null || first == token) {
            return null;
        }
        Span before = offsets.span(first, previous(token));
        String left = source.text().substring(before.start(), before.end()).strip();
        int after = offsets.span(token).end();
        String right = restOfLine(new Span(source, after, after));
        if (check == null) { // --where: a solve's one condition
            return Diagnostic.error(span, "a condition cannot join two with `" + word + "`")
                    .withHint("a condition is one comparison: solve for `" + left + "` and for `" + right
                            + "`, and take the tighter answer");
        }
        String hint = word.equals("and")
                ? "a check is one comparison: write two, `check " + left + "` and `check " + right + "`"
                        + (underSolve(span) ? "; a solve has one condition, so solve for each and take the tighter answer" : "")
                : "a check is one comparison, which must hold: of `check " + left + "` and `check " + right
                        + "`, keep the one the card means";
        return Diagnostic.error(span, "a check cannot join two conditions with `" + word + "`").withHint(hint);
    }

    /**
     * `for network in "a", "b"`: text where a sweep's points go. Text is a row's label only, in a
     * table's rows beside the inputs it names; the hint writes that line with the author's name and
     * text, as a file's `for` or as --over and :sweep write it. Null for text elsewhere.
     */
    private Diagnostic labelAsPoint(Token token, Span span) {
        if (token.getType() != ChainLexer.STRING) {
            return null;
        }
        Token name = null;
        boolean file = false;
        for (Token t = previous(token); t != null && t.getType() != ChainLexer.NL; t = previous(t)) {
            if (t.getType() == ChainLexer.FOR) {
                name = next(t);
                file = true;
            } else if (points && name == null && t.getType() == ChainLexer.ASSIGN) {
                name = previous(t);
            }
        }
        if (name == null || name.getType() != ChainLexer.IDENT || !(file || points)) {
            return null;
        }
        String row = "(" + token.getText() + ", 25 Gbit/s), ...";
        return Diagnostic.error(span, "unexpected " + "`" + token.getText() + "`")
                .withHint("a sweep's points are quantities; text is a row's label, given in a table's rows beside the inputs"
                        + " it names: " + (file ? "for " + name.getText() + ", bandwidth in " + row
                                : name.getText() + ",bandwidth=" + row));
    }

    /**
     * Whether the check at {@code at} is a solve's, whose one condition cannot be two checks: the
     * REPL's {@code :solve}, or a file's line under a {@code solve} (the statement the nearest
     * unindented line above it begins). A file is parsed a line at a time, so its text says.
     */
    private boolean underSolve(Span at) {
        if (solve) {
            return true;
        }
        int line = source.lineOf(at.start());
        if (!indented(source.line(line))) {
            return false; // a check of its own (the REPL's)
        }
        for (int above = line - 1; above >= 1; above--) {
            String text = source.line(above);
            if (!text.isBlank() && !indented(text) && !text.startsWith("#")) {
                return text.matches("solve(\\s.*)?");
            }
        }
        return false;
    }

    private static boolean indented(String line) {
        return !line.isEmpty() && (line.charAt(0) == ' ' || line.charAt(0) == '\t');
    }

    private Diagnostic describe(Token token, Span span, Vocabulary vocabulary) {
        int type = token.getType();
        if (type == Token.EOF && endMessage != null) {
            return Diagnostic.error(span, endMessage).withHint(endHint);
        }
        if (type == Token.EOF) {
            return Diagnostic.error(span, "unexpected end of input")
                    .withHint("the statement is incomplete; is a closing parenthesis or an operand missing?");
        }
        if (type == ChainLexer.NL) {
            String usage = usage(firstOnLine(token));
            return Diagnostic.error(span, "unexpected end of line")
                    .withHint(usage != null ? usage
                            : "the statement is incomplete; is a closing parenthesis or an operand missing?");
        }
        String shown = "`" + token.getText() + "`";
        Token previous = previous(token);
        if (previous != null && previous.getType() == ChainLexer.FORMAT_SPEC
                && previous.getStopIndex() + 1 == token.getStartIndex()) {
            return Diagnostic.error(offsets.span(previous, token), "`" + previous.getText() + token.getText()
                            + "` is not a number format")
                    .withHint("formats are like :.2f (two decimals), :,.0f (grouped, no decimals), :.3g (three significant"
                            + " digits), :.2e (8.03e9)");
        }
        if ((type == ChainLexer.IDENT && token.getText().equals("x"))
                || (previous != null && previous.getType() == ChainLexer.IDENT && previous.getText().equals("x"))) {
            return Diagnostic.error(span, "unexpected " + shown)
                    .withHint("write multiplication as `*` or `×`; `x` is the ratio unit (5.28x), and the renderer prints `*` as ` x `");
        }
        if (type == ChainLexer.CARET) {
            return Diagnostic.error(span, "unexpected `^`")
                    .withHint("a power cannot be raised again without parentheses: write 2^(3^2)");
        }
        if (token.getText().equals("*") && previous != null && previous.getText().equals("*")
                && previous.getStopIndex() + 1 == token.getStartIndex()) {
            // Python's and Fortran's power.
            return Diagnostic.error(offsets.span(previous, token), "`**` is not an operator")
                    .withHint("raise to a power with `^`: 2^3");
        }
        Diagnostic count = paperCount(token, previous);
        if (count != null) {
            return count;
        }
        if (statements && type == ChainLexer.NUMBER && previous != null && previous.getType() == ChainLexer.IDENT
                && firstOnLine(token) == previous) {
            // batch 64 on a line of its own: a binding without its `=` more likely than a product
            return Diagnostic.error(span, "unexpected " + shown)
                    .withHint("to give `" + previous.getText() + "` a value, put `=` after it: " + previous.getText() + " = "
                            + restOfLine(span) + "; two values side by side need an operator between them, such as `*`");
        }
        Diagnostic joined = joinedConditions(token, span);
        if (joined != null) {
            return joined;
        }
        Diagnostic label = labelAsPoint(token, span);
        if (label != null) {
            return label;
        }
        if (type == ChainLexer.IDENT || type == ChainLexer.NUMBER) {
            return Diagnostic.error(span, "unexpected " + shown)
                    .withHint("two values side by side need an operator between them, such as `*`");
        }
        String name = vocabulary.getLiteralName(type);
        return Diagnostic.error(span, "unexpected " + (name != null ? name.replace('\'', '`') : shown));
    }
}
