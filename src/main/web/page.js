// The explorable page's DOM code (render --interactive): finds each chain's model on the page,
// shows its inputs above its code block, and on every keystroke has the renderer's own code
// (compiled by TeaVM, `chain` here) render the chain again, then puts the new text in place.
// No eval, no inline handlers, no network: a Content-Security-Policy of script-src 'self' holds.
"use strict";

var NUMBER = /^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][+-]?\d+)?$/;

// What the reader typed, as a number, or why it is not one they can mean.
function readNumber(text) {
  var t = text.trim().replace(/_/g, "");
  if (t === "") {
    return { problem: "enter a number" };
  }
  if (!NUMBER.test(t) || !/\d/.test(t)) {
    return { problem: "not a number" };
  }
  var v = Number(t.replace(/,/g, ""));
  if (!isFinite(v)) {
    return { problem: "too large" };
  }
  if (v < 0) {
    return { problem: "cannot be below zero" };
  }
  return { value: v };
}

// A double's bits in hex, so that it reaches the Java side exactly.
function bits(v) {
  var view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  return hex8(view.getUint32(0)) + hex8(view.getUint32(4));
}

function hex8(u) {
  var h = u.toString(16);
  return "00000000".slice(h.length) + h;
}

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

// The chain's paragraphs: the <p> elements after its code block, up to the next heading.
function paragraphsAfter(box, count) {
  var found = [];
  for (var e = box.nextElementSibling; e && found.length < count; e = e.nextElementSibling) {
    if (/^H[1-6]$/.test(e.tagName) || e.classList.contains("chain-live")) {
      break;
    }
    if (e.tagName === "P") {
      found.push(e);
    }
  }
  return found;
}

// The chain's figures on the page, in order, up to the next chain: each an <img> of a plot, or a
// <table> (on the standalone page too); `kinds` says which the chain has.
function figuresAfter(box, kinds) {
  var found = [];
  var at = 0;
  for (var e = box.nextElementSibling; e && at < kinds.length; e = e.nextElementSibling) {
    if (/^H[1-6]$/.test(e.tagName) || e.classList.contains("chain-live")) {
      break;
    }
    var img = e.tagName === "IMG" ? e : e.querySelector("img");
    var table = e.tagName === "TABLE" ? e : e.querySelector("table");
    if (kinds[at] === "plot" && img) {
      found.push(img);
      at++;
    } else if (kinds[at] === "table" && table) {
      found.push(table);
      at++;
    }
  }
  return found;
}

function Live(block) {
  this.handle = chain.chainLoad(block.querySelector("script[type='application/json']").textContent);
  var about = JSON.parse(chain.chainInputs(this.handle));
  var at = 0;
  this.inputs = [];
  for (var n = +about[at++], i = 0; i < n; i++) {
    this.inputs.push({ name: about[at], unit: about[at + 1], glued: about[at + 2] === "1", shown: about[at + 3] });
    at += 4;
  }
  this.checks = about.slice(at + 1, at + 1 + +about[at]);
  if (this.inputs.length === 0) {
    this.empty = true; // nothing to change: the chain stays as the card shows it
    return;
  }
  var found = codeBlockAfter(block);
  if (!found) {
    throw new Error("no code block after a chain's model");
  }
  this.block = found.box;
  this.code = found.pre.querySelector("code") || found.pre;
  var own = this.render(this.inputs.map(function () { return ""; }), true);
  this.paragraphs = paragraphsAfter(this.block, own[0] === "ok" ? this.count(own).paragraphs : 0);
  this.figures = figuresAfter(this.block, own[0] === "ok" ? this.figureKinds(own) : []);
  this.build(block);
  this.update();
}

// Each figure of a rendering, read from `out` at `at`: a plot's SVG, or a table's Markdown, title
// and cells. Returns the figures and where the next token is.
function readFigures(out, at) {
  var figures = [];
  for (var n = +out[at++], i = 0; i < n; i++) {
    if (out[at++] === "p") {
      figures.push({ kind: "plot", svg: out[at++] });
      continue;
    }
    var table = { kind: "table", markdown: out[at], title: out[at + 1], cells: [] };
    at += 2;
    for (var rows = +out[at++], r = 0; r < rows; r++) {
      var count = +out[at++];
      table.cells.push(out.slice(at, at + count));
      at += count;
    }
    figures.push(table);
  }
  return figures;
}

Live.prototype.figureKinds = function (out) {
  return readFigures(out, this.figuresAt(out)).map(function (f) { return f.kind; });
};

// Where a rendering's figures start: after its lines, paragraphs and checks.
Live.prototype.figuresAt = function (out) {
  var at = 3 + +out[2];
  at += 1 + +out[at];
  return at + 1 + 2 * +out[at];
};

