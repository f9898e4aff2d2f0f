// @ts-check
/*
 * The practice exam's result view: the verdict, breakdowns, lucky guesses and confident mistakes, and every question
 * with its explanations, filtered by missed or flagged; past results. Draws from the context exam.js hands it and acts
 * through ctx.actions; calls no other view.
 *
 *   llmGuide.examViews.result = {
 *     build(ctx, into, session, timeUp, missing)   the result of a submitted session (missing: ids whose content
 *                                                  could not be loaded)
 *     history(ctx)                                 the past results section (the set-up shows it too)
 *     onClick(ctx, event), onChange(ctx, event)
 *   }
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || /** @type {LlmGuide} */ ({}));
  var views = (guide.examViews = guide.examViews || /** @type {ExamViews} */ ({}));

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

  function breakdownTable(/** @type {ExamContext} */ ctx, caption, groups, marker) {
    var h = ctx.dom.h;
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
    return ctx.dom.tableWrap(table);
  }

  function idList(/** @type {ExamContext} */ ctx, ids, numbers, marker, empty) {
    var h = ctx.dom.h;
    var bank = ctx.bank;
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

  function reviewItem(/** @type {ExamContext} */ ctx, item) {
    var h = ctx.dom.h;
    var bank = ctx.bank;
    var q = bank.questions[item.id];
    var c = ctx.core;
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
    li.appendChild(ctx.questionView.explained(q, { selected: item.selected, order: item.order,
      itemAttr: "data-exam-review-option", letterAttr: "data-exam-letter" }));
    li.appendChild(ctx.dom.sources(q.references, "exam-review__refs"));
    return li;
  }

  function reviewFilters(/** @type {ExamContext} */ ctx, result) {
    // Show every question, the missed ones or the flagged ones: a radio group that hides the other review items
    // (onChange below).
    var h = ctx.dom.h;
    var counts = {
      all: result.items.length,
      missed: ctx.core.reviewFilter(result.items, "missed").length,
      flagged: ctx.core.reviewFilter(result.items, "flagged").length
    };
    var labels = { all: "All questions", missed: "Missed only", flagged: "Flagged only" };
    var group = h("fieldset", { class: "exam-filter", "data-exam-review-filters": true }, [h("legend", { text: "Show" })]);
    ctx.core.FILTERS.forEach(function (which) {
      var id = "exam-filter-" + which;
      group.appendChild(h("span", { class: "exam-filter__choice" }, [
        h("input", { type: "radio", name: "exam-filter", id: id, value: which, checked: which === "all",
          "data-exam-review-filter": which, "data-count": String(counts[which]) }),
        h("label", { for: id, text: labels[which] + " (" + counts[which] + ")" })
      ]));
    });
    group.appendChild(h("p", { class: "exam-filter__status", role: "status", "data-exam-review-shown": true }));
    return group;
  }

  function history(/** @type {ExamContext} */ ctx) {
    var h = ctx.dom.h;
    var section = h("section", { class: "exam-history", "aria-labelledby": "exam-history-title" }, [
      h("h2", { id: "exam-history-title", text: "Past results" })
    ]);
    var list = ctx.store.get(ctx.storeCore.DOCS.examHistory);
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
        h("td", { text: ctx.core.clock(e.usedMs || 0) + (e.timed ? "" : " (untimed)") })
      ]));
    });
    table.appendChild(tbody);
    section.appendChild(ctx.dom.tableWrap(table));
    return section;
  }

  function build(/** @type {ExamContext} */ ctx, body, session, timeUp, missing) {
    var h = ctx.dom.h;
    var c = ctx.core;
    var result = c.score(session, ctx.bank, session.submittedAt || Date.now());
    if (timeUp) ctx.actions.notice("Time is up: your exam was submitted automatically.", "info");
    if (missing.length) {
      ctx.actions.notice(missing.length + (missing.length === 1 ? " question's explanations" : " questions' explanations") +
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
    var buttons = h("p", { class: "exam-actions" });
    if (result.missed.length) {
      buttons.appendChild(h("button", { type: "button", class: "md-button md-button--primary", "data-exam-retry-missed": true,
        text: "Retry the " + result.missed.length + " I missed" }));
      buttons.appendChild(document.createTextNode(" "));
    }
    buttons.appendChild(h("button", { type: "button", class: "md-button", "data-exam-new": true, text: "Set up a new exam" }));
    body.appendChild(buttons);
    body.appendChild(h("h2", { text: "Breakdown" }));
    // A small exam draws from few areas: one line for each, the domains first (the exam's own areas).
    body.appendChild(breakdownTable(ctx, "By exam domain", result.byDomain, "data-exam-by-domain"));
    // The study guide's objectives are many and worded at length: folded, under the two short tables' first one.
    body.appendChild(h("details", { class: "exam-breakdown" }, [
      h("summary", { text: "By exam objective (" + result.byObjective.length + ")" }),
      breakdownTable(ctx, "By the study guide’s objectives", result.byObjective, "data-exam-by-objective")
    ]));
    body.appendChild(breakdownTable(ctx, "By topic", result.byTopic, "data-exam-by-topic"));
    var numbers = {};
    result.items.forEach(function (item) { numbers[item.id] = item.number; });
    body.appendChild(h("h2", { text: "Lucky guesses" }));
    body.appendChild(h("p", { class: "exam-help", text: "Right, but you said you guessed: worth another look." }));
    body.appendChild(idList(ctx, result.lucky, numbers, "data-exam-lucky", "None."));
    body.appendChild(h("h2", { text: "Confident mistakes" }));
    body.appendChild(h("p", { class: "exam-help", text: "Wrong, but you said you were sure: the misconceptions to fix first." }));
    body.appendChild(idList(ctx, result.confidentMistakes, numbers, "data-exam-confident-mistakes", "None."));
    body.appendChild(h("h2", { text: "Every question, with explanations" }));
    var review = h("ol", { class: "exam-review", "data-exam-review": true });
    result.items.forEach(function (item) { review.appendChild(reviewItem(ctx, item)); });
    body.appendChild(reviewFilters(ctx, result));
    body.appendChild(review);
  }

  function reviewed(root) {
    // The review's items as the page shows them: each carries whether it was right and whether it was flagged, which
    // is all the core's filter reads.
    return Array.prototype.map.call(root.querySelectorAll("[data-exam-review-item]"), function (li) {
      return { id: li.getAttribute("data-exam-review-item"), correct: li.getAttribute("data-correct") === "true",
        flagged: li.getAttribute("data-flagged") === "true", el: li };
    });
  }

  function showOnly(/** @type {ExamContext} */ ctx, which) {
    var items = reviewed(ctx.state.root);
    var shown = ctx.core.reviewFilter(items, which);
    items.forEach(function (item) { item.el.hidden = shown.indexOf(item.id) === -1; });
    var status = ctx.state.root.querySelector("[data-exam-review-shown]");
    status.textContent = which === "all" ? "" : shown.length
      ? "Showing " + shown.length + " of " + items.length + " questions."
      : which === "missed" ? "None missed." : "None flagged.";
  }

  function onChange(/** @type {ExamContext} */ ctx, event) {
    var radio = event.target.closest("[data-exam-review-filter]");
    if (radio) showOnly(ctx, radio.value);
  }

  function onClick(/** @type {ExamContext} */ ctx, event) {
    var target = event.target;
    // A link to a question the filter hides (from "Lucky guesses", say) shows every question first.
    var a = target.closest("a[href^='#exam-review-']");
    if (a) {
      var item = document.getElementById(a.getAttribute("href").slice(1));
      if (item && item.hidden) {
        /** @type {HTMLInputElement} */ (ctx.state.root.querySelector("[data-exam-review-filter='all']")).checked = true;
        showOnly(ctx, "all");
      }
      return;
    }
    var session = ctx.state.shown;
    if (target.closest("[data-exam-retry-missed]") && session) {
      var missed = ctx.core.score(session, ctx.bank, session.submittedAt || Date.now()).missed;
      ctx.actions.start({ ids: missed, seed: session.seed, timed: session.timed,
        query: ctx.core.buildQuery({ ids: missed, timer: session.timed }) });
    } else if (target.closest("[data-exam-new]")) {
      ctx.browser.setQuery("");
      ctx.actions.setup(null);
      ctx.actions.focus("#exam-setup-title");
    }
  }

  views.result = { build: build, history: history, onClick: onClick, onChange: onChange };
})();
