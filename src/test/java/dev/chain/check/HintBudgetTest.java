package dev.chain.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.chain.ast.ChainFile;
import dev.chain.diag.Diagnostic;
import dev.chain.diag.Diagnostics;
import dev.chain.session.Engine;
import dev.chain.source.SourceFile;
import dev.chain.syntax.SyntaxParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A did-you-mean search scans every name in scope; a check makes at most as many as a report
 * shows errors, so that a file with an error on every line is checked in linear time.
 */
class HintBudgetTest {
    private static final Engine ENGINE = new Engine();

    @Test
    void onlyTheErrorsAReportShowsSearchForACloseName() {
        StringBuilder text = new StringBuilder("weight = 1\n");
        for (int i = 0; i < 40; i++) {
            text.append("v").append(i).append(" = wieght\n");
        }
        List<Diagnostic> errors = check(text.toString());
        assertEquals(40, errors.size());
        assertEquals(HintBudget.SEARCHES, hinted(errors, "did you mean `weight`?"));
        assertEquals(List.of(), errors.get(errors.size() - 1).notes(), "an error past the report's end: no search");
        assertEquals("unknown name `wieght`", errors.get(errors.size() - 1).message());
    }

    @Test
    void onlyTheErrorsAReportShowsSearchForACloseUnit() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            text.append("v").append(i).append(" = 1 GBs\n");
        }
        List<Diagnostic> errors = check(text.toString());
        assertEquals(40, errors.size());
        assertEquals(HintBudget.SEARCHES, hinted(errors, "did you mean `GB/s`"));
    }

    private static long hinted(List<Diagnostic> errors, String hint) {
        return errors.stream().filter(d -> d.notes().stream().anyMatch(n -> n.contains(hint))).count();
    }

    private static List<Diagnostic> check(String text) {
        Diagnostics parsed = new Diagnostics();
        ChainFile file = SyntaxParser.parseFile(new SourceFile("hints.chain", text), parsed);
        assertEquals(List.of(), parsed.all());
        Diagnostics found = new Diagnostics();
        Checker.check(file, null, ENGINE.units().child(), ENGINE, found);
        return found.all();
    }
}
