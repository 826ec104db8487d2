// The explorable page's DOM code (render --interactive): finds each chain's model on the page,
// shows its inputs above its code block, and on every keystroke hands the boxes' text to the chain
// (compiled by TeaVM, `chain` here: it reads the text, evaluates, and writes the page's text), then
// puts what it wrote in place, marking what differs from the card. Nothing here decides a word or
// a unit; it steps a number by the step the model gives.
// No eval, no inline handlers, no network: a Content-Security-Policy of script-src 'self' holds.
"use strict";

// The page's look, light and dark (prefers-color-scheme), as one style sheet: constructed, which a
// Content-Security-Policy without style-src 'unsafe-inline' allows, or else a <style> element.
var STYLE = [
  ".chain-inputs{font-family:monospace;margin:.5em 0;line-height:2.1}",
  ".chain-input,.chain-measured{display:inline-block;max-width:100%;margin-right:1.5em;line-height:1.5}",
  ".chain-field{white-space:nowrap}",
  ".chain-input input[type=text]{font:inherit;max-width:14em}",
  ".chain-input input[type=range]{width:7em;margin:0 .4em;vertical-align:middle}",
  ".chain-own{opacity:.7;font-size:.9em;white-space:nowrap}",
  ".chain-problem{color:#b00020;margin-left:.5em}",
  ".chain-input input[aria-invalid=true]{outline:2px solid #b00020}",
  ".chain-where{opacity:.7}",
  ".chain-note{font-size:.85em;color:#666}",
  ".chain-checks{font-family:monospace;padding-left:1.5em}",
  ".chain-check-failed{color:#b00020}",
  // A long line wraps at the code block's label column (9), as the card's own hanging indent does.
  "pre.chain-code{overflow-x:auto;max-width:100%;white-space:pre-wrap;text-indent:9ch each-line hanging}",
  "pre.chain-code code{white-space:inherit}",
  // Its own colours, readable on any code style (Hugo's is dark: white on pale yellow with inherit).
  "mark.chain-changed{background:#fde68a;color:#1f2328;border-radius:2px}",
  ".chain-failing{text-decoration:underline wavy #b00020;text-decoration-skip-ink:none}",
  ".chain-figure{max-width:100%;height:auto}",
  "@media (prefers-color-scheme: dark){",
  ".chain-problem,.chain-check-failed{color:#ff8a80}",
  ".chain-input input[aria-invalid=true]{outline-color:#ff8a80}",
  ".chain-note{color:#a0a8b4}",
  "mark.chain-changed{background:#6b5200;color:#fff}",
  ".chain-failing{text-decoration-color:#ff8a80}",
  "}"
].join("\n");

function addStyle() {
  try {
    var sheet = new CSSStyleSheet();
    sheet.replaceSync(STYLE);
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
  } catch (e) {
    var style = element("style");
    style.textContent = STYLE;
    document.head.appendChild(style);
  }
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

var ids = 0;

// An id of its own for an element another names (a box's aria-describedby).
function identify(e) {
  e.id = "chain-" + ++ids;
  return e.id;
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

// The chain's title: the heading before its block, or the page's.
function titleBefore(block) {
  for (var e = block.previousElementSibling; e; e = e.previousElementSibling) {
    if (/^H[1-6]$/.test(e.tagName)) {
      return e.textContent;
    }
  }
  return document.title || "this chain";
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

// Words, their trailing punctuation ("32," marks 32; 4,096 is one) and spaces: what marks are made of.
function tokens(text) {
  return text.match(/\s+|\S+?(?=[,;:.)]*(?:\s|$))|[,;:.)]+/g) || [];
}

// Which of `now`'s tokens are also in `was`, in order (their longest common subsequence, after the
// common start and end): those not in it are what changed.
function kept(was, now) {
  var same = new Array(now.length);
  var start = 0;
  while (start < was.length && start < now.length && was[start] === now[start]) {
    same[start++] = true;
  }
  var endWas = was.length;
  var endNow = now.length;
  while (endWas > start && endNow > start && was[endWas - 1] === now[endNow - 1]) {
    same[--endNow] = true;
    endWas--;
  }
  var n = endWas - start;
  var m = endNow - start;
  var table = new Uint16Array((n + 1) * (m + 1));
  for (var i = n - 1; i >= 0; i--) {
    for (var j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] = was[start + i] === now[start + j] ? table[(i + 1) * (m + 1) + j + 1] + 1
          : Math.max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1]);
    }
  }
  for (var a = 0, b = 0; a < n && b < m;) {
    if (was[start + a] === now[start + b]) {
      same[start + b] = true;
      a++;
      b++;
    } else if (table[(a + 1) * (m + 1) + b] >= table[a * (m + 1) + b + 1]) {
      a++;
    } else {
      b++;
    }
  }
  return same;
}

