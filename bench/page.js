// bench/run page: a keystroke's recompute on the explorable page, under node (V8, Chromium's
// engine). Usage: node bench/page.js CORE.js MODEL.json. Renders the chain 3,000 times with
// changing inputs, the first 1,000 as warm-up: the text alone (what the page shows at once) and
// the text with its figures drawn (what it shows when typing pauses). Times include reading the
// typed numbers and building what page.js reads; not the DOM update.
"use strict";
const fs = require("fs");
const chain = require(require("path").resolve(process.argv[2]));
const live = chain.load(fs.readFileSync(process.argv[3], "utf8"));
const own = live.inputs().map((i) => i.shown);
const text = [];
const drawn = [];
for (let i = 0; i < 3000; i++) {
  const typed = own.map((_, k) => String(1 + (i % 97) + k));
  const t0 = process.hrtime.bigint();
  live.render(typed, false, 720);
  const t1 = process.hrtime.bigint();
  live.render(typed, true, 720);
  text.push(Number(t1 - t0) / 1000);
  drawn.push(Number(process.hrtime.bigint() - t1) / 1000);
}
const at = (xs, q) => xs[Math.floor(xs.length * q)].toFixed(0);
const warmText = text.slice(1000).sort((a, b) => a - b);
const warmDrawn = drawn.slice(1000).sort((a, b) => a - b);
console.log("| the inter-token chain (" + own.length + " inputs) | median | p90 | p99 |");
console.log("|---|---:|---:|---:|");
console.log("| recompute after a keystroke, the text | " + at(warmText, 0.5) + " µs | " + at(warmText, 0.9) + " µs | " + at(warmText, 0.99) + " µs |");
console.log("| the same with its plot and roofline drawn | " + at(warmDrawn, 0.5) + " µs | " + at(warmDrawn, 0.9) + " µs | " + at(warmDrawn, 0.99) + " µs |");
