// Runs the practice mode's TeaVM-compiled core (chain-practice.js's) under node for
// PracticeScriptTest, its formulas run by the page script's core, as the page does: runs a page's
// practice models (the PAGE.practice.js render writes), takes the first chain's, reads answers
// (`slot<TAB>typed`, one a line), grades each in order (the script keeps the learner's earlier ones
// in mind), and prints each grade, one JSON object a line.
"use strict";
const fs = require("fs");
const vm = require("vm");
const page = require(process.argv[2]);
const practice = require(process.argv[3]);
let models = null;
globalThis.chainPracticeModels = (all) => { models = all; };
vm.runInThisContext(fs.readFileSync(process.argv[4], "utf8"));
const answers = fs.readFileSync(process.argv[5], "utf8").split("\n").filter((l) => l.length > 0).map((l) => l.split("\t"));

// As practice.js hands them over: the page's script gets the chain's formulas and the functions they call.
const formulas = page.formulas(JSON.stringify({ functions: models.functions, practice: models.practice.chains[0] }));
const drill = practice.load(models, 0, (i, slots) => formulas.run(i, slots));
const out = [];
for (const [slot, typed] of answers) {
  const g = drill.grade(Number(slot), typed);
  out.push(JSON.stringify({ verdict: g.verdict, echo: g.echo, diagnosis: g.diagnosis, causes: g.causes, shown: drill.shown(Number(slot)) }));
}
out.push(JSON.stringify(drill.steps()));
fs.writeFileSync(process.argv[6], out.join("\n") + "\n");
