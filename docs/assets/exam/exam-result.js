/*
 * The practice exam's result: the verdict, breakdowns, lucky guesses and confident mistakes, and every question
 * with its explanations, filtered by missed or flagged; past results.
 * Part of the practice exam page; see exam.js for the contract with the page and the tests.
 */
(function () {
  "use strict";

  var E = window.llmGuide.exam;
  var HISTORY = E.HISTORY;
  // The other parts of the exam page, looked up when called (exam-view.js loads first).
  function core() { return E.core.apply(null, arguments); }
  function domainTitle() { return E.domainTitle.apply(null, arguments); }
  function focusHeading() { return E.focusHeading.apply(null, arguments); }
  function guide() { return E.guide.apply(null, arguments); }
  function h() { return E.h.apply(null, arguments); }
  function notice() { return E.notice.apply(null, arguments); }
  function now() { return E.now.apply(null, arguments); }
  function questionTitle() { return E.questionTitle.apply(null, arguments); }
  function setView() { return E.setView.apply(null, arguments); }
  function showSetup() { return E.showSetup.apply(null, arguments); }
  function start() { return E.start.apply(null, arguments); }
  function store() { return E.store.apply(null, arguments); }
  function topicTitle() { return E.topicTitle.apply(null, arguments); }
  function wrapTable() { return E.wrapTable.apply(null, arguments); }

  /* ---------- results ---------- */

  function breakdownTable(caption, groups, marker) {
    // One compact line per area the exam drew from (areas with no question drawn are not listed): its name and
    // "2 of 3 (67%)".
    var table = h("table", {}, [h("caption", { text: caption })]); // no class: Material styles plain tables
    table.setAttribute(marker, "");
    table.appendChild(h("thead", {}, [h("tr", {}, [
      h("th", { scope: "col", text: "Area" }), h("th", { scope: "col", text: "Correct" })
    ])]));
    var tbody = h("tbody");
    groups.forEach(function (g) {
      tbody.appendChild(h("tr", { "data-id": g.id, "data-correct": String(g.correct), "data-total": String(g.total) }, [
        h("th", { scope: "row", text: g.title }),
        h("td", { text: g.correct + " of " + g.total + " (" + Math.round((g.correct / g.total) * 100) + "%)" })
      ]));
    });
    table.appendChild(tbody);
    return wrapTable(table);
  }

  function idList(ids, bank, numbers, marker, empty) {
    if (!ids.length) return h("p", { text: empty });
    var attrs = { class: "exam-idlist" };
    attrs[marker] = true;
    var list = h("ul", attrs);
    ids.forEach(function (id) {
      list.appendChild(h("li", {}, [h("a", { href: "#exam-review-" + id, text: questionTitle(bank, id, numbers[id]) })]));
    });
    return list;
  }

  function lessonTitle(bank, topic, lesson) {
    for (var i = 0; i < bank.topics.length; i++) {
      if (bank.topics[i].id !== topic) continue;
      var lessons = bank.topics[i].lessons || [];
      for (var j = 0; j < lessons.length; j++) if (lessons[j].id === lesson) return lessons[j].title;
    }
    return lesson || "";
  }

  function reviewItem(item, bank) {
    var q = bank.questions[item.id];
    var c = core();
    var li = h("li", { class: "exam-review__item", id: "exam-review-" + item.id, "data-exam-review-item": item.id,
      "data-correct": item.correct ? "true" : "false", "data-flagged": item.flagged ? "true" : "false" });
    li.appendChild(h("h3", { text: questionTitle(bank, item.id, item.number) }));
    // The topic, hidden during the exam, is named here.
    li.appendChild(h("p", { class: "exam-review__meta", "data-exam-review-topic": item.topic,
      text: [topicTitle(bank, item.topic), item.lesson ? lessonTitle(bank, item.topic, item.lesson) : "",
        domainTitle(bank, item.domain)].filter(Boolean).join(" · ") }));
    var verdict = c.answerText(item);
    if (item.confidence) verdict += " You said: " + item.confidence + ".";
    if (item.flagged) verdict += " Flagged.";
    li.appendChild(h("p", { class: "exam-review__verdict exam-review__verdict--" + (item.correct ? "correct" : "incorrect"),
      "data-exam-review-verdict": true, text: verdict }));
    if (!bank.loaded(item.id)) {
      li.appendChild(h("p", { "data-exam-review-missing": true, text: "This question's text and explanations could not " +
        "be loaded. It is also on its lesson page: " + item.id + "." }));
      return li;
    }
    li.appendChild(h("div", { class: "exam-review__stem", html: q.stem }));
    // In the order and with the letters the learner saw in the exam.
    li.appendChild(guide().questionView.explained(q, { selected: item.selected, order: item.order,
      itemAttr: "data-exam-review-option", letterAttr: "data-exam-letter" }));
    li.appendChild(guide().dom.sources(q.references, "exam-review__refs"));
    return li;
  }

  function reviewFilters(result, review) {
    // Show every question, the missed ones or the flagged ones: a radio group that hides the other review items.
    var counts = {
      all: result.items.length,
      missed: core().reviewFilter(result.items, "missed").length,
      flagged: core().reviewFilter(result.items, "flagged").length
    };
    var labels = { all: "All questions", missed: "Missed only", flagged: "Flagged only" };
    var group = h("fieldset", { class: "exam-filter", "data-exam-review-filters": true }, [h("legend", { text: "Show" })]);
    core().FILTERS.forEach(function (which) {
      var id = "exam-filter-" + which;
      group.appendChild(h("span", { class: "exam-filter__choice" }, [
        h("input", { type: "radio", name: "exam-filter", id: id, value: which, checked: which === "all",
          "data-exam-review-filter": which, "data-count": String(counts[which]) }),
        h("label", { for: id, text: labels[which] + " (" + counts[which] + ")" })
      ]));
    });
    var status = h("p", { class: "exam-filter__status", role: "status", "data-exam-review-shown": true });
    group.appendChild(status);
    group.addEventListener("change", function (event) {
      var which = event.target.value;
      var shown = core().reviewFilter(result.items, which);
      Array.prototype.forEach.call(review.querySelectorAll("[data-exam-review-item]"), function (li) {
        li.hidden = shown.indexOf(li.getAttribute("data-exam-review-item")) === -1;
      });
      status.textContent = which === "all" ? "" : shown.length
        ? "Showing " + shown.length + " of " + result.items.length + " questions."
        : which === "missed" ? "None missed." : "None flagged.";
    });
    return group;
  }

  function historySection() {
    var section = h("section", { class: "exam-history", "aria-labelledby": "exam-history-title" }, [
      h("h2", { id: "exam-history-title", text: "Past results" })
    ]);
    var list = store().get(HISTORY);
    if (!Array.isArray(list) || !list.length) {
      section.appendChild(h("p", { "data-exam-history": true, text: "None yet." }));
      return section;
    }
    var table = h("table", { "data-exam-history": true }, [
      h("caption", { text: "Your past exams, newest first" }),
      h("thead", {}, [h("tr", {}, ["Date", "Score", "Percent", "Time used"].map(function (t) {
        return h("th", { scope: "col", text: t });
      }))])
    ]);
    var tbody = h("tbody");
    list.forEach(function (e) {
      if (!e || typeof e.at !== "number") return;
      tbody.appendChild(h("tr", {}, [
        h("td", { text: new Date(e.at).toLocaleString() }),
        h("td", { text: e.correct + " of " + e.total }),
        h("td", { text: e.percent + "%" }),
        h("td", { text: core().clock(e.usedMs || 0) + (e.timed ? "" : " (untimed)") })
      ]));
    });
    table.appendChild(tbody);
    section.appendChild(wrapTable(table));
    return section;
  }

  function showResults(session, timeUp) {
    // The result explains every question: wait for all of their content (at once when it is here already).
    E.state.pendingResult = session;
    E.state.bank.load(session.ids, function (missing) {
      // Unless the learner has moved on meanwhile (another view was shown, or the page was left).
      if (E.state && E.state.pendingResult === session) renderResults(session, timeUp, missing);
    });
  }

  function renderResults(session, timeUp, missing) {
    var c = core();
    var bank = E.state.bank;
    var result = c.score(session, bank, session.submittedAt || now());
    var body = setView("results");
    if (timeUp) notice("Time is up: your exam was submitted automatically.", "info");
    if (missing.length) {
      notice(missing.length + (missing.length === 1 ? " question's explanations" : " questions' explanations") +
        " could not be loaded; the score counts every answer. Reload the page to see them.", "warning");
    }
    body.appendChild(h("h2", { id: "exam-result-title", text: "Your result" }));
    body.appendChild(h("p", { class: "exam-verdict exam-verdict--" + (result.passed ? "pass" : "fail"),
      "data-exam-verdict": result.passed ? "pass" : "fail" }, [
      h("strong", { class: "exam-score", "data-exam-score": true, "data-correct": String(result.correct),
        "data-total": String(result.total), text: c.verdict(result) }),
      " The " + result.passPercent + "% line is an assumption: no official passing score is published."
    ]));
    body.appendChild(h("p", { text: "Time used: " + c.clock(result.usedMs) +
      (result.timed ? " of " + c.clock(result.limitMs) + "." : " (untimed).") }));
    var actions = h("p", { class: "exam-actions" });
    if (result.missed.length) {
      actions.appendChild(h("button", { type: "button", class: "md-button md-button--primary", "data-exam-retry-missed": true,
        text: "Retry the " + result.missed.length + " I missed" }));
      actions.appendChild(document.createTextNode(" "));
    }
    actions.appendChild(h("button", { type: "button", class: "md-button", "data-exam-new": true, text: "Set up a new exam" }));
    body.appendChild(actions);
    body.appendChild(h("h2", { text: "Breakdown" }));
    // A small exam draws from few areas: one line for each, the domains first (the exam's own areas).
    body.appendChild(breakdownTable("By exam domain", result.byDomain, "data-exam-by-domain"));
    // The study guide's objectives are many and worded at length: folded, under the two short tables' first one.
    body.appendChild(h("details", { class: "exam-breakdown" }, [
      h("summary", { text: "By exam objective (" + result.byObjective.length + ")" }),
      breakdownTable("By the study guide’s objectives", result.byObjective, "data-exam-by-objective")
    ]));
    body.appendChild(breakdownTable("By topic", result.byTopic, "data-exam-by-topic"));
    var numbers = {};
    result.items.forEach(function (item) { numbers[item.id] = item.number; });
    body.appendChild(h("h2", { text: "Lucky guesses" }));
    body.appendChild(h("p", { class: "exam-help", text: "Right, but you said you guessed: worth another look." }));
    body.appendChild(idList(result.lucky, bank, numbers, "data-exam-lucky", "None."));
    body.appendChild(h("h2", { text: "Confident mistakes" }));
    body.appendChild(h("p", { class: "exam-help", text: "Wrong, but you said you were sure: the misconceptions to fix first." }));
    body.appendChild(idList(result.confidentMistakes, bank, numbers, "data-exam-confident-mistakes", "None."));
    body.appendChild(h("h2", { text: "Every question, with explanations" }));
    var review = h("ol", { class: "exam-review", "data-exam-review": true });
    result.items.forEach(function (item) { review.appendChild(reviewItem(item, bank)); });
    body.appendChild(reviewFilters(result, review));
    body.appendChild(review);
    body.appendChild(historySection());
    // A link to a question the filter hides (from "Lucky guesses", say) shows every question first.
    body.addEventListener("click", function (event) {
      var a = event.target.closest ? event.target.closest("a[href^='#exam-review-']") : null;
      var target = a && document.getElementById(a.getAttribute("href").slice(1));
      if (!target || !target.hidden) return;
      var all = body.querySelector("[data-exam-review-filter='all']");
      all.checked = true;
      all.dispatchEvent(new Event("change", { bubbles: true }));
    });
    var retry = body.querySelector("[data-exam-retry-missed]");
    if (retry) retry.addEventListener("click", function () {
      start({ ids: result.missed, seed: session.seed, timed: session.timed,
        query: c.buildQuery({ ids: result.missed, timer: session.timed }) });
    });
    body.querySelector("[data-exam-new]").addEventListener("click", function () {
      guide().browser.setQuery("");
      showSetup(null);
      focusHeading("#exam-setup-title");
    });
    focusHeading("#exam-result-title");
  }

  E.breakdownTable = breakdownTable;
  E.idList = idList;
  E.lessonTitle = lessonTitle;
  E.reviewItem = reviewItem;
  E.reviewFilters = reviewFilters;
  E.historySection = historySection;
  E.showResults = showResults;
  E.renderResults = renderResults;
})();
