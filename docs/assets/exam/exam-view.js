/*
 * The practice exam's shared view: its state, its constants and the small helpers every part uses (notices, the
 * live announcement, focus, saving, titles, switching views). First of the exam's page files.
 * Part of the practice exam page; see exam.js for the contract with the page and the tests.
 */
(function () {
  "use strict";

  var E = (window.llmGuide = window.llmGuide || {}).exam = {};
  E.state = null; // { root, bank, session, timer, ticks, lastRemaining, link, pendingResult }
  // The other parts of the exam page, looked up when called.
  function remeasureSticky() { return E.remeasureSticky.apply(null, arguments); }

  var DOCS = window.llmGuide.storeCore.DOCS;
  var CURRENT = DOCS.examCurrent; // the exam in progress
  var HISTORY = DOCS.examHistory; // past results, newest first
  var LAST = DOCS.examLast; // the last finished exam, so its result can be shown again
  var SAVE_EVERY = 5; // seconds between checkpoints of the clock; a crash loses at most this much time
  var FAILED = "The questions could not be loaded, so the exam cannot start. Reload the page to try again.";

  function guide() { return window.llmGuide || {}; }
  function core() { return guide().examCore; }
  function store() { return guide().store; }
  function now() { return Date.now(); }

  /* ---------- small DOM helpers ---------- */

  // llmGuide.dom.h (assets/base/dom.js), read when mounting (exam.js sets E.h): if that file failed to load, the page
  // still shows its own notice instead of throwing here.
  function h() { return E.h.apply(null, arguments); }

  function wrapTable(table) {
    // Material's own wrapper for Markdown tables: a narrow screen scrolls the table, not the page.
    return h("div", { class: "md-typeset__scrollwrap" }, [h("div", { class: "md-typeset__table" }, [table])]);
  }

  function notice(text, kind) {
    var box = E.state.root.querySelector("[data-exam-notices]");
    if (!box) return;
    box.appendChild(h("div", { class: "admonition " + (kind || "warning"), "data-exam-notice": kind || "warning" }, [
      h("p", { text: text })
    ]));
  }

  function announce(text) {
    var live = E.state.root.querySelector("[data-exam-announce]");
    if (!live) return;
    // Clear first, so the same words said twice are still spoken.
    live.textContent = "";
    guide().browser.later(50, function () { live.textContent = text; });
  }

  function focusHeading(selector) {
    var el = E.state.root.querySelector(selector);
    if (el) { el.setAttribute("tabindex", "-1"); el.focus(); }
  }

  function save() {
    if (E.state && E.state.session) store().set(CURRENT, E.state.session);
  }

  function checkpoint() {
    if (!E.state || !E.state.session) return;
    E.state.session = core().checkpoint(E.state.session, now());
    save();
  }

  function stopTimer() {
    if (E.state && E.state.timer) { E.state.timer(); E.state.timer = null; } // the stop() browser.every gave
  }

  function questionTitle(bank, id, number) {
    var q = bank.questions[id];
    return "Question " + number + (q.title ? ": " + q.title : "");
  }

  function topicTitle(bank, id) {
    for (var i = 0; i < bank.topics.length; i++) if (bank.topics[i].id === id) return bank.topics[i].title;
    return id;
  }

  function domainTitle(bank, id) {
    for (var i = 0; i < bank.domains.length; i++) if (bank.domains[i].id === id) return bank.domains[i].title;
    return id;
  }

  function setView(name) {
    E.state.pendingResult = null;
    stopTimer();
    if (name !== "run") {
      // "Resumed" speaks of the exam in progress: it goes when that exam's view does.
      Array.prototype.forEach.call(E.state.root.querySelectorAll('[data-exam-notice="info"]'), function (el) { el.remove(); });
    }
    E.state.root.setAttribute("data-exam-view", name);
    var body = E.state.root.querySelector("[data-exam-body]");
    body.textContent = "";
    // The clock bar went with the old view; the run view measures once it has built its own (one layout, not two).
    if (name !== "run") remeasureSticky();
    return body;
  }

  E.guide = guide;
  E.core = core;
  E.store = store;
  E.now = now;
  E.wrapTable = wrapTable;
  E.notice = notice;
  E.announce = announce;
  E.focusHeading = focusHeading;
  E.save = save;
  E.checkpoint = checkpoint;
  E.stopTimer = stopTimer;
  E.questionTitle = questionTitle;
  E.topicTitle = topicTitle;
  E.domainTitle = domainTitle;
  E.setView = setView;
  E.CURRENT = CURRENT;
  E.HISTORY = HISTORY;
  E.LAST = LAST;
  E.SAVE_EVERY = SAVE_EVERY;
  E.FAILED = FAILED;
})();
