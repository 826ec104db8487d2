// The VS Code client of chain's language server: it starts `chain lsp` (chain.path) for .chain
// and .card files and leaves everything else to the server, which is where the language lives.
'use strict';
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('chain').get('path', 'chain');
  const server = { command, args: ['lsp'], transport: TransportKind.stdio };
  client = new LanguageClient('chain', 'chain', { run: server, debug: { command, args: ['lsp', '--debug'] } }, {
    documentSelector: [{ scheme: 'file', language: 'chain' }, { scheme: 'untitled', language: 'chain' }],
    // a local module saved, created or deleted: the chains that use it are checked again
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.chain') },
  });
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
