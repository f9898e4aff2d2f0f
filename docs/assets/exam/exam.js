/*
 * The practice exam page (docs/practice.md): set-up, one question at a time, the grid, flags, confidence, the timer,
 * submitting, and the result with a full review. Logic lives in exam-core.js; this file only reads and writes the
 * page. Loaded by that page alone (its front matter `scripts:`), after assets/generated/questions.js and store.js.
 *
 * Contract with the page and the tests (see README, "The practice exam"):
 *   [data-exam]                    the mount point; data-exam-view = setup | choice | run | results once mounted
 *   choice: a link to another exam while one is unfinished: [data-exam-choice-unfinished],
 *           [data-exam-choice-resume], [data-exam-choice-link]
 *   [data-exam-notice]             notices: unknown ids or topics, settings of the link not used (named), storage not
 *                                  kept, time up, resumed (kind "info", removed when the run view goes)
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
 *        [data-exam-confirm-submit]
 *   results: [data-exam-verdict=pass|fail] holding [data-exam-score] (data-correct, data-total), [data-exam-by-domain],
 *            [data-exam-by-topic] rows with data-correct/data-total (only areas drawn from), [data-exam-lucky],
 *            [data-exam-confident-mistakes], [data-exam-review-filter=all|missed|flagged] (data-count),
 *            [data-exam-review-shown], [data-exam-review-item=<id>] (data-correct, data-flagged; hidden when filtered
 *            out) with [data-exam-review-topic], [data-exam-review-verdict] and [data-exam-review-option=<bank index>]
 *            [data-exam-letter] in the learner's order, [data-exam-retry-missed], [data-exam-history]
 */
