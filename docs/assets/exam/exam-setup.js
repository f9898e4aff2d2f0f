/*
 * The practice exam's set-up form: topics with their lessons, count, timer, proportions, seed; it starts the exam.
 * Part of the practice exam page; see exam.js for the contract with the page and the tests.
 */
(function () {
  "use strict";

  var E = window.llmGuide.exam;
  var LAST = E.LAST;
  // The other parts of the exam page, looked up when called (exam-view.js loads first).
  function core() { return E.core.apply(null, arguments); }
  function guide() { return E.guide.apply(null, arguments); }
  function h() { return E.h.apply(null, arguments); }
  function prebuild() { return E.prebuild.apply(null, arguments); }
  function historySection() { return E.historySection.apply(null, arguments); }
  function setView() { return E.setView.apply(null, arguments); }
  function showResults() { return E.showResults.apply(null, arguments); }
  function start() { return E.start.apply(null, arguments); }
  function store() { return E.store.apply(null, arguments); }

  /* ---------- set-up ---------- */

  function showSetup(params) {
    var bank = E.state.bank;
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
      if (link && link.objectives) {
        // A link that names objectives draws only their questions, from the topics ticked above.
        var named = (bank.objectives || []).filter(function (o) { return link.objectives.indexOf(o.id) !== -1; });
        form.appendChild(h("div", { class: "exam-setup__objectives", "data-exam-objectives": link.objectives.join(",") }, [
          h("p", { text: "Only questions that train " + (named.length === 1 ? "this objective" : "these objectives") +
            " of the exam’s study guide (" + c.pool(bank, null, link.objectives).length + " questions):" }),
          h("ul", {}, named.map(function (o) { return h("li", { text: o.id + " " + o.title }); }))
        ]));
      }
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
    form.addEventListener("input", function () { prepare(form, link); });
    form.addEventListener("change", function () { prepare(form, link); });
    body.appendChild(form);
    prepare(form, link);
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

  function readForm(form, link) {
    // The exam the form describes now (params for examCore.plan), or the problem that stops it. No side effects: the
    // idle preparation below reads it too.
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
      objectives: link && link.objectives ? link.objectives : null,
      n: countInput ? parseInt(countInput.value, 10) || c.DEFAULT_COUNT : null,
      seed: seed,
      timer: form.querySelector("[data-exam-timer]").checked,
      proportional: domains ? domains.checked : null
    };
    var noTopic = topicBoxes.length && !topics.length;
    var problem = noTopic ? "Choose at least one topic."
      : seedText && seed === null ? "The seed “" + seedText.slice(0, 20) + "” cannot be used: " + c.seedProblem(seedText) +
        ". Leave it empty for a new random exam."
      : "";
    return { params: params, problem: problem, focus: noTopic ? topicBoxes[0] : seedInput };
  }

  function prepare(form, link) {
    // Drawing a few dozen questions from thousands, and building the page that shows them, cost milliseconds the
    // learner would wait through after Start: the exam the form describes is drawn while they read it, in idle time,
    // again after each change; its first question is loaded and its run view built off the page in another idle
    // moment. Start takes them when the form still says the same (an empty seed's random one was simply picked a
    // moment earlier). One draw waits at a time: it reads the form when it runs, so a burst of typing draws once.
    if (form.__drawQueued) return;
    form.__drawQueued = true;
    guide().browser.whenIdle(function () {
      form.__drawQueued = false;
      if (!form.isConnected || !E.state) return;
      var f = readForm(form, link);
      var ready = f.problem ? null
        : { key: JSON.stringify(f.params), plan: core().plan(E.state.bank, f.params, {}, Math.random), built: null };
      form.__prepared = ready;
      if (!ready || !ready.plan.ids.length) return;
      E.state.bank.load([ready.plan.ids[0]], function () {
        guide().browser.whenIdle(function () {
          if (form.__prepared === ready && form.isConnected && E.state && !E.state.session) {
            ready.built = prebuild(ready.plan);
          }
        });
      });
    });
  }

  function startFromForm(form, link) {
    var f = readForm(form, link);
    if (f.problem) {
      var help = form.querySelector("[data-exam-setup-error]") || form.appendChild(
        h("p", { class: "exam-setup__error", role: "alert", "data-exam-setup-error": true }));
      help.textContent = f.problem;
      f.focus.focus();
      return;
    }
    var ready = form.__prepared;
    if (ready && ready.key === JSON.stringify(f.params)) start(ready.plan, ready.built);
    else start(core().plan(E.state.bank, f.params, {}, Math.random));
  }

  E.showSetup = showSetup;
  E.syncTopicChoices = syncTopicChoices;
  E.chosenTopics = chosenTopics;
  E.startFromForm = startFromForm;
})();
