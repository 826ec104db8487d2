// The explorable page's DOM code (render --interactive): finds each chain's model on the page,
// shows its inputs above its code block, and on every keystroke hands the boxes' text to the chain
// (compiled by TeaVM, `chain` here: it reads the text, evaluates, and writes the page's text), then
// puts what it wrote in place. Nothing here reads a number or decides a word.
// No eval, no inline handlers, no network: a Content-Security-Policy of script-src 'self' holds.
"use strict";

function element(tag, className, text) {
  var e = document.createElement(tag);
  if (className) {
    e.className = className;
  }
  if (text !== undefined) {
    e.textContent = text;
  }
  return e;
}

// The element after `from` that is, or holds, a <pre>: the chain's code block as the site rendered it.
function codeBlockAfter(from) {
  for (var e = from.nextElementSibling; e; e = e.nextElementSibling) {
    if (e.tagName === "PRE") {
      return { box: e, pre: e };
    }
    var pre = e.querySelector("pre");
    if (pre) {
      return { box: e, pre: pre };
    }
  }
  return null;
}

// What follows the code block up to the next heading or chain: its paragraphs, and its figures in
// order (an <img> of a plot, a <table>, or a solve's sentence, a <p>), as many as the chain has of each.
function after(box, paragraphs, kinds) {
  var found = { paragraphs: [], figures: [] };
  for (var e = box.nextElementSibling; e; e = e.nextElementSibling) {
    if (/^H[1-6]$/.test(e.tagName) || e.classList.contains("chain-live")) {
      break;
    }
    if (e.tagName === "P" && found.paragraphs.length < paragraphs && !e.querySelector("img")) {
      found.paragraphs.push(e);
    }
    var kind = kinds[found.figures.length];
    var img = e.tagName === "IMG" ? e : e.querySelector("img");
    var table = e.tagName === "TABLE" ? e : e.querySelector("table");
    if (kind === "plot" && img) {
      found.figures.push(img);
    } else if (kind === "line" && e.tagName === "P" && !img) {
      found.figures.push(e);
    } else if (kind === "table" && table) {
      found.figures.push(table);
    }
  }
  return found;
}

function Live(block) {
  this.own = chain.load(block.querySelector("script[type='application/json']:not([data-use])").textContent);
  this.chain = this.own;
  this.inputs = this.own.inputs();
  this.checks = this.own.checks();
  // Modules the reader may choose in place of the chain's own: each other choice's model is in the
  // block under data-use="gpu=b200;model=qwen3_8b", read only once chosen.
  this.choices = this.own.choices();
  this.measured = this.own.measured();
  this.alternatives = {};
  this.loaded = {};
  var self = this;
  block.querySelectorAll("script[data-use]").forEach(function (s) {
    self.alternatives[s.getAttribute("data-use")] = s;
  });
  if (this.inputs.length === 0 && this.choices.length === 0) {
    this.empty = true; // nothing to change: the chain stays as the card shows it
    return;
  }
  var found = codeBlockAfter(block);
  if (!found) {
    throw new Error("no code block after a chain's model");
  }
  this.block = found.box;
  this.code = found.pre.querySelector("code") || found.pre;
  var own = this.chain.render(this.inputs.map(function (input) { return input.shown; }), true);
  // A figure with neither SVG nor cells is a solve's sentence, which the page keeps as the card has it.
  var kinds = own.ok ? own.figures.map(function (f) { return f.svg ? "plot" : f.rows.length ? "table" : "line"; }) : [];
  var rest = after(this.block, own.ok ? own.paragraphs.length : 0, kinds);
  this.paragraphs = rest.paragraphs;
  this.figures = rest.figures;
  this.fixed = own.ok ? own.figures.map(function (f) { return f.fixed; }) : [];
  this.build(block);
  this.update();
}

// Puts a figure drawn again in place of what shows it now. A plot's SVG is parsed as SVG (an image
// with no script, which chain's SVG writer never writes), never as HTML; a table's cells and title
// are set as text.
Live.prototype.draw = function (figure, i) {
  var old = this.figures[i];
  if (!old) {
    return;
  }
  if (!figure.svg && old.tagName === "P") {
    return; // a solve's sentence: as the card has it (the search runs the checked chain, not this page)
  }
  if (!figure.svg) {
    var rows = old.rows;
    if (rows.length === figure.rows.length) {
      for (var r = 0; r < rows.length; r++) {
        for (var c = 0; c < rows[r].cells.length && c < figure.rows[r].length; c++) {
          rows[r].cells[c].textContent = figure.rows[r][c];
        }
      }
    }
    var title = old.previousElementSibling;
    if (title && title.tagName === "P") {
      title.textContent = figure.title;
    }
    return;
  }
  var root = new DOMParser().parseFromString(figure.svg, "image/svg+xml").documentElement;
  if (root.nodeName !== "svg") {
    return;
  }
  var drawn = document.importNode(root, true);
  drawn.setAttribute("role", "img");
  drawn.style.maxWidth = "100%";
  drawn.style.height = "auto"; // its <title> and <desc> say what it shows, for these inputs
  old.parentNode.replaceChild(drawn, old);
  this.figures[i] = drawn;
};

