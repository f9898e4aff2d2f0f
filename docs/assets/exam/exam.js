/*
 * The practice exam page (docs/practice.md): set-up, one question at a time, the grid, flags, confidence, the timer,
 * submitting, and the result with a full review. Logic lives in exam-core.js; this file only reads and writes the
 * page, in five files loaded in this order: exam-view.js (state and shared helpers), exam-setup.js, exam-run.js,
 * exam-result.js and this one (mounting and start-up). Loaded by that page alone (its front matter `scripts:`),
 * after the bank (generated/bank/index.js, base/bank.js).
 *
 * Contract with the page and the tests (see README, "The practice exam"):
 *   [data-exam]                    the mount point; data-exam-view = setup | choice | run | results once mounted
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

  var E = window.llmGuide.exam;
  var CURRENT = E.CURRENT;
  var SAVE_EVERY = E.SAVE_EVERY;
  var FAILED = E.FAILED;
  // The other parts of the exam page, looked up when called (exam-view.js loads first).
  function announce() { return E.announce.apply(null, arguments); }
  function checkpoint() { return E.checkpoint.apply(null, arguments); }
  function core() { return E.core.apply(null, arguments); }
  function focusHeading() { return E.focusHeading.apply(null, arguments); }
  function guide() { return E.guide.apply(null, arguments); }
  function h() { return E.h.apply(null, arguments); }
  function notice() { return E.notice.apply(null, arguments); }
  function now() { return E.now.apply(null, arguments); }
  function onRunChange() { return E.onRunChange.apply(null, arguments); }
  function onRunClick() { return E.onRunClick.apply(null, arguments); }
  function save() { return E.save.apply(null, arguments); }
  function setView() { return E.setView.apply(null, arguments); }
  function showRun() { return E.showRun.apply(null, arguments); }
  function showSetup() { return E.showSetup.apply(null, arguments); }
  function stopTimer() { return E.stopTimer.apply(null, arguments); }
  function store() { return E.store.apply(null, arguments); }
  function submit() { return E.submit.apply(null, arguments); }

  /* ---------- mounting ---------- */

  function unmount() {
    if (!E.state) return;
    if (E.state.session) {
      // Left by instant navigation: keep the time that was left. Once the exam is off the page, count only up to the
      // last tick it was seen on, however late the navigation is noticed.
      var at = E.state.root.isConnected ? now() : E.state.lastTickAt || now();
      E.state.session = core().checkpoint(E.state.session, at);
      save();
    }
    stopTimer();
    E.state = null;
  }
  // The clock's tick unmounts too, when it finds the exam off the page before boot.js does (exam-run.js).
  E.unmount = unmount;

  function mount(root) {
    var bank = guide().bank;
    var c = core();
    var s = store();
    E.h = guide().dom ? guide().dom.h : null;
    if (!E.h) {
      // No element helper: the same notice as below, built by hand.
      var box = document.createElement("div");
      box.className = "admonition failure";
      box.setAttribute("data-exam-notice", "failure");
      box.appendChild(document.createElement("p")).textContent = FAILED;
      root.textContent = "";
      root.appendChild(box);
      return;
    }
    E.state = { root: root, bank: bank, session: null, timer: null, ticks: 0, lastRemaining: null };
    root.textContent = "";
    root.appendChild(h("div", { class: "exam-notices", "data-exam-notices": true }));
    root.appendChild(h("p", { class: "exam-announce", role: "status", "data-exam-announce": true }));
    root.appendChild(h("div", { class: "exam-body", "data-exam-body": true }));
    root.setAttribute("data-exam-ready", "");
    if (!bank || !c || !s) {
      notice(FAILED, "failure");
      return;
    }
    if (!s.status().kept) {
      notice("This browser is not keeping data for this site (private mode or blocked storage). The exam still runs " +
        "to its result, but a reload loses it and the result will not be kept.", "warning");
    }
    var params = c.parseParams(guide().browser.query(), bank);
    if (params.unknownIds.length) {
      notice("Not in the question bank, so left out: " + params.unknownIds.join(", ") + ".");
    }
    if (params.unknownTopics.length) {
      notice("Unknown topic" + (params.unknownTopics.length === 1 ? "" : "s") + ", left out: " +
        params.unknownTopics.join(", ") + ".");
    }
    if (params.unknownObjectives.length) {
      notice("Not an objective of the exam’s study guide, left out: " + params.unknownObjectives.join(", ") +
        " (objectives are numbered 1.1 to 10.5).");
    }
    if (params.problems.length) notice("Not used from this link: " + params.problems.join("; ") + ". The rest of it works.");
    if (params.ids && !params.ids.length) params.ids = null;
    E.state.link = params.any ? params : null; // kept so that abandoning an exam comes back to the linked set-up
    var stored = s.get(CURRENT);
    var saved = c.validSession(stored, bank);
    // An exam that cannot be resumed is said so, not silently replaced by the set-up form; it stays stored until a
    // new exam takes its place, so nothing is lost should the questions come back.
    var refusal = c.sessionRefusal(stored, bank);
    if (refusal) notice(refusal);
    if (saved && !saved.submittedAt) {
      if (E.state.link && !c.sameExam(saved, E.state.link, bank)) {
        // A link to another exam while one is unfinished: the learner decides; neither is dropped silently.
        showChoice(saved);
        return;
      }
      resume(saved);
      return;
    }
    showSetup(params);
  }

  function resume(saved) {
    var c = core();
    E.state.session = c.resumed(saved, now());
    if (E.state.session.timed && c.remaining(E.state.session, now()) <= 0) { submit(true); return; }
    save();
    notice("Your exam in progress was resumed where you left it.", "info");
    showRun();
    var left = c.remaining(E.state.session, now());
    announce("Exam resumed at question " + (E.state.session.current + 1) +
      (left !== null ? ", " + c.spoken(left) + " left." : "."));
  }

  function describeSession(saved) {
    var c = core();
    var answered = c.pending(saved, E.state.bank);
    var done = saved.ids.length - answered.unanswered.length - answered.incomplete.length;
    var left = c.remaining(saved, now());
    return "question " + (saved.current + 1) + " of " + saved.ids.length + ", " + done + " answered, " +
      (left !== null ? c.clock(left) + " left" : c.clock(c.elapsed(saved, now())) + " used, untimed");
  }

  function showChoice(saved) {
    var body = setView("choice");
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
    body.querySelector("[data-exam-choice-resume]").addEventListener("click", function () {
      guide().browser.setQuery(saved.query || "");
      resume(saved);
    });
    body.querySelector("[data-exam-choice-link]").addEventListener("click", function () {
      store().set(CURRENT, null);
      showSetup(E.state.link);
      focusHeading("#exam-setup-title");
    });
    focusHeading("#exam-choice-title");
  }

  // Through the one delegated event layer (base/boot.js), registered once for the visit; they act on the exam only.
  guide().boot.on("click", "[data-exam]", function (event) { if (E.state) onRunClick(event); });
  guide().boot.on("change", "[data-exam]", function (event) { if (E.state) onRunChange(event); });
  // Closing the tab, reloading or switching away: store the clock now rather than up to SAVE_EVERY seconds ago.
  guide().boot.on("pagehide", null, checkpoint);
  guide().boot.on("visibilitychange", null, function () { if (document.visibilityState === "hidden") checkpoint(); });

  // The practice page's [data-exam] (base/boot.js); leaving it by instant navigation unmounts it, keeping the clock.
  window.llmGuide.boot.component("exam", "[data-exam]", function (root) {
    mount(root);
    return { unmount: unmount };
  });
})();
