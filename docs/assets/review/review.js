// @ts-check
/*
 * The Review page (docs/review.md): questions the learner got wrong or guessed come back one at a time, on an FSRS
 * schedule. Logic is in review-core.js, the scheduler is the vendored ts-fsrs (window.FSRS); both load on this page
 * only. Schedules are kept in each question's store.js record as extra.review.
 *
 * Contract: [data-review] mount point; it adds [data-review-summary] (data-due, data-later; updated as soon as a card
 * is checked), [data-review-card=<id>] with [data-review-topic] (its topic and lesson, named),
 * [data-review-option=<i>] rows (.quiz-option labels) holding [data-review-input], [data-review-confidence-input],
 * [data-review-check], [data-review-result] (the live region: the verdict and [data-review-next-date], with
 * data-review-rating: again|hard|good|easy, said in plain words), [data-review-explained] (the options' explanations,
 * the sources and [data-review-next], outside the live region); [data-review-later-section] with [data-review-later]
 * rows [data-review-later-item=<id>] (updated as soon as a card is checked); [data-review-exam-date] and
 * [data-review-notice].
 */
(function () {
  "use strict";

  var SETTINGS = window.llmGuide.storeCore.DOCS.reviewSettings;
  var FAILED = "The review could not be loaded. Reload the page to try again.";
  var state = null; // { root, bank, current, seen: the current card's schedule when shown (JSON) }

  function g() { return window.llmGuide || {}; }
  function now() { return Date.now(); }

  // llmGuide.dom.h (assets/base/dom.js, loaded before this script), read when mounting: if that file failed to load,
  // the page still shows its own notice instead of throwing here.
  var h = null;

  function examDate() {
    var settings = g().store.get(SETTINGS);
    return settings && typeof settings.examDate === "string" ? g().reviewCore.parseExamDate(settings.examDate) : null;
  }

  function records() {
    /** @type {{ [id: string]: QuestionRecord }} */
    var out = Object.create(null); // by question id, which may be any slug ("constructor")
    var store = g().store;
    state.bank.order.forEach(function (id) { out[id] = store.question(id); });
    return out;
  }

  function dateText(t) {
    return new Date(t).toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" });
  }

  // "Coming up" names the soonest questions only: a long schedule is a count, not a table of thousands.
  var LATER_SHOWN = 20;

  function shownIds(q) {
    return (q.due.length ? [q.due[0].id] : []).concat(q.later.slice(0, LATER_SHOWN).map(function (item) { return item.id; }));
  }

  function render(focusSelector) {
    var core = g().reviewCore;
    var t = now();
    var q = core.queue(state.bank.order, records(), examDate(), t);
    // The content of the card and of the listed questions first (a few kB each; at once when it is here already).
    var asked = state.asked = {};
    state.bank.load(shownIds(q), function () {
      if (state && state.asked === asked) draw(q, t, focusSelector);
    });
  }

  function draw(q, t, focusSelector) {
    var body = state.root.querySelector("[data-review-body]");
    body.textContent = "";
    body.appendChild(summary(q, t, false));
    if (q.due.length) {
      state.current = q.due[0].id;
      state.seen = scheduleOf(q.due[0].id);
      body.appendChild(card(q.due[0].id));
    } else {
      state.current = null;
      if (!q.later.length) {
        body.appendChild(h("p", { text: "Questions you get wrong or guess, on the topic pages, in the practice exam " +
          "or here, come back on this page on a spaced-repetition schedule." }));
      }
    }
    body.appendChild(laterTable(q.later, t));
    if (focusSelector) {
      var el = body.querySelector(focusSelector);
      if (el) { el.setAttribute("tabindex", "-1"); el.focus(); }
    }
  }

  function summary(q, t, answered) {
    var core = g().reviewCore;
    var next = q.later.length ? core.describeDue(q.later[0].due, t) + " (" + dateText(q.later[0].due) + ")" : "";
    return h("p", { class: "review-summary", "data-review-summary": true, "data-due": String(q.due.length),
      "data-later": String(q.later.length), text: core.summaryText(q.due.length, q.later.length, next, answered) });
  }

  function refreshAfterCheck() {
    // Right after a check, the summary and "Coming up" show the new schedule; the card and its explanations stay.
    var body = state.root.querySelector("[data-review-body]");
    var t = now();
    var q = g().reviewCore.queue(state.bank.order, records(), examDate(), t);
    var old = body.querySelector("[data-review-summary]");
    if (old) old.replaceWith(summary(q, t, true));
    state.bank.load(shownIds(q).slice(q.due.length ? 1 : 0), function () {
      var later = body.querySelector("[data-review-later-section]");
      if (later) later.replaceWith(laterTable(q.later, t));
    });
  }

  function topicLine(q) {
    // Which topic and lesson a card comes from, named (the exam hides it; a review is study, not a test).
    /** @type {BankTopic | null} */
    var topic = null;
    state.bank.topics.forEach(function (tp) { if (tp.id === q.topic) topic = tp; });
    /** @type {{ id: string, title: string } | null} */
    var lesson = null;
    (topic && topic.lessons || []).forEach(function (l) { if (l.id === q.lesson) lesson = l; });
    return [topic ? topic.title : q.topic, lesson ? lesson.title : ""].filter(Boolean).join(" · ");
  }

  function laterTable(later, t) {
    var section = h("section", { "aria-labelledby": "review-later-title", "data-review-later-section": true }, [
      h("h2", { id: "review-later-title", text: "Coming up" })
    ]);
    if (!later.length) {
      section.appendChild(h("p", { "data-review-later": true, text: "Nothing scheduled." }));
      return section;
    }
    var tbody = h("tbody");
    later.slice(0, LATER_SHOWN).forEach(function (item) {
      var q = state.bank.questions[item.id];
      tbody.appendChild(h("tr", { "data-review-later-item": item.id, "data-due": String(item.due) }, [
        h("td", { text: (q.title || item.id) + " (" + topicLine(q) + ")" }),
        h("td", { text: g().reviewCore.describeDue(item.due, t) + " (" + dateText(item.due) + ")" })
      ]));
    });
    section.appendChild(g().dom.tableWrap(h("table", { "data-review-later": true }, [
      h("caption", { text: "Questions scheduled for later, soonest first" }),
      h("thead", {}, [h("tr", {}, [h("th", { scope: "col", text: "Question" }), h("th", { scope: "col", text: "Next review" })])]),
      tbody
    ])));
    if (later.length > LATER_SHOWN) {
      section.appendChild(h("p", { "data-review-later-more": String(later.length - LATER_SHOWN),
        text: "And " + (later.length - LATER_SHOWN) + " more, scheduled after these." }));
    }
    return section;
  }

  function card(id) {
    var q = state.bank.questions[id];
    if (!state.bank.loaded(id)) {
      return h("p", { class: "admonition failure", "data-review-notice": true, "data-review-missing": id,
        text: "This question could not be loaded. Check the connection and reload the page; its lesson page has it too." });
    }
    var view = g().questionView;
    var form = h("form", { class: "review-card", "data-review-card": id, "aria-labelledby": "review-card-title" });
    form.appendChild(h("h2", { id: "review-card-title", text: q.title || "Question" }));
    form.appendChild(h("p", { class: "review-card__meta", "data-review-topic": q.topic, text: topicLine(q) }));
    form.appendChild(h("div", { id: "review-stem", html: q.stem }));
    // The choices are a group named by the card's question; the legend says how many to choose.
    var options = h("fieldset", { "aria-labelledby": "review-card-title", "aria-describedby": "review-stem" }, [h("legend", { text: g().answerCore.instruction(q.select) })]);
    // The topic pages' option rows, as the exam shows them: the whole row is the label, one large target.
    options.appendChild(view.options(q, { name: "review-answer", listClass: "review-card__list",
      inputAttr: "data-review-input", optionAttr: "data-review-option" }));
    form.appendChild(options);
    form.appendChild(view.confidence({ name: "review-confidence", idPrefix: "review-conf-",
      inputAttr: "data-review-confidence-input", legend: "How sure are you?", checked: "unsure" }));
    form.appendChild(h("p", {}, [h("button", { type: "submit", class: "md-button md-button--primary", "data-review-check": true, text: "Check" })]));
    // The live region says only the verdict and when the question comes back (or why it cannot be graded yet); the
    // options' explanations, the sources and Next sit after it, read at the learner's pace rather than all aloud.
    form.appendChild(h("div", { "data-review-result": true, role: "status" }));
    form.appendChild(h("div", { "data-review-explained": true }));
    return form;
  }

  function scheduleOf(id) {
    // A card's schedule as stored, to tell whether another tab checked it since this one showed it.
    var record = g().store.question(id);
    return JSON.stringify(record.extra && record.extra.review || null);
  }

  function checkedElsewhere(form, id) {
    // The card was checked in another tab after this one showed it: that check counts, this one would count it twice.
    var core = g().reviewCore;
    var review = g().store.question(id).extra;
    var t = now();
    var due = review && review.review ? core.effectiveDue(Date.parse(review.review.card.due), examDate(), t) : t;
    Array.prototype.forEach.call(form.querySelectorAll("input"), function (i) { i.disabled = true; });
    form.querySelector("[data-review-check]").hidden = true;
    var result = form.querySelector("[data-review-result]");
    result.textContent = "";
    result.appendChild(h("p", { "data-review-elsewhere": true, "data-review-next-date": String(due),
      text: "This question was just checked in another tab, so this answer was not counted again. It comes back " +
        core.describeDue(due, t) + " (" + dateText(due) + ")." }));
    refreshAfterCheck();
    var next = h("button", { type: "button", class: "md-button md-button--primary", "data-review-next": true, text: "Next question" });
    form.querySelector("[data-review-explained]").appendChild(h("p", {}, [next]));
    next.focus();
  }

  function check(form, id) {
    var core = g().reviewCore;
    var store = g().store;
    var q = state.bank.questions[id];
    if (id === state.current && scheduleOf(id) !== state.seen) { checkedElsewhere(form, id); return; }
    var selected = Array.prototype.filter.call(form.querySelectorAll("[data-review-input]"), function (i) { return i.checked; })
      .map(function (i) { return parseInt(i.value, 10); });
    var result = form.querySelector("[data-review-result]");
    // The same rule as topic pages and the exam: a "choose N" question is graded only with exactly N choices.
    var problem = g().answerCore.selectionProblem(selected.length, q.select);
    if (problem) { result.textContent = problem; return; }
    var confInput = form.querySelector("[data-review-confidence-input]:checked");
    var confidence = confInput ? confInput.value : null;
    var correct = g().answerCore.isCorrect(selected, q.key);
    var t = now();
    var rating = core.ratingFor(correct, confidence);
    // The attempt first (it keeps extra), then the new schedule on the same record.
    store.recordAttempt(id, g().storeCore.attempt(q, selected, correct, { at: t, confidence: confidence, source: "review" }));
    var review = core.schedule(window.FSRS, store.question(id), rating, t);
    store.saveQuestion(id, core.withReview(store.question(id), review));
    Array.prototype.forEach.call(form.querySelectorAll("input"), function (i) { i.disabled = true; });
    form.querySelector("[data-review-check]").hidden = true;
    var due = core.effectiveDue(Date.parse(review.card.due), examDate(), t);
    var letters = q.key.map(g().answerCore.letter);
    var key = (letters.length === 1 ? "answer is " : "answers are ") + g().answerCore.list(letters);
    result.textContent = "";
    result.appendChild(h("p", { class: "review-card__verdict review-card__verdict--" + (correct ? "correct" : "incorrect"),
      text: correct ? "Correct." : "Incorrect: the correct " + key + "." }));
    result.appendChild(h("p", { "data-review-next-date": String(due), "data-review-rating": rating,
      text: core.nextText(rating, core.describeDue(due, t) + " (" + dateText(due) + ")") }));
    var why = g().questionView.explained(q, { selected: selected });
    var explained = form.querySelector("[data-review-explained]");
    explained.textContent = "";
    explained.appendChild(why);
    explained.appendChild(g().dom.sources(q.references, "review-card__refs"));
    refreshAfterCheck();
    var next = h("button", { type: "button", class: "md-button md-button--primary", "data-review-next": true, text: "Next question" });
    explained.appendChild(h("p", {}, [next]));
    next.focus();
  }

  function settingsForm() {
    var settings = g().store.get(SETTINGS) || {};
    var input = h("input", { type: "date", id: "review-exam-date", "data-review-exam-date": true,
      value: typeof settings.examDate === "string" ? settings.examDate : "", "aria-describedby": "review-exam-date-help" });
    return h("p", { class: "review-settings" }, [
      h("label", { for: "review-exam-date", text: "Exam date (optional) " }), input,
      h("span", { id: "review-exam-date-help", class: "exam-setup__help",
        text: " Reviews that would fall on or after it move to the day before, so you see everything again first." })
    ]);
  }

  function mount(root) {
    state = { root: root, bank: g().bank, current: null, seen: "" };
    root.textContent = "";
    root.setAttribute("data-review-ready", "");
    h = g().dom ? g().dom.h : null;
    if (!h) {
      // No element helper: the same notice as below, built by hand.
      var p = root.appendChild(document.createElement("p"));
      p.className = "admonition failure";
      p.setAttribute("data-review-notice", "");
      p.textContent = FAILED;
      return;
    }
    if (!state.bank || !g().store || !g().reviewCore || !window.FSRS) {
      root.appendChild(h("p", { class: "admonition failure", "data-review-notice": true,
        text: FAILED }));
      return;
    }
    if (!g().store.status().kept) {
      root.appendChild(h("div", { class: "admonition warning", "data-review-notice": true }, [h("p", {
        text: "New schedules are not being kept: " + g().storeCore.notKeptCause(g().store.status()) +
          ", so what you check here lasts only for this visit." })]));
    }
    root.appendChild(settingsForm());
    root.appendChild(h("div", { "data-review-body": true }));
    render();
  }

  // The page's events through the one delegated layer (base/boot.js), registered once for the visit; they act on the
  // review on the page (state is null once it has gone).
  window.llmGuide.boot.on("submit", "[data-review-card]", function (event, form) {
    if (!state) return;
    event.preventDefault();
    check(form, form.getAttribute("data-review-card"));
  });
  window.llmGuide.boot.on("click", "[data-review-next]", function () {
    if (state) render("[data-review-summary]");
  });
  window.llmGuide.boot.on("change", "[data-review-exam-date]", function (event, input) {
    if (!state) return;
    var value = /** @type {HTMLInputElement} */ (input).value;
    g().store.set(SETTINGS, g().storeCore.reviewSettings(value));
    render();
  });

  // The Review page's [data-review] (base/boot.js).
  window.llmGuide.boot.component("review", "[data-review]", function (root) {
    mount(root);
    return { unmount: function () { if (state && state.root === root) state = null; } };
  });
})();