Live.prototype.build = function (block) {
  var self = this;
  // No `name` on the boxes: in a form, a box named like one of the form's own methods
  // (appendChild) would hide it.
  var form = element("form", "chain-inputs");
  form.setAttribute("aria-label", "this chain's inputs");
  form.style.fontFamily = "monospace";
  form.style.margin = "0.5em 0";
  this.boxes = [];
  this.problems = [];
  this.selects = [];
  var labels = document.createDocumentFragment();
  // Each field, then a space: the row breaks between fields (each kept on one line) on a narrow screen.
  function add(field) {
    labels.appendChild(field);
    labels.appendChild(document.createTextNode(" "));
  }
  // A box's or a select's label: its name, then the field, kept on one line.
  function field(name, className) {
    var label = element("label", className);
    label.style.marginRight = "1.5em";
    label.style.whiteSpace = "nowrap";
    label.appendChild(document.createTextNode(name + " "));
    return label;
  }
  this.choices.forEach(function (choice) {
    var label = field(choice.alias, "chain-input chain-module");
    var select = element("select");
    select.setAttribute("data-module", choice.alias);
    choice.options.forEach(function (option) {
      var o = element("option", null, option.label);
      o.value = option.module;
      o.selected = option.module === choice.current;
      select.appendChild(o);
    });
    select.addEventListener("change", function () { self.update(); });
    label.appendChild(select);
    add(label);
    self.selects.push(select);
  });
  this.inputs.forEach(function (input) {
    var label = field(input.label, "chain-input");
    var box = element("input");
    box.type = "text";
    box.inputMode = input.shown.indexOf("..") >= 0 ? "text" : "decimal"; // a range needs its dots and spaces
    box.setAttribute("data-input", input.name);
    box.value = input.shown;
    box.size = Math.max(4, input.shown.length + 2);
    box.addEventListener("input", function () { self.update(); });
    label.appendChild(box);
    if (input.unit) {
      label.appendChild(document.createTextNode((input.glued ? "" : " ") + input.unit));
    }
    var problem = element("span", "chain-problem");
    problem.setAttribute("role", "status");
    problem.style.color = "#b00020";
    problem.style.marginLeft = "0.5em";
    label.appendChild(problem);
    add(label);
    self.boxes.push(box);
    self.problems.push(problem);
  });
  // A measured input has no box: it is what the benchmark said, and the reader changes the chain around it.
  this.measured.forEach(function (m) {
    var shown = element("span", "chain-measured", m.label + " " + m.shown);
    shown.style.marginRight = "1.5em";
    shown.style.whiteSpace = "nowrap";
    shown.title = "measured: " + m.where;
    shown.appendChild(element("span", null, " (measured: " + m.where + ")"));
    shown.lastChild.style.opacity = "0.7";
    add(shown);
  });
  form.appendChild(labels);
  var reset = element("button", "chain-reset", "reset");
  reset.type = "button";
  reset.addEventListener("click", function () { self.reset(); });
  form.appendChild(reset);
  this.general = element("div", "chain-problem");
  this.general.setAttribute("role", "status");
  this.general.style.color = "#b00020";
  form.appendChild(this.general);
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  block.parentNode.insertBefore(form, this.block);
  // A figure the page cannot compute again (a table over modules, a solve) says so once the
  // reader's inputs are not the card's, rather than show the card's numbers as theirs.
  this.notes = this.figures.map(function (figure, i) {
    if (!self.fixed[i]) {
      return null;
    }
    var note = element("div", "chain-fixed", "(as the card has it, for its own inputs: this page does not compute it again)");
    note.style.fontSize = "0.85em";
    note.style.color = "#666";
    note.hidden = true;
    figure.parentNode.insertBefore(note, figure.nextSibling);
    return note;
  });
  this.list = element("ul", "chain-checks");
  this.list.style.fontFamily = "monospace";
  this.block.parentNode.insertBefore(this.list, this.block.nextSibling);
};

Live.prototype.reset = function () {
  for (var i = 0; i < this.boxes.length; i++) {
    this.boxes[i].value = this.inputs[i].shown;
  }
  for (var j = 0; j < this.selects.length; j++) {
    this.selects[j].value = this.choices[j].current;
  }
  this.update();
};

