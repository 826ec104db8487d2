package dev.chain.syntax;

import dev.chain.ast.Keywords;
import dev.chain.syntax.antlr.ChainLexer;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;

/**
 * The words of a line as the lexer sees them, classified for syntax highlighting. What a name
 * means (a unit, a value, a module) is not the lexer's business; the REPL's session tells.
 */
public final class Lexemes {
    private Lexemes() {}

    public enum Kind { KEYWORD, NUMBER, STRING, NAME, OPERATOR, PUNCTUATION, FORMAT, ANNOTATION, COMMENT, ERROR }

    /** A classified stretch of text, [start, end) in chars. */
    public record Lexeme(int start, int end, Kind kind) {}

    /** Never fails: text the lexer cannot read comes back as {@link Kind#ERROR}. */
    public static List<Lexeme> of(String text) {
        List<Lexeme> out = new ArrayList<>();
        ChainLexer lexer = new ChainLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        OffsetMap offsets = new OffsetMap(new dev.chain.source.SourceFile("", text));
        int covered = 0;
        boolean annotation = false;
        for (Token t : lexer.getAllTokens()) {
            int start = offsets.charOffset(t.getStartIndex());
            int end = offsets.charOffset(t.getStopIndex() + 1);
            comments(text, covered, start, out);
            covered = end;
            Kind kind = kind(t.getType());
            if (kind == null) {
                continue;
            }
            if (annotation && kind == Kind.NAME) {
                kind = Kind.ANNOTATION; // @source
            }
            annotation = t.getType() == ChainLexer.AT;
            out.add(new Lexeme(start, end, kind));
        }
        comments(text, covered, text.length(), out);
        return out;
    }

    /** The lexer skips comments; find them in the gaps between tokens. */
    private static void comments(String text, int from, int to, List<Lexeme> out) {
        for (int i = from; i < to; i++) {
            if (text.charAt(i) == '#') {
                int end = text.indexOf('\n', i);
                end = end < 0 || end > to ? to : end;
                out.add(new Lexeme(i, end, Kind.COMMENT));
                i = end;
            }
        }
    }

    /** The token types of the reserved and contextual words ({@link Keywords}). */
    private static final java.util.Set<Integer> KEYWORD_TYPES = new java.util.HashSet<>(
            ChainLexer.keywordTypes(Keywords.join(Keywords.RESERVED, Keywords.CONTEXTUAL)).values());

    private static Kind kind(int type) {
        if (KEYWORD_TYPES.contains(type)) {
            return Kind.KEYWORD;
        }
        return switch (type) {
            case ChainLexer.GEOMETRIC -> Kind.OPERATOR; // a range's factor, x2: an operator of the range, as .. is
            case ChainLexer.NUMBER -> Kind.NUMBER;
            case ChainLexer.STRING, ChainLexer.TRIPLE_STRING -> Kind.STRING;
            case ChainLexer.IDENT, ChainLexer.PERCENT -> Kind.NAME;
            case ChainLexer.FORMAT_SPEC -> Kind.FORMAT;
            case ChainLexer.AT -> Kind.ANNOTATION;
            case ChainLexer.BAD_NUMBER, ChainLexer.UNTERMINATED_STRING, ChainLexer.ERROR_CHAR -> Kind.ERROR;
            case ChainLexer.LPAREN, ChainLexer.RPAREN, ChainLexer.COMMA, ChainLexer.COLON, ChainLexer.DOT -> Kind.PUNCTUATION;
            case ChainLexer.NL -> null;
            default -> Kind.OPERATOR;
        };
    }
}
