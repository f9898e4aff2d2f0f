// @ts-check
/*
 * One confirm/undo view: "are you sure?" with a yes and a no, and after a destructive yes, what was done with an Undo.
 * Topic pages (reset the page's answers), the home and progress pages (reset all progress) and the practice exam
 * (submit, abandon) all ask through it, so the three read, behave and are reached by keyboard alike.
 *
 *   llmGuide.confirm.ask(box, { text, yes, no, yesAttr, noAttr, onYes, onNo, title, titleId, textAttr, primary })
 *     fills `box` and shows it: with a `title`, a panel (a focusable heading, the text, the buttons) that takes focus
 *     on its heading; without, one line (the text and the buttons) with focus on `no`, the safe choice. yesAttr and
 *     noAttr are the data-* attributes the caller's tests select on; onYes/onNo run on the click.
 *   llmGuide.confirm.done(box, { text, undoAttr, onUndo })   what was done, with an Undo button, focused
 *   llmGuide.confirm.close(box)                              empty and hide it
 *
 * The box carries data-confirm="ask" or "done" while it shows. Text goes in as text, never as HTML.
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || /** @type {LlmGuide} */ ({}));
  if (guide.confirm) return;

  function el(tag, text, attrs) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    Object.keys(attrs || {}).forEach(function (name) {
      if (attrs[name] !== null && attrs[name] !== undefined) node.setAttribute(name, attrs[name]);
    });
    return node;
  }

  // What each button does, found by the one delegated click (base/boot.js): the buttons go with their box, and
  // their entries with them.
  var onClicks = new WeakMap();

  function button(label, attr, primary, onClick) {
    var attrs = { type: "button", class: "md-button" + (primary ? " md-button--primary" : "") };
    if (attr) attrs[attr] = "";
    var b = el("button", label, attrs);
    if (onClick) onClicks.set(b, onClick);
    return b;
  }

  guide.boot.on("click", "[data-confirm] button", function (event, b) {
    var onClick = onClicks.get(b);
    if (onClick) onClick(event);
  });

  function show(box, state, parts) {
    box.textContent = "";
    parts.forEach(function (part) { box.appendChild(typeof part === "string" ? document.createTextNode(part) : part); });
    box.setAttribute("data-confirm", state);
    box.hidden = false;
  }

  function ask(box, o) {
    var yes = button(o.yes, o.yesAttr, !!o.primary, o.onYes);
    var no = button(o.no, o.noAttr, false, o.onNo);
    var textAttrs = {};
    if (o.textAttr) textAttrs[o.textAttr] = "";
    if (o.title) {
      var heading = el("h2", o.title, { id: o.titleId || null, tabindex: "-1" });
      var row = el("p");
      row.appendChild(yes);
      row.appendChild(document.createTextNode(" "));
      row.appendChild(no);
      show(box, "ask", [heading, el("p", o.text, textAttrs), row]);
      heading.focus();
      return;
    }
    show(box, "ask", [el("span", o.text, textAttrs), " ", yes, " ", no]);
    no.focus();
  }

  function done(box, o) {
    var undo = button("Undo", o.undoAttr, false, o.onUndo);
    show(box, "done", [el("span", o.text), " ", undo]);
    undo.focus();
  }

  function close(box) {
    if (!box) return;
    box.hidden = true;
    box.textContent = "";
    box.removeAttribute("data-confirm");
  }

  guide.confirm = { ask: ask, done: done, close: close };
})();
