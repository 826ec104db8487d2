// Tokenizes every chain of the card (chains/) and the stdlib with the TextMate grammar, through
// vscode-textmate and vscode-oniguruma as VS Code does, and checks the scopes of keywords,
// numbers, units, strings, template placeholders and comments. Run: npm ci && npm test
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const vsctm = require('vscode-textmate');
const oniguruma = require('vscode-oniguruma');

const root = path.resolve(__dirname, '..', '..', '..');
// The extension's folder: editors/vscode, or (CHAIN_EXTENSION) a .vsix unpacked as VS Code
// unpacks it, whose manifest names its grammar (release/verify).
const extension = process.env.CHAIN_EXTENSION ? path.resolve(process.env.CHAIN_EXTENSION) : path.join(__dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(extension, 'package.json'), 'utf8'));
const grammarPath = path.join(extension, manifest.contributes.grammars[0].path);

async function loadGrammar() {
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve('vscode-oniguruma')), 'onig.wasm')).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => scopeName === 'source.chain'
      ? vsctm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath)
      : null,
  });
  return registry.loadGrammar('source.chain');
}

/** Every token of a file: its text, line (1-based), column and scopes. */
function tokenize(grammar, text) {
  const tokens = [];
  let state = vsctm.INITIAL;
  text.split('\n').forEach((line, i) => {
    const r = grammar.tokenizeLine(line, state);
    for (const t of r.tokens) {
      tokens.push({ text: line.substring(t.startIndex, t.endIndex), line: i + 1, column: t.startIndex, scopes: t.scopes });
    }
    state = r.ruleStack;
  });
  return tokens;
}

const has = (token, scope) => token.scopes.some((s) => s === scope || s.startsWith(scope + '.'));

function files(folder) {
  return fs.readdirSync(path.join(root, folder)).filter((f) => f.endsWith('.chain')).sort().map((f) => path.join(folder, f));
}

let grammar;
test.before(async () => { grammar = await loadGrammar(); });

test('the keywords of every chain are keywords', () => {
  for (const file of files('chains')) {
    const tokens = tokenize(grammar, fs.readFileSync(path.join(root, file), 'utf8'));
    for (const t of tokens) {
      if (t.column === 0 && /^(chain|drill|use|inputs|derive|sanity|note|table|plot|roofline|solve)$/.test(t.text)) {
        assert.ok(has(t, 'keyword.control.chain'), `${file}:${t.line}: ${t.text} is ${t.scopes}`);
      }
      if (/^(check|for|show)$/.test(t.text) && t.column === 2) {
        assert.ok(has(t, 'keyword.control.chain'), `${file}:${t.line}: ${t.text} is ${t.scopes}`);
      }
    }
  }
});

test('a solve is a figure\'s header word, with its for and check lines', () => {
  const tokens = tokenize(grammar, 'solve "the largest batch is {batch}"\n  for batch in 1 .. 1,024\n  check floor <= 20 ms\n');
  for (const [line, word] of [[1, 'solve'], [2, 'for'], [3, 'check']]) {
    const t = tokens.find((x) => x.line === line && x.text === word);
    assert.ok(t && has(t, 'keyword.control.chain'), `${word} is ${t && t.scopes}`);
  }
});

test('numbers, with their digit groups, and the units written after them', () => {
  const text = fs.readFileSync(path.join(root, 'chains/02-inter-token-floor.chain'), 'utf8');
  const tokens = tokenize(grammar, text);
  const at = (line, word) => {
    const t = tokens.find((x) => x.line === line && x.text === word);
    assert.ok(t, `no token ${word} on line ${line}: ${tokens.filter((x) => x.line === line).map((x) => x.text)}`);
    return t;
  };
  assert.ok(has(at(9, '4,096'), 'constant.numeric.chain'));
  assert.ok(has(at(9, 'token'), 'keyword.other.unit.chain'));
  assert.ok(has(at(12, '2'), 'constant.numeric.chain'));
  assert.ok(has(at(12, 'B/param'), 'keyword.other.unit.chain'), 'a glued unit is one unit');
  assert.ok(has(at(12, 'GB'), 'keyword.other.unit.chain'), 'the unit after ->');
  assert.ok(has(at(12, ':,.2f'), 'constant.other.format-spec.chain'));
  assert.ok(has(at(22, 'FLOP/param/token'), 'keyword.other.unit.chain'));
  // found by its text, not its number: an annotation above it (@label) moves it down
  const mfu = text.split('\n').findIndex((l) => l.startsWith('  mfu ')) + 1;
  assert.ok(has(at(mfu, '50%'.slice(0, 2)), 'constant.numeric.chain'));
  assert.ok(has(at(mfu, '%'), 'keyword.other.unit.chain'));
  assert.ok(has(at(14, 'floor'), 'variable.other.definition.chain'));
  assert.ok(!has(at(14, 'gpu.hbm_bandwidth'), 'keyword.other.unit.chain'), 'a name after / is not a unit');
  // every number of every chain is a number, never a unit or a name
  for (const file of files('chains')) {
    for (const t of tokenize(grammar, fs.readFileSync(path.join(root, file), 'utf8'))) {
      if (/^\d[\d,._]*(e\d+)?$/.test(t.text) && !has(t, 'string') && !has(t, 'comment')) {
        assert.ok(has(t, 'constant.numeric.chain'), `${file}:${t.line}: ${t.text} is ${t.scopes}`);
      }
    }
  }
});

