// The practice mode's DOM code (chain-practice.js, fetched by the page's script when a reader turns
// Practice on): a box for each derived value of the chain, each answer graded as `chain drill`
// grades it (compiled by TeaVM, `drill` here: it reads the text, grades, and says why), in order,
// each earlier answer in mind. The answers stay in the browser's local storage; nothing is sent.
"use strict";

function practise(model, run, after, title) {
  var d = drill.load(model, run);
  var key = "chain-practice:" + location.pathname + ":" + title;
  var saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(key)) || {};
  } catch (e) {
    // no storage (a private window, a sandboxed frame): the answers last as long as the page
  }
  var form = document.createElement("form");
  form.className = "chain-inputs chain-practice";
  form.setAttribute("aria-label", "practice: " + title);
  var rows = d.steps().map(function (step) {
    var row = document.createElement("div");
    row.className = "chain-input";
    var label = document.createElement("label");
    label.textContent = step.name + " = ";
    var box = document.createElement("input");
    box.type = "text";
    box.autocomplete = "off";
    box.spellcheck = false;
    box.setAttribute("data-step", step.name);
    box.value = saved[step.name] || "";
    box.addEventListener("change", grade);
    label.appendChild(box);
    var said = document.createElement("div");
    said.setAttribute("role", "status");
    row.appendChild(label);
    row.appendChild(said);
    form.appendChild(row);
    return { step: step, box: box, said: said };
  });
  // Every answer again, in the chain's order, as chain drill --answers grades a file of them.
  function grade() {
    var kept = {};
    rows.forEach(function (r) { d.forget(r.step.slot); });
    rows.forEach(function (r) {
      var typed = r.box.value;
      r.said.textContent = "";
      r.box.removeAttribute("aria-invalid");
      if (typed.trim()) {
        kept[r.step.name] = typed;
        var g = d.grade(r.step.slot, typed);
        var right = g.verdict === "right" || g.verdict === "consistent";
        r.said.textContent = (g.echo ? g.echo + ": " : "") + (right ? "\u2713 " : "\u2717 ") + g.diagnosis;
        r.said.className = right ? "chain-note" : "chain-problem";
        if (!right) {
          r.box.setAttribute("aria-invalid", "true");
        }
      }
    });
    try {
      localStorage.setItem(key, JSON.stringify(kept));
    } catch (e) {
      // as above
    }
  }
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    grade();
  });
  after.parentNode.insertBefore(form, after.nextSibling);
  grade();
  return form;
}
