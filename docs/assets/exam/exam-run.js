// @ts-check
/*
 * The practice exam's run view: one question at a time, the grid, flags, confidence, the clock bar, the submit and
 * abandon panel. Draws from the context exam.js hands it and acts through ctx.actions; calls no other view.
 *
 *   llmGuide.examViews.run = {
 *     build(ctx, session, into)   the whole run view of `session` into `into` (on the page, or off it ahead of Start)
 *     render(ctx, part)           redraw the exam on the page after a change: "pause", else question and grid
 *     toTop(ctx)                  the question's heading at the top of the screen, focused
 *     tick(ctx, now, before)      the clock, its look and the spoken marks (`before`: the time left at the last tick)
 *     onClick(ctx, event), onChange(ctx, event)   the page's delegated events while this view shows
 *   }
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || /** @type {LlmGuide} */ ({}));
  var views = (guide.examViews = guide.examViews || /** @type {ExamViews} */ ({}));

  function build(/** @type {ExamContext} */ ctx, s, body) {
    // The clock bar (its time filled in by tick), the question, the grid and the submit buttons. Reads nothing from
    // the page, so the set-up can have it built off the page ahead of Start.
    var h = ctx.dom.h;
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
    renderQuestion(ctx, s, body);
    renderGrid(ctx, s, body);
    renderPause(s, body);
  }

  function render(/** @type {ExamContext} */ ctx, part) {
    var s = ctx.state.session;
    if (part === "pause") { renderPause(s, ctx.state.root); return; }
    renderQuestion(ctx, s, ctx.state.root);
    renderGrid(ctx, s, ctx.state.root);
  }

  function toTop(/** @type {ExamContext} */ ctx) {
    // The question's heading at the top of the screen, below the header and the clock bar (the root's scroll padding,
    // measured by browser.sticky), and focused: focus alone scrolls only as far as it must, leaving a new question
    // mid-screen under the end of the last one.
    var heading = /** @type {HTMLElement | null} */ (ctx.state.root.querySelector("#exam-q-title"));
    if (!heading) return;
    heading.scrollIntoView({ block: "start" });
    heading.focus({ preventScroll: true });
  }

  // The render functions draw session s into scope: the exam on the page, or the view build() fills off the page.
  function renderQuestion(/** @type {ExamContext} */ ctx, s, scope) {
    var h = ctx.dom.h;
    var bank = ctx.bank;
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
        // Unless the learner has moved on meanwhile (another question, another view, another page). The session
        // itself may be a newer copy (a checkpoint of the clock): what counts is the question it shows.
        var now = ctx.state.session;
        if (!now || now.ids[now.current] !== id || !panel.isConnected) return;
        if (missing.length) {
          panel.querySelector("[data-exam-loading-text]").textContent =
            "This question could not be loaded. Check the connection and reload the page: the exam resumes where you left it.";
          return;
        }
        var focused = document.activeElement && document.activeElement.id === "exam-q-title";
        renderQuestion(ctx, now, ctx.state.root);
        if (focused) /** @type {HTMLElement} */ (ctx.state.root.querySelector("#exam-q-title")).focus({ preventScroll: true });
      });
      renderProgress(ctx, s, scope);
      return;
    }
    var multi = q.select > 1;
    var chosen = s.answers[id] || [];
    var article = h("article", { class: "exam-q", "data-exam-question": id, "aria-labelledby": "exam-q-title" });
    article.appendChild(h("h2", { id: "exam-q-title", class: "exam-q__title", tabindex: "-1",
      text: "Question " + number + " of " + s.ids.length }));
    // No topic or domain here: the real exam does not say, and the result does.
    article.appendChild(h("div", { class: "exam-q__stem", id: "exam-q-stem", html: q.stem }));
    // The choices are a group named by its question (the heading), described by the stem; the legend says how many.
    var options = h("fieldset", { class: "exam-q__options", "aria-labelledby": "exam-q-title exam-q-instruction",
      "aria-describedby": "exam-q-stem" }, [
      h("legend", { id: "exam-q-instruction", class: "exam-q__instruction", "data-exam-instruction": true,
        "aria-live": multi ? "polite" : null, text: ctx.answerCore.choiceText(chosen.length, q.select) })
    ]);
    // In this exam's order (seeded by the exam and the question), lettered by position; each input's value stays the
    // bank's option index, which is what the session, grading and the learner's record keep.
    options.appendChild(ctx.questionView.options(q, {
      name: "exam-answer", listClass: "exam-q__list", rowClass: "exam-option", inputAttr: "data-exam-input",
      optionAttr: "data-exam-option", letterAttr: "data-exam-letter", chosen: chosen,
      order: ctx.core.optionOrder(s.seed, id, q.options.length)
    }));
    article.appendChild(options);
    article.appendChild(ctx.questionView.confidence({
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
    renderProgress(ctx, s, scope);
  }

  function renderProgress(/** @type {ExamContext} */ ctx, s, scope) {
    // "answered" counts complete answers only: a "choose two" question with one tick is not done.
    var p = ctx.core.pending(s, ctx.bank);
    var progress = scope.querySelector("[data-exam-progress]");
    var done = s.ids.length - p.unanswered.length - p.incomplete.length;
    if (progress) {
      progress.textContent = done + " of " + s.ids.length + " answered" +
        (p.incomplete.length ? ", " + p.incomplete.length + " incomplete" : "");
    }
  }

  function renderGrid(/** @type {ExamContext} */ ctx, s, scope) {
    Array.prototype.forEach.call(scope.querySelectorAll("[data-exam-id]"), function (button, i) {
      var id = button.getAttribute("data-exam-id");
      var st = ctx.core.answerState(s, ctx.bank, id);
      var label = st === "complete" ? "answered" : st === "incomplete" ? "incomplete" : "unanswered";
      var flagged = !!s.flags[id];
      button.setAttribute("data-state", label);
      if (flagged) button.setAttribute("data-flagged", ""); else button.removeAttribute("data-flagged");
      if (i === s.current) button.setAttribute("aria-current", "step"); else button.removeAttribute("aria-current");
      button.textContent = (flagged ? "⚑ " : "") + (i + 1);
      button.setAttribute("aria-label", "Question " + (i + 1) + ": " + label + (flagged ? ", flagged" : ""));
    });
    renderProgress(ctx, s, scope);
  }

  function renderPause(s, scope) {
    var button = scope.querySelector("[data-exam-pause]");
    if (!button) return;
    var paused = s.runningSince === null;
    button.setAttribute("aria-pressed", paused ? "true" : "false");
    button.textContent = paused ? "Resume the clock" : "Pause";
  }

  function tick(/** @type {ExamContext} */ ctx, now, before) {
    var c = ctx.core;
    var s = ctx.state.session;
    var clockEl = ctx.state.root.querySelector("[data-exam-clock]");
    if (!s.timed) {
      if (clockEl) clockEl.textContent = c.clock(c.elapsed(s, now));
      return;
    }
    var left = c.remaining(s, now);
    if (clockEl) clockEl.textContent = c.clock(left);
    renderTimeLevel(ctx, c.timeLevel(left));
    var message = c.announcement(s.limitMs, before, left);
    if (message) ctx.actions.announce(message);
  }

  function renderTimeLevel(/** @type {ExamContext} */ ctx, level) {
    // The bar's look at 5 minutes and at 1 minute left: data-exam-time for the styles, and a word beside the clock, so
    // it is not told by colour alone.
    var bar = ctx.state.root.querySelector("[data-exam-bar]");
    if (!bar || (bar.getAttribute("data-exam-time") || "") === level) return;
    if (level) bar.setAttribute("data-exam-time", level); else bar.removeAttribute("data-exam-time");
    var note = bar.querySelector("[data-exam-time-note]");
    if (note) note.textContent = level === "last" ? "last minute" : level === "low" ? "under 5 minutes" : "";
  }

  function onClick(/** @type {ExamContext} */ ctx, event) {
    var t = event.target.closest("button");
    var s = ctx.state.session;
    if (!t || !s) return;
    var id = s.ids[s.current];
    var actions = ctx.actions;
    if (t.hasAttribute("data-exam-prev")) actions.goTo(s.current - 1);
    else if (t.hasAttribute("data-exam-next")) actions.goTo(s.current + 1);
    else if (t.hasAttribute("data-exam-goto")) actions.goTo(parseInt(t.getAttribute("data-exam-goto"), 10));
    else if (t.hasAttribute("data-exam-flag")) {
      actions.update(ctx.core.setFlag(s, id, !s.flags[id]));
      var flagged = !!ctx.state.session.flags[id];
      t.setAttribute("aria-pressed", flagged ? "true" : "false");
      t.textContent = flagged ? "⚑ Flagged for review" : "Flag for review";
      renderGrid(ctx, ctx.state.session, ctx.state.root);
    } else if (t.hasAttribute("data-exam-pause")) {
      actions.pause();
    } else if (t.hasAttribute("data-exam-submit")) {
      var warning = ctx.core.submitWarning(s, ctx.bank);
      confirmPanel(ctx, "Submit your answers?", warning || "Every question is answered and none is flagged.",
        "Submit now", "data-exam-confirm-submit", function () { actions.submit(false); });
    } else if (t.hasAttribute("data-exam-abandon")) {
      confirmPanel(ctx, "Abandon this exam?", "Its answers are discarded and nothing is recorded.", "Abandon",
        "data-exam-confirm-abandon", actions.abandon);
    }
  }

  function confirmPanel(/** @type {ExamContext} */ ctx, title, text, yes, marker, onYes) {
    var panel = ctx.state.root.querySelector("[data-exam-confirm]");
    ctx.confirm.ask(panel, {
      title: title, titleId: "exam-confirm-title", text: text, textAttr: "data-exam-warning",
      yes: yes, yesAttr: marker, primary: true, onYes: onYes,
      no: "Keep working", noAttr: "data-exam-confirm-keep", onNo: function () {
        ctx.confirm.close(panel);
        var submitButton = /** @type {HTMLElement | null} */ (ctx.state.root.querySelector("[data-exam-submit]"));
        if (submitButton) submitButton.focus();
      }
    });
  }

  function onChange(/** @type {ExamContext} */ ctx, event) {
    var target = event.target;
    var s = ctx.state.session;
    if (!s) return;
    var id = s.ids[s.current];
    if (target.hasAttribute("data-exam-input")) {
      var selected = Array.prototype.filter.call(ctx.state.root.querySelectorAll("[data-exam-input]"), function (i) {
        return i.checked;
      }).map(function (i) { return parseInt(i.value, 10); });
      ctx.actions.update(ctx.core.answer(s, id, selected));
      renderGrid(ctx, ctx.state.session, ctx.state.root);
      var instruction = ctx.state.root.querySelector("[data-exam-instruction]");
      if (instruction) instruction.textContent = ctx.answerCore.choiceText(selected.length, ctx.bank.questions[id].select);
    } else if (target.hasAttribute("data-exam-confidence-input")) {
      ctx.actions.update(ctx.core.setConfidence(s, id, target.value));
    }
  }

  views.run = { build: build, render: render, toTop: toTop, tick: tick, onClick: onClick, onChange: onChange };
})();
