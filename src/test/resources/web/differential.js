// Runs the explorable page's TeaVM-compiled core under node for PageScriptTest: reads cases
// (a chain's model, then sets of inputs as the hex of each number's bits), one per line, and
// prints what the page would show for each, one JSON array per line. With "bench" it also
// times recomputing the longest chain after a keystroke.
"use strict";
const fs = require("fs");
const chain = require(process.argv[2]);
const lines = fs.readFileSync(process.argv[3], "utf8").split("\n").filter((l) => l.length > 0);
const out = [];
let handle = -1;
let longest = null;
for (const line of lines) {
  const tab = line.indexOf("\t");
  const kind = line.slice(0, tab);
  const rest = line.slice(tab + 1);
  if (kind === "model") {
    handle = chain.chainLoad(rest);
    if (longest === null || rest.length > longest.model.length) {
      longest = { model: rest, handle: handle };
    }
    out.push(chain.chainInputs(handle));
  } else {
    out.push(chain.chainRender(handle, rest, true));
  }
}
fs.writeFileSync(process.argv[4], out.join("\n") + "\n");
if (process.argv[5] === "bench") {
  const inputs = JSON.parse(chain.chainInputs(longest.handle));
  const n = +inputs[0];
  const times = [];
  const drawn = [];
  for (let i = 0; i < 3000; i++) {
    const numbers = [];
    for (let k = 0; k < n; k++) {
      const view = new DataView(new ArrayBuffer(8));
      view.setFloat64(0, 1 + (i % 97) + k);
      numbers.push(view.getUint32(0).toString(16).padStart(8, "0") + view.getUint32(4).toString(16).padStart(8, "0"));
    }
    const text = JSON.stringify(numbers);
    const t0 = process.hrtime.bigint();
    chain.chainRender(longest.handle, text, false);
    const t1 = process.hrtime.bigint();
    chain.chainRender(longest.handle, text, true);
    times.push(Number(t1 - t0) / 1000);
    drawn.push(Number(process.hrtime.bigint() - t1) / 1000);
  }
  const warm = times.slice(1000).sort((a, b) => a - b);
  const warmDrawn = drawn.slice(1000).sort((a, b) => a - b);
  console.log("recompute_us median " + warm[warm.length >> 1].toFixed(1) + " p90 " + warm[Math.floor(warm.length * 0.9)].toFixed(1)
      + " with_figures_median " + warmDrawn[warmDrawn.length >> 1].toFixed(1) + " model_bytes " + longest.model.length);
}