// Sets `target`'s text to `text`, each word that is not in `was` (the card's text) marked.
// A card link in a note's text, as the chain writes it.
var CARD_LINK = /\[([^\]]*)\]\(card:[^)]*\)/g;

function showChanges(target, text, was) {
  target.textContent = "";
  if (text === was) {
    target.textContent = text;
    return;
  }
  var now = tokens(text);
  var same = kept(tokens(was), now);
  var plain = "";
  for (var i = 0; i < now.length; i++) {
    if (same[i] || /^\s/.test(now[i])) {
      plain += now[i];
    } else {
      target.appendChild(document.createTextNode(plain));
      plain = "";
      var mark = element("mark", "chain-changed", now[i]);
      mark.title = "changed from the card";
      target.appendChild(mark);
    }
  }
  target.appendChild(document.createTextNode(plain));
}

// A number of the box's unit, written as the box shows it: to the step's decimals, with digit
// groups where the card wrote them (4,196).
function written(value, step, grouped) {
  var decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  var text = value.toFixed(decimals);
  return grouped ? Number(text).toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals }) : text;
}

function Live(block) {
  this.own = chain.load(block.querySelector("script[type='application/json']:not([data-use]):not([data-practice])").textContent);
  this.practice = block.querySelector("script[data-practice]");
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
  this.title = titleBefore(block);
  this.block = found.box;
  this.code = found.pre.querySelector("code") || found.pre;
  found.pre.classList.add("chain-code"); // scrolls sideways inside itself on a narrow screen
  var own = this.chain.render(this.inputs.map(function (input) { return input.shown; }), true, 720);
  // What the card shows, to mark what the reader's inputs change.
  this.card = own.ok ? { code: own.code, paragraphs: own.paragraphs, checks: this.checkLines(own) } : null;
  // A figure with neither SVG nor cells is a solve's sentence, which the page keeps as the card has it.
  var kinds = own.ok ? own.figures.map(function (f) { return f.svg ? "plot" : f.rows && f.rows.length ? "table" : "line"; }) : [];
  var rest = after(this.block, own.ok ? own.paragraphs.length : 0, kinds);
  this.paragraphs = rest.paragraphs;
  this.figures = rest.figures;
  this.fixed = own.ok ? own.figures.map(function (f) { return f.fixed; }) : [];
  this.build(block);
  this.update();
}

// Each check's line in the list: its mark, the check and what it found.
Live.prototype.checkLines = function (shown) {
  var checks = this.checks;
  return shown.checks.map(function (check, j) {
    // Over ranges a check may hold for part of them: uncertain, marked ? as chain run marks it.
    var mark = check.status === "holds" ? "\u2713 " : check.status === "fails" ? "\u2717 " : "? ";
    return mark + "check " + checks[j] + ": " + check.outcome;
  });
};

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
  drawn.setAttribute("class", "chain-figure"); // its <title> and <desc> say what it shows, for these inputs
  old.parentNode.replaceChild(drawn, old);
  this.figures[i] = drawn;
};

