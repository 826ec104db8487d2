// Runs the explorable page's TeaVM-compiled core under node for PageScriptTest: reads cases (a
// chain's model, then sets of what a reader typed in its boxes), one per line, and prints what the
// page would show for each, one JSON object per line: what page.js reads of it.
"use strict";
const fs = require("fs");
const chain = require(process.argv[2]);
const lines = fs.readFileSync(process.argv[3], "utf8").split("\n").filter((l) => l.length > 0);

function shown(live, typed) {
  const s = live.render(typed, true, 720);
  if (!s.ok) {
    return { ok: false, problem: s.problem, problems: s.problems };
  }
  return { ok: true, code: s.code, paragraphs: s.paragraphs, checks: s.checks.map((c) => [c.passed, c.outcome]),
    figures: s.figures };
}

const out = [];
let live = null;
for (const line of lines) {
  const tab = line.indexOf("\t");
  const kind = line.slice(0, tab);
  const rest = line.slice(tab + 1);
  if (kind === "model") {
    live = chain.load(rest);
    const inputs = live.inputs();
    out.push(JSON.stringify({ inputs: inputs, checks: live.checks() }));
  } else {
    out.push(JSON.stringify(shown(live, JSON.parse(rest))));
  }
}
fs.writeFileSync(process.argv[4], out.join("\n") + "\n");
