// @ts-check
/*
 * The embed page (docs/embed.md): the questions an embed link names, alone, for a frame in a course page, each with
 * Check, Try again, its explanations and sources, and a small link back to the guide. Answers are recorded like
 * everywhere else (store.js, one record per question, the attempt built by storeCore.attempt), so a question answered
 * here counts on the lesson page too, where the browser shares storage between the two. The pure part (the link, the
 * questions, the palette, the messages) is embed-core.js; the question's rows are the one question view.
 *
 * It tells the page around it, by postMessage to the parent: its height whenever it changes, and each result.
 *
 * Contract: [data-embed] mount point (data-embed-ready once mounted); it adds [data-embed-notice] (an unknown id or
 * lesson, a link it cannot use, storage not kept), [data-embed-lesson] (a lesson's title), [data-embed-question=<id>]
 * forms with [data-embed-option=<i>] rows holding [data-embed-input], [data-embed-check], [data-embed-retry],
 * [data-embed-result] (the live region, data-embed-correct once checked), [data-embed-explained] (the options'
 * explanations and the sources), and [data-embed-source] (the link to the guide).
 */
(function () {
  "use strict";

  var FAILED = "The questions could not be loaded. Reload the page to try again.";
  var state = null; // { root, bank, questions: { [id]: question } }

  function g() { return window.llmGuide || /** @type {LlmGuide} */ ({}); }
  function h() { return g().dom.h.apply(null, arguments); }

  function post(message) {
    // The course page may be on any host; the messages hold a height, an id and a grade, nothing private.
    if (window.parent && window.parent !== window) window.parent.postMessage(message, "*");
  }

  var observer = null;
  var lastHeight = -1;

  function watchHeight() {
    // The document's own height (embed.css lets it shrink to its content), posted on every change: answers open
    // explanations, a narrower frame wraps lines, a font loads.
    function send() {
      var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      if (height === lastHeight) return;
      lastHeight = height;
      post(g().embedCore ? g().embedCore.heightMessage(height) : { type: "llm-guide:height", height: height });
    }
    if (observer) observer.disconnect();
    if (typeof ResizeObserver === "function") {
      observer = new ResizeObserver(send);
      observer.observe(document.documentElement);
    }
    send();
  }

  function place(q) {
    // The lesson page that holds a question, from the generated topics list (its address relative to the site root,
    // right online and offline).
    var topics = g().topics || [];
    for (var i = 0; i < topics.length; i++) {
      if (topics[i].id !== q.topic) continue;
      var lessons = topics[i].lessons || [];
      for (var j = 0; j < lessons.length; j++) {
        if (lessons[j].id === q.lesson) return { topic: topics[i], lesson: lessons[j] };
      }
    }
    return null;
  }

  function lessonTitle(q) {
    /** @type {BankTopic | null} */
    var topic = null;
    state.bank.topics.forEach(function (t) { if (t.id === q.topic) topic = t; });
    /** @type {{ id: string, title: string } | null} */
    var lesson = null;
    (topic && topic.lessons || []).forEach(function (l) { if (l.id === q.lesson) lesson = l; });
    return [topic ? topic.title : q.topic, lesson ? lesson.title : ""].filter(Boolean).join(" · ");
  }

  function notice(text, kind) {
    return h("p", { class: "admonition " + (kind || "warning"), "data-embed-notice": true, text: text });
  }

  function sourceLink(ids, lesson) {
    // One small link back: to the lesson (a lesson's embed or a single question, at that question), else the guide.
    var root = g().browser.siteRoot();
    var href = root;
    var first = ids.length ? state.bank.questions[ids[0]] : null;
    var where = first ? place(first) : null;
    if (where && (lesson || ids.length === 1)) href = new URL(where.lesson.url, root).href + (lesson ? "" : "#q-" + ids[0]);
    var link = /** @type {HTMLAnchorElement} */ (h("a", { target: "_blank", rel: "noopener", text: "LLM Fine-Tuning Study Guide" }));
    link.href = href;
    return h("p", { class: "embed__source", "data-embed-source": true }, ["From the ", link]);
  }

  function questionForm(id, inLesson) {
    var q = state.bank.questions[id];
    var view = g().questionView;
    var titleId = "embed-" + id + "-title";
    var stemId = "embed-" + id + "-stem";
    var form = h("form", { class: "review-card embed-q", "data-embed-question": id, "aria-labelledby": titleId });
    form.appendChild(h("h2", { id: titleId, text: q.title || "Question" }));
    // Its topic and lesson, unless the frame is that lesson (its heading says so once).
    if (!inLesson) form.appendChild(h("p", { class: "review-card__meta", text: lessonTitle(q) }));
    form.appendChild(h("div", { id: stemId, html: q.stem }));
    var options = h("fieldset", { "aria-labelledby": titleId, "aria-describedby": stemId },
      [h("legend", { text: g().answerCore.instruction(q.select) })]);
    options.appendChild(view.options(q, { name: "embed-" + id, listClass: "review-card__list",
      inputAttr: "data-embed-input", optionAttr: "data-embed-option" }));
    form.appendChild(options);
    form.appendChild(h("p", { class: "embed-q__actions" }, [
      h("button", { type: "submit", class: "md-button md-button--primary", "data-embed-check": true, text: "Check" }),
      h("button", { type: "button", class: "md-button", "data-embed-retry": true, hidden: true, text: "Try again" })
    ]));
    // The live region says the verdict; the explanations and sources sit after it, read at the learner's pace.
    form.appendChild(h("div", { "data-embed-result": true, role: "status" }));
    form.appendChild(h("div", { "data-embed-explained": true }));
    return form;
  }

  function chosen(form) {
    return Array.prototype.filter.call(form.querySelectorAll("[data-embed-input]"), function (i) { return i.checked; })
      .map(function (i) { return parseInt(i.value, 10); });
  }

  function showResult(form, q, selected) {
    // The graded state: the verdict, every option explained (the learner's and the right ones tagged), the sources.
    var answer = g().answerCore;
    var result = answer.grade(selected, q.key, q.options.length);
    Array.prototype.forEach.call(form.querySelectorAll("[data-embed-input]"), function (input) {
      input.checked = selected.indexOf(parseInt(input.value, 10)) !== -1;
      input.disabled = true;
    });
    form.querySelector("[data-embed-check]").hidden = true;
    form.querySelector("[data-embed-retry]").hidden = false;
    var box = form.querySelector("[data-embed-result]");
    box.setAttribute("data-embed-correct", String(result.correct));
    box.textContent = "";
    box.appendChild(h("p", { class: "exam-review__verdict exam-review__verdict--" + (result.correct ? "correct" : "incorrect"),
      text: answer.resultMessage(result, q.select) }));
    var explained = form.querySelector("[data-embed-explained]");
    explained.textContent = "";
    explained.appendChild(g().questionView.explained(q, { selected: selected }));
    explained.appendChild(g().dom.sources(q.references, "review-card__refs"));
    return result.correct;
  }

  function clearResult(form) {
    Array.prototype.forEach.call(form.querySelectorAll("[data-embed-input]"), function (input) {
      input.checked = false;
      input.disabled = false;
    });
    form.querySelector("[data-embed-check]").hidden = false;
    form.querySelector("[data-embed-retry]").hidden = true;
    var box = form.querySelector("[data-embed-result]");
    box.removeAttribute("data-embed-correct");
    box.textContent = "";
    form.querySelector("[data-embed-explained]").textContent = "";
  }

  function check(form) {
    var id = form.getAttribute("data-embed-question");
    var q = state.questions[id];
    if (!q) return;
    var selected = chosen(form);
    var problem = g().answerCore.selectionProblem(selected.length, q.select);
    var box = form.querySelector("[data-embed-result]");
    if (problem) { box.textContent = problem; return; }
    var correct = g().answerCore.isCorrect(selected, q.key);
    var store = g().store;
    var attempt = g().embedCore.attemptNumber(store.question(id));
    var record = store.recordAttempt(id, g().storeCore.attempt(q, selected, correct, { source: "embed", at: Date.now() }));
    record.extra = record.extra || {};
    record.extra.attempts = attempt;
    store.saveQuestion(id, record);
    showResult(form, q, selected);
    post(g().embedCore.resultMessage(id, correct, selected, attempt));
  }

  function retry(form) {
    var id = form.getAttribute("data-embed-question");
    var store = g().store;
    store.saveQuestion(id, g().storeCore.retried(store.question(id)));
    clearResult(form);
    var first = /** @type {HTMLElement | null} */ (form.querySelector("[data-embed-input]"));
    if (first) first.focus();
  }

  function draw(root, request, picked, missing) {
    root.textContent = "";
    var lesson = request.kind === "lesson";
    if (lesson && picked.ids.length) {
      var q0 = state.bank.questions[picked.ids[0]];
      root.appendChild(h("h1", { "data-embed-lesson": request.lesson, text: lessonTitle(q0) }));
    } else {
      root.appendChild(h("h1", { class: "embed__hidden", text: "Questions from the LLM Fine-Tuning Study Guide" }));
    }
    request.problems.forEach(function (text) { root.appendChild(notice(text)); });
    if (!request.kind && !request.problems.length) {
      root.appendChild(notice("This page shows questions for a frame in a course page: add ?q=<question id>, " +
        "?lesson=<topic>/<lesson> or ?ids=a,b,c to its address. The instructors' page builds these links.", "info"));
    }
    if (picked.lessonUnknown !== null) {
      root.appendChild(notice("No lesson in this guide is called \u201c" + picked.lessonUnknown + "\u201d. Write it as " +
        "<topic>/<lesson>, as in the lesson page's address."));
    }
    if (picked.unknown.length) {
      root.appendChild(notice((picked.unknown.length === 1 ? "No question in this guide has the id " : "No questions in this guide have the ids ") +
        g().answerCore.list(picked.unknown.map(function (id) { return "\u201c" + id + "\u201d"; })) +
        ". It may have been renamed or removed; the guide's list of every question has the current ids."));
    }
    if (missing.length) root.appendChild(notice(FAILED, "failure"));
    if (!g().store.status().kept && picked.ids.length) {
      root.appendChild(notice("This browser is not keeping data for this page, so answers last only for this visit.", "info"));
    }
    state.questions = {};
    picked.ids.forEach(function (id) {
      if (missing.indexOf(id) !== -1) return;
      var q = state.bank.questions[id];
      state.questions[id] = q;
      var form = root.appendChild(questionForm(id, lesson));
      // An answer already given (here or on the lesson page) shows checked, as the lesson page shows it.
      var record = g().store.question(id);
      if (record.last && !record.again) showResult(form, q, record.last.selected);
    });
    root.appendChild(sourceLink(picked.ids, lesson));
    root.setAttribute("data-embed-ready", "");
    watchHeight();
  }

  function mount(root) {
    var guide = g();
    if (!guide.dom || !guide.bank || !guide.store || !guide.embedCore || !guide.questionView || !guide.answerCore) {
      root.textContent = "";
      var p = root.appendChild(document.createElement("p"));
      p.className = "admonition failure";
      p.setAttribute("data-embed-notice", "");
      p.textContent = FAILED;
      watchHeight();
      return;
    }
    state = { root: root, bank: guide.bank, questions: {} };
    var request = guide.embedCore.parse(guide.browser.query());
    var picked = guide.embedCore.select(guide.bank, request);
    // Only the questions shown are loaded: one small script each.
    guide.bank.load(picked.ids, function (missing) {
      if (state && state.root === root) draw(root, request, picked, missing);
    });
  }

  // Material's Back-to-top button stands in its page (outside the template's blocks); the embed has no bundle to
  // show it, so it goes, with its unnamed icon.
  Array.prototype.forEach.call(document.querySelectorAll(".md-top"), function (el) { el.remove(); });

  g().boot.on("submit", "[data-embed-question]", function (event, form) {
    if (!state) return;
    event.preventDefault();
    check(form);
  });
  g().boot.on("click", "[data-embed-retry]", function (event, button) {
    if (!state) return;
    var form = button.closest("[data-embed-question]");
    if (form) retry(form);
  });

  g().boot.component("embed", "[data-embed]", function (root) {
    mount(root);
    return { unmount: function () { if (state && state.root === root) state = null; } };
  });
})();
