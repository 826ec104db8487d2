package dev.chain.lsp;

import dev.chain.session.Analysis;
import dev.chain.session.repl.Completions;
import dev.chain.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.CompletionList;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * Completion, as the REPL's Tab completes ({@link Completions}): the names bound above the cursor,
 * a module's members after {@code gpu.}, units after a number or {@code ->}, modules after
 * {@code use}, the chain's values inside a template's braces.
 */
final class CompletionItems {
    /**
     * At most this many items in one answer, the first in Completions' order, marked incomplete so
     * that the editor asks again as more is typed (a unit after a number has thousands of prefixed
     * candidates; editors slow down on lists that long).
     */
    static final int MAX_ITEMS = 1000;

    private CompletionItems() {}

    /**
     * The completions at {@code offset}. {@code triggerSuggest}: the client runs VS Code's
     * {@code editor.action.triggerSuggest} command (it says so, as rust-analyzer's clients do, in
     * {@code experimental.commands.commands}), so that accepting {@code gpu.} opens the list of its
     * members at once; no other client is sent a command it does not have.
     */
    static CompletionList at(Analysis analysis, SourceFile document, int offset, boolean triggerSuggest) {
        EditorScope scope = new EditorScope(analysis, offset);
        Completions completions = Completions.at(scope, document.text().substring(0, offset), offset);
        Range range = new Range(Positions.position(document, completions.start()), Positions.position(document, offset));
        List<CompletionItem> out = new ArrayList<>();
        int rank = 0;
        for (Completions.Candidate c : completions.candidates()) {
            if (out.size() == MAX_ITEMS) {
                return new CompletionList(true, out);
            }
            CompletionItem item = new CompletionItem(c.value());
            item.setKind(c.value().endsWith("(") ? CompletionItemKind.Function : kind(c.group()));
            if (!c.description().isEmpty()) {
                item.setDetail(c.description());
            }
            item.setTextEdit(Either.forLeft(new TextEdit(range, c.value())));
            item.setSortText(String.format("%05d", rank++)); // the order Completions chose: values before units
            if (!c.complete() && triggerSuggest) {
                // `gpu.` or `floor(`: what comes next is completed at once
                item.setCommand(new Command("", "editor.action.triggerSuggest"));
            }
            out.add(item);
        }
        return new CompletionList(false, out);
    }

    private static CompletionItemKind kind(String group) {
        return switch (group) {
            case "values", "inputs" -> CompletionItemKind.Variable;
            case "modules", "stdlib modules" -> CompletionItemKind.Module;
            case "functions" -> CompletionItemKind.Function;
            case "units" -> CompletionItemKind.Unit;
            case "keywords" -> CompletionItemKind.Keyword;
            default -> CompletionItemKind.Field; // a module's member
        };
    }
}
