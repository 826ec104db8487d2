package dev.chain.drill;

import dev.chain.render.Piece;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A card's line as a drill shows it before an answer: the value asked for blanked ({@code ____}),
 * the values not yet established unknown ({@code ?}), the others as the card has them.
 */
public final class Blanks {
    public static final String ASKED = "____";
    public static final String UNKNOWN = "?";

    private Blanks() {}

    /**
     * {@code piece} with each value that {@code hidden} gives a mark for ({@code ____}, {@code ?};
     * null for a value shown) written as that mark; {@code blind} leaves out the formula of a step's
     * line ({@code kv = ____}). Null for a check's outcome, which a drill does not show before its
     * values are known.
     */
    public static Piece blank(Piece piece, IntFunction<String> hidden, boolean blind) {
        if (piece instanceof Piece.Quantity q) {
            return hidden(q.source(), hidden, piece);
        }
        if (piece instanceof Piece.Words w) {
            return hidden(w.source(), hidden, piece);
        }
        if (piece instanceof Piece.InputFormula f) {
            String mark = hidden.apply(f.slot());
            return mark == null ? piece : new Piece.Literal(mark);
        }
        if (piece instanceof Piece.Formula f) {
            List<Piece> parts = new ArrayList<>();
            for (Piece p : f.parts()) {
                Piece b = blank(p, hidden, blind);
                if (b != null) {
                    parts.add(b);
                }
            }
            return new Piece.Formula(parts);
        }
        if (piece instanceof Piece.Step s) {
            Piece value = blank(s.value(), hidden, blind);
            Piece name = new Piece.Literal(s.name() + " = ");
            if (blind || s.formula() == null) {
                return new Piece.Formula(List.of(name, value));
            }
            return new Piece.Formula(List.of(name, blank(s.formula(), hidden, blind), new Piece.Literal(" = "), value));
        }
        if (piece instanceof Piece.Outcome) {
            return null;
        }
        return piece; // a Piece.Literal, the one kind left of the sealed seven: words, shown as they are
    }

    private static Piece hidden(Piece.Source source, IntFunction<String> hidden, Piece piece) {
        String mark = source.slot() >= 0 ? hidden.apply(source.slot()) : null;
        return mark == null ? piece : new Piece.Literal(mark);
    }
}
