// Runs the explorable page's TeaVM-compiled core under node for PageScriptTest: reads cases (a
// chain's model, then sets of what a reader typed in its boxes), one per line, and prints what the
// page would show for each, one JSON object per line: what page.js reads of it.
// With "bench" it also times a keystroke's recompute of the chain with the largest model.
"use strict";
const fs = require("fs");
const chain = require(process.argv[2]);
const lines = fs.readFileSync(process.argv[3], "utf8").split("\n").filter((l) => l.length > 0);

function shown(live, typed) {
  const s = live.render(typed, true);
  if (!s.ok) {
    return { ok: false, problem: s.problem, problems: s.problems };
  }
  return { ok: true, code: s.code, paragraphs: s.paragraphs, checks: s.checks.map((c) => [c.passed, c.outcome]),
    figures: s.figures };
}

const out = [];
let live = null;
let longest = null;
for (const line of lines) {
  const tab = line.indexOf("\t");
  const kind = line.slice(0, tab);
  const rest = line.slice(tab + 1);
  if (kind === "model") {
    live = chain.load(rest);
    const inputs = live.inputs();
    out.push(JSON.stringify({ inputs: inputs, checks: live.checks() }));
    if (longest === null || rest.length > longest.size) {
      longest = { size: rest.length, live: live, own: inputs.map((i) => i.shown) };
    }
  } else {
    out.push(JSON.stringify(shown(live, JSON.parse(rest))));
  }
}
fs.writeFileSync(process.argv[4], out.join("\n") + "\n");
if (process.argv[5] === "bench") {
  const times = [];
  const drawn = [];
  for (let i = 0; i < 3000; i++) {
    const typed = longest.own.map((own, k) => String(1 + (i % 97) + k));
    const t0 = process.hrtime.bigint();
    longest.live.render(typed, false);
    const t1 = process.hrtime.bigint();
    longest.live.render(typed, true);
    times.push(Number(t1 - t0) / 1000);
    drawn.push(Number(process.hrtime.bigint() - t1) / 1000);
  }
  const warm = times.slice(1000).sort((a, b) => a - b);
  const warmDrawn = drawn.slice(1000).sort((a, b) => a - b);
  console.log("recompute_us median " + warm[warm.length >> 1].toFixed(1) + " p90 " + warm[Math.floor(warm.length * 0.9)].toFixed(1)
      + " with_figures_median " + warmDrawn[warmDrawn.length >> 1].toFixed(1) + " model_bytes " + longest.size);
}
