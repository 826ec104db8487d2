package dev.chain.lsp;

import dev.chain.diag.Diagnostic;
import dev.chain.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;

/**
 * Quick fixes: the fixes the diagnostics already carry ({@link Diagnostic.Fix}), each as an edit
 * of the document: {@code KB} to {@code kB} or {@code KiB}, a misspelt name to the ones it is close
 * to, spaces around a {@code /} glued to a value.
 */
final class CodeActions {
    private CodeActions() {}

    static List<CodeAction> in(String uri, SourceFile document, List<Diagnostic> diagnostics, Range range, Locations locations) {
        int from = Positions.offset(document, range.getStart());
        int to = Positions.offset(document, range.getEnd());
        List<CodeAction> out = new ArrayList<>();
        for (Diagnostic d : diagnostics) {
            if (d.span() == null || !LspDiagnostics.sameFile(d.span().file(), document) || d.span().end() < from || d.span().start() > to) {
                continue;
            }
            org.eclipse.lsp4j.Diagnostic shown = LspDiagnostics.of(document, List.of(d), locations).get(0);
            for (Diagnostic.Fix fix : d.fixes()) {
                if (!LspDiagnostics.sameFile(fix.span().file(), document)) {
                    continue;
                }
                CodeAction action = new CodeAction(title(fix));
                action.setKind(CodeActionKind.QuickFix);
                action.setDiagnostics(List.of(shown));
                action.setIsPreferred(d.fixes().size() == 1);
                TextEdit edit = new TextEdit(LspDiagnostics.range(fix.span(), document), fix.replacement());
                action.setEdit(new WorkspaceEdit(Map.of(uri, List.of(edit))));
                out.add(action);
            }
        }
        return out;
    }

    static String title(Diagnostic.Fix fix) {
        String written = fix.span().text();
        if (fix.replacement().strip().equals(written.strip()) && fix.replacement().length() > written.length()) {
            return "Put spaces around `" + written.strip() + "`";
        }
        return "Replace `" + written + "` with `" + fix.replacement() + "`";
    }
}
