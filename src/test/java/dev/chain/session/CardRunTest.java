package dev.chain.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.chain.diag.Diagnostic;
import dev.chain.source.SourceFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A card file: its statements, its includes, and what does not belong in it (or in a chain). */
class CardRunTest {
    private static final ChainReader CHAINS = path -> {
        Path file = Chains.DIR.resolve(path);
        if (!Files.exists(file)) {
            throw new NoSuchFileException(path);
        }
        return new SourceFile(file.toString(), Files.readString(file, StandardCharsets.UTF_8));
    };

    private static CardRun card(String text) {
        return CardRun.execute(new Engine(), new SourceFile("t.card", text), List.of(), CHAINS);
    }

    private static String messages(List<Diagnostic> diagnostics) {
        StringBuilder sb = new StringBuilder();
        diagnostics.forEach(d -> sb.append(d.span() == null ? "" : d.span().line() + ":" + d.span().column() + " ")
                .append(d.message()).append('\n'));
        return sb.toString();
    }

    @Test
    void thePublishedCardRunsItsEightChainsInOrder() throws IOException {
        Path file = Chains.DIR.resolve("performance-debugging-chains.card");
        CardRun run = CardRun.execute(new Engine(), new SourceFile(file.toString(), Files.readString(file)), List.of(), CHAINS);
        assertTrue(run.ok(), messages(run.diagnostics()));
        assertEquals("Performance debugging chains: what the symptom should have cost", run.card().title().value());
        assertEquals("Implementation Coding Chains", run.card().next().value());
        assertEquals(8, run.chains().size());
        assertEquals("Lost prefix reuse", run.chains().get(0).chain().program().title().value());
        assertEquals("A periodic p99 with a flat median", run.chains().get(7).chain().program().title().value());
    }

    @Test
    void aMissingChainIsAnErrorAtItsInclude() {
        CardRun run = card("card \"T\"\ninclude \"01-lost-prefix-reuse.chain\"\ninclude \"99-nope.chain\"\n");
        assertEquals("3:9 no such chain: `99-nope.chain`\n", messages(run.diagnostics()));
        assertTrue(run.chains().isEmpty());
    }

    @Test
    void whatACardMayHoldAndHowOften() {
        String m = messages(card("""
                card "T"
                card "Again"
                intro "{x}"
                include "01-lost-prefix-reuse.chain"
                include "01-lost-prefix-reuse.chain"
                include "notes.txt"
                batch = 64
                links "/" camel
                """).diagnostics());
        assertTrue(m.contains("2:1 a card has one `card`"), m);
        assertTrue(m.contains("3:8 a card's intro has no values to show"), m);
        assertTrue(m.contains("5:1 `01-lost-prefix-reuse.chain` is already included"), m);
        assertTrue(m.contains("6:9 a card includes .chain files; `notes.txt` is not one"), m);
        assertTrue(m.contains("7:1 a card holds card, intro, include, next and links statements"), m);
        assertTrue(m.contains("8:11 unknown slug rule `camel`"), m);
    }

    @Test
    void aCardNeedsATitleAndAChain() {
        assertTrue(messages(card("include \"01-lost-prefix-reuse.chain\"\n").diagnostics())
                .contains("a card file needs a title: card \"Title\""));
        assertTrue(messages(card("card \"T\"\n").diagnostics()).contains("the card includes no chains"));
    }

    @Test
    void cardStatementsDoNotBelongInAChain() {
        ChainRun run = Chains.source("t.chain", "chain \"x\"\nnext \"Another card\"\n");
        assertEquals(ChainRun.Status.ERRORS, run.status());
        assertTrue(Chains.diagnostics(run).contains("t.chain:2:1: error: `next` belongs in a card file, not in a chain"),
                Chains.diagnostics(run));
    }

    @Test
    void aMisspeltStatementGetsASuggestion() {
        ChainRun run = Chains.source("t.chain", "chain \"x\"\ndril \"A drill\"\n");
        assertTrue(Chains.diagnostics(run).contains("unknown statement `dril`"), Chains.diagnostics(run));
        assertTrue(Chains.diagnostics(run).contains("did you mean `drill`?"), Chains.diagnostics(run));
    }

    @Test
    void theCardsWordsAreNotReservedInAChain() {
        ChainRun run = Chains.source("t.chain", "chain \"x\"\ninputs\n  next = 2\n  card = next + 1\n  links = card * 2\n");
        assertEquals(ChainRun.Status.OK, run.status(), () -> Chains.diagnostics(run));
        assertEquals("6", Chains.text(run, "links"));
    }
}