test('strings, text in triple quotes, placeholders and comments', () => {
  const text = fs.readFileSync(path.join(root, 'chains/02-inter-token-floor.chain'), 'utf8');
  const tokens = tokenize(grammar, text);
  const drill = tokens.find((t) => t.line === 2 && t.text.includes('Bad ITL'));
  assert.ok(has(drill, 'string.quoted.double.chain'));
  const inTriple = tokens.find((t) => t.line === 17 && t.text.includes('-token prefill chunk'));
  assert.ok(has(inTriple, 'string.quoted.triple.chain'), inTriple.scopes.join(' '));
  const chunk = tokens.find((t) => t.line === 17 && t.text === 'chunk');
  assert.ok(has(chunk, 'variable.other.placeholder.chain') && has(chunk, 'string.quoted.triple.chain'));
  const comment = tokens.find((t) => t.line === 12 && t.text.startsWith('#'));
  assert.ok(has(comment, 'comment.line.number-sign.chain'));
  // a `#` inside a string is not a comment; every comment of every chain and stdlib module is one
  for (const file of files('chains').concat(files('stdlib'))) {
    for (const t of tokenize(grammar, fs.readFileSync(path.join(root, file), 'utf8'))) {
      if (t.text.includes('#') && has(t, 'string')) {
        assert.ok(!has(t, 'comment'), `${file}:${t.line}`);
      }
      if (t.text.startsWith('# ') && !has(t, 'string')) {
        assert.ok(has(t, 'comment.line.number-sign.chain'), `${file}:${t.line}: ${t.text} is ${t.scopes}`);
      }
    }
  }
});

test('the stdlib: annotations, declarations, calls', () => {
  const tokens = tokenize(grammar, fs.readFileSync(path.join(root, 'stdlib/prelude.chain'), 'utf8'));
  assert.ok(has(tokens.find((t) => t.text === 'source'), 'storage.type.annotation.chain'));
  const unit = tokens.find((t) => t.text === 'B, byte');
  assert.ok(unit && has(unit, 'keyword.other.unit.chain'), 'the units a unit declaration names');
  const transformer = tokenize(grammar, fs.readFileSync(path.join(root, 'stdlib/transformer.chain'), 'utf8'));
  const fn = transformer.find((t) => t.text === 'attention_params');
  assert.ok(has(fn, 'entity.name.function.chain'));
});

test("a range's factor is an operator of its own, not a unit or a number", () => {
  const text = fs.readFileSync(path.join(root, 'chains/02-inter-token-floor.chain'), 'utf8');
  const tokens = tokenize(grammar, text);
  const line = text.split('\n').findIndex((l) => l.startsWith('  for batch in 1 .. 256 x2')) + 1; // the plot's, found by its text
  const factor = tokens.find((t) => t.line === line && t.text === 'x2');
  assert.ok(factor, `no token x2 on line ${line}: ${tokens.filter((t) => t.line === line).map((t) => t.text)}`);
  assert.deepStrictEqual(factor.scopes, ['source.chain', 'keyword.operator.factor.chain']);
  for (const line of ['  for batch in 1 .. 256 x1.5', '  for context in 1,024 token .. 8,192 token x2', '  for batch in 1..8x2']) {
    const t = tokenize(grammar, line).find((x) => /^x\d/.test(x.text));
    assert.ok(t, `no factor in ${line}`);
    assert.deepStrictEqual(t.scopes, ['source.chain', 'keyword.operator.factor.chain'], line);
  }
  const name = tokenize(grammar, '  y = x2 * by').find((t) => t.text === 'x2');
  assert.ok(!has(name, 'keyword.operator.factor.chain'), `elsewhere x2 is a name: ${name.scopes}`);
});
