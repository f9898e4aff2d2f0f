// @ts-check
/*
 * Self-check quizzes on topic pages.
 *
 * Contract with the HTML (guide/render/templates/*.html.j2), which the tests select on too:
 *   [data-quiz]                    a topic's question list; holds [data-quiz-score], [data-quiz-next], [data-quiz-reset],
 *                                  [data-quiz-confirm], [data-quiz-announce] and [data-quiz-summary]
 *   [data-quiz-question=<id>]      one question; data-quiz-select (how many are correct), data-quiz-key (JSON list),
 *                                  data-quiz-title (its short title, plain text); its .quiz-q__title heading,
 *                                  [data-quiz-form], [data-quiz-explanations]
 *   [data-quiz-option=<i>]         an option row (the label) holding its [data-quiz-input]
 *   [data-quiz-explanation=<i>]    an option's explanation (<details>)
 * The script adds [data-quiz-actions] ([data-quiz-result] over [data-quiz-check], then [data-quiz-next-question]
 * in its place with [data-quiz-retry]) to each form and [data-quiz-after] ([data-quiz-next-again], Next question
 * repeated after the explanations) to each question but the last, whose row offers [data-quiz-to-summary]: the
 * summary ends with [data-quiz-next-lesson]. It adds
 * a [data-quiz-mark] to graded rows. State it writes: data-quiz-ready on a usable question, data-quiz-checked on a
 * checked one, data-quiz-revealed on one whose explanation was linked to directly, data-quiz-status=hit|wrong|missed
 * on an option, data-quiz-warning on a result that asks for a choice first.
 *
 * Answers are kept through llmGuide.store (store.js): the first attempt stays on record through "Try again".
 * Grading and messages come from llmGuide.answerCore (answer-core.js); summaries from llmGuide.progressCore.
 * Without this script the page still shows every explanation with its verdict.
 *
 * This file is the lesson's quiz component: each question (mounting, Check, Try again, Next question, an explanation
 * linked to directly, other tabs' writes) and the page's state. The score bar, "next unanswered" and reset with Undo
 * are its view quiz/scorebar.js, handed a context (scorebarContext below); Material's footer and table of contents are
 * reached only through quiz/material.js. State lives in the two maps below, not on the elements.
 */
