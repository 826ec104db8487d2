package dev.chain.syntax;

import dev.chain.ast.Clause;
import dev.chain.ast.Domain;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.source.Span;
import dev.chain.syntax.antlr.ChainLexer;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.Token;

/**
 * Points as a shell writes them, {@code --over batch=1,8,16,64}, where a file writes
 * {@code 1, 8, 16, 64}: in the text of an option or a REPL command a bare comma may separate
 * points. The lexer reads {@code 1,8,16,64} as one bad number (digits joined by commas that do not
 * group them); here it becomes the points it lists. A comma followed by exactly three digits (and
 * no more) groups digits, as everywhere in chain: {@code 1,024,2,048} is 1,024 and 2,048. Where
 * that reading is in doubt ({@code 64,128,256}), {@link #ambiguous} refuses the list.
 */
final class BareCommas {
    private BareCommas() {}

    /** {@code tokens} with each bad number split into its points and the commas between them; the same list if there is none. */
    static List<Token> split(List<Token> tokens) {
        List<Token> out = null;
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.getType() != ChainLexer.BAD_NUMBER) {
                if (out != null) {
                    out.add(t);
                }
                continue;
            }
            if (out == null) {
                out = new ArrayList<>(tokens.subList(0, i));
            }
            String text = t.getText();
            int point = 0;
            for (int c = text.indexOf(','); c >= 0; c = text.indexOf(',', c + 1)) {
                if (!group(text, c)) {
                    out.add(part(t, ChainLexer.NUMBER, point, c));
                    out.add(part(t, ChainLexer.COMMA, c, c + 1));
                    point = c + 1;
                }
            }
            out.add(part(t, ChainLexer.NUMBER, point, text.length()));
        }
        return out == null ? tokens : out;
    }

    /** The characters {@code from} to {@code to} of {@code whole}'s text as a token of its own (they are ASCII: one code point each). */
    private static Token part(Token whole, int type, int from, int to) {
        CommonToken t = new CommonToken(whole);
        t.setType(type);
        t.setText(whole.getText().substring(from, to));
        t.setStartIndex(whole.getStartIndex() + from);
        t.setStopIndex(whole.getStartIndex() + to - 1);
        t.setCharPositionInLine(whole.getCharPositionInLine() + from);
        return t;
    }

    /**
     * {@code batch=1,2,4,8,16,32,64,128,256}: in a list whose points are separated by bare commas
     * (the shell's way), a comma followed by exactly three digits could be a separator or a digit
     * group; read as a group, 64,128,256 silently became one point. Such a list is refused, naming
     * both readings, unless the three digits start with 0 ({@code 1,024}: no point is written 024).
     * A list separated by {@code ", "} is written as in a file, where a bare comma groups digits; so
     * is one whose points carry a unit ({@link #hasUnit}); a range has no separators. True after
     * reporting a {@code for} clause of {@code read} (one, or a list of clauses) whose points are in doubt.
     *
     * @param label the option ({@code --over}) or command ({@code :sweep}), as the hint writes it again
     */
    static boolean ambiguous(Object read, String label, Diagnostics diagnostics) {
        List<?> clauses = read instanceof List<?> list ? list : read == null ? List.of() : List.of(read);
        for (Object clause : clauses) {
            if (clause instanceof Clause.For sweep && sweep.domain() instanceof Domain.Points points) {
                Diagnostic d = ambiguous(points.span(), sweep.name().span().text(), label);
                if (d != null) {
                    diagnostics.add(d);
                    return true;
                }
            }
        }
        return false;
    }

    private static Diagnostic ambiguous(Span points, String name, String label) {
        String text = points.text();
        if (text.contains(", ") || hasUnit(text)) {
            return null;
        }
        List<Integer> commas = new ArrayList<>();
        for (int i = 0; i < text.length(); i++) {
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
            int from = k == 0 ? 0 : commas.get(k - 1) + 1;
            int to = commas.get(last) + 4;
            String run = text.substring(from, to);
            String[] parts = run.split(",");
            String listed = String.join(", ", parts);
            int and = listed.lastIndexOf(", ");
            listed = listed.substring(0, and) + " and " + listed.substring(and + 2);
            return Diagnostic.error(new Span(points.file(), points.start() + from, points.start() + to),
                            "`" + run + "` could be one point, the number " + run + ", or " + parts.length + " points, " + listed)
                    .withNote("a comma followed by three digits groups digits, as in 4,096; between points, a comma"
                            + " separates them")
                    .withHint("for the points, separate them with a comma and a space: " + label + " '" + name + "="
                            + spaced(text) + "'" + geometric(name, text)
                            + "; for the one number, write it without commas: " + run.replace(",", ""));
        }
        return null;
    }

    /** The points with a space after every comma but a group's that starts with 0 (1,024). */
    private static String spaced(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
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
    private static boolean hasUnit(String text) {
        for (int i = 0; i < text.length(); i++) {
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

    /** Whether the comma at {@code comma} is between a digit and exactly three more: a digit group's. */
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
