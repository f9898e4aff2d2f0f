/*
 * The practice exam in progress: one question at a time, the grid, flags, confidence, the clock, submitting.
 * Part of the practice exam page; see exam.js for the contract with the page and the tests.
 */
(function () {
  "use strict";

  var E = window.llmGuide.exam;
  var CURRENT = E.CURRENT;
  var HISTORY = E.HISTORY;
  var LAST = E.LAST;
  var SAVE_EVERY = E.SAVE_EVERY;
  // The other parts of the exam page, looked up when called (exam-view.js loads first).
  function announce() { return E.announce.apply(null, arguments); }
  function checkpoint() { return E.checkpoint.apply(null, arguments); }
  function core() { return E.core.apply(null, arguments); }
  function focusHeading() { return E.focusHeading.apply(null, arguments); }
  function guide() { return E.guide.apply(null, arguments); }
  function h() { return E.h.apply(null, arguments); }
  function now() { return E.now.apply(null, arguments); }
  function save() { return E.save.apply(null, arguments); }
  function setView() { return E.setView.apply(null, arguments); }
  function showResults() { return E.showResults.apply(null, arguments); }
  function showSetup() { return E.showSetup.apply(null, arguments); }
  function stopTimer() { return E.stopTimer.apply(null, arguments); }
  function store() { return E.store.apply(null, arguments); }
  function unmount() { return E.unmount.apply(null, arguments); }

  /* ---------- the exam in progress ---------- */

  function start(plan, built) {
    E.state.session = core().createSession(plan, now());
    save();
    var s = E.state.session;
    // The run view the set-up built for this very plan while the learner read the form (exam-setup.js, prepare):
    // Start only puts it on the page. A session made from the same plan draws the same view; only the clock differs,
    // and the first tick sets it.
    if (built && built.plan === plan) { showStarted(s, plan.query, built.view); return; }
    // Else the first question's content first, then the run view in one go.
    E.state.bank.load([s.ids[0]], function () {
      if (E.state && E.state.session === s) showStarted(s, plan.query);
    });
  }

  function prebuild(plan) {
    // The run view of the exam a plan describes, off the page, for start() to use: null until its first question's
    // content is here. Built with a session of its own, never stored.
    if (!E.state.bank.loaded(plan.ids[0])) return null;
    var view = document.createElement("div");
    buildRun(core().createSession(plan, now()), view);
    return { plan: plan, view: view };
  }

  function showStarted(s, query, view) {
    // The first question's heading at the top of the screen (below the header and the clock bar), focused: once the
    // clock bar is measured, in the frame that lays the run out, so the click forces no layout of its own.
    showRun(function () {
      if (!E.state || E.state.session !== s) return;
      questionToTop();
      // The seed goes into the address, so this exact run can be repeated or shared: once the question is on screen,
      // since replacing the address can cost the browser several milliseconds the learner would wait through.
      guide().browser.whenIdle(function () {
        if (E.state && E.state.session === s) guide().browser.setQuery(query);
      });
    }, view);
    announce("Exam started: " + s.ids.length + " questions" + (s.timed ? ", " + core().spoken(s.limitMs) + "." : ", untimed."));
  }

  function showRun(measured, view) {
    var body = setView("run");
    var s = E.state.session;
    // Every question of this exam fetched while the learner reads, in short idle slices (a few kB each): moving
    // between questions and the result then need no wait, and an exam started online still finishes if the connection
    // drops. Starting never waits for them: they begin after the frame that shows the question.
    function prefetch() {
      guide().browser.idleEach(s.ids, function (id) { E.state.bank.load([id]); }, function () {
        return !!E.state && E.state.session === s;
      });
    }
    // A view built ahead (prebuild) is moved in as it is; else it is built here.
    if (view) {
      while (view.firstChild) body.appendChild(view.firstChild);
    } else {
      buildRun(s, body);
    }
    tick();
    if (s.runningSince !== null || s.timed) E.state.timer = guide().browser.every(1000, tick);
    // The clock bar sticks under the header: focus and links must land below it.
    remeasureSticky(function () {
      if (measured) measured();
      prefetch();
    });
  }

  function buildRun(s, body) {
    // The run view of session s into body: the clock bar (its time filled in by tick), the question, the grid and
    // the submit buttons. Reads nothing from the page, so the set-up can build it off the page ahead of Start.
    var bar = h("div", { class: "exam-bar", "data-sticky": true, "data-exam-bar": true }, [
      h("p", { class: "exam-bar__clock" }, [
        h("span", { class: "exam-bar__label", text: s.timed ? "Time left: " : "Time used: " }),
        h("span", { "data-exam-clock": true }),
        // Said in words as well as by weight and border when time runs low (filled in by tick()).
        h("span", { class: "exam-bar__low", "data-exam-time-note": true })
      ]),
      s.timed ? null : h("button", { type: "button", class: "md-button", "data-exam-pause": true, "aria-pressed": "false", text: "Pause" }),
      h("p", { class: "exam-bar__progress", "data-exam-progress": true })
    ]);
    body.appendChild(bar);
    body.appendChild(h("div", { class: "exam-panel", "data-exam-panel": true }));
    var grid = h("nav", { class: "exam-grid", "aria-label": "All questions", "data-exam-grid": true }, [
      h("h2", { class: "exam-grid__title", text: "Questions" }),
      h("p", { class: "exam-grid__legend", text: "Filled: answered. Half-filled: the wrong number of choices. ⚑: flagged for review." })
    ]);
    var list = h("ol", { class: "exam-grid__list" });
    s.ids.forEach(function (id, i) {
      list.appendChild(h("li", {}, [h("button", { type: "button", class: "exam-grid__item", "data-exam-id": id,
        "data-exam-goto": String(i) })]));
    });
    grid.appendChild(list);
    body.appendChild(grid);
    body.appendChild(h("div", { class: "exam-submit" }, [
      h("button", { type: "button", class: "md-button md-button--primary", "data-exam-submit": true, text: "Submit the exam" }),
      " ",
      h("button", { type: "button", class: "md-button", "data-exam-abandon": true, text: "Abandon this exam" }),
      h("div", { class: "exam-confirm", "data-exam-confirm": true, hidden: true })
    ]));
    renderQuestion(s, body);
    renderGrid(s, body);
    renderPause(s, body);
  }

  function questionToTop() {
    // The question's heading at the top of the screen, below the header and the clock bar (the root's scroll padding,
    // measured by browser.sticky), and focused: focus alone scrolls only as far as it must, leaving a new question
    // mid-screen under the end of the last one.
    var heading = E.state.root.querySelector("#exam-q-title");
    if (!heading) return;
    heading.scrollIntoView({ block: "start" });
    heading.focus({ preventScroll: true });
  }

  function remeasureSticky(measured) {
    guide().browser.sticky.measure(measured);
  }

  // The render functions draw session s into scope, by default the exam on the page (buildRun passes its own).
  function renderQuestion(s, scope) {
    s = s || E.state.session;
    scope = scope || E.state.root;
    var bank = E.state.bank;
    var id = s.ids[s.current];
    var q = bank.questions[id];
    var number = s.current + 1;
    var panel = scope.querySelector("[data-exam-panel]");
    panel.textContent = "";
    if (!bank.loaded(id)) {
      // Its content is still on its way: the heading holds its place (and focus), the question follows.
      panel.appendChild(h("article", { class: "exam-q", "data-exam-loading": id, "aria-labelledby": "exam-q-title" }, [
        h("h2", { id: "exam-q-title", class: "exam-q__title", tabindex: "-1", text: "Question " + number + " of " + s.ids.length }),
        h("p", { "data-exam-loading-text": true, text: "Loading the question…" })
      ]));
      bank.load([id], function (missing) {
        if (!E.state || E.state.session !== s || s.ids[s.current] !== id) return;
        if (missing.length) {
          panel.querySelector("[data-exam-loading-text]").textContent =
            "This question could not be loaded. Check the connection and reload the page: the exam resumes where you left it.";
          return;
        }
        var focused = document.activeElement && document.activeElement.id === "exam-q-title";
        renderQuestion();
        if (focused) E.state.root.querySelector("#exam-q-title").focus({ preventScroll: true });
      });
      renderProgress(s, scope);
      return;
    }
    var multi = q.select > 1;
    var chosen = s.answers[id] || [];
    var article = h("article", { class: "exam-q", "data-exam-question": id, "aria-labelledby": "exam-q-title" });
    article.appendChild(h("h2", { id: "exam-q-title", class: "exam-q__title", tabindex: "-1",
      text: "Question " + number + " of " + s.ids.length }));
    // No topic or domain here: the real exam does not say, and the result does.
    article.appendChild(h("div", { class: "exam-q__stem", id: "exam-q-stem", html: q.stem }));
    var options = h("fieldset", { class: "exam-q__options", "aria-describedby": "exam-q-stem" }, [
      h("legend", { class: "exam-q__instruction", "data-exam-instruction": true, "aria-live": multi ? "polite" : null,
        text: guide().answerCore.choiceText(chosen.length, q.select) })
    ]);
    var view = guide().questionView;
    // In this exam's order (seeded by the exam and the question), lettered by position; each input's value stays the
    // bank's option index, which is what the session, grading and the learner's record keep.
    options.appendChild(view.options(q, {
      name: "exam-answer", listClass: "exam-q__list", rowClass: "exam-option", inputAttr: "data-exam-input",
      optionAttr: "data-exam-option", letterAttr: "data-exam-letter", chosen: chosen,
      order: core().optionOrder(s.seed, id, q.options.length)
    }));
    article.appendChild(options);
    article.appendChild(view.confidence({
      name: "exam-confidence", idPrefix: "exam-conf-", inputAttr: "data-exam-confidence-input",
      legend: "How sure are you? (optional)", className: "exam-q__confidence", attr: "data-exam-confidence",
      checked: s.confidence[id]
    }));
    var flagged = !!s.flags[id];
    article.appendChild(h("div", { class: "exam-q__nav" }, [
      h("button", { type: "button", class: "md-button", "data-exam-prev": true, disabled: s.current === 0, text: "Previous" }),
      " ",
      h("button", { type: "button", class: "md-button", "data-exam-flag": true, "aria-pressed": flagged ? "true" : "false",
        text: flagged ? "⚑ Flagged for review" : "Flag for review" }),
      " ",
      h("button", { type: "button", class: "md-button md-button--primary", "data-exam-next": true,
        disabled: s.current === s.ids.length - 1, text: "Next" })
    ]));
    panel.appendChild(article);
    renderProgress(s, scope);
  }

  function renderProgress(s, scope) {
    // "answered" counts complete answers only: a "choose two" question with one tick is not done.
    s = s || E.state.session;
    scope = scope || E.state.root;
    var p = core().pending(s, E.state.bank);
    var progress = scope.querySelector("[data-exam-progress]");
    var done = s.ids.length - p.unanswered.length - p.incomplete.length;
    if (progress) {
      progress.textContent = done + " of " + s.ids.length + " answered" +
        (p.incomplete.length ? ", " + p.incomplete.length + " incomplete" : "");
    }
  }

  function renderGrid(s, scope) {
    s = s || E.state.session;
    scope = scope || E.state.root;
    Array.prototype.forEach.call(scope.querySelectorAll("[data-exam-id]"), function (button, i) {
      var id = button.getAttribute("data-exam-id");
      var st = core().answerState(s, E.state.bank, id);
      var label = st === "complete" ? "answered" : st === "incomplete" ? "incomplete" : "unanswered";
      var flagged = !!s.flags[id];
      button.setAttribute("data-state", label);
      if (flagged) button.setAttribute("data-flagged", ""); else button.removeAttribute("data-flagged");
      if (i === s.current) button.setAttribute("aria-current", "step"); else button.removeAttribute("aria-current");
      button.textContent = (flagged ? "⚑ " : "") + (i + 1);
      button.setAttribute("aria-label", "Question " + (i + 1) + ": " + label + (flagged ? ", flagged" : ""));
    });
    renderProgress(s, scope);
  }

  function renderPause(s, scope) {
    s = s || E.state.session;
    var button = (scope || E.state.root).querySelector("[data-exam-pause]");
    if (!button) return;
    var paused = s.runningSince === null;
    button.setAttribute("aria-pressed", paused ? "true" : "false");
    button.textContent = paused ? "Resume the clock" : "Pause";
  }

  function tick() {
    if (!E.state || !E.state.session || E.state.session.submittedAt) return;
    if (!E.state.root.isConnected) { unmount(); return; } // navigated away before the page event arrived
    var c = core();
    var s = E.state.session;
    var t = now();
    E.state.lastTickAt = t;
    var clockEl = E.state.root.querySelector("[data-exam-clock]");
    if (s.timed) {
      var left = c.remaining(s, t);
      if (clockEl) clockEl.textContent = c.clock(left);
      renderTimeLevel(c.timeLevel(left));
      var message = c.announcement(s.limitMs, E.state.lastRemaining, left);
      if (message) announce(message);
      E.state.lastRemaining = left;
      if (left <= 0) { submit(true); return; }
    } else if (clockEl) {
      clockEl.textContent = c.clock(c.elapsed(s, t));
    }
    E.state.ticks = (E.state.ticks || 0) + 1;
    if (E.state.ticks % SAVE_EVERY === 0) checkpoint();
  }

  function renderTimeLevel(level) {
    // The bar's look at 5 minutes and at 1 minute left: data-exam-time for the styles, and a word beside the clock, so
    // it is not told by colour alone.
    var bar = E.state.root.querySelector("[data-exam-bar]");
    if (!bar || (bar.getAttribute("data-exam-time") || "") === level) return;
    if (level) bar.setAttribute("data-exam-time", level); else bar.removeAttribute("data-exam-time");
    var note = bar.querySelector("[data-exam-time-note]");
    if (note) note.textContent = level === "last" ? "last minute" : level === "low" ? "under 5 minutes" : "";
  }

  function goTo(index) {
    E.state.session = core().goTo(E.state.session, index);
    save();
    renderQuestion();
    renderGrid();
    questionToTop();
  }

  function onRunClick(event) {
    var t = event.target.closest ? event.target.closest("button") : null;
    if (!t || !E.state || !E.state.session || E.state.root.getAttribute("data-exam-view") !== "run") return;
    var s = E.state.session;
    var id = s.ids[s.current];
    if (t.hasAttribute("data-exam-prev")) goTo(s.current - 1);
    else if (t.hasAttribute("data-exam-next")) goTo(s.current + 1);
    else if (t.hasAttribute("data-exam-goto")) goTo(parseInt(t.getAttribute("data-exam-goto"), 10));
    else if (t.hasAttribute("data-exam-flag")) {
      E.state.session = core().setFlag(s, id, !s.flags[id]);
      save();
      var flagged = !!E.state.session.flags[id];
      t.setAttribute("aria-pressed", flagged ? "true" : "false");
      t.textContent = flagged ? "⚑ Flagged for review" : "Flag for review";
      renderGrid();
    } else if (t.hasAttribute("data-exam-pause")) {
      E.state.session = core().setPaused(s, s.runningSince !== null, now());
      save();
      stopTimer();
      if (E.state.session.runningSince !== null) E.state.timer = guide().browser.every(1000, tick);
      renderPause();
      tick();
      announce(E.state.session.runningSince === null ? "Clock paused." : "Clock running.");
    } else if (t.hasAttribute("data-exam-submit")) {
      var warning = core().submitWarning(s, E.state.bank);
      confirmPanel("Submit your answers?", warning || "Every question is answered and none is flagged.",
        "Submit now", "data-exam-confirm-submit", function () { submit(false); });
    } else if (t.hasAttribute("data-exam-abandon")) {
      confirmPanel("Abandon this exam?", "Its answers are discarded and nothing is recorded.", "Abandon",
        "data-exam-confirm-abandon", abandon);
    }
  }

  function confirmPanel(title, text, yes, marker, onYes) {
    var panel = E.state.root.querySelector("[data-exam-confirm]");
    guide().confirm.ask(panel, {
      title: title, titleId: "exam-confirm-title", text: text, textAttr: "data-exam-warning",
      yes: yes, yesAttr: marker, primary: true, onYes: onYes,
      no: "Keep working", noAttr: "data-exam-confirm-keep", onNo: function () {
        guide().confirm.close(panel);
        var submitButton = E.state.root.querySelector("[data-exam-submit]");
        if (submitButton) submitButton.focus();
      }
    });
  }

  function abandon() {
    stopTimer();
    E.state.session = null;
    store().set(CURRENT, null);
    showSetup(E.state.link);
    focusHeading("#exam-setup-title");
  }

  function onRunChange(event) {
    if (!E.state || !E.state.session || E.state.root.getAttribute("data-exam-view") !== "run") return;
    var target = event.target;
    var s = E.state.session;
    var id = s.ids[s.current];
    if (target.hasAttribute("data-exam-input")) {
      var selected = Array.prototype.filter.call(E.state.root.querySelectorAll("[data-exam-input]"), function (i) {
        return i.checked;
      }).map(function (i) { return parseInt(i.value, 10); });
      E.state.session = core().answer(s, id, selected);
      save();
      renderGrid();
      var instruction = E.state.root.querySelector("[data-exam-instruction]");
      var q = E.state.bank.questions[id];
      if (instruction) instruction.textContent = guide().answerCore.choiceText(selected.length, q.select);
    } else if (target.hasAttribute("data-exam-confidence-input")) {
      E.state.session = core().setConfidence(s, id, target.value);
      save();
    }
  }

  function submit(timeUp) {
    var c = core();
    var t = now();
    stopTimer();
    var s = c.checkpoint(E.state.session, t);
    s.runningSince = null;
    s.submittedAt = t;
    s.expired = !!timeUp;
    var result = c.score(s, E.state.bank, t);
    // Every answer also counts as an attempt on that question, so progress and review see the exam too.
    result.items.forEach(function (item) {
      if (!item.answered) return;
      store().recordAttempt(item.id, guide().storeCore.attempt(item, item.selected, item.correct,
        { at: t, confidence: item.confidence, source: "exam" }));
    });
    store().set(HISTORY, c.addToHistory(store().get(HISTORY), c.historyEntry(result, s, t)));
    store().set(LAST, s);
    store().set(CURRENT, null);
    E.state.session = null;
    showResults(s, timeUp);
  }

  E.start = start;
  E.showStarted = showStarted;
  E.showRun = showRun;
  E.prebuild = prebuild;
  E.remeasureSticky = remeasureSticky;
  E.renderQuestion = renderQuestion;
  E.renderProgress = renderProgress;
  E.renderGrid = renderGrid;
  E.renderPause = renderPause;
  E.tick = tick;
  E.renderTimeLevel = renderTimeLevel;
  E.goTo = goTo;
  E.onRunClick = onRunClick;
  E.confirmPanel = confirmPanel;
  E.abandon = abandon;
  E.onRunChange = onRunChange;
  E.submit = submit;
})();
