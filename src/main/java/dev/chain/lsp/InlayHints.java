package dev.chain.lsp;

import dev.chain.ast.Value;
import dev.chain.check.BindingInfo;
import dev.chain.eval.CheckResult;
import dev.chain.render.CheckText;
import dev.chain.session.Analysis;
import dev.chain.session.ChainRun;
import dev.chain.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.InlayHint;
import org.eclipse.lsp4j.InlayHintKind;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * The answer at the end of each line, as notepad calculators show it: {@code = 15.05 ms} after a
 * binding (not after an input whose value reads as written, {@code batch = 64}), and what each
 * check found. In a file with errors, the values above the first error ({@link Analysis}).
 */
final class InlayHints {
    private InlayHints() {}

    static List<InlayHint> in(Analysis analysis, SourceFile document, Range range) {
        ChainRun run = analysis.values();
        List<InlayHint> out = new ArrayList<>();
        if (run == null) {
            return out;
        }
        int from = Positions.offset(document, range.getStart());
        int to = Positions.offset(document, range.getEnd());
        for (BindingInfo b : run.program().bindings()) {
            int end = b.decl().span().end();
            Value.QuantityValue q = b.decl().value().quantity();
            if (end < from || end > to || b.isText() || b.dimension() == null || q == null) {
                continue;
            }
            String text = run.values().text(b);
            if (text.equals(q.expr().span().text()) && q.target() == null) {
                continue; // an input that shows as written says nothing new
            }
            out.add(hint(document, end, "= " + text));
        }
        CheckText checks = new CheckText(run.program(), run.values());
        for (CheckResult r : run.evaluation().checks()) {
            int end = r.check().decl().span().end();
            if (end >= from && end <= to) {
                out.add(hint(document, end, Hovers.outcome(checks, r)));
            }
        }
        out.sort((a, b) -> compare(a.getPosition(), b.getPosition()));
        return out;
    }

    private static InlayHint hint(SourceFile document, int offset, String label) {
        InlayHint hint = new InlayHint(Positions.position(document, offset), Either.forLeft(label));
        hint.setPaddingLeft(true);
        hint.setKind(InlayHintKind.Type);
        return hint;
    }

    private static int compare(Position a, Position b) {
        return a.getLine() != b.getLine() ? Integer.compare(a.getLine(), b.getLine()) : Integer.compare(a.getCharacter(), b.getCharacter());
    }
}
