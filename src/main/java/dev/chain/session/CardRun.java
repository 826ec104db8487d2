package dev.chain.session;

import dev.chain.ast.ChainFile;
import dev.chain.ast.Stmt;
import dev.chain.check.CardChecker;
import dev.chain.check.CheckedCard;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.source.SourceFile;
import dev.chain.syntax.SyntaxParser;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;

/**
 * A card taken through the pipeline: the card file checked, then each chain it includes run with
 * the same {@code --set} overrides (each applies to the chains that have that input).
 *
 * @param diagnostics the card's own problems (its statements, its includes); each chain has its own
 * @param chains      the included chains that could be read, in order; empty if the card has errors
 */
public record CardRun(SourceFile source, CheckedCard card, List<ChainRun> chains, List<Diagnostic> diagnostics) {
    public CardRun {
        chains = List.copyOf(chains);
        diagnostics = List.copyOf(diagnostics);
    }

    /** Parses and checks a card file without reading what it includes. */
    public static CheckedCard load(SourceFile source, Diagnostics diagnostics) {
        return load(Parsed.of(source), diagnostics);
    }

    /** As above, for a card parsed already. */
    public static CheckedCard load(Parsed parsed, Diagnostics diagnostics) {
        diagnostics.addAll(parsed.problems());
        return CardChecker.check(parsed.file(), diagnostics);
    }

    public static CardRun execute(Engine engine, SourceFile source, List<String> overrides, ChainReader reader) {
        return execute(engine, source, overrides, List.of(), reader);
    }

    /** As above, with {@code --observe} options, each for the chains that have its input. */
    public static CardRun execute(Engine engine, SourceFile source, List<String> overrides, List<String> observe,
                                  ChainReader reader) {
        Diagnostics diagnostics = new Diagnostics();
        CheckedCard card = load(source, diagnostics);
        if (diagnostics.hasErrors()) {
            return new CardRun(source, card, List.of(), diagnostics.all());
        }
        checkCardLinks(card, new java.util.function.Predicate<String>() {
            @Override
            public boolean test(String name) {
                try {
                    reader.read(name);
                    return true;
                } catch (IOException e) {
                    return false;
                }
            }
        }, diagnostics);
        List<SourceFile> sources = read(card, reader, diagnostics);
        if (diagnostics.hasErrors()) {
            return new CardRun(source, card, List.of(), diagnostics.all());
        }
        List<ChainRun> chains = new ArrayList<>();
        for (SourceFile chain : sources) {
            chains.add(ChainRun.execute(engine, Parsed.of(chain), overrides, observe, sources.size() > 1));
        }
        return new CardRun(source, card, chains, diagnostics.all());
    }

    /** The included chains' sources; a file that cannot be read is an error at its include. */
    public static List<SourceFile> read(CheckedCard card, ChainReader reader, Diagnostics diagnostics) {
        List<SourceFile> sources = new ArrayList<>();
        for (Stmt.Include include : card.includes()) {
            String path = include.path().value();
            try {
                sources.add(reader.read(path));
            } catch (NoSuchFileException e) {
                diagnostics.add(Diagnostic.error(include.path().span(), "no such chain: `" + path + "`")
                        .withNote("a path in a card is relative to the card's folder"));
            } catch (IOException e) {
                diagnostics.add(Diagnostic.error(include.path().span(), "cannot read `" + path + "`: " + e.getMessage()));
            }
        }
        return sources;
    }

    /**
     * What {@code chain check} reports of a card file on its own: its statements, and each include
     * that is not a file in {@code folder} (the card's). Returns the includes that are, as written.
     */
    public static List<String> checkIncludes(CheckedCard card, java.nio.file.Path folder, Diagnostics diagnostics) {
        List<String> found = new ArrayList<>();
        // An anonymous class, not a lambda: a run that meets no other lambda would pay ~5 ms to
        // bootstrap the first (docs/performance.md).
        read(card, new ChainReader() {
            @Override
            public SourceFile read(String include) throws java.io.IOException {
                java.nio.file.Path file = folder.resolve(include);
                if (java.nio.file.Files.notExists(file)) {
                    throw new NoSuchFileException(include);
                }
                String why = ChainSources.notAFile(file);
                if (why != null) {
                    throw new java.io.IOException(why); // a FIFO: refused before anything opens it
                }
                found.add(include);
                return new SourceFile(include, ""); // only its existence is checked here
            }
        }, diagnostics);
        checkCardLinks(card, new java.util.function.Predicate<String>() {
            @Override
            public boolean test(String name) {
                return java.nio.file.Files.isRegularFile(folder.resolve(name));
            }
        }, diagnostics);
        return found;
    }

    /** Each {@code [text](card:NAME)} of the card's intro names a card file beside it ({@link CardLinkCheck}). */
    static void checkCardLinks(CheckedCard card, java.util.function.Predicate<String> exists, Diagnostics diagnostics) {
        if (card.intro() != null) {
            CardLinkCheck.check(card.intro().source(), dev.chain.render.Prose.paragraphs(card.intro()), "card", exists, diagnostics);
        }
    }

    /** Whether the card and every chain on it are free of errors (a failed check counts as one). */
    public boolean ok() {
        if (Diagnostics.anyError(diagnostics) || chains.isEmpty()) {
            return false;
        }
        return chains.stream().allMatch(c -> c.status() == ChainRun.Status.OK);
    }
}
