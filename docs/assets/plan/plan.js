// @ts-check
/*
 * The home page's study plan to the exam date: days left, today's work (Review due, the next lessons, a practice
 * exam on its days), what comes after, and the exam date itself (review:settings, the same date Review uses).
 * The plan is worked out by plan-core.js from what is recorded, each time it is shown, so it adapts by itself.
 * Loaded by the home page only (its front matter `scripts:`), after the bank's index, bank.js, dom.js, review-core.js,
 * readiness-core.js and plan-core.js.
 *
 * Contract: [data-plan] mount point (data-plan-state: none | past | today | plan; data-days-left), holding links the
 * page rendered ([data-plan-link=practice|review]) that the plan reuses; it adds [data-plan-date] (the date input),
 * [data-plan-days], [data-plan-today] with [data-plan-item=review|done|lesson|exam|practise] (a lesson's carries
 * data-plan-lesson="<topic>/<lesson>"; "done", the lessons finished today, data-done=<count> and data-plan-lessons),
 * [data-plan-ahead] and [data-plan-warning] (too close for the whole guide; data-left-out).
 */
(function () {
  "use strict";

  var guide = window.llmGuide || /** @type {LlmGuide} */ ({});
  if (guide.planView) return;
  var SETTINGS = guide.storeCore.DOCS.reviewSettings;
  var roots = []; // [data-plan] elements mounted now

  /**
   * @param {HTMLElement} root
   * @returns {{ practice: string, review: string }}
   */
  function links(root) {
    // The page's own links (rendered by MkDocs, right online and from file://), read once before the view replaces
    // the no-JavaScript text.
    var known = /** @type {any} */ (root).__planLinks;
    if (known) return known;
    var href = function (name) {
      var a = /** @type {HTMLAnchorElement | null} */ (root.querySelector("[data-plan-link=" + name + "]"));
      return a ? a.href : "";
    };
    known = /** @type {any} */ (root).__planLinks = { practice: href("practice"), review: href("review") };
    return known;
  }

  function dateText(t) {
    return new Date(t).toLocaleDateString(undefined, { weekday: "short", day: "numeric", month: "short" });
  }

  function plural(n, one, many) {
    return n + " " + (n === 1 ? one : many || one + "s");
  }

  function withQuery(base, query) {
    var url = new URL(base, document.baseURI);
    url.search = query;
    return url.href;
  }

  function state() {
    var bank = guide.bank;
    var store = guide.store;
    var now = Date.now();
    var settings = store.get(SETTINGS) || {};
    var dateValue = guide.storeCore.reviewSettings(settings.examDate).examDate;
    var examDate = dateValue ? guide.reviewCore.parseExamDate(dateValue) : null;
    var recordOf = function (id) { return store.question(id); };
    /** @type {{ [id: string]: QuestionRecord }} */
    var records = {};
    bank.order.forEach(function (id) { records[id] = recordOf(id); });
    var readiness = guide.readinessCore.readiness(bank, function (id) { return records[id]; }, now);
    /** @type {{ [domain: string]: number }} */
    var weights = {};
    bank.domains.forEach(function (d) { weights[d.id] = d.weight; });
    var due = guide.reviewCore.queue(bank.order, records, examDate, now).due.length;
    var plan = guide.planCore.plan({
      now: now, examDate: examDate, lessons: guide.planCore.lessonsOf(bank, guide.topics || []),
      recordOf: function (id) { return records[id]; }, readiness: readiness, weights: weights, reviewDue: due
    });
    return { plan: plan, readiness: readiness, dateValue: dateValue, examDate: examDate, now: now };
  }

  function dateField(h, value, label) {
    return h("p", { class: "guide-plan__date" }, [
      h("label", { for: "plan-exam-date", text: label + " " }),
      h("input", { type: "date", id: "plan-exam-date", value: value || "", "data-plan-date": true,
        title: "The date Review uses too" })
    ]);
  }

  function lessonLink(h, l) {
    var a = /** @type {HTMLAnchorElement} */ (h("a", { text: l.title }));
    a.href = new URL(l.url, guide.browser.siteRoot()).href;
    return a;
  }

  function lessonItem(h, l) {
    return h("li", { "data-plan-item": "lesson", "data-plan-lesson": l.topic + "/" + l.lesson },
      [lessonLink(h, l)]);
  }

  function doneItem(h, done) {
    // Lessons finished today, in one line: after an exam that may be many.
    var shown = done.slice(0, 2);
    /** @type {(Node | string)[]} */
    var parts = ["✓ Done today: "];
    shown.forEach(function (item, i) {
      if (i) parts.push(", ");
      parts.push(lessonLink(h, item.lesson));
    });
    if (done.length > shown.length) parts.push(" and " + (done.length - shown.length) + " more");
    return h("li", { "data-plan-item": "done", "data-done": String(done.length),
      "data-plan-lessons": done.map(function (item) { return item.lesson.topic + "/" + item.lesson.lesson; }).join(" ") }, parts);
  }

  function todayList(h, s, root) {
    var p = s.plan;
    var list = h("ul", {});
    var review = /** @type {HTMLAnchorElement} */ (h("a", {
      text: p.today.reviewDue ? plural(p.today.reviewDue, "question") + " due" : "nothing due" }));
    review.href = links(root).review;
    list.appendChild(h("li", { "data-plan-item": "review", "data-due": String(p.today.reviewDue) }, ["Review: ", review]));
    var done = p.today.lessons.filter(function (item) { return item.done; });
    if (done.length) list.appendChild(doneItem(h, done));
    p.today.lessons.forEach(function (item) { if (!item.done) list.appendChild(lessonItem(h, item.lesson)); });
    var exam = p.today.exam;
    if (exam) {
      var a = /** @type {HTMLAnchorElement} */ (h("a", {
        text: exam.kind === "full" ? "a full-length practice exam" : "a " + exam.n + "-question practice exam" }));
      a.href = exam.kind === "full" ? links(root).practice : withQuery(links(root).practice, "n=" + exam.n);
      list.appendChild(h("li", { "data-plan-item": "exam", "data-exam-kind": exam.kind }, ["Take ", a,
        exam.kind === "full" ? ": two hours, as on the day." : ": this week's check."]));
    }
    var weak = guide.planCore.weakest(s.readiness);
    if (weak && !p.today.lessons.some(function (l) { return !l.done; }) && !exam) {
      var d = s.readiness.domains.filter(function (x) { return x.id === weak; })[0];
      var w = /** @type {HTMLAnchorElement} */ (h("a", { text: "practise " + d.title }));
      w.href = withQuery(links(root).practice, "domain=" + weak + "&n=10");
      list.appendChild(h("li", { "data-plan-item": "practise" }, ["Then ", w, ", your weakest domain (10 questions)."]));
    }
    return h("div", { "data-plan-today": true }, [h("h3", { text: "Today" }), list]);
  }

  function ahead(h, s) {
    var p = s.plan;
    var parts = [];
    var lessonToday = p.today.lessons.some(function (l) { return !l.done; });
    if (!p.lessonsLeft) parts.push("Every lesson is done: the days left are for Review and practice exams.");
    else if (p.lessonDays > 1 || !lessonToday) {
      parts.push("Then " + plural(p.perDay, "lesson") + " a day (" + p.lessonsLeft + " of " + p.lessonsTotal + " left).");
    }
    var later = p.exams.filter(function (e) { return e.day > 0; });
    var checks = later.filter(function (e) { return e.kind === "check"; }).map(function (e) { return dateText(e.at); });
    var full = later.filter(function (e) { return e.kind === "full"; })[0];
    if (checks.length) parts.push("20-question checks: " + checks.join(", ") + ".");
    if (full) parts.push("Full practice exam: " + dateText(full.at) + ".");
    if (p.daysLeft >= 5) parts.push("The day before: Review only.");
    return h("p", { "data-plan-ahead": true, text: parts.join(" ") });
  }

  function mount(root) {
    // The heading and the date field stay for the visit (typing a date changes it digit by digit, and the field must
    // keep its focus and caret); the body is drawn again on every change.
    var h = guide.dom.h;
    links(root);
    root.textContent = "";
    if (!guide.bank || !guide.planCore || !guide.readinessCore || !guide.reviewCore) {
      root.appendChild(h("p", { class: "guide-notice", text: "The plan could not be loaded. Reload the page to try again." }));
      return;
    }
    var settings = guide.store.get(SETTINGS) || {};
    root.appendChild(h("h2", { id: "your-plan", text: "Your plan to the exam" }));
    root.appendChild(h("div", { "data-plan-body": true }));
    root.appendChild(dateField(h, guide.storeCore.reviewSettings(settings.examDate).examDate, "Exam date"));
    render(root);
  }

  function render(root) {
    var h = guide.dom.h;
    var body = root.querySelector("[data-plan-body]");
    if (!body) return;
    var s = state();
    var p = s.plan;
    body.textContent = "";
    root.setAttribute("data-plan-state", p.state);
    if (p.daysLeft === null) root.removeAttribute("data-days-left");
    else root.setAttribute("data-days-left", String(p.daysLeft));
    if (p.state === "none") {
      body.appendChild(h("p", { "data-plan-days": true,
        text: "Set your exam date for a day-by-day plan: today's lessons, Review and practice exams, fitted to the " +
          "days you have, with the lessons that count most for the exam first when time is short." }));
      return;
    }
    if (p.state === "past") {
      body.appendChild(h("p", { "data-plan-days": true, text: "Your exam date, " + dateText(s.examDate) +
        ", has passed. Set the next one for a new plan." }));
      return;
    }
    if (p.state === "today") {
      body.appendChild(h("p", { "data-plan-days": true,
        text: "Your exam is today. No new lessons: at most a last look at what Review has due. Good luck." }));
      body.appendChild(todayList(h, s, root));
      return;
    }
    body.appendChild(h("p", { "data-plan-days": true }, [
      h("strong", { text: plural(p.daysLeft, "day") + " left" }), " until your exam on " + dateText(s.examDate) + "."]));
    if (p.tooClose) {
      var kept = p.lessonsLeft - p.leftOut.length;
      body.appendChild(h("p", { class: "guide-plan__warning", "data-plan-warning": true, "data-left-out": String(p.leftOut.length),
        text: "Too close for all " + plural(p.lessonsLeft, "lesson") + " left at up to " + guide.planCore.MAX_PER_DAY +
          " a day: the plan keeps the " + plural(kept, "lesson") + " that count most by the exam's weights" +
          (p.byEvidence ? " and your weakest domains" : "") + ", and leaves " + p.leftOut.length + " out." }));
    }
    body.appendChild(todayList(h, s, root));
    body.appendChild(ahead(h, s));
  }

  function renderAll() {
    roots = roots.filter(function (r) { return r.isConnected; });
    roots.forEach(render);
  }

  guide.planView = { render: renderAll };
  guide.boot.on("change", "[data-plan-date]", function (event, input) {
    // Stored at once; the store's change notice redraws the plan.
    guide.store.set(SETTINGS, guide.storeCore.reviewSettings(/** @type {HTMLInputElement} */ (input).value));
  });
  // Answers and the date may change here or in another tab: what is shown follows.
  // A reset or an import saves hundreds of records in one go: they are drawn once, after the last.
  var queued = false;
  guide.store.onChange(function () {
    if (queued || !roots.length) return;
    queued = true;
    guide.browser.later(0, function () { queued = false; renderAll(); });
  });
  guide.boot.component("plan", "[data-plan]", function (root) {
    roots.push(root);
    mount(root);
    return { unmount: function () { roots = roots.filter(function (r) { return r !== root; }); } };
  });
})();