// The chain for the modules chosen: its own, or an alternative's model, read the first time it is
// chosen; null when the chain does not evaluate with those modules (the page has no model for them).
Live.prototype.chosen = function () {
  var choices = this.choices;
  var own = this.selects.every(function (select, i) { return select.value === choices[i].current; });
  if (own) {
    return this.own;
  }
  var key = this.selects.map(function (select, i) { return choices[i].alias + "=" + select.value; }).join(";");
  if (!this.loaded[key] && this.alternatives[key]) {
    this.loaded[key] = chain.load(this.alternatives[key].textContent);
  }
  return this.loaded[key] || null;
};

Live.prototype.typed = function () {
  return this.boxes.map(function (box) { return box.value; });
};

// Shows the chain for the boxes' text; text the chain cannot read, or values that give no number,
// leave the last good numbers in place, dimmed, with the reason beside the box: never NaN.
Live.prototype.update = function () {
  var typed = this.typed();
  this.chain = this.chosen();
  if (!this.chain) {
    this.general.textContent = "this chain does not evaluate with " + this.selects.map(function (select) {
      return select.options[select.selectedIndex].textContent;
    }).join(" and ");
    return this.stale(true);
  }
  var shown = this.chain.render(typed, false);
  for (var i = 0; i < this.problems.length; i++) {
    this.problems[i].textContent = shown.problems[i] || "";
  }
  this.general.textContent = shown.problem || "";
  if (!shown.ok) {
    return this.stale(true);
  }
  this.stale(false);
  var own = this.inputs;
  var changed = this.chain !== this.own || typed.some(function (t, i) { return t !== own[i].shown; });
  for (var n = 0; n < this.notes.length; n++) {
    if (this.notes[n]) {
      this.notes[n].hidden = !changed;
      this.figures[n].style.opacity = changed ? "0.45" : "";
    }
  }
  this.code.textContent = shown.code;
  for (var k = 0; k < shown.paragraphs.length && k < this.paragraphs.length; k++) {
    this.paragraphs[k].textContent = shown.paragraphs[k];
  }
  this.list.textContent = "";
  for (var j = 0; j < shown.checks.length; j++) {
    // Over ranges a check may hold for part of them: uncertain, marked ? as chain run marks it.
    var status = shown.checks[j].status;
    var mark = status === "holds" ? "\u2713 " : status === "fails" ? "\u2717 " : "? ";
    this.list.appendChild(element("li", "chain-check-" + (status === "holds" ? "passed" : status === "fails" ? "failed" : "uncertain"),
        mark + "check " + this.checks[j] + ": " + shown.checks[j].outcome));
  }
  // The figures take a few times longer than the text: drawn a moment after it, once typing pauses.
  var self = this;
  var current = this.chain;
  clearTimeout(this.pending);
  if (this.figures.length > 0) {
    this.pending = setTimeout(function () {
      var drawn = current.render(typed, true);
      if (drawn.ok) {
        drawn.figures.forEach(function (figure, f) { self.draw(figure, f); });
      }
    }, 30);
  }
};

Live.prototype.stale = function (stale) {
  var opacity = stale ? "0.45" : "";
  this.block.style.opacity = opacity;
  this.list.style.opacity = opacity;
  this.paragraphs.forEach(function (p) { p.style.opacity = opacity; });
  this.figures.forEach(function (f) { f.style.opacity = opacity; });
};

// #batch=32&context=8192 sets those inputs in every chain that has them, and #gpu=b200 the module
// of every chain that offers it: a link to a what-if. A part that is not percent-encoded text is left out.
function fromHash(lives) {
  var values = {};
  location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
    var eq = pair.indexOf("=");
    if (eq > 0) {
      try {
        values[decodeURIComponent(pair.slice(0, eq))] = decodeURIComponent(pair.slice(eq + 1));
      } catch (e) {
        // a malformed escape (#batch=%): not a value
      }
    }
  });
  lives.forEach(function (live) {
    var changed = false;
    live.choices.forEach(function (choice, i) {
      var module = values[choice.alias];
      if (Object.prototype.hasOwnProperty.call(values, choice.alias)
          && choice.options.some(function (option) { return option.module === module; })) {
        live.selects[i].value = module;
        changed = true;
      }
    });
    live.inputs.forEach(function (input, i) {
      if (Object.prototype.hasOwnProperty.call(values, input.name)) {
        live.boxes[i].value = values[input.name];
        changed = true;
      }
    });
    if (changed) {
      live.update();
    }
  });
}

function start() {
  var lives = [];
  document.querySelectorAll("div.chain-live").forEach(function (block) {
    try {
      var live = new Live(block);
      if (!live.empty) {
        lives.push(live);
      }
    } catch (e) {
      // A block the script cannot read leaves that chain as the static card shows it.
      if (window.console) {
        console.error("chain: " + e.message);
      }
    }
  });
  fromHash(lives);
  window.addEventListener("hashchange", function () { fromHash(lives); });
  document.documentElement.setAttribute("data-chain-live", String(lives.length));
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", start);
} else {
  start();
}
