// @ts-check
/*
 * A lesson page's score bar and what hangs off it: the running score, "next unanswered", reset with its confirm and
 * Undo, and the summary after the last question. A view of the lesson's quiz (quiz.js), which hands it a context and
 * calls it; it calls nothing of quiz.js but what that context holds.
 *
 *   llmGuide.quizScorebar = {
 *     update(ctx, root)     the score, the idle Reset, the summary, from the records
 *     answered(ctx, root)   a question was answered or cleared: a pending Undo ends (it would overwrite the answer)
 *     onClick(ctx, event, root)   [data-quiz-next], [data-quiz-reset]
 *   }
 *   ctx = { store, progress, confirm, page(root) -> { questions, undo, last }, show(q, state, how), stateOf(q),
 *           questionOf(element), announce(root, text) }
 * Site-wide (mkdocs.yml), before quiz.js.
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || /** @type {LlmGuide} */ ({}));

  function update(/** @type {QuizScorebarContext} */ ctx, root) {
    var page = ctx.page(root);
    var questions = page.questions;
    var ids = questions.map(function (q) { return q.id; });
    var s = ctx.progress.summarize(ids, ctx.store.question);
    s.total = parseInt(root.getAttribute("data-quiz-total"), 10) || questions.length;
    var score = root.querySelector("[data-quiz-score]");
    if (score) score.textContent = ctx.progress.scoreText(s);
    var short = root.querySelector("[data-quiz-score-short]");
    if (short) short.textContent = ctx.progress.scoreShort(s);
    var busy = questions.some(function (q) { var r = ctx.store.question(q.id); return r.first || r.draft.length; });
    // The bar keeps its buttons in place from the start, so its height never changes under the learner's finger:
    // an idle Reset is invisible (and not focusable), not removed.
    var reset = /** @type {HTMLElement | null} */ (root.querySelector("[data-quiz-reset]"));
    if (reset && !page.undo) {
      reset.hidden = false;
      if (busy) reset.removeAttribute("data-quiz-idle"); else reset.setAttribute("data-quiz-idle", "");
    }
    var next = /** @type {HTMLElement | null} */ (root.querySelector("[data-quiz-next]"));
    if (next) next.hidden = false;
    summarize(root, questions, s, page.nextLesson);
  }

  function summarize(root, questions, s, nextLesson) {
    // After the last question: where the learner stands, with links to the questions missed on the first try.
    var box = /** @type {HTMLElement | null} */ (root.querySelector("[data-quiz-summary]"));
    if (!box) return;
    box.hidden = !s.answered;
    box.textContent = "";
    if (!s.answered) return;
    var head = document.createElement("p");
    head.className = "quiz__summary-head";
    head.textContent = "Your results: " + s.answered + " of " + s.total + " answered, " + s.firstRight +
      " right the first time, " + s.nowRight + " right now.";
    box.appendChild(head);
    if (!box.hasAttribute("tabindex")) box.setAttribute("tabindex", "-1"); // the last question's Your results focuses it
    if (s.missed.length) missed(box, questions, s);
    if (!nextLesson) return;
    // The next lesson comes after the learner's results, not before them.
    var after = document.createElement("p");
    var link = document.createElement("a");
    link.className = "md-button md-button--primary";
    link.href = nextLesson.href;
    link.setAttribute("data-quiz-next-lesson", "");
    link.textContent = "Next: " + nextLesson.title;
    after.appendChild(link);
    box.appendChild(after);
  }

  function missed(box, questions, s) {
    var label = document.createElement("p");
    label.textContent = "Missed on the first try:";
    box.appendChild(label);
    var list = document.createElement("ul");
    s.missed.forEach(function (id) {
      var q = questions.filter(function (x) { return x.id === id; })[0];
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = "#" + q.article.id;
      link.textContent = "Question " + (questions.indexOf(q) + 1) + ": " + q.title;
      item.appendChild(link);
      list.appendChild(item);
    });
    box.appendChild(list);
  }

  function answered(/** @type {QuizScorebarContext} */ ctx, root) {
    var page = ctx.page(root);
    if (page.undo) {
      // A new answer after a reset: undoing now would overwrite it, so the offer ends here.
      page.undo = null;
      ctx.confirm.close(root.querySelector("[data-quiz-confirm]"));
    }
    update(ctx, root);
  }

  function nextUnanswered(/** @type {QuizScorebarContext} */ ctx, root) {
    // The first question not checked yet after the one the learner is in (or, when focus is elsewhere, after what is
    // on screen), wrapping around; focus goes to its first option.
    var page = ctx.page(root);
    var questions = page.questions;
    // The button itself has focus now: start from the question the learner was last in.
    var from = questions.indexOf(ctx.questionOf(document.activeElement) || page.last);
    if (from === -1) {
      var line = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      questions.forEach(function (q, i) { if (q.article.getBoundingClientRect().top <= line + 1) from = i; });
    }
    for (var step = 1; step <= questions.length; step++) {
      var q = questions[(from + step + questions.length) % questions.length];
      if (!ctx.stateOf(q).checked) {
        q.article.scrollIntoView({ block: "start" });
        q.inputs[0].focus({ preventScroll: true });
        return;
      }
    }
    ctx.announce(root, "Every question on this page is answered.");
  }

  function confirmReset(/** @type {QuizScorebarContext} */ ctx, root) {
    // Resetting asks first, and then offers Undo until the learner leaves the page (what was cleared stays in the
    // page's state until then).
    var box = root.querySelector("[data-quiz-confirm]");
    var reset = /** @type {HTMLElement | null} */ (root.querySelector("[data-quiz-reset]"));
    if (!box) return;
    ctx.confirm.ask(box, {
      text: "Clear every answer on this page, first attempts included?",
      yes: "Clear answers", yesAttr: "data-quiz-reset-yes", onYes: function () { doReset(ctx, root); },
      no: "Keep them", noAttr: "data-quiz-reset-no", onNo: function () { closeConfirm(ctx, root, true); }
    });
    if (reset) reset.hidden = true;
  }

  function closeConfirm(/** @type {QuizScorebarContext} */ ctx, root, focusReset) {
    ctx.confirm.close(root.querySelector("[data-quiz-confirm]"));
    update(ctx, root);
    var reset = /** @type {HTMLElement | null} */ (root.querySelector("[data-quiz-reset]"));
    if (focusReset && reset && !reset.hidden) reset.focus();
  }

  function doReset(/** @type {QuizScorebarContext} */ ctx, root) {
    var page = ctx.page(root);
    /** @type {{ [id: string]: QuestionRecord }} */
    var saved = {};
    page.questions.forEach(function (q) {
      saved[q.id] = ctx.store.question(q.id);
      ctx.store.saveQuestion(q.id, null);
      ctx.show(q, { selected: [], checked: false }, "clear");
      q.result.textContent = "";
    });
    page.undo = saved;
    update(ctx, root);
    ctx.announce(root, "Answers on this page cleared. Undo is available until you leave the page.");
    ctx.confirm.done(root.querySelector("[data-quiz-confirm]"), {
      text: "Answers on this page cleared.", undoAttr: "data-quiz-undo", onUndo: function () { undoReset(ctx, root); }
    });
  }

  function undoReset(/** @type {QuizScorebarContext} */ ctx, root) {
    var page = ctx.page(root);
    var saved = page.undo || {};
    page.undo = null;
    page.questions.forEach(function (q) {
      if (saved[q.id]) ctx.store.saveQuestion(q.id, saved[q.id]);
      ctx.show(q, ctx.stateOf(q), "restore");
    });
    ctx.announce(root, "Answers on this page restored.");
    closeConfirm(ctx, root, true);
  }

  function onClick(/** @type {QuizScorebarContext} */ ctx, event, root) {
    if (event.target.closest("[data-quiz-next]")) nextUnanswered(ctx, root);
    else if (event.target.closest("[data-quiz-reset]")) confirmReset(ctx, root);
  }

  guide.quizScorebar = { update: update, answered: answered, onClick: onClick };
})();