Live.prototype.build = function (block) {
  var self = this;
  // No `name` on the boxes: in a form, a box named like one of the form's own methods
  // (appendChild) would hide it.
  var form = element("form", "chain-inputs");
  form.setAttribute("aria-label", "inputs of " + this.title);
  this.boxes = [];
  this.problems = [];
  this.sliders = [];
  this.owns = [];
  this.selects = [];
  var labels = document.createDocumentFragment();
  // Each field, then a space: the row breaks between fields on a narrow screen.
  function add(field) {
    labels.appendChild(field);
    labels.appendChild(document.createTextNode(" "));
  }
  // A box's or a select's label: its words, then the field, kept on one line; what follows may wrap.
  function field(name, className) {
    var label = element("label", className);
    var line = element("span", "chain-field", name + " ");
    label.appendChild(line);
    return { label: label, line: line };
  }
  this.choices.forEach(function (choice) {
    var f = field(choice.alias, "chain-input chain-module");
    var select = element("select");
    select.setAttribute("data-module", choice.alias);
    choice.options.forEach(function (option) {
      var o = element("option", null, option.label);
      o.value = option.module;
      o.selected = option.module === choice.current;
      select.appendChild(o);
    });
    select.addEventListener("change", function () { self.changed(); });
    f.line.appendChild(select);
    add(f.label);
    self.selects.push(select);
  });
  this.inputs.forEach(function (input, i) {
    var f = field(input.label, "chain-input");
    var box = element("input");
    box.type = "text";
    box.inputMode = input.shown.indexOf("..") >= 0 ? "text" : "decimal"; // a range needs its dots and spaces
    box.setAttribute("data-input", input.name);
    box.value = input.shown;
    box.size = Math.max(4, input.shown.length + 2);
    box.addEventListener("input", function () {
      self.follow(i);
      self.changed();
    });
    // Up and down step the number (Shift, Page Up and Page Down by ten steps), as a spin box does.
    box.addEventListener("keydown", function (e) {
      var steps = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 }[e.key];
      if (steps && !e.altKey && !e.ctrlKey && !e.metaKey) {
        if (self.step(i, e.shiftKey ? steps * 10 : steps)) {
          e.preventDefault();
        }
      }
    });
    f.line.appendChild(box);
    if (input.unit) {
      // After the words and the box, which stay on one line: a long unit (token/request) may wrap.
      f.label.appendChild(document.createTextNode((input.glued ? "" : " ") + input.unit));
    }
    // A slider over the input's reach: the author's range, a figure's, or around its value.
    var slider = element("input");
    slider.type = "range";
    slider.min = String(input.min);
    slider.max = String(input.max);
    slider.step = String(input.step);
    slider.value = String(input.value);
    slider.setAttribute("aria-label", input.label + ", from " + input.min + " to " + input.max);
    slider.addEventListener("input", function () {
      box.value = written(Number(slider.value), input.step, input.shown.indexOf(",") >= 0);
      self.changed();
    });
    label_append(f.label, slider);
    // The card's value beside the reader's, once they differ.
    var own = element("span", "chain-own", "card: " + input.shown);
    own.hidden = true;
    label_append(f.label, own);
    var problem = element("span", "chain-problem");
    problem.setAttribute("role", "status");
    box.setAttribute("aria-describedby", identify(problem));
    label_append(f.label, problem);
    add(f.label);
    self.boxes.push(box);
    self.sliders.push(slider);
    self.owns.push(own);
    self.problems.push(problem);
  });
  function label_append(label, e) {
    label.appendChild(document.createTextNode(" "));
    label.appendChild(e);
  }
  // A measured or fitted input has no box: it is what the benchmark (or a fit to its runs) said, and the reader changes the chain around it.
  this.measured.forEach(function (m) {
    var shown = element("span", "chain-measured", m.label + " " + m.shown);
    shown.title = m.taken + ": " + m.where;
    shown.appendChild(element("span", "chain-where", " (" + m.taken + ": " + m.where + ")"));
    add(shown);
  });
  form.appendChild(labels);
  var reset = element("button", "chain-reset", "reset");
  reset.type = "button";
  reset.setAttribute("aria-label", "reset " + this.title + " to the card's values");
  reset.addEventListener("click", function () {
    self.reset();
    syncHash();
  });
  form.appendChild(reset);
  form.appendChild(document.createTextNode(" "));
  var all = element("button", "chain-reset-all", "reset all");
  all.type = "button";
  all.setAttribute("aria-label", "reset every chain on the page to the card's values");
  all.addEventListener("click", function () {
    lives.forEach(function (live) { live.reset(); });
    syncHash();
  });
  form.appendChild(all);
  if (this.practice) {
    var practice = element("button", "chain-practice", "Practice");
    practice.type = "button";
    practice.setAttribute("aria-pressed", "false");
    practice.addEventListener("click", function () { self.practise(practice); });
    form.appendChild(document.createTextNode(" "));
    form.appendChild(practice);
  }
  this.general = element("div", "chain-problem");
  this.general.setAttribute("role", "status");
  form.appendChild(this.general);
  form.addEventListener("submit", function (e) { e.preventDefault(); });
  block.parentNode.insertBefore(form, this.block);
  // A figure the page cannot compute again (a table over modules, a solve) says so once the
  // reader's inputs are not the card's, rather than show the card's numbers as theirs; one it
  // cannot draw for the reader's inputs says why.
  this.notes = this.figures.map(function (figure) {
    var note = element("div", "chain-note");
    note.hidden = true;
    figure.parentNode.insertBefore(note, figure.nextSibling);
    return note;
  });
  this.list = element("ul", "chain-checks");
  this.block.parentNode.insertBefore(this.list, this.block.nextSibling);
};

