// The VS Code client of chain's language server: it starts `chain lsp` (chain.path) for .chain
// and .card files and leaves everything else to the server, which is where the language lives.
// The server asks VS Code to watch **/*.chain (a local module saved, created or deleted) itself:
// a watcher here too would send each change twice.
'use strict';
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

// Tells the server which of VS Code's own commands the client runs, as rust-analyzer's client
// does: accepting `gpu.` in completion then opens the list of its members at once. Other editors
// do not have the command, and are not sent it.
const clientCommands = {
  fillClientCapabilities(capabilities) {
    capabilities.experimental = capabilities.experimental || {};
    capabilities.experimental.commands = { commands: ['editor.action.triggerSuggest'] };
  },
  initialize() {},
  getState() {
    return { kind: 'static' };
  },
  clear() {},
};

function activate(context) {
  const command = vscode.workspace.getConfiguration('chain').get('path', 'chain');
  const server = { command, args: ['lsp'], transport: TransportKind.stdio };
  client = new LanguageClient('chain', 'chain', { run: server, debug: { command, args: ['lsp', '--debug'] } }, {
    documentSelector: [{ scheme: 'file', language: 'chain' }, { scheme: 'untitled', language: 'chain' }],
  });
  client.registerFeature(clientCommands);
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
