// @ts-check
/*
 * The practice exam page (docs/practice.md) as one component: set-up, one question at a time, the grid, flags,
 * confidence, the timer, submitting, and the result with a full review. Logic lives in exam-core.js. This file owns
 * the exam's state and its actions and is the only one that changes view; the three views (exam-setup.js,
 * exam-run.js, exam-result.js, loaded before it as llmGuide.examViews.setup, .run and .result) draw into the element
 * they are given from the context they are handed, and act only through ctx.actions: they never call each other.
 * Loaded by that page alone (its front matter `scripts:`), after the bank (generated/bank/index.js, base/bank.js).
 *
 *   ctx = { state, bank, core, answerCore, storeCore, store, browser, dom, questionView, confirm, actions }
 *     built once per mount. state = { root, view, session, link, timer, ticks, lastTickAt, lastRemaining, pending,
 *     shown, saved } is written here only; a view changes the session through actions.update(session).
 *   actions: start(plan, built), submit(timeUp), abandon(), setup(link), results(session, timeUp), goTo(index),
 *     pause(), update(session), prebuild(plan), notice(text, kind), announce(text), focus(selector)
 *
 * Contract with the page and the tests (see README, "The practice exam"):
 *   [data-exam]                    the mount point; data-exam-view = setup | choice | run | results | elsewhere once
 *                                  mounted (elsewhere: another tab saved, submitted, abandoned or reset the exam)
 *   elsewhere: [data-exam-elsewhere=moved|submitted|ended|replaced], [data-exam-elsewhere-continue],
 *              [data-exam-elsewhere-result]
 *   choice: a link to another exam while one is unfinished: [data-exam-choice-unfinished],
 *           [data-exam-choice-resume], [data-exam-choice-link]
 *   [data-exam-notice]             notices: unknown ids or topics, settings of the link not used (named), storage not
 *                                  kept, an unfinished exam that cannot be resumed (questions gone), time up, resumed
 *                                  (kind "info", removed when the run view goes)
 *   set-up: [data-exam-setup] form, [data-exam-topic], [data-exam-lesson] ("topic/lesson"), [data-exam-count],
 *           [data-exam-timer], [data-exam-domains], [data-exam-seed] (drawn exams only; a fixed set has none),
 *           [data-exam-fixed-set=<n>], [data-exam-setup-error], [data-exam-start]
 *   run: [data-exam-question=<id>] (no topic shown), [data-exam-option=<bank index>][data-exam-letter=<A..>] in this
 *        exam's shuffled order (its row is a .quiz-option label), [data-exam-input] (value: the bank's index),
 *        [data-exam-confidence], [data-exam-flag], [data-exam-instruction] ("Choose two · one chosen"),
 *        [data-exam-prev], [data-exam-next], [data-exam-grid] with
 *        [data-exam-id=<id>][data-state=answered|incomplete|unanswered][data-flagged], the bar [data-exam-bar]
 *        [data-sticky] with data-exam-time = low (5 minutes left) | last (1 minute), [data-exam-clock],
 *        [data-exam-time-note], [data-exam-progress], [data-exam-pause], [data-exam-submit], [data-exam-warning],
 *        [data-exam-confirm] (base/confirm.js) with [data-exam-confirm-submit] or [data-exam-confirm-abandon] and
 *        [data-exam-confirm-keep]
 *   results: [data-exam-verdict=pass|fail] holding [data-exam-score] (data-correct, data-total), [data-exam-by-domain],
 *            [data-exam-by-topic] rows with data-correct/data-total (only areas drawn from), [data-exam-lucky],
 *            [data-exam-confident-mistakes], [data-exam-review-filter=all|missed|flagged] (data-count),
 *            [data-exam-review-shown], [data-exam-review-item=<id>] (data-correct, data-flagged; hidden when filtered
 *            out) with [data-exam-review-topic], [data-exam-review-verdict] and [data-exam-review-option=<bank index>]
 *            [data-exam-letter] in the learner's order, [data-exam-retry-missed], [data-exam-history]
 */