// Puts a figure drawn again in place of what shows it now. A plot's SVG is parsed as SVG (an image
// with no script, which chain's SVG writer never writes), never as HTML; a table's cells and title
// are set as text.
Live.prototype.draw = function (i, figure) {
  var old = this.figures[i];
  if (!old) {
    return;
  }
  if (figure.kind === "table") {
    var rows = old.rows;
    if (rows.length === figure.cells.length) {
      for (var r = 0; r < rows.length; r++) {
        for (var c = 0; c < rows[r].cells.length && c < figure.cells[r].length; c++) {
          rows[r].cells[c].textContent = figure.cells[r][c];
        }
      }
    }
    var title = old.previousElementSibling;
    if (title && title.tagName === "P") {
      title.textContent = figure.title;
    }
    return;
  }
  var doc = new DOMParser().parseFromString(figure.svg, "image/svg+xml");
  var root = doc.documentElement;
  if (root.nodeName !== "svg") {
    return;
  }
  var shown = document.importNode(root, true);
  shown.setAttribute("role", "img");
  shown.style.maxWidth = "100%";
  shown.style.height = "auto"; // its <title> and <desc> say what it shows, for these inputs
  old.parentNode.replaceChild(shown, old);
  this.figures[i] = shown;
};

// How many code lines and paragraphs a rendering has.
Live.prototype.count = function (out) {
  var lines = +out[2];
  return { lines: lines, paragraphs: +out[3 + lines] };
};

Live.prototype.render = function (numbers, figures) {
  return JSON.parse(chain.chainRender(this.handle, JSON.stringify(numbers), figures));
};

Live.prototype.build = function (block) {
  var self = this;
  var form = element("form", "chain-inputs");
  form.setAttribute("aria-label", "this chain's inputs");
  form.style.fontFamily = "monospace";
  form.style.margin = "0.5em 0";
  this.boxes = [];
  this.problems = [];
  this.inputs.forEach(function (input) {
    var label = element("label", "chain-input");
    label.style.marginRight = "1.5em";
    label.style.whiteSpace = "nowrap";
    label.appendChild(document.createTextNode(input.name + " "));
    var box = element("input");
    box.type = "text";
    box.inputMode = "decimal";
    box.name = input.name;
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
    form.appendChild(label);
    self.boxes.push(box);
    self.problems.push(problem);
  });
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
  this.list = element("ul", "chain-checks");
  this.list.style.fontFamily = "monospace";
  this.block.parentNode.insertBefore(this.list, this.block.nextSibling);
};

Live.prototype.reset = function () {
  for (var i = 0; i < this.boxes.length; i++) {
    this.boxes[i].value = this.inputs[i].shown;
  }
  this.update();
};

// Renders the chain for the boxes' values; a value the reader cannot mean leaves the last good
// numbers in place, dimmed, with the reason beside its box: never NaN.
Live.prototype.update = function () {
  var numbers = [];
  var bad = false;
  for (var i = 0; i < this.boxes.length; i++) {
    var text = this.boxes[i].value;
    var read = text === this.inputs[i].shown ? { own: true } : readNumber(text);
    this.problems[i].textContent = read.problem || "";
    bad = bad || !!read.problem;
    numbers.push(read.own ? "" : bits(read.value));
  }
  this.general.textContent = "";
  if (bad) {
    return this.stale(true);
  }
  var out = this.render(numbers, false);
  if (out[0] === "problem") {
    var about = +out[1];
    (about >= 0 ? this.problems[about] : this.general).textContent = out[2];
    return this.stale(true);
  }
  this.stale(false);
  var at = 2;
  var lines = out.slice(at + 1, at + 1 + +out[at]);
  at += 1 + lines.length;
  this.code.textContent = lines.join("\n") + "\n";
  for (var p = +out[at++], k = 0; k < p; k++, at++) {
    if (k < this.paragraphs.length) {
      this.paragraphs[k].textContent = out[at];
    }
  }
  this.list.textContent = "";
  for (var c = +out[at++], j = 0; j < c; j++, at += 2) {
    var passed = out[at] === "1";
    var item = element("li", passed ? "chain-check-passed" : "chain-check-failed",
        (passed ? "\u2713 " : "\u2717 ") + "check " + this.checks[j] + ": " + out[at + 1]);
    this.list.appendChild(item);
  }
  // The figures take a few times longer than the text: drawn a moment after it, once typing pauses.
  var self = this;
  clearTimeout(this.pending);
  if (this.figures.length > 0) {
    this.pending = setTimeout(function () {
      var drawn = self.render(numbers, true);
      if (drawn[0] !== "ok") {
        return;
      }
      readFigures(drawn, self.figuresAt(drawn)).forEach(function (figure, g) {
        self.draw(g, figure);
      });
    }, 30);
  }
};

Live.prototype.stale = function (stale) {
  var opacity = stale ? "0.45" : "";
  this.block.style.opacity = opacity;
  this.list.style.opacity = opacity;
  this.paragraphs.forEach(function (p) { p.style.opacity = opacity; });
  this.figures.forEach(function (f) {
    if (f) {
      f.style.opacity = opacity;
    }
  });
};

// #batch=32&context=8192 sets those inputs in every chain that has them: a link to a what-if.
function fromHash(lives) {
  var hash = decodeURIComponent(location.hash.replace(/^#/, ""));
  if (!hash) {
    return;
  }
  hash.split("&").forEach(function (pair) {
    var eq = pair.indexOf("=");
    if (eq <= 0) {
      return;
    }
    var name = pair.slice(0, eq), value = pair.slice(eq + 1);
    lives.forEach(function (live) {
      live.boxes.forEach(function (box) {
        if (box.name === name) {
          box.value = value;
        }
      });
    });
  });
  lives.forEach(function (live) { live.update(); });
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