// The reader changed something: show it, and keep the page's address in step.
Live.prototype.changed = function () {
  this.update();
  syncHash();
};

// Steps box i's number by `steps` of its step (not below zero, nor past the input's bounds); false when the box holds no number.
Live.prototype.step = function (i, steps) {
  var input = this.inputs[i];
  var value = this.chain.typedNumber(i, this.boxes[i].value);
  if (isNaN(value)) {
    return false;
  }
  var next = Math.max(isFinite(input.least) ? input.least : 0, Math.round(value / input.step + steps) * input.step);
  next = Math.min(input.most, next);
  this.boxes[i].value = written(next, input.step, input.shown.indexOf(",") >= 0);
  this.follow(i);
  this.changed();
  return true;
};

// Puts box i's slider where its number is.
Live.prototype.follow = function (i) {
  var value = this.chain.typedNumber(i, this.boxes[i].value);
  if (!isNaN(value)) {
    this.sliders[i].value = String(value);
  }
};

Live.prototype.reset = function () {
  for (var i = 0; i < this.boxes.length; i++) {
    this.boxes[i].value = this.inputs[i].shown;
    this.sliders[i].value = String(this.inputs[i].value);
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
  var own = this.inputs;
  for (var o = 0; o < this.owns.length; o++) {
    this.owns[o].hidden = typed[o] === own[o].shown;
  }
  if (!this.chain) {
    this.general.textContent = "this chain does not evaluate with " + this.selects.map(function (select) {
      return select.options[select.selectedIndex].textContent;
    }).join(" and ");
    return this.stale(true);
  }
  var shown = this.chain.render(typed, false, 720);
  for (var i = 0; i < this.problems.length; i++) {
    this.problems[i].textContent = shown.problems[i] || "";
    if (shown.problems[i]) {
      this.boxes[i].setAttribute("aria-invalid", "true");
    } else {
      this.boxes[i].removeAttribute("aria-invalid");
    }
  }
  this.general.textContent = shown.problem || "";
  if (!shown.ok) {
    return this.stale(true);
  }
  this.stale(false);
  var changed = this.chain !== this.own || typed.some(function (t, i) { return t !== own[i].shown; });
  var card = this.card || { code: shown.code, paragraphs: shown.paragraphs, checks: this.checkLines(shown) };
  showChanges(this.code, shown.code, card.code);
  this.markFailing(shown.failing);
  for (var k = 0; k < shown.paragraphs.length && k < this.paragraphs.length; k++) {
    var p = this.paragraphs[k], mine = card.paragraphs[k] || "";
    if (p.chainHtml === undefined) {
      p.chainHtml = p.innerHTML;
    }
    // A note as the card has it keeps its links ([text](card:NAME)); one whose values changed shows their text.
    if (shown.paragraphs[k] === mine) {
      p.innerHTML = p.chainHtml;
    } else {
      showChanges(p, shown.paragraphs[k].replace(CARD_LINK, "$1"), mine.replace(CARD_LINK, "$1"));
    }
  }
  this.list.textContent = "";
  var lines = this.checkLines(shown);
  for (var j = 0; j < shown.checks.length; j++) {
    var status = shown.checks[j].status;
    var item = element("li", "chain-check-" + (status === "holds" ? "passed" : status === "fails" ? "failed" : "uncertain"));
    showChanges(item, lines[j], card.checks[j] || "");
    this.list.appendChild(item);
  }
  for (var n = 0; n < this.notes.length; n++) {
    if (this.fixed[n]) {
      this.note(n, changed ? "(as the card has it, for its own inputs: this page does not compute it again)" : null);
    }
  }
  // The figures take a few times longer than the text: drawn a moment after it, once typing pauses.
  var self = this;
  var current = this.chain;
  clearTimeout(this.pending);
  if (this.figures.length > 0) {
    this.pending = setTimeout(function () {
      self.width = self.figureWidth();
      var drawn = current.render(typed, true, self.width);
      if (!drawn.ok) {
        return;
      }
      drawn.figures.forEach(function (figure, f) {
        if (figure.problem) {
          // Not drawn for these inputs: the last one drawn stays, dimmed, and says why.
          self.note(f, "(not drawn for these inputs: " + figure.problem + ")");
          return;
        }
        self.draw(figure, f);
        if (!self.fixed[f]) {
          self.note(f, null);
        }
      });
    }, 30);
  }
};

// As wide as the figures are shown, up to the card's 720: on a phone a figure drawn 720 wide and
// scaled down has 6 px text; drawn at its width, the page's own size.
Live.prototype.figureWidth = function () {
  var box = this.figures[0].parentNode;
  return Math.max(300, Math.min(720, Math.floor(box ? box.clientWidth : 720)));
};

// Shows figure i's note (and dims the figure), or with null hides it.
Live.prototype.note = function (i, text) {
  var note = this.notes[i];
  note.hidden = text === null;
  note.textContent = text || "";
  this.figures[i].style.opacity = text === null ? "" : "0.45";
};

// Underlines the code block's lines of a group whose check fails for the reader's inputs: its words
// ("ordinary for a real server") are no longer true of them. Each line on its own, the marks of
// what changed kept inside.
Live.prototype.markFailing = function (failing) {
  if (!failing || failing.length === 0) {
    return;
  }
  var wanted = {};
  failing.forEach(function (l) { wanted[l] = true; });
  var nodes = Array.prototype.slice.call(this.code.childNodes);
  var code = this.code;
  code.textContent = "";
  var line = 0;
  var holder = null;
  function target() {
    if (!wanted[line]) {
      return code;
    }
    if (!holder) {
      holder = element("span", "chain-failing");
      holder.title = "a check of this group fails for these inputs";
      code.appendChild(holder);
    }
    return holder;
  }
  nodes.forEach(function (node) {
    if (node.nodeType !== 3) {
      target().appendChild(node);
      return;
    }
    node.data.split("\n").forEach(function (part, p) {
      if (p > 0) {
        code.appendChild(document.createTextNode("\n"));
        line++;
        holder = null;
      }
      if (part) {
        target().appendChild(document.createTextNode(part));
      }
    });
  });
};

Live.prototype.stale = function (stale) {
  var opacity = stale ? "0.45" : "";
  this.block.style.opacity = opacity;
  this.list.style.opacity = opacity;
  this.paragraphs.forEach(function (p) { p.style.opacity = opacity; });
  this.figures.forEach(function (f) { f.style.opacity = opacity; });
};

// Practice mode: a box for each derived value, graded as chain drill grades it, by chain-practice.js,
// fetched from beside this script the first time a reader turns it on; it loads the chain's model
// from the page's practice models (data-practice: the chain's index there) and has this script run
// its formulas. The card's numbers hide meanwhile.
var HERE = document.currentScript && document.currentScript.src;
Live.prototype.practise = function (button) {
  var self = this;
  var on = button.getAttribute("aria-pressed") !== "true";
  button.setAttribute("aria-pressed", String(on));
  this.block.hidden = this.list.hidden = on;
  function open() {
    self.drill = self.drill || window.chainPractice(self.practice, chain.formulas, self.list, self.title);
    self.drill.hidden = !on;
  }
  if (window.chainPractice) {
    open();
  } else {
    var s = element("script");
    s.src = HERE.replace(/[^/]*$/, "chain-practice.js");
    s.addEventListener("load", open);
    document.head.appendChild(s);
  }
};

var lives = [];

// The page's address follows the reader: #batch=32&gpu=b200, each input or module a reader changed
// from the card (the first chain's, where two chains name one), as a link opens it (fromHash).
function syncHash() {
  var parts = [];
  var seen = {};
  function add(name, value) {
    if (!Object.prototype.hasOwnProperty.call(seen, name)) {
      seen[name] = true;
      parts.push(encodeURIComponent(name) + "=" + encodeURIComponent(value));
    }
  }
  lives.forEach(function (live) {
    live.selects.forEach(function (select, i) {
      if (select.value !== live.choices[i].current) {
        add(live.choices[i].alias, select.value);
      }
    });
    live.boxes.forEach(function (box, i) {
      if (box.value !== live.inputs[i].shown) {
        add(live.inputs[i].name, box.value);
      }
    });
  });
  // A practice's answers, which chain-practice.js keeps in the address too, stay there.
  location.hash.replace(/^#/, "").split("&").forEach(function (p) {
    if (p.indexOf("practice%3A") === 0) {
      parts.push(p);
    }
  });
  var hash = parts.length > 0 ? "#" + parts.join("&") : "";
  if (hash !== location.hash) {
    try {
      history.replaceState(history.state, "", hash || location.pathname + location.search);
    } catch (e) {
      // a page whose history cannot be written (a sandboxed frame): the address stays
    }
  }
}

// #batch=32&context=8192 sets those inputs in every chain that has them, and #gpu=b200 the module
// of every chain that offers it: a link to a what-if. A part that is not percent-encoded text is left out.
function fromHash() {
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
        live.follow(i);
        changed = true;
      }
    });
    if (changed) {
      live.update();
    }
  });
}

function start() {
  addStyle();
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
  fromHash();
  window.addEventListener("hashchange", fromHash);
  // A window resized or a phone turned: each chain's figures drawn again where the width they are
  // shown at changed, once it stops changing (a browser's toolbar sliding away changes only the height).
  var resizing;
  window.addEventListener("resize", function () {
    clearTimeout(resizing);
    resizing = setTimeout(function () {
      lives.forEach(function (live) {
        if (live.figures.length > 0 && live.figureWidth() !== live.width) {
          live.update();
        }
      });
    }, 100);
  });
  document.documentElement.setAttribute("data-chain-live", String(lives.length));
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", start);
} else {
  start();
}