(function () {
  "use strict";

  // Grading, the "choose exactly N" rule and the result sentences are the guide's one answer core (answer-core.js).
  var answers = window.llmGuide && window.llmGuide.answerCore;
  if (!answers) return; // without it the page keeps its no-JavaScript form: every explanation readable
  var parseKey = answers.parseKey;
  var grade = answers.grade;
  var resultMessage = answers.resultMessage;
  var selectionProblem = answers.selectionProblem;
  var MARKS = answers.marks;

  var guide = window.llmGuide || {};
  var store = guide.store;
  var progress = guide.progressCore;
  var scorebar = guide.quizScorebar;
  if (!store || !progress || !scorebar) return; // loaded first (mkdocs.yml); without them, the no-JavaScript form

  // A lesson's question list -> { questions, undo (what a reset cleared, until Undo or the next answer), last (the
  // question focus was last in) }; a question's article -> its description (describe). Both go with their elements.
  var pages = new WeakMap();
  var described = new WeakMap();

  /* ---------- the page ---------- */

  // The controls exist only with the script (without it there is nothing to check), so they are not in every
  // question's HTML: one parsed copy is cloned into each question as it mounts. The action row holds the result line
  // above its buttons and sticks to the bottom of the screen while its question's options are in view (site.css), so
  // on a phone Check, and once checked Next question, are under the thumb without scrolling. Next question takes
  // Check's place when Check goes, so nothing moves under the finger; Try again comes after it. Next question is
  // repeated after the explanations ([data-quiz-after]), where a learner who read them arrives.
  var CONTROLS = document.createElement("div");
  CONTROLS.innerHTML = '<div class="quiz-q__actions" data-quiz-actions data-search-exclude>' +
    '<p class="quiz-q__result" data-quiz-result role="status" aria-live="polite"></p>' +
    '<div class="quiz-q__buttons">' +
    '<button type="submit" class="md-button md-button--primary" data-quiz-check>Check</button>' +
    '<button type="button" class="md-button md-button--primary" data-quiz-next-question data-quiz-in-row hidden>Next question</button>' +
    '<button type="button" class="md-button" data-quiz-retry hidden>Try again</button></div></div>';
  var AFTER = document.createElement("div");
  AFTER.innerHTML = '<p class="quiz-q__after" data-quiz-after data-search-exclude hidden>' +
    '<button type="button" class="md-button" data-quiz-next-again>Next question</button></p>';

  function describe(article) {
    // Everything the script needs from one question's markup, or null when the markup is not usable.
    var id = article.getAttribute("data-quiz-question");
    var rows = Array.prototype.slice.call(article.querySelectorAll("[data-quiz-option]"));
    var inputs = rows.map(function (row) { return row.querySelector("[data-quiz-input]"); });
    var form = article.querySelector("[data-quiz-form]");
    var key = parseKey(article.getAttribute("data-quiz-key"), rows.length);
    var select = parseInt(article.getAttribute("data-quiz-select"), 10);
    if (!id || !form || rows.length < 2 || !key || key.length !== select || inputs.some(function (i) { return !i; })) return null;
    if (!form.querySelector("[data-quiz-result]")) {
      Array.prototype.slice.call(CONTROLS.cloneNode(true).childNodes).forEach(function (node) { form.appendChild(node); });
      article.appendChild(AFTER.firstChild.cloneNode(true));
    }
    var title = article.querySelector(".quiz-q__title");
    var root = article.closest("[data-quiz]");
    if (title && !title.hasAttribute("tabindex")) title.setAttribute("tabindex", "-1"); // Next question focuses it
    return {
      id: id, article: article, topic: root ? root.getAttribute("data-quiz-topic") : null,
      lesson: root ? root.getAttribute("data-quiz-lesson") : null, heading: title,
      after: article.querySelector("[data-quiz-after]"),
      next: form.querySelector("[data-quiz-in-row]"),
      rows: rows, inputs: inputs, key: key, select: select, form: form,
      result: form.querySelector("[data-quiz-result]"),
      title: titleOf(article, title),
      check: form.querySelector("[data-quiz-check]"),
      retry: form.querySelector("[data-quiz-retry]"),
      details: Array.prototype.slice.call(article.querySelectorAll("[data-quiz-explanation]"))
    };
  }

  function titleOf(article, heading) {
    // The short title the page states (data-quiz-title); pages built before it was emitted: the heading's text.
    var stated = article.getAttribute("data-quiz-title");
    if (stated) return stated;
    return heading && heading.firstChild ? heading.firstChild.textContent.replace(/^Question \d+: /, "") : "";
  }

  function selection(q) {
    var selected = [];
    q.inputs.forEach(function (input, i) { if (input.checked) selected.push(i); });
    return selected;
  }

  function stateOf(q) {
    var r = store.question(q.id);
    return r.last && !r.again ? { selected: r.last.selected, checked: true } : { selected: r.draft, checked: false };
  }

  function say(q, text, warning) {
    // The result line is a live region. A restored result was written with announcing switched off (see restore);
    // switch it back on before anything new is said.
    q.result.setAttribute("aria-live", "polite");
    q.result.setAttribute("role", "status");
    if (warning) q.result.setAttribute("data-quiz-warning", ""); else q.result.removeAttribute("data-quiz-warning");
    q.result.textContent = text;
  }

  function show(q, state, how) {
    // how: "check" (just graded: announce, open explanations), "restore" (page load: show quietly), or "clear".
    q.inputs.forEach(function (input, i) {
      input.checked = state.selected.indexOf(i) !== -1;
      input.disabled = state.checked;
    });
    var result = state.checked ? grade(state.selected, q.key, q.rows.length) : null;
    q.rows.forEach(function (row, i) {
      var status = result ? result.statuses[i] : "none";
      var mark = row.querySelector("[data-quiz-mark]");
      if (status === "none") row.removeAttribute("data-quiz-status");
      else row.setAttribute("data-quiz-status", status);
      if (!mark && status !== "none") {
        // Inside the label, so a screen reader hears the verdict with the option it belongs to.
        mark = document.createElement("span");
        mark.className = "quiz-option__mark";
        mark.setAttribute("data-quiz-mark", "");
        mark.setAttribute("data-search-exclude", "");
        row.appendChild(mark);
      }
      if (mark) mark.textContent = MARKS[status];
    });
    if (result) q.article.setAttribute("data-quiz-checked", result.correct ? "correct" : "incorrect");
    else q.article.removeAttribute("data-quiz-checked");
    if (q.check) q.check.hidden = !!result;
    if (q.retry) q.retry.hidden = !result;
    if (q.next) q.next.hidden = !result;
    if (q.after) q.after.hidden = !result || !q.after.firstChild;
    // The explanations worth reading first open by themselves: the chosen options' and the correct ones'.
    q.details.forEach(function (details, i) {
      details.open = !!result && result.statuses[i] !== "none";
    });
    var message = result ? resultMessage(result, q.select) : "";
    if (how === "restore") {
      // Restored answers show their result sentence but are not announced: a burst of results on every page load
      // would drown a screen reader. Announcing comes back on the next focus in the question (onFocusIn).
      q.result.setAttribute("aria-live", "off");
      q.result.removeAttribute("role");
      q.result.removeAttribute("data-quiz-warning");
      q.result.textContent = message;
    } else if (how === "check") {
      say(q, message);
    }
    return result;
  }

  function regrade(q) {
    // Attempts migrated from the first storage format, or made where the key was unknown, get graded here; attempts
    // made before they carried their topic get it (the navigation markers count answers by topic).
    var r = store.question(q.id);
    if (!r.first) return;
    var changed = false;
    ["first", "last"].forEach(function (which) {
      if (r[which] && r[which].correct === null) {
        r[which].correct = grade(r[which].selected, q.key, q.rows.length).correct;
        changed = true;
      }
    });
    var tagged = q.topic ? progress.withTopic(r, q.topic, q.lesson) : null;
    if (tagged || changed) store.saveQuestion(q.id, tagged || r);
  }

  function pageOf(root) {
    return pages.get(root) || { questions: [], undo: null, last: null, nextLesson: null };
  }

  function announce(root, text) {
    var live = root.querySelector("[data-quiz-announce]");
    if (live) live.textContent = text;
  }

  // What the score bar (quiz/scorebar.js) is handed: the records, and this file's own view of each question.
  /** @type {QuizScorebarContext} */
  var scorebarContext = {
    store: store, progress: progress, confirm: guide.confirm, page: pageOf, show: show, stateOf: stateOf,
    questionOf: questionOf, announce: announce
  };

  function mount(root) {
    var questions = [];
    Array.prototype.forEach.call(root.querySelectorAll("[data-quiz-question]"), function (article) {
      var q = describe(article);
      if (!q) {
        // Unusable markup keeps its no-JavaScript form: explanations stay readable.
        article.setAttribute("data-quiz-unusable", "");
        return;
      }
      described.set(article, q);
      article.setAttribute("data-quiz-ready", "");
      regrade(q);
      var state = stateOf(q);
      // A question never answered is already shown as it should be: on a page of hundreds, touching each one's
      // inputs and explanations at load is wasted work the learner waits for.
      if (state.checked || state.selected.length) show(q, state, "restore");
      questions.push(q);
    });
    pages.set(root, { questions: questions, undo: null, last: null, nextLesson: null });
    linkLastToNextLesson(questions[questions.length - 1]);
    scorebar.update(scorebarContext, root);
  }

  function linkLastToNextLesson(q) {
    // After the lesson's last question the learner's results come first: the row's button goes down to the summary
    // (quiz/scorebar.js), which ends with the next lesson, the page after this one in the navigation that Material's
    // footer links. The repeat after the explanations is not needed: the summary follows them.
    if (!q) return;
    if (q.after) q.after.remove();
    q.after = null;
    if (q.next) {
      q.next.textContent = "Your results";
      q.next.setAttribute("data-quiz-to-summary", "");
    }
    var root = rootOf(q.article);
    var next = guide.material.nextPage();
    if (root && pages.has(root)) pages.get(root).nextLesson = next ? { href: next.href, title: next.title || "the next page" } : null;
  }

  function toSummary(q) {
    var root = rootOf(q.article);
    var box = root && /** @type {HTMLElement | null} */ (root.querySelector("[data-quiz-summary]"));
    if (!box || box.hidden) return;
    box.scrollIntoView({ block: "start" });
    box.focus({ preventScroll: true });
  }

  function goToNext(q) {
    // The next question of the lesson, its heading at the top of the screen (below the sticky bars) and focused, so
    // a learner on a phone never scrolls two screens past explanations to find it.
    var root = rootOf(q.article);
    var questions = root ? pageOf(root).questions : [];
    var next = questions[questions.indexOf(q) + 1];
    if (!next) return;
    next.article.scrollIntoView({ block: "start" });
    if (next.heading) next.heading.focus({ preventScroll: true });
  }

  /* ---------- the table of contents follows what is under the sticky bars ---------- */

  // Material's scroll-spy marks a heading as reached once it passes under the header; on a lesson page the sticky
  // score bar hides the next question's top for a while longer, so the highlighted entry ran one question behind.
  // After each scroll (and after Material's own update, in the next frame) the entry of the last question whose top
  // has reached the bottom of the sticky bars is the active one.
  var tocQueued = false;

  function syncToc() {
    tocQueued = false;
    var root = document.querySelector("[data-quiz]");
    if (!root) return;
    var line = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    /** @type {QuizQuestion | null} */
    var current = null;
    pageOf(root).questions.forEach(function (q) {
      if (q.article.getBoundingClientRect().top <= line + 1) current = q;
    });
    if (!current) return; // above the first question: Material's choice (a heading of the notes) stands
    guide.material.markTocEntry("#" + current.article.id);
  }

  guide.boot.on("scroll", null, function () {
    if (tocQueued) return;
    tocQueued = true;
    guide.browser.afterFrames(2, syncToc);
  });

  function mountAll() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-quiz]"), mount);
    guide.quizMounted = true; // the head script's fallback to the no-JavaScript view is not needed
    // The score bar: links and focus land below it, so a linked explanation is scrolled to once it is measured.
    guide.browser.sticky.measure(revealLinkedExplanation);
  }

  function revealLinkedExplanation() {
    // A link straight to an explanation (#q-<id>-why-b) is a deliberate request to read it, e.g. from a course page:
    // show that question's explanations and open the one linked, without grading anything.
    var id = guide.browser.hash(); // null for a malformed %-escape: it links nowhere
    if (!id) return;
    var target = /** @type {HTMLDetailsElement} */ (document.getElementById(id));
    if (!target || !target.matches("details[data-quiz-explanation]")) return;
    var article = target.closest("[data-quiz-question]");
    if (article) article.setAttribute("data-quiz-revealed", "");
    target.open = true;
    target.scrollIntoView();
  }

  function questionOf(target) {
    var article = target && target.closest ? target.closest("[data-quiz-question]") : null;
    return article ? described.get(article) || null : null;
  }

  function rootOf(element) {
    return element.closest("[data-quiz]");
  }

  function refresh(q) {
    var root = rootOf(q.article);
    if (root) scorebar.answered(scorebarContext, root);
  }

  /* ---------- actions ---------- */

  function onSubmit(event) {
    var q = questionOf(event.target);
    if (!q) return;
    event.preventDefault();
    var selected = selection(q);
    var problem = selectionProblem(selected.length, q.select);
    if (problem) {
      say(q, problem, true);
      return;
    }
    var correct = grade(selected, q.key, q.rows.length).correct;
    store.recordAttempt(q.id, guide.storeCore.attempt(q, selected, correct, { at: Date.now(), source: "topic" }));
    var before = q.check ? q.check.getBoundingClientRect().top : 0;
    var row = /** @type {HTMLElement | null} */ (q.form.querySelector("[data-quiz-actions]"));
    var stuck = !!row && row.getBoundingClientRect().bottom >= window.innerHeight - 1;
    show(q, { selected: selected, checked: true }, "check");
    refresh(q);
    if (!stuck) keepInPlace(q, row, before);
    // The Check button is now hidden; focus goes to the button in its place (Next question), inside the question.
    if (q.next) q.next.focus({ preventScroll: true });
    else if (q.retry) q.retry.focus({ preventScroll: true });
  }

  function keepInPlace(q, row, before) {
    // Nothing moves under the finger: a row stuck to the bottom of the screen grows upwards and stays put; one in its
    // own place is pushed down by the marks and the result line above its buttons, so the page follows it by as much.
    // Measured in its own place (not stuck), or the push would take it under the fold, where it would stick lower.
    var now = q.next && !q.next.hidden ? q.next : q.retry;
    if (!now || !row) return;
    row.style.position = "static";
    var moved = now.getBoundingClientRect().top - before;
    row.style.position = "";
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
  }

  function retry(q) {
    store.saveQuestion(q.id, guide.storeCore.retried(store.question(q.id)));
    show(q, { selected: [], checked: false }, "clear");
    say(q, "Answer cleared; your first attempt stays on record. Choose again.");
    refresh(q);
    if (q.inputs[0]) q.inputs[0].focus();
  }

  function onClick(event) {
    var target = event.target;
    if (!target || !target.closest) return;
    var root = rootOf(target);
    if (!root) return;
    var q = questionOf(target);
    if (q && target.closest("[data-quiz-retry]")) retry(q);
    else if (q && target.closest("[data-quiz-to-summary]")) toSummary(q);
    else if (q && target.closest("[data-quiz-next-question], [data-quiz-next-again]")) goToNext(q);
    else scorebar.onClick(scorebarContext, event, root);
  }

  function onChange(event) {
    var q = questionOf(event.target);
    if (!q || !event.target.matches("[data-quiz-input]")) return;
    // Remember an unchecked selection too, so a learner who navigates away does not lose it.
    var r = store.question(q.id);
    r.draft = selection(q);
    store.saveQuestion(q.id, r);
    say(q, "");
    refresh(q);
  }

  function onFocusIn(event) {
    var q = questionOf(event.target);
    var root = q && rootOf(q.article);
    if (root && pages.has(root)) pages.get(root).last = q;
    if (q && q.result.getAttribute("aria-live") === "off") {
      q.result.setAttribute("aria-live", "polite");
      q.result.setAttribute("role", "status");
    }
  }

  function onStoreChange(name, info) {
    // Another tab answered, reset or retried: show what is stored now, so this tab neither displays an answer that
    // is gone nor writes it back. This tab's own writes are already on screen.
    if (!info || !info.external) return;
    var all = name === "*";
    if (!all && !guide.storeCore.isQuestionName(name)) return;
    var id = all ? null : guide.storeCore.questionIdOf(name);
    Array.prototype.forEach.call(document.querySelectorAll("[data-quiz]"), function (root) {
      var touched = pageOf(root).questions.filter(function (q) { return all || q.id === id; });
      touched.forEach(function (q) { show(q, stateOf(q), "restore"); });
      if (touched.length) refresh(touched[0]);
    });
  }
  store.onChange(onStoreChange);

  // Events through the one delegated layer (base/boot.js), which survives Material's instant navigation: registered
  // once; only mounting (reading state into the new content) repeats per page.
  guide.boot.on("submit", "[data-quiz]", onSubmit);
  guide.boot.on("click", "[data-quiz]", onClick);
  guide.boot.on("change", "[data-quiz]", onChange);
  guide.boot.on("focusin", "[data-quiz]", onFocusIn);
  guide.boot.on("hashchange", null, revealLinkedExplanation);

  // Every page's content, on a full load and after each instant navigation (base/boot.js).
  guide.boot.component("quiz", guide.boot.PAGE, function () { mountAll(); });
})();