(function () {
  "use strict";

  var guide = window.llmGuide;
  var SAVE_EVERY = 5; // seconds between checkpoints of the clock; a crash loses at most this much time
  var FAILED = "The questions could not be loaded, so the exam cannot start. Reload the page to try again.";
  // The view each data-exam-view value is drawn and handled by (the choice is this file's own).
  var VIEW_OF = { setup: "setup", run: "run", results: "result" };
  /** @type {ExamContext | null} */
  var ctx = null; // the exam on the page, from mount to unmount

  function now() { return Date.now(); }
  function views() { return guide.examViews; }
  function docs() { return guide.storeCore.DOCS; }

  /* ---------- what every view may ask for ---------- */

  function notice(text, kind) {
    var box = ctx.state.root.querySelector("[data-exam-notices]");
    if (!box) return;
    box.appendChild(ctx.dom.h("div", { class: "admonition " + (kind || "warning"), "data-exam-notice": kind || "warning" }, [
      ctx.dom.h("p", { text: text })
    ]));
  }

  function announce(text) {
    var live = ctx.state.root.querySelector("[data-exam-announce]");
    if (!live) return;
    // Clear first, so the same words said twice are still spoken.
    live.textContent = "";
    ctx.browser.later(50, function () { live.textContent = text; });
  }

  function focus(selector) {
    var el = ctx.state.root.querySelector(selector);
    if (el) { el.setAttribute("tabindex", "-1"); el.focus(); }
  }

  /* ---------- one tab owns the exam ---------- */

  // The exam in progress is one document shared by every tab of the site. A tab saves only over what it wrote (or
  // read) itself: when another tab has saved, submitted, abandoned or reset it, this tab stops its clock and says
  // so instead of writing its older copy back, and nothing it does is saved until the learner continues here.

  function stillMine() {
    // True while storage holds exactly this tab's exam; else this tab hands the exam over (elsewhere()), and while it
    // is handed over, says what became of it (the other tab may submit or abandon it later).
    if (!ctx) return false;
    var why = ctx.core.takenOver(ctx.state.written, ctx.store.get(docs().examCurrent), ctx.store.get(docs().examLast));
    if (why && why !== ctx.state.lost) elsewhere(why);
    return !why && !ctx.state.lost;
  }

  function write(value) {
    // Every write of exam:current, so this tab knows what it last wrote.
    ctx.store.set(docs().examCurrent, value);
    ctx.state.written = JSON.stringify(value);
  }

  function save() {
    if (ctx && ctx.state.session && stillMine()) write(ctx.state.session);
  }

  /**
   * @param {ExamSession} session
   * @returns {boolean} whether the change is this tab's to keep (false once another tab has the exam)
   */
  function update(session) {
    // A view's change to the exam in progress (an answer, a flag, a confidence): kept at once.
    ctx.state.session = session;
    save();
    return !ctx.state.lost;
  }

  var ELSEWHERE = {
    moved: ["This exam went on in another tab",
      "Another tab saved this exam after this one did (an answer, or the exam opened there), so this tab stopped its " +
      "clock and saved nothing over it. Continue here to pick it up with every answer given there."],
    submitted: ["This exam was submitted in another tab",
      "It was recorded once, there. This tab stopped its clock and saved nothing over it."],
    ended: ["This exam was ended in another tab",
      "It was abandoned, or all progress was reset, in another tab. This tab stopped its clock and did not bring it " +
      "back."],
    replaced: ["Another tab started a different exam",
      "Only one exam can be in progress. This tab saved nothing over it; continue here to resume that exam."]
  };

  function elsewhere(why) {
    // The exam belongs to another tab now: the clock stops, nothing more is saved, and the learner is told what
    // happened and how to go on (the session stays in memory, so a view still on screen acts on nothing harmful).
    stopClock();
    ctx.state.lost = why;
    var h = ctx.dom.h;
    var body = setView("elsewhere");
    var words = ELSEWHERE[why];
    body.appendChild(h("div", { class: "admonition warning", "data-exam-notice": "elsewhere", "data-exam-elsewhere": why }, [
      h("p", { class: "admonition-title", id: "exam-elsewhere-title", text: words[0] }),
      h("p", { text: words[1] })
    ]));
    body.appendChild(h("p", {}, [why === "submitted"
      ? h("button", { type: "button", class: "md-button md-button--primary", "data-exam-elsewhere-result": true,
        text: "See the result" })
      : h("button", { type: "button", class: "md-button md-button--primary", "data-exam-elsewhere-continue": true,
        text: why === "ended" ? "Set up an exam" : "Continue here" })]));
    announce(words[0] + ".");
    focus("#exam-elsewhere-title");
  }

  function onElsewhereClick(event) {
    var button = event.target.closest("button");
    if (!button) return;
    if (button.hasAttribute("data-exam-elsewhere-result")) {
      var last = ctx.core.validSession(ctx.store.get(docs().examLast), ctx.bank);
      if (last && last.submittedAt) { ctx.state.session = null; results(last, last.expired); return; }
    }
    // Start over from what storage holds now, as a fresh visit to the page would: this tab owns the exam again.
    mount(ctx.state.root);
  }

  function checkpoint() {
    if (!ctx || !ctx.state.session) return;
    update(ctx.core.checkpoint(ctx.state.session, now()));
  }

  function stopClock() {
    if (ctx.state.timer) { ctx.state.timer(); ctx.state.timer = null; } // the stop() browser.every gave
  }

  function runClock() {
    stopClock();
    var s = ctx.state.session;
    if (s.runningSince !== null || s.timed) ctx.state.timer = ctx.browser.every(1000, tick);
  }

  function remeasureSticky(measured) {
    ctx.browser.sticky.measure(measured);
  }

  /* ---------- views: the only place the view changes ---------- */

  function setView(name) {
    var state = ctx.state;
    state.pending = null;
    stopClock();
    if (name !== "elsewhere") state.lost = "";
    if (name !== "run") {
      // "Resumed" speaks of the exam in progress: it goes when that exam's view does.
      Array.prototype.forEach.call(state.root.querySelectorAll('[data-exam-notice="info"]'), function (el) { el.remove(); });
    }
    state.view = name;
    state.root.setAttribute("data-exam-view", name);
    var body = /** @type {HTMLElement} */ (state.root.querySelector("[data-exam-body]"));
    body.textContent = "";
    // The clock bar went with the old view; the run view measures once it has built its own (one layout, not two).
    if (name !== "run") remeasureSticky();
    return body;
  }

  function setup(link) {
    var body = setView("setup");
    views().setup.build(ctx, body, link);
    body.appendChild(views().result.history(ctx));
  }

  function results(session, timeUp) {
    // The result explains every question: wait for all of their content (at once when it is here already).
    ctx.state.pending = session;
    var mine = ctx;
    ctx.bank.load(session.ids, function (missing) {
      // Unless the learner has moved on meanwhile (another view was shown, or the page was left).
      if (ctx !== mine || ctx.state.pending !== session) return;
      var body = setView("results");
      ctx.state.shown = session;
      views().result.build(ctx, body, session, timeUp, missing);
      body.appendChild(views().result.history(ctx));
      focus("#exam-result-title");
    });
  }

  function run(measured, view) {
    var body = setView("run");
    var s = ctx.state.session;
    var mine = ctx;
    // Every question of this exam fetched while the learner reads, in short idle slices (a few kB each): moving
    // between questions and the result then need no wait, and an exam started online still finishes if the connection
    // drops. Starting never waits for them: they begin after the frame that shows the question.
    function prefetch() {
      ctx.browser.idleEach(s.ids, function (id) { mine.bank.load([id]); }, function () {
        return ctx === mine && ctx.state.session === s;
      });
    }
    // A view built ahead (prebuild) is moved in as it is; else it is built here.
    if (view) {
      while (view.firstChild) body.appendChild(view.firstChild);
    } else {
      views().run.build(ctx, s, body);
    }
    tick();
    runClock();
    // The clock bar sticks under the header: focus and links must land below it.
    remeasureSticky(function () {
      if (measured) measured();
      prefetch();
    });
  }

  function choice(saved) {
    // A link to another exam while one is unfinished: the learner decides; neither is dropped silently.
    var h = ctx.dom.h;
    var body = setView("choice");
    ctx.state.saved = saved;
    body.appendChild(h("h2", { id: "exam-choice-title", text: "You have an unfinished exam" }));
    body.appendChild(h("p", { "data-exam-choice-unfinished": true,
      text: "Your unfinished exam is at " + describeSession(saved) + ". The link you opened asks for a different exam." }));
    body.appendChild(h("p", { class: "exam-choice" }, [
      h("button", { type: "button", class: "md-button md-button--primary", "data-exam-choice-resume": true,
        text: "Resume the unfinished exam" }),
      " ",
      h("button", { type: "button", class: "md-button", "data-exam-choice-link": true,
        text: "Set up the linked exam instead" })
    ]));
    body.appendChild(h("p", { class: "exam-setup__help",
      text: "Setting up the linked exam discards the unfinished one: its answers are not recorded." }));
    focus("#exam-choice-title");
  }

  function onChoiceClick(event) {
    var button = event.target.closest("button");
    if (!button) return;
    if (button.hasAttribute("data-exam-choice-resume")) {
      ctx.browser.setQuery(ctx.state.saved.query || "");
      resume(ctx.state.saved);
    } else if (button.hasAttribute("data-exam-choice-link")) {
      write(null);
      setup(ctx.state.link);
      focus("#exam-setup-title");
    }
  }

  function describeSession(saved) {
    var c = ctx.core;
    var answered = c.pending(saved, ctx.bank);
    var done = saved.ids.length - answered.unanswered.length - answered.incomplete.length;
    var left = c.remaining(saved, now());
    return "question " + (saved.current + 1) + " of " + saved.ids.length + ", " + done + " answered, " +
      (left !== null ? c.clock(left) + " left" : c.clock(c.elapsed(saved, now())) + " used, untimed");
  }

  /* ---------- actions ---------- */

  function start(plan, built) {
    // Only over what this tab saw: if another tab started an exam since the form was shown, this one says so.
    if (!update(ctx.core.createSession(plan, now()))) return;
    var s = ctx.state.session;
    var mine = ctx;
    // The run view the set-up built for this very plan while the learner read the form (exam-setup.js, prepare):
    // Start only puts it on the page. A session made from the same plan draws the same view; only the clock differs,
    // and the first tick sets it.
    if (built && built.plan === plan) { started(s, plan.query, built.view); return; }
    // Else the first question's content first, then the run view in one go.
    ctx.bank.load([s.ids[0]], function () {
      if (ctx === mine && ctx.state.session === s) started(s, plan.query);
    });
  }

  function started(s, query, view) {
    var mine = ctx;
    // The first question's heading at the top of the screen (below the header and the clock bar), focused: once the
    // clock bar is measured, in the frame that lays the run out, so the click forces no layout of its own.
    run(function () {
      if (ctx !== mine || ctx.state.session !== s) return;
      views().run.toTop(ctx);
      // The seed goes into the address, so this exact run can be repeated or shared: once the question is on screen,
      // since replacing the address can cost the browser several milliseconds the learner would wait through.
      ctx.browser.whenIdle(function () {
        if (ctx === mine && ctx.state.session === s) ctx.browser.setQuery(query);
      });
    }, view);
    announce("Exam started: " + s.ids.length + " questions" + (s.timed ? ", " + ctx.core.spoken(s.limitMs) + "." : ", untimed."));
  }

  function prebuild(plan) {
    // The run view of the exam a plan describes, off the page, for start() to use: null until its first question's
    // content is here. Built with a session of its own, never stored.
    if (!ctx.bank.loaded(plan.ids[0])) return null;
    var view = document.createElement("div");
    views().run.build(ctx, ctx.core.createSession(plan, now()), view);
    return { plan: plan, view: view };
  }

  function resume(saved) {
    var c = ctx.core;
    if (!update(c.resumed(saved, now()))) return;
    if (ctx.state.session.timed && c.remaining(ctx.state.session, now()) <= 0) { submit(true); return; }
    notice("Your exam in progress was resumed where you left it, with the time that was left. " + c.CLOCK_RULE, "info");
    var mine = ctx;
    // The question's heading at the top, focused, as after Start (not under the notice at the bottom of the screen).
    run(function () { if (ctx === mine && ctx.state.session) views().run.toTop(ctx); });
    var left = c.remaining(ctx.state.session, now());
    announce("Exam resumed at question " + (ctx.state.session.current + 1) +
      (left !== null ? ", " + c.spoken(left) + " left." : "."));
  }

  function goTo(index) {
    if (!update(ctx.core.goTo(ctx.state.session, index))) return;
    views().run.render(ctx);
    views().run.toTop(ctx);
  }

  function pause() {
    var s = ctx.state.session;
    if (!update(ctx.core.setPaused(s, s.runningSince !== null, now()))) return;
    runClock();
    views().run.render(ctx, "pause");
    tick();
    announce(ctx.state.session.runningSince === null ? "Clock paused." : "Clock running.");
  }

  function tick() {
    var state = ctx && ctx.state;
    if (!state || !state.session || state.session.submittedAt || state.lost) return;
    // Off the page before boot.js has heard of it (instant navigation replaces the content first and tells the page
    // after the new content's scripts are in): stop here, keeping the time up to the last tick the exam was seen on.
    if (!state.root.isConnected) { unmount(ctx); return; }
    var t = now();
    // The clock rule (examCore.CLOCK_RULE): a tick from a hidden page, or one long after the last (the browser froze
    // the page: a sleeping laptop, a locked phone), does not count the time nobody could see the exam.
    if (document.visibilityState === "hidden") { away(); return; }
    if (state.lastTickAt && t - state.lastTickAt > FROZEN_MS) update(ctx.core.skipAway(state.session, state.lastTickAt, t));
    state.lastTickAt = t;
    var left = ctx.core.remaining(state.session, t);
    views().run.tick(ctx, t, state.lastRemaining);
    state.lastRemaining = left;
    if (left !== null && left <= 0) { submit(true); return; }
    state.ticks += 1;
    if (state.ticks % SAVE_EVERY === 0) checkpoint();
  }

  function submit(timeUp) {
    // Recorded once, whatever the tabs do: only by the tab whose exam storage holds (another tab that submitted,
    // abandoned or reset it is named instead), and never when exam:last already is this very exam.
    if (!ctx.state.session || !stillMine()) return;
    var t = now();
    stopClock();
    var done = ctx.core.validSession(ctx.store.get(docs().examLast), ctx.bank);
    if (done && done.submittedAt && ctx.core.sameSession(done, ctx.state.session)) {
      write(null);
      ctx.state.session = null;
      results(done, done.expired);
      return;
    }
    var s = ctx.core.submit(ctx.state.session, t, timeUp);
    var result = ctx.core.score(s, ctx.bank, t);
    // Every answer also counts as an attempt on that question, so progress and review see the exam too.
    result.items.forEach(function (item) {
      if (!item.answered) return;
      ctx.store.recordAttempt(item.id, ctx.storeCore.attempt(item, item.selected, item.correct,
        { at: t, confidence: item.confidence, source: "exam" }));
    });
    ctx.store.set(docs().examHistory, ctx.core.addToHistory(ctx.store.get(docs().examHistory), ctx.core.historyEntry(result, s, t)));
    ctx.store.set(docs().examLast, s);
    write(null);
    ctx.state.session = null;
    results(s, timeUp);
  }

  function abandon() {
    stopClock();
    // Abandoning removes only this tab's exam: one another tab has moved on with is left to it.
    if (ctx.state.session && !stillMine()) return;
    ctx.state.session = null;
    write(null);
    setup(ctx.state.link);
    focus("#exam-setup-title");
  }

  /* ---------- mounting ---------- */

  function unmount(mounted) {
    // Only the exam this mount made: the clock may have stopped it already, and a later visit may have mounted anew.
    if (!mounted || ctx !== mounted) return;
    var state = ctx.state;
    if (state.session) {
      // Left by instant navigation: keep the time that was left. Once the exam is off the page, count only up to the
      // last tick it was seen on, however late the navigation is noticed.
      var at = state.root.isConnected ? now() : state.lastTickAt || now();
      update(ctx.core.checkpoint(state.session, at));
    }
    stopClock();
    ctx = null;
  }

  function failed(root) {
    // No element helper (dom.js did not load): the notice, built by hand.
    var box = document.createElement("div");
    box.className = "admonition failure";
    box.setAttribute("data-exam-notice", "failure");
    box.appendChild(document.createElement("p")).textContent = FAILED;
    root.textContent = "";
    root.appendChild(box);
  }

  function mount(root) {
    if (!guide.dom || !guide.examViews) { failed(root); return null; }
    var h = guide.dom.h;
    /** @type {ExamContext} */
    var mine = {
      state: { root: root, view: "", session: null, link: null, timer: null, ticks: 0, lastTickAt: 0, lastRemaining: null,
        pending: null, shown: null, saved: null, written: null, lost: "", awayAt: 0 },
      bank: guide.bank, core: guide.examCore, answerCore: guide.answerCore, storeCore: guide.storeCore,
      store: guide.store, browser: guide.browser, dom: guide.dom, questionView: guide.questionView,
      confirm: guide.confirm,
      actions: { start: start, submit: submit, abandon: abandon, setup: setup, results: results, goTo: goTo,
        pause: pause, update: update, prebuild: prebuild, notice: notice, announce: announce, focus: focus }
    };
    if (ctx) unmount(ctx); // one exam per page
    ctx = mine;
    root.textContent = "";
    root.appendChild(h("div", { class: "exam-notices", "data-exam-notices": true }));
    root.appendChild(h("p", { class: "exam-announce", role: "status", "data-exam-announce": true }));
    root.appendChild(h("div", { class: "exam-body", "data-exam-body": true }));
    root.setAttribute("data-exam-ready", "");
    var bank = ctx.bank;
    var c = ctx.core;
    var s = ctx.store;
    if (!bank || !c || !s) {
      notice(FAILED, "failure");
      return mine;
    }
    if (!s.status().kept) {
      notice("This browser is not keeping data for this site: " + ctx.storeCore.notKeptCause(s.status()) +
        ". The exam still runs to its result, but a reload loses it and the result will not be kept.", "warning");
    }
    var params = c.parseParams(ctx.browser.query(), bank);
    if (params.unknownIds.length) {
      notice("Not in the question bank, so left out: " + c.listText(params.unknownIds) + ".");
    }
    if (params.unknownTopics.length) {
      notice("Unknown topic" + (params.unknownTopics.length === 1 ? "" : "s") + ", left out: " +
        c.listText(params.unknownTopics) + ".");
    }
    if (params.unknownObjectives.length) {
      notice("Not an objective of the exam’s study guide, left out: " + c.listText(params.unknownObjectives) +
        " (objectives are numbered 1.1 to 10.5).");
    }
    if (params.unknownDomains.length) {
      notice("Not a domain of the exam, left out: " + params.unknownDomains.join(", ") + " (domains are named as on " +
        "About the exam, such as model-optimization).");
    }
    if (params.problems.length) notice("Not used from this link: " + params.problems.join("; ") + ". The rest of it works.");
    if (params.ids && !params.ids.length) params.ids = null;
    ctx.state.link = params.any ? params : null; // kept so that abandoning an exam comes back to the linked set-up
    var stored = s.get(docs().examCurrent);
    ctx.state.written = JSON.stringify(stored); // what this tab has seen: it saves only over this
    var saved = c.validSession(stored, bank);
    // An exam that cannot be resumed is said so, not silently replaced by the set-up form; it stays stored until a
    // new exam takes its place, so nothing is lost should the questions come back.
    var refusal = c.sessionRefusal(stored, bank);
    if (refusal) notice(refusal);
    if (saved && !saved.submittedAt) {
      if (ctx.state.link && !c.sameExam(saved, ctx.state.link, bank)) choice(saved);
      else resume(saved);
      return mine;
    }
    setup(params);
    return mine;
  }

  function route(handler) {
    // One delegated listener per event type for the whole visit (base/boot.js), handed to the view on screen.
    return function (event) {
      if (!ctx || !ctx.state.root.contains(event.target)) return; // a view that has just gone, or another page
      if (ctx.state.view === "choice") { if (handler === "onClick") onChoiceClick(event); return; }
      if (ctx.state.view === "elsewhere") { if (handler === "onClick") onElsewhereClick(event); return; }
      var view = views()[VIEW_OF[ctx.state.view]];
      if (view && view[handler]) view[handler](ctx, event);
    };
  }

  guide.boot.on("click", "[data-exam]", route("onClick"));
  guide.boot.on("change", "[data-exam]", route("onChange"));
  guide.boot.on("input", "[data-exam]", route("onInput"));
  guide.boot.on("submit", "[data-exam]", route("onSubmit"));
  // Closing the tab, reloading or switching away: store the clock now rather than up to SAVE_EVERY seconds ago.
  guide.boot.on("pagehide", null, checkpoint);
  guide.boot.on("visibilitychange", null, function () { if (document.visibilityState === "hidden") away(); else back(); });

  /* ---------- the clock rule: time runs only while the page is on screen ---------- */

  var FROZEN_MS = 5000; // a tick this late (they come every second) means the page was frozen while it looked visible

  function away() {
    // Hidden (another tab or app, a locked phone): the clock stops where it is, kept in storage.
    if (!ctx || !ctx.state.session || ctx.state.session.submittedAt || ctx.state.awayAt) return;
    checkpoint();
    stopClock();
    ctx.state.awayAt = now();
  }

  function back() {
    // Seen again: the clock goes on from where it stopped, and the learner is told, so a clock that stood still for
    // twenty minutes is no surprise.
    if (!ctx || !ctx.state.awayAt) return;
    var gone = now() - ctx.state.awayAt;
    ctx.state.awayAt = 0;
    var s = ctx.state.session;
    if (!s || s.submittedAt || ctx.state.view !== "run") return;
    if (!update(ctx.core.resumed(s, now()))) return; // another tab has the exam now
    ctx.state.lastTickAt = 0;
    tick();
    runClock();
    if (gone < 2000) return;
    Array.prototype.forEach.call(ctx.state.root.querySelectorAll("[data-exam-away]"), function (el) { el.remove(); });
    var left = ctx.core.remaining(ctx.state.session, now());
    var text = "The clock stopped while this page was away (" + ctx.core.spoken(gone) + ") and goes on " +
      (left !== null ? "with " + ctx.core.clock(left) + " left." : "from " + ctx.core.clock(ctx.core.elapsed(ctx.state.session, now())) + " used.");
    notice(text, "info");
    var added = ctx.state.root.querySelectorAll('[data-exam-notice="info"]');
    if (added.length) added[added.length - 1].setAttribute("data-exam-away", "");
    announce(text);
  }

  // Another tab saved, submitted, abandoned or reset the exam (or cleared all storage): this tab hears it at once,
  // rather than at its next save, and stops its clock (stillMine).
  if (guide.store) {
    guide.store.onChange(function (name, info) {
      if (!info.external || !ctx || !ctx.state.session) return;
      if (name === docs().examCurrent || name === docs().examLast || name === "*") stillMine();
    });
  }

  // The practice page's [data-exam] (base/boot.js); leaving it by instant navigation unmounts it, keeping the clock.
  guide.boot.component("exam", "[data-exam]", function (root) {
    mount(root);
    // Whichever exam is on this element by then: "Continue here" mounts it afresh (onElsewhereClick).
    return { unmount: function () { if (ctx && ctx.state.root === root) unmount(ctx); } };
  });
})();
