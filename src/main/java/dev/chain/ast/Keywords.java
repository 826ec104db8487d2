package dev.chain.ast;

import java.util.ArrayList;
import java.util.List;

/**
 * The words of the language, each written once. The lexer's keyword table, syntax highlighting
 * ({@code syntax.Lexemes}), completion in the REPL and the editor, the did-you-mean for a statement's
 * word, and the test of the editor's TextMate grammar ({@code TextMateGrammarTest}) read them here.
 *
 * <p>A new keyword is a word in {@link #RESERVED} and a token of the same name in capitals in
 * {@code grammar/ChainLexer.g4}'s {@code tokens { ... }}, which the parser's rules then use: the
 * lexer refuses to start while a word has no token.
 */
public final class Keywords {
    private Keywords() {}

    /** The reserved words that start a statement taking text: {@code chain "Title"}, {@code drill "..."}, {@code note "..."}. */
    public static final String CHAIN = "chain";
    public static final String DRILL = "drill";
    public static final String NOTE = "note";

    /** The words that start a figure's lines: {@code for batch in 1, 8}, {@code show floor}, {@code check floor < 20 ms}. */
    public static final String FOR = "for";
    public static final String SHOW = "show";
    public static final String CHECK = "check";

    /**
     * Reserved words: the lexer gives each a token of its own (the word in capitals: {@code chain}
     * is {@code CHAIN}), so none can name a value. A binary operator written as a word (none is
     * yet; {@code mod} would be) is one of them, from its {@link BinaryOp} declaration.
     */
    public static final List<String> RESERVED = join(List.of(CHAIN, DRILL, "use", "as",
            GroupKind.INPUTS.keyword(), GroupKind.DERIVE.keyword(), GroupKind.SANITY.keyword(), NOTE,
            CHECK, "within", "in", "to", "fn", "unit", "dimension", FOR, SHOW), operatorWords());

    /** The step of a sweep's range ({@code 1 .. 256 by 8}): a keyword after a range's upper end only, a name elsewhere. */
    public static final String BY = "by";

    /** Words the lexer makes keywords in one place and leaves names everywhere else. */
    public static final List<String> CONTEXTUAL = List.of(BY);

    /** A card file's statements, each a word and then text ({@code card "Title"}); not reserved, so a value may be called {@code next}. */
    public static final String CARD = "card";
    public static final String INTRO = "intro";
    public static final String INCLUDE = "include";
    public static final String NEXT = "next";
    public static final String LINKS = "links";
    public static final List<String> CARD_WORDS = List.of(CARD, INTRO, INCLUDE, NEXT, LINKS);

    /** A plot's measured runs ({@code observed "runs/" batch = "KEY", ...}): a clause's word, not reserved. */
    public static final String OBSERVED = "observed";

    /** A figure's header words ({@code table "..."}), from {@link FigureKind}; not reserved either. */
    public static final List<String> FIGURE_WORDS = figureWords();

    /** The words of statements that take text: {@code chain "..."}, {@code note "..."}, a card's, a figure's. */
    public static final List<String> TEXT_STATEMENTS = join(List.of(CHAIN, DRILL, NOTE), CARD_WORDS, FIGURE_WORDS);

    /** Every word above, for completion: the reserved and contextual words, then the statements' words. */
    public static final List<String> ALL = join(RESERVED, CONTEXTUAL, CARD_WORDS, FIGURE_WORDS, List.of(OBSERVED));

    private static List<String> operatorWords() {
        List<String> out = new ArrayList<>();
        for (BinaryOp op : BinaryOp.values()) {
            if (Character.isLetter(op.symbol().charAt(0))) {
                out.add(op.symbol());
            }
        }
        return out;
    }

    private static List<String> figureWords() {
        List<String> out = new ArrayList<>();
        for (FigureKind kind : FigureKind.values()) {
            out.add(kind.keyword());
        }
        return List.copyOf(out);
    }

    @SafeVarargs
    public static List<String> join(List<String>... lists) {
        List<String> out = new ArrayList<>();
        for (List<String> list : lists) {
            out.addAll(list);
        }
        return List.copyOf(out);
    }
}
