// Runs the practice mode's TeaVM-compiled core (chain-practice.js's) under node for
// PracticeScriptTest, its formulas run by the page script's core, as the page does: reads a
// practice model and answers (one JSON object a line, as the JVM read them), grades each in order,
// keeping the right and consistent ones as the learner's, and prints each grade, one JSON object a line.
"use strict";
const fs = require("fs");
const page = require(process.argv[2]);
const practice = require(process.argv[3]);
const model = fs.readFileSync(process.argv[4], "utf8");
const answers = fs.readFileSync(process.argv[5], "utf8").split("\n").filter((l) => l.length > 0).map((l) => JSON.parse(l));

const formulas = page.formulas(model);
const units = {
  describe: (d) => { throw new Error("describe(" + d + ") asked"); },
  text: (v, d) => { throw new Error("text(" + v + ", " + d + ") asked"); },
  respelled: (unit, factor) => null,
};
const drill = practice.load(model, (i, slots) => formulas.run(i, slots), units);
const out = [];
for (const a of answers) {
  const g = drill.grade(a.slot, a.written, a.si, a.dimension, a.unit, a.problem);
  if (g.verdict === "right" || g.verdict === "wrong" || g.verdict === "consistent") {
    drill.answered(a.slot, a.si);
  }
  out.push(JSON.stringify({ verdict: g.verdict, echo: g.echo, diagnosis: g.diagnosis, shown: drill.shown(a.slot) }));
}
fs.writeFileSync(process.argv[6], out.join("\n") + "\n");
