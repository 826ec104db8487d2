package dev.chain.lsp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.FileEvent;
import org.eclipse.lsp4j.services.WorkspaceService;

/** The protocol's workspace notifications: a .chain file changed on disk is a module whose users are analysed again. */
final class WorkspaceFiles implements WorkspaceService {
    private final Workspace workspace;

    WorkspaceFiles(Workspace workspace) {
        this.workspace = workspace;
    }

    @Override
    public void didChangeConfiguration(DidChangeConfigurationParams params) {
        // chain has no settings: one layout, one checker
    }

    @Override
    public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
        List<Path> paths = new ArrayList<>();
        for (FileEvent e : params.getChanges()) {
            Path p = Document.pathOf(e.getUri());
            if (p != null) {
                paths.add(p);
            }
        }
        if (!paths.isEmpty()) {
            workspace.changed(paths);
        }
    }
}
