package dev.chain.lsp;

import dev.chain.session.Analysis;
import dev.chain.session.repl.Completions;
import dev.chain.source.SourceFile;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.CompletionItem;
import org.eclipse.lsp4j.CompletionItemKind;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;

/**
 * Completion, as the REPL's Tab completes ({@link Completions}): the names bound above the cursor,
 * a module's members after {@code gpu.}, units after a number or {@code ->}, modules after
 * {@code use}, the chain's values inside a template's braces.
 */
final class CompletionItems {
    private CompletionItems() {}

    static List<CompletionItem> at(Analysis analysis, SourceFile document, int offset) {
        EditorScope scope = new EditorScope(analysis, offset);
        Completions completions = Completions.at(scope, document.text().substring(0, offset), offset);
        Range range = new Range(Positions.position(document, completions.start()), Positions.position(document, offset));
        List<CompletionItem> out = new ArrayList<>();
        int rank = 0;
        for (Completions.Candidate c : completions.candidates()) {
            CompletionItem item = new CompletionItem(c.value());
            item.setKind(c.value().endsWith("(") ? CompletionItemKind.Function : kind(c.group()));
            if (!c.description().isEmpty()) {
                item.setDetail(c.description());
            }
            item.setTextEdit(Either.forLeft(new TextEdit(range, c.value())));
            item.setSortText(String.format("%05d", rank++)); // the order Completions chose: values before units
            if (!c.complete()) {
                // `gpu.` or `floor(`: what comes next is completed at once
                item.setCommand(new Command("", "editor.action.triggerSuggest"));
            }
            out.add(item);
        }
        return out;
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