(function () {
  "use strict";

  var CURRENT = "exam:current"; // the exam in progress (store.js document)
  var HISTORY = "exam:history"; // past results, newest first
  var LAST = "exam:last"; // the last finished exam, so its result can be shown again
  var SAVE_EVERY = 5; // seconds between checkpoints of the clock; a crash loses at most this much time
  var FAILED = "The questions could not be loaded, so the exam cannot start. Reload the page to try again.";

  var state = null; // { root, bank, session, timer, ticks, lastRemaining }

  function guide() { return window.llmGuide || {}; }
  function core() { return guide().examCore; }
  function store() { return guide().store; }
  function now() { return Date.now(); }

  /* ---------- small DOM helpers ---------- */

  // llmGuide.dom.h (assets/base/dom.js, loaded before this script), read when mounting: if that file failed to load,
  // the page still shows its own notice instead of throwing here.
  var h = null;

  function wrapTable(table) {
    // Material's own wrapper for Markdown tables: a narrow screen scrolls the table, not the page.
    return h("div", { class: "md-typeset__scrollwrap" }, [h("div", { class: "md-typeset__table" }, [table])]);
  }

  function notice(text, kind) {
    var box = state.root.querySelector("[data-exam-notices]");
    if (!box) return;
    box.appendChild(h("div", { class: "admonition " + (kind || "warning"), "data-exam-notice": kind || "warning" }, [
      h("p", { text: text })
    ]));
  }

  function announce(text) {
    var live = state.root.querySelector("[data-exam-announce]");
    if (!live) return;
    // Clear first, so the same words said twice are still spoken.
    live.textContent = "";
    window.setTimeout(function () { live.textContent = text; }, 50);
  }

  function focusHeading(selector) {
    var el = state.root.querySelector(selector);
    if (el) { el.setAttribute("tabindex", "-1"); el.focus(); }
  }

  function save() {
    if (state && state.session) store().set(CURRENT, state.session);
  }

  function checkpoint() {
    if (!state || !state.session) return;
    state.session = core().checkpoint(state.session, now());
    save();
  }

  function stopTimer() {
    if (state && state.timer) { window.clearInterval(state.timer); state.timer = null; }
  }

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

  function setView(name) {
    state.pendingResult = null;
    stopTimer();
    if (name !== "run") {
      // "Resumed" speaks of the exam in progress: it goes when that exam's view does.
      Array.prototype.forEach.call(state.root.querySelectorAll('[data-exam-notice="info"]'), function (el) { el.remove(); });
    }
    state.root.setAttribute("data-exam-view", name);
    var body = state.root.querySelector("[data-exam-body]");
    body.textContent = "";
    remeasureSticky(); // the clock bar went with the old view
    return body;
  }

  /* ---------- set-up ---------- */

  function showSetup(params) {
    var bank = state.bank;
    var c = core();
    var body = setView("setup");
    var link = params && params.any ? params : null;
    var form = h("form", { class: "exam-setup", "data-exam-setup": true, "aria-labelledby": "exam-setup-title" });
    form.appendChild(h("h2", { id: "exam-setup-title", text: "Set up your exam" }));
    if (link && link.ids) {
      form.appendChild(h("p", { "data-exam-fixed-set": String(link.ids.length),
        text: "This link holds " + link.ids.length + " chosen question" + (link.ids.length === 1 ? "" : "s") +
          ", in a fixed order." }));
    } else {
      var topics = h("fieldset", { class: "exam-setup__topics" }, [h("legend", { text: "Topics" })]);
      bank.topics.forEach(function (t) {
        var id = "exam-topic-" + t.id;
        var whole = !link || !link.topics || link.topics.indexOf(t.id) !== -1;
        var count = c.pool(bank, [t.id]).length;
        var topicBox = h("input", { type: "checkbox", id: id, value: t.id, checked: whole, "data-exam-topic": t.id });
        topics.appendChild(h("div", { class: "exam-setup__choice" }, [
          topicBox,
          h("label", { for: id, text: t.title + " (" + count + ")" })
        ]));
        // Or some of its lessons only: a link may name them ("peft/lora-basics").
        var lessons = t.lessons || [];
        if (lessons.length < 2) return;
        var some = false;
        var list = h("ul", { class: "exam-setup__lesson-list" });
        lessons.forEach(function (lesson) {
          var key = t.id + "/" + lesson.id;
          var on = whole || (!!link && !!link.topics && link.topics.indexOf(key) !== -1);
          some = some || (on && !whole);
          var lid = "exam-lesson-" + t.id + "-" + lesson.id;
          list.appendChild(h("li", { class: "exam-setup__choice" }, [
            h("input", { type: "checkbox", id: lid, value: key, checked: on, "data-exam-lesson": key }),
            h("label", { for: lid, text: lesson.title + " (" + c.pool(bank, [key]).length + ")" })
          ]));
        });
        var details = h("details", { class: "exam-setup__lessons", open: some }, [
          h("summary", { text: "Only some lessons of " + t.title }), list
        ]);
        topics.appendChild(details);
        topicBox.indeterminate = some;
      });
      topics.addEventListener("change", syncTopicChoices);
      form.appendChild(topics);
      var n = link && link.n ? link.n : c.DEFAULT_COUNT;
      form.appendChild(h("p", { class: "exam-setup__field" }, [
        h("label", { for: "exam-count", text: "Number of questions " }),
        h("input", { type: "number", id: "exam-count", min: "1", max: String(bank.order.length), value: String(n),
          inputmode: "numeric", "data-exam-count": true, "aria-describedby": "exam-count-help" }),
        h("span", { id: "exam-count-help", class: "exam-setup__help", text: " All of them if the topics hold fewer." })
      ]));
      form.appendChild(h("div", { class: "exam-setup__choice" }, [
        h("input", { type: "checkbox", id: "exam-domains", checked: !link || link.proportional !== false,
          "data-exam-domains": true }),
        h("label", { for: "exam-domains", text: "Draw in the exam’s domain proportions" })
      ]));
    }
    form.appendChild(h("div", { class: "exam-setup__choice" }, [
      h("input", { type: "checkbox", id: "exam-timer", checked: !link || link.timer !== false, "data-exam-timer": true,
        "aria-describedby": "exam-timer-help" }),
      h("label", { for: "exam-timer", text: "Timed: two minutes per question" }),
      h("span", { id: "exam-timer-help", class: "exam-setup__help",
        text: " A timed exam submits itself when time runs out and cannot be paused; an untimed one can." })
    ]));
    if (!(link && link.ids)) {
      // A fixed set has its own order, so a seed would change nothing the learner can see: no field for it.
      form.appendChild(h("p", { class: "exam-setup__field" }, [
        h("label", { for: "exam-seed", text: "Seed (optional) " }),
        h("input", { type: "text", id: "exam-seed", inputmode: "numeric", autocomplete: "off",
          value: link && link.seed !== null ? String(link.seed) : "", "data-exam-seed": true,
          "aria-describedby": "exam-seed-help" }),
        h("span", { id: "exam-seed-help", class: "exam-setup__help",
          text: " A whole number, 0 or more: the same seed gives the same questions in the same order." })
      ]));
    }
    form.appendChild(h("p", {}, [
      h("button", { type: "submit", class: "md-button md-button--primary", "data-exam-start": true, text: "Start the exam" })
    ]));
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      startFromForm(form, link);
    });
    body.appendChild(form);
    var last = store().get(LAST);
    if (last && core().validSession(last, bank)) {
      body.appendChild(h("p", {}, [h("button", { type: "button", class: "md-button", "data-exam-show-last": true,
        text: "See your last result" })]));
      body.querySelector("[data-exam-show-last]").addEventListener("click", function () {
        showResults(core().validSession(last, bank), false);
      });
    }
    body.appendChild(historySection());
  }

  function syncTopicChoices(event) {
    // A topic's box stands for all its lessons: ticking it ticks them all; its lessons' boxes tick it when all are
    // ticked, and show it half-ticked (indeterminate) when some are.
    var box = event.target;
    var form = box.closest("form");
    if (box.hasAttribute("data-exam-topic")) {
      var topic = box.value;
      Array.prototype.forEach.call(form.querySelectorAll("[data-exam-lesson]"), function (l) {
        if (l.value.split("/")[0] === topic) l.checked = box.checked;
      });
      box.indeterminate = false;
    } else if (box.hasAttribute("data-exam-lesson")) {
      var owner = box.value.split("/")[0];
      var mine = Array.prototype.filter.call(form.querySelectorAll("[data-exam-lesson]"), function (l) {
        return l.value.split("/")[0] === owner;
      });
      var on = mine.filter(function (l) { return l.checked; }).length;
      var topicBox = form.querySelector('[data-exam-topic="' + owner + '"]');
      if (topicBox) {
        topicBox.checked = on === mine.length;
        topicBox.indeterminate = on > 0 && on < mine.length;
      }
    }
  }

  function chosenTopics(form) {
    // Whole topics by id, and the ticked lessons ("topic/lesson") of topics not ticked whole.
    var out = [];
    Array.prototype.forEach.call(form.querySelectorAll("[data-exam-topic]"), function (b) {
      if (b.checked) { out.push(b.value); return; }
      Array.prototype.forEach.call(form.querySelectorAll("[data-exam-lesson]"), function (l) {
        if (l.checked && l.value.split("/")[0] === b.value) out.push(l.value);
      });
    });
    return out;
  }

  function startFromForm(form, link) {
    var c = core();
    var topicBoxes = form.querySelectorAll("[data-exam-topic]");
    var topics = chosenTopics(form);
    var countInput = form.querySelector("[data-exam-count]");
    var domains = form.querySelector("[data-exam-domains]");
    var seedInput = form.querySelector("[data-exam-seed]");
    var seedText = seedInput ? seedInput.value.trim() : "";
    // A fixed set keeps the seed its link named (it orders the options), and otherwise none.
    var seed = seedInput ? c.parseSeed(seedText) : link && link.ids ? link.seed : null;
    var params = {
      ids: link && link.ids ? link.ids : null,
      topics: topicBoxes.length ? topics : null,
      n: countInput ? parseInt(countInput.value, 10) || c.DEFAULT_COUNT : null,
      seed: seed,
      timer: form.querySelector("[data-exam-timer]").checked,
      proportional: domains ? domains.checked : null
    };
    var problem = topicBoxes.length && !topics.length ? "Choose at least one topic."
      : seedText && seed === null ? "The seed “" + seedText.slice(0, 20) + "” cannot be used: " + c.seedProblem(seedText) +
        ". Leave it empty for a new random exam."
      : "";
    if (problem) {
      var help = form.querySelector("[data-exam-setup-error]") || form.appendChild(
        h("p", { class: "exam-setup__error", role: "alert", "data-exam-setup-error": true }));
      help.textContent = problem;
      (topicBoxes.length && !topics.length ? topicBoxes[0] : seedInput).focus();
      return;
    }
    start(c.plan(state.bank, params, {}, Math.random));
  }

  function start(plan) {
    state.session = core().createSession(plan, now());
    save();
    // The seed goes into the address, so this exact run can be repeated or shared.
    try { history.replaceState(history.state, "", location.pathname + plan.query + location.hash); } catch (error) { /* file:// in some browsers */ }
    var s = state.session;
    // The first question's content first (one small script), then the run view in one go: the click costs a draw.
    state.bank.load([s.ids[0]], function () {
      if (state && state.session === s) showStarted(s);
    });
  }

  function showStarted(s) {
    showRun();
    announce("Exam started: " + s.ids.length + " questions" + (s.timed ? ", " + core().spoken(s.limitMs) + "." : ", untimed."));
    // The first question's heading at the top of the screen (below the header and the clock bar), focused.
    var heading = state.root.querySelector("#exam-q-title");
    if (heading) {
      heading.scrollIntoView({ block: "start" });
      heading.focus({ preventScroll: true });
    }
  }

  /* ---------- the exam in progress ---------- */

  function showRun() {
    var body = setView("run");
    var s = state.session;
    // Every question of this exam fetched while the learner reads, ten at a time in idle moments (a few kB each):
    // moving between questions and the result then need no wait, and an exam started online still finishes if the
    // connection drops. Starting never waits for them.
    (function prefetch(from) {
      if (from >= s.ids.length) return;
      guide().browser.whenIdle(function () {
        if (!state || state.session !== s) return;
        state.bank.load(s.ids.slice(from, from + 10));
        prefetch(from + 10);
      });
    })(0);
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
    renderQuestion();
    renderGrid();
    tick();
    if (s.runningSince !== null || s.timed) state.timer = window.setInterval(tick, 1000);
    renderPause();
    remeasureSticky(); // the clock bar sticks under the header: focus and links must land below it
  }

  function remeasureSticky() {
    if (guide().sticky) guide().sticky.measure();
  }

  function renderQuestion() {
    var s = state.session;
    var bank = state.bank;
    var id = s.ids[s.current];
    var q = bank.questions[id];
    var number = s.current + 1;
    var panel = state.root.querySelector("[data-exam-panel]");
    panel.textContent = "";
    if (!bank.loaded(id)) {
      // Its content is still on its way: the heading holds its place (and focus), the question follows.
      panel.appendChild(h("article", { class: "exam-q", "data-exam-loading": id, "aria-labelledby": "exam-q-title" }, [
        h("h2", { id: "exam-q-title", class: "exam-q__title", tabindex: "-1", text: "Question " + number + " of " + s.ids.length }),
        h("p", { "data-exam-loading-text": true, text: "Loading the question…" })
      ]));
      bank.load([id], function (missing) {
        if (!state || state.session !== s || s.ids[s.current] !== id) return;
        if (missing.length) {
          panel.querySelector("[data-exam-loading-text]").textContent =
            "This question could not be loaded. Check the connection and reload the page: the exam resumes where you left it.";
          return;
        }
        var focused = document.activeElement && document.activeElement.id === "exam-q-title";
        renderQuestion();
        if (focused) state.root.querySelector("#exam-q-title").focus({ preventScroll: true });
      });
      renderProgress();
      return;
    }
    var multi = q.select > 1;
    var chosen = s.answers[id] || [];
    var article = h("article", { class: "exam-q", "data-exam-question": id, "aria-labelledby": "exam-q-title" });
    article.appendChild(h("h2", { id: "exam-q-title", class: "exam-q__title", tabindex: "-1",
      text: "Question " + number + " of " + s.ids.length }));
    // No topic or domain here: the real exam does not say, and the result does.
    article.appendChild(h("div", { class: "exam-q__stem", id: "exam-q-stem", html: q.stem }));
    var options = h("fieldset", { class: "exam-q__options", "aria-describedby": "exam-q-stem" }, [
      h("legend", { class: "exam-q__instruction", "data-exam-instruction": true, "aria-live": multi ? "polite" : null,
        text: guide().answerCore.choiceText(chosen.length, q.select) })
    ]);
    var listEl = h("ol", { class: "exam-q__list" });
    // In this exam's order (seeded by the exam and the question), lettered by position; each input's value stays the
    // bank's option index, which is what the session, grading and the learner's record keep.
    core().optionOrder(s.seed, id, q.options.length).forEach(function (i, position) {
      // The whole row is the label, as on the topic pages: a click anywhere on it chooses the option.
      var row = h("label", { class: "quiz-option exam-option" }, [
        h("input", { type: multi ? "checkbox" : "radio", name: "exam-answer", value: String(i),
          checked: chosen.indexOf(i) !== -1, "data-exam-input": true })
      ]);
      row.insertAdjacentHTML("beforeend", core().letter(position) + ". " + q.options[i].text);
      listEl.appendChild(h("li", { "data-exam-option": String(i), "data-exam-letter": core().letter(position) }, [row]));
    });
    options.appendChild(listEl);
    article.appendChild(options);
    var confidence = h("fieldset", { class: "exam-q__confidence", "data-exam-confidence": true }, [
      h("legend", { text: "How sure are you? (optional)" })
    ]);
    core().CONFIDENCE.forEach(function (level) {
      var cid = "exam-conf-" + level;
      confidence.appendChild(h("span", { class: "exam-q__conf-choice" }, [
        h("input", { type: "radio", name: "exam-confidence", id: cid, value: level, checked: s.confidence[id] === level,
          "data-exam-confidence-input": level }),
        h("label", { for: cid, text: level.charAt(0).toUpperCase() + level.slice(1) })
      ]));
    });
    article.appendChild(confidence);
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
    renderProgress();
  }

  function renderProgress() {
    // "answered" counts complete answers only: a "choose two" question with one tick is not done.
    var s = state.session;
    var p = core().pending(s, state.bank);
    var progress = state.root.querySelector("[data-exam-progress]");
    var done = s.ids.length - p.unanswered.length - p.incomplete.length;
    if (progress) {
      progress.textContent = done + " of " + s.ids.length + " answered" +
        (p.incomplete.length ? ", " + p.incomplete.length + " incomplete" : "");
    }
  }

  function renderGrid() {
    var s = state.session;
    Array.prototype.forEach.call(state.root.querySelectorAll("[data-exam-id]"), function (button, i) {
      var id = button.getAttribute("data-exam-id");
      var st = core().answerState(s, state.bank, id);
      var label = st === "complete" ? "answered" : st === "incomplete" ? "incomplete" : "unanswered";
      var flagged = !!s.flags[id];
      button.setAttribute("data-state", label);
      if (flagged) button.setAttribute("data-flagged", ""); else button.removeAttribute("data-flagged");
      if (i === s.current) button.setAttribute("aria-current", "step"); else button.removeAttribute("aria-current");
      button.textContent = (flagged ? "⚑ " : "") + (i + 1);
      button.setAttribute("aria-label", "Question " + (i + 1) + ": " + label + (flagged ? ", flagged" : ""));
    });
    renderProgress();
  }

  function renderPause() {
    var button = state.root.querySelector("[data-exam-pause]");
    if (!button) return;
    var paused = state.session.runningSince === null;
    button.setAttribute("aria-pressed", paused ? "true" : "false");
    button.textContent = paused ? "Resume the clock" : "Pause";
  }

  function tick() {
    if (!state || !state.session || state.session.submittedAt) return;
    if (!state.root.isConnected) { unmount(); return; } // navigated away before the page event arrived
    var c = core();
    var s = state.session;
    var t = now();
    state.lastTickAt = t;
    var clockEl = state.root.querySelector("[data-exam-clock]");
    if (s.timed) {
      var left = c.remaining(s, t);
      if (clockEl) clockEl.textContent = c.clock(left);
      renderTimeLevel(c.timeLevel(left));
      var message = c.announcement(s.limitMs, state.lastRemaining, left);
      if (message) announce(message);
      state.lastRemaining = left;
      if (left <= 0) { submit(true); return; }
    } else if (clockEl) {
      clockEl.textContent = c.clock(c.elapsed(s, t));
    }
    state.ticks = (state.ticks || 0) + 1;
    if (state.ticks % SAVE_EVERY === 0) checkpoint();
  }

  function renderTimeLevel(level) {
    // The bar's look at 5 minutes and at 1 minute left: data-exam-time for the styles, and a word beside the clock, so
    // it is not told by colour alone.
    var bar = state.root.querySelector("[data-exam-bar]");
    if (!bar || (bar.getAttribute("data-exam-time") || "") === level) return;
    if (level) bar.setAttribute("data-exam-time", level); else bar.removeAttribute("data-exam-time");
    var note = bar.querySelector("[data-exam-time-note]");
    if (note) note.textContent = level === "last" ? "last minute" : level === "low" ? "under 5 minutes" : "";
  }

  function goTo(index) {
    state.session = core().goTo(state.session, index);
    save();
    renderQuestion();
    renderGrid();
    focusHeading("#exam-q-title");
  }

  function onRunClick(event) {
    var t = event.target.closest ? event.target.closest("button") : null;
    if (!t || !state || !state.session || state.root.getAttribute("data-exam-view") !== "run") return;
    var s = state.session;
    var id = s.ids[s.current];
    if (t.hasAttribute("data-exam-prev")) goTo(s.current - 1);
    else if (t.hasAttribute("data-exam-next")) goTo(s.current + 1);
    else if (t.hasAttribute("data-exam-goto")) goTo(parseInt(t.getAttribute("data-exam-goto"), 10));
    else if (t.hasAttribute("data-exam-flag")) {
      state.session = core().setFlag(s, id, !s.flags[id]);
      save();
      var flagged = !!state.session.flags[id];
      t.setAttribute("aria-pressed", flagged ? "true" : "false");
      t.textContent = flagged ? "⚑ Flagged for review" : "Flag for review";
      renderGrid();
    } else if (t.hasAttribute("data-exam-pause")) {
      state.session = core().setPaused(s, s.runningSince !== null, now());
      save();
      stopTimer();
      if (state.session.runningSince !== null) state.timer = window.setInterval(tick, 1000);
      renderPause();
      tick();
      announce(state.session.runningSince === null ? "Clock paused." : "Clock running.");
    } else if (t.hasAttribute("data-exam-submit")) {
      var warning = core().submitWarning(s, state.bank);
      confirmPanel("Submit your answers?", warning || "Every question is answered and none is flagged.",
        "Submit now", "data-exam-confirm-submit", function () { submit(false); });
    } else if (t.hasAttribute("data-exam-abandon")) {
      confirmPanel("Abandon this exam?", "Its answers are discarded and nothing is recorded.", "Abandon",
        "data-exam-confirm-abandon", abandon);
    }
  }

  function confirmPanel(title, text, yes, marker, onYes) {
    var panel = state.root.querySelector("[data-exam-confirm]");
    panel.textContent = "";
    var yesAttrs = { type: "button", class: "md-button md-button--primary", text: yes };
    yesAttrs[marker] = true;
    panel.appendChild(h("h2", { id: "exam-confirm-title", tabindex: "-1", text: title }));
    panel.appendChild(h("p", { "data-exam-warning": true, text: text }));
    var yesButton = h("button", yesAttrs);
    var noButton = h("button", { type: "button", class: "md-button", text: "Keep working" });
    panel.appendChild(h("p", {}, [yesButton, " ", noButton]));
    panel.hidden = false;
    yesButton.addEventListener("click", onYes);
    noButton.addEventListener("click", function () {
      panel.hidden = true;
      panel.textContent = "";
      var submitButton = state.root.querySelector("[data-exam-submit]");
      if (submitButton) submitButton.focus();
    });
    panel.querySelector("h2").focus();
  }

  function abandon() {
    stopTimer();
    state.session = null;
    store().set(CURRENT, null);
    showSetup(state.link);
    focusHeading("#exam-setup-title");
  }

  function onRunChange(event) {
    if (!state || !state.session || state.root.getAttribute("data-exam-view") !== "run") return;
    var target = event.target;
    var s = state.session;
    var id = s.ids[s.current];
    if (target.hasAttribute("data-exam-input")) {
      var selected = Array.prototype.filter.call(state.root.querySelectorAll("[data-exam-input]"), function (i) {
        return i.checked;
      }).map(function (i) { return parseInt(i.value, 10); });
      state.session = core().answer(s, id, selected);
      save();
      renderGrid();
      var instruction = state.root.querySelector("[data-exam-instruction]");
      var q = state.bank.questions[id];
      if (instruction) instruction.textContent = guide().answerCore.choiceText(selected.length, q.select);
    } else if (target.hasAttribute("data-exam-confidence-input")) {
      state.session = core().setConfidence(s, id, target.value);
      save();
    }
  }

  function submit(timeUp) {
    var c = core();
    var t = now();
    stopTimer();
    var s = c.checkpoint(state.session, t);
    s.runningSince = null;
    s.submittedAt = t;
    s.expired = !!timeUp;
    var result = c.score(s, state.bank, t);
    // Every answer also counts as an attempt on that question, so progress and review see the exam too.
    result.items.forEach(function (item) {
      if (!item.answered) return;
      store().recordAttempt(item.id, { selected: item.selected, correct: item.correct, at: t,
        confidence: item.confidence, source: "exam", topic: item.topic });
    });
    store().set(HISTORY, c.addToHistory(store().get(HISTORY), c.historyEntry(result, s, t)));
    store().set(LAST, s);
    store().set(CURRENT, null);
    state.session = null;
    showResults(s, timeUp);
  }

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
      tbody.appendChild(h("tr", { "data-correct": String(g.correct), "data-total": String(g.total) }, [
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
    var options = h("ol", { class: "exam-review__options" });
    // In the order and with the letters the learner saw in the exam.
    item.order.forEach(function (i, position) {
      var option = q.options[i];
      var mine = item.selected.indexOf(i) !== -1;
      var right = q.key.indexOf(i) !== -1;
      var tags = [];
      if (mine) tags.push("Your answer");
      if (right) tags.push("Correct answer");
      options.appendChild(h("li", { class: "exam-review__option" + (right ? " is-key" : "") + (mine ? " is-mine" : ""),
        "data-exam-review-option": String(i), "data-exam-letter": c.letter(position) }, [
        h("p", { class: "exam-review__option-text", html: "<strong>" + c.letter(position) + ".</strong> " + option.text }),
        tags.length ? h("p", { class: "exam-review__tags", text: tags.join(" · ") }) : null,
        h("div", { class: "exam-review__why", html: option.explanation })
      ]));
    });
    li.appendChild(options);
    var refs = h("p", { class: "exam-review__refs" }, [h("span", { text: "Sources: " })]);
    q.references.forEach(function (ref, i) {
      if (i) refs.appendChild(document.createTextNode("; "));
      var a = h("a", { rel: "noopener", text: ref.title });
      a.href = ref.url;
      refs.appendChild(a);
    });
    li.appendChild(refs);
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
    state.pendingResult = session;
    state.bank.load(session.ids, function (missing) {
      // Unless the learner has moved on meanwhile (another view was shown, or the page was left).
      if (state && state.pendingResult === session) renderResults(session, timeUp, missing);
    });
  }

  function renderResults(session, timeUp, missing) {
    var c = core();
    var bank = state.bank;
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
      try { history.replaceState(history.state, "", location.pathname); } catch (error) { /* ignore */ }
      showSetup(null);
      focusHeading("#exam-setup-title");
    });
    focusHeading("#exam-result-title");
  }

  /* ---------- mounting ---------- */

  function unmount() {
    if (!state) return;
    if (state.session) {
      // Left by instant navigation: keep the time that was left. Once the exam is off the page, count only up to the
      // last tick it was seen on, however late the navigation is noticed.
      var at = state.root.isConnected ? now() : state.lastTickAt || now();
      state.session = core().checkpoint(state.session, at);
      save();
    }
    stopTimer();
    state = null;
  }

  function mount(root) {
    var bank = guide().bank;
    var c = core();
    var s = store();
    h = guide().dom ? guide().dom.h : null;
    if (!h) {
      // No element helper: the same notice as below, built by hand.
      var box = document.createElement("div");
      box.className = "admonition failure";
      box.setAttribute("data-exam-notice", "failure");
      box.appendChild(document.createElement("p")).textContent = FAILED;
      root.textContent = "";
      root.appendChild(box);
      return;
    }
    state = { root: root, bank: bank, session: null, timer: null, ticks: 0, lastRemaining: null };
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
    var params = c.parseParams(location.search, bank);
    if (params.unknownIds.length) {
      notice("Not in the question bank, so left out: " + params.unknownIds.join(", ") + ".");
    }
    if (params.unknownTopics.length) {
      notice("Unknown topic" + (params.unknownTopics.length === 1 ? "" : "s") + ", left out: " +
        params.unknownTopics.join(", ") + ".");
    }
    if (params.problems.length) notice("Not used from this link: " + params.problems.join("; ") + ". The rest of it works.");
    if (params.ids && !params.ids.length) params.ids = null;
    state.link = params.any ? params : null; // kept so that abandoning an exam comes back to the linked set-up
    var saved = c.validSession(s.get(CURRENT), bank);
    if (saved && !saved.submittedAt) {
      if (state.link && !c.sameExam(saved, state.link, bank)) {
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
    state.session = c.resumed(saved, now());
    if (state.session.timed && c.remaining(state.session, now()) <= 0) { submit(true); return; }
    save();
    notice("Your exam in progress was resumed where you left it.", "info");
    showRun();
    var left = c.remaining(state.session, now());
    announce("Exam resumed at question " + (state.session.current + 1) +
      (left !== null ? ", " + c.spoken(left) + " left." : "."));
  }

  function describeSession(saved) {
    var c = core();
    var answered = c.pending(saved, state.bank);
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
      try { history.replaceState(history.state, "", location.pathname + (saved.query || "") + location.hash); } catch (error) { /* file:// */ }
      resume(saved);
    });
    body.querySelector("[data-exam-choice-link]").addEventListener("click", function () {
      store().set(CURRENT, null);
      showSetup(state.link);
      focusHeading("#exam-setup-title");
    });
    focusHeading("#exam-choice-title");
  }

  // Listeners live on the document, which survives Material's instant navigation; they act only on the exam page.
  document.addEventListener("click", function (event) { if (state) onRunClick(event); });
  document.addEventListener("change", function (event) { if (state) onRunChange(event); });
  // Closing the tab, reloading or switching away: store the clock now rather than up to SAVE_EVERY seconds ago.
  window.addEventListener("pagehide", checkpoint);
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") checkpoint(); });

  // The practice page's [data-exam] (base/boot.js); leaving it by instant navigation unmounts it, keeping the clock.
  window.llmGuide.boot.component("exam", "[data-exam]", function (root) {
    mount(root);
    return { unmount: unmount };
  });
})();
