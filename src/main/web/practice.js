// The practice mode's DOM code (chain-practice.js, fetched by the page's script when a reader turns
// Practice on): a box for each derived value of the chain, each answer graded as `chain drill`
// grades it (compiled by TeaVM, `drill` here: it reads the text, grades, and says why), in order,
// each earlier answer in mind. The answers stay in the browser's local storage and in the page's
// address (#practice%3ATITLE={"kv":"536.9 MB"}, beside the inputs' parts: a link to them); nothing
// is sent.
"use strict";

// The page's practice models: the file beside the page (PAGE.practice.js, named by the page
// script's element, data-practice-models), loaded as a script the first time a chain needs one (a
// page opened from a file may not fetch), which hands them to chainPracticeModels.
var models = null;
var waiting = []; // [then, failed] of each chain that asked before the models came
window.chainPracticeModels = function (all) {
  models = all;
  waiting.splice(0).forEach(function (w) { w[0](); });
};

function withModels(then, failed) {
  if (models) {
    then();
    return;
  }
  waiting.push([then, failed]);
  if (waiting.length === 1) {
    var s = document.createElement("script");
    s.src = document.querySelector("script[data-practice-models]").getAttribute("data-practice-models");
    s.addEventListener("error", function () {
      document.head.removeChild(s); // the next press tries again
      waiting.splice(0).forEach(function (w) { w[1](s.src); });
    });
    document.head.appendChild(s);
  }
}

// The form of a chain's practice (marker: its data-practice element, which holds its index in the
// page's models; formulas: the page script's), put after `after` once its model is loaded.
function practise(marker, formulas, after, title) {
  var form = document.createElement("form");
  withModels(function () {
    var chain = Number(marker.textContent);
    // The page's script reads a chain's formulas and the functions they call as text, as it reads its own model.
    var f = formulas(JSON.stringify({ functions: models.functions, practice: models.practice.chains[chain] }));
    fill(form, drill.load(models, chain, function (i, s) { return f.run(i, s); }), title);
    after.parentNode.insertBefore(form, after.nextSibling);
  }, function (src) {
    form.className = "chain-problem";
    form.textContent = "Practice needs " + src + ", which did not load.";
    after.parentNode.insertBefore(form, after.nextSibling);
  });
  return form;
}

function fill(form, d, title) {
  var key = "chain-practice:" + location.pathname + ":" + title;
  var part = encodeURIComponent("practice:" + title);
  var saved = fromAddress(part);
  try {
    saved = saved || JSON.parse(localStorage.getItem(key)) || {};
  } catch (e) {
    // no storage (a private window, a sandboxed frame): the answers last as long as the page
  }
  saved = saved || {};
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
    toAddress(part, kept);
  }
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    grade();
  });
  grade();
}

// The address's parts (#batch=32&practice%3A...), each NAME=VALUE as the address writes it.
function addressParts() {
  return location.hash.replace(/^#/, "").split("&").filter(function (p) { return p; });
}

// This chain's answers as the address holds them (part: that part's name), or null (none, or not JSON text).
function fromAddress(part) {
  var found = null;
  addressParts().forEach(function (p) {
    if (p.split("=")[0] === part) {
      try {
        found = JSON.parse(decodeURIComponent(p.slice(part.length + 1)));
      } catch (e) {
        // a malformed part: not answers
      }
    }
  });
  return found && typeof found === "object" ? found : null;
}

function toAddress(part, kept) {
  var parts = addressParts().filter(function (p) { return p.split("=")[0] !== part; });
  if (Object.keys(kept).length > 0) {
    parts.push(part + "=" + encodeURIComponent(JSON.stringify(kept)));
  }
  try {
    history.replaceState(history.state, "", parts.length > 0 ? "#" + parts.join("&") : location.pathname + location.search);
  } catch (e) {
    // a page whose history cannot be written (a sandboxed frame): the address stays
  }
}
