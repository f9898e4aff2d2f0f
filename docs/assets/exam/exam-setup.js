// @ts-check
/*
 * The practice exam's set-up view: topics with their lessons, count, timer, proportions, seed; Start asks
 * ctx.actions.start. Draws from the context exam.js hands it; calls no other view.
 *
 *   llmGuide.examViews.setup = {
 *     build(ctx, into, link)   the form into `into` (link: the address's parsed settings, or null), and "See your last
 *                              result" when there is one
 *     onChange(ctx, event), onInput(ctx, event), onSubmit(ctx, event), onClick(ctx, event)
 *   }
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || /** @type {LlmGuide} */ ({}));
  var views = (guide.examViews = guide.examViews || /** @type {ExamViews} */ ({}));
  // Per form: the link it was built for, and whether a draw is waiting (prepare). Goes with the form. The exam drawn
  // ahead is the form's own __prepared, which the browser tests read to know what the set-up loaded.
  var forms = new WeakMap();

  function build(/** @type {ExamContext} */ ctx, body, params) {
    var h = ctx.dom.h;
    var bank = ctx.bank;
    var c = ctx.core;
    var link = params && params.any ? params : null;
    var form = /** @type {ExamSetupForm} */ (h("form", { class: "exam-setup", "data-exam-setup": true, "aria-labelledby": "exam-setup-title" }));
    form.appendChild(h("h2", { id: "exam-setup-title", text: "Set up your exam" }));
    // On a phone the first screen holds what starts an exam: the quick starts, the count, the timer with the clock
    // rule, and Start. The topic and lesson filters and the seed are folded below it (open when a link set them).
    var filters = null;
    var quick = null;
    if (link && link.ids) {
      form.appendChild(h("p", { "data-exam-fixed-set": String(link.ids.length),
        text: "This link holds " + link.ids.length + " chosen question" + (link.ids.length === 1 ? "" : "s") +
          ", in a fixed order." }));
    } else {
      quick = h("div", { class: "exam-setup__quick", role: "group", "aria-labelledby": "exam-quick-title" }, [
        h("p", { id: "exam-quick-title", class: "exam-setup__quick-title",
          text: "Start at once, timed, in the exam’s domain proportions:" })
      ].concat(c.QUICK_COUNTS.map(function (count, i) {
        var full = i === c.QUICK_COUNTS.length - 1;
        // The words shown are the button's whole name (no aria-label that would say something else).
        return h("button", { type: "button", class: "md-button" + (i === 0 ? " md-button--primary" : ""),
          "data-exam-quick": String(count),
          text: (full ? "Full: " : "") + count + " questions, " + Math.round(count * c.PER_QUESTION_MS / 60000) + " min" });
      })));
      form.appendChild(quick);
      var topics = h("fieldset", { class: "exam-setup__topics" }, [h("legend", { text: "Topics" })]);
      var narrowed = false;
      bank.topics.forEach(function (t) {
        var id = "exam-topic-" + t.id;
        var whole = !link || !link.topics || link.topics.indexOf(t.id) !== -1;
        narrowed = narrowed || !whole;
        var count = c.pool(bank, [t.id]).length;
        var topicBox = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: id, value: t.id, checked: whole, "data-exam-topic": t.id }));
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
      filters = h("details", { class: "exam-setup__filters", "data-exam-filters": true,
        open: narrowed || !!(link && (link.objectives || link.seed !== null)) }, [
        h("summary", { text: "Topics, lessons and seed" }), topics
      ]);
      if (link && link.objectives) {
        // A link that names objectives draws only their questions, from the topics ticked above.
        var named = (bank.objectives || []).filter(function (o) { return link.objectives.indexOf(o.id) !== -1; });
        form.appendChild(h("div", { class: "exam-setup__objectives", "data-exam-objectives": link.objectives.join(",") }, [
          h("p", { text: "Only questions that train " + (named.length === 1 ? "this objective" : "these objectives") +
            " of the exam’s study guide (" + c.pool(bank, null, link.objectives).length + " questions):" }),
          h("ul", {}, named.map(function (o) { return h("li", { text: o.id + " " + o.title }); }))
        ]));
      }
      if (link && link.domainIds) {
        // A link that names domains (readiness's "Practise this domain") draws only their questions.
        var domains = bank.domains.filter(function (d) { return link.domainIds.indexOf(d.id) !== -1; });
        form.appendChild(h("p", { class: "exam-setup__objectives", "data-exam-domain": link.domainIds.join(","),
          text: "Only questions of " + domains.map(function (d) { return d.title; }).join(", ") + " (" +
            c.pool(bank, null, link.objectives, link.domainIds).length + " questions)." }));
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
      h("span", { id: "exam-timer-help", class: "exam-setup__help", "data-exam-clock-rule": true,
        text: " It submits itself when time runs out; an untimed exam can be paused. " + c.CLOCK_RULE })
    ]));
    form.appendChild(h("p", {}, [
      h("button", { type: "submit", class: "md-button md-button--primary", "data-exam-start": true, text: "Start the exam" })
    ]));
    if (filters) {
      // A fixed set has its own order, so a seed would change nothing the learner can see: no field for it.
      filters.appendChild(h("p", { class: "exam-setup__field" }, [
        h("label", { for: "exam-seed", text: "Seed (optional) " }),
        h("input", { type: "text", id: "exam-seed", inputmode: "numeric", autocomplete: "off",
          value: link && link.seed !== null ? String(link.seed) : "", "data-exam-seed": true,
          "aria-describedby": "exam-seed-help" }),
        h("span", { id: "exam-seed-help", class: "exam-setup__help",
          text: " A whole number, 0 or more: the same seed gives the same questions in the same order." })
      ]));
      form.appendChild(filters);
    }
    forms.set(form, { link: link, queued: false });
    body.appendChild(form);
    prepare(ctx, form);
    var last = ctx.core.validSession(ctx.store.get(ctx.storeCore.DOCS.examLast), bank);
    if (last) {
      body.appendChild(h("p", {}, [h("button", { type: "button", class: "md-button", "data-exam-show-last": true,
        text: "See your last result" })]));
    }
  }

  function syncTopicChoices(box) {
    // A topic's box stands for all its lessons: ticking it ticks them all; its lessons' boxes tick it when all are
    // ticked, and show it half-ticked (indeterminate) when some are.
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

  function readForm(/** @type {ExamContext} */ ctx, form) {
    // The exam the form describes now (params for examCore.plan), or the problem that stops it. No side effects: the
    // idle preparation below reads it too.
    var c = ctx.core;
    var link = forms.get(form).link;
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
      domainIds: link && link.domainIds ? link.domainIds : null,
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

  function prepare(/** @type {ExamContext} */ ctx, /** @type {ExamSetupForm} */ form) {
    // Drawing a few dozen questions from thousands, and building the page that shows them, cost milliseconds the
    // learner would wait through after Start: the exam the form describes is drawn while they read it, in idle time,
    // again after each change; its first question is loaded and its run view built off the page in another idle
    // moment. Start takes them when the form still says the same (an empty seed's random one was simply picked a
    // moment earlier). One draw waits at a time: it reads the form when it runs, so a burst of typing draws once.
    var data = forms.get(form);
    if (data.queued) return;
    data.queued = true;
    ctx.browser.whenIdle(function () {
      data.queued = false;
      if (!form.isConnected || ctx.state.session) return;
      var f = readForm(ctx, form);
      var ready = f.problem ? null
        : { key: JSON.stringify(f.params), plan: ctx.core.plan(ctx.bank, f.params, {}, Math.random), built: null };
      form.__prepared = ready;
      if (!ready || !ready.plan.ids.length) return;
      ctx.bank.load([ready.plan.ids[0]], function () {
        ctx.browser.whenIdle(function () {
          if (form.__prepared === ready && form.isConnected && !ctx.state.session) ready.built = ctx.actions.prebuild(ready.plan);
        });
      });
    });
  }

  function onChange(/** @type {ExamContext} */ ctx, event) {
    var form = event.target.closest("[data-exam-setup]");
    if (!form) return;
    if (event.target.closest(".exam-setup__topics")) syncTopicChoices(event.target);
    prepare(ctx, form);
  }

  function onInput(/** @type {ExamContext} */ ctx, event) {
    var form = event.target.closest("[data-exam-setup]");
    if (form) prepare(ctx, form);
  }

  function onSubmit(/** @type {ExamContext} */ ctx, event) {
    var form = /** @type {ExamSetupForm | null} */ (event.target.closest("[data-exam-setup]"));
    if (!form) return;
    event.preventDefault();
    var f = readForm(ctx, form);
    if (f.problem) {
      var help = form.querySelector("[data-exam-setup-error]") || form.appendChild(
        ctx.dom.h("p", { class: "exam-setup__error", role: "alert", "data-exam-setup-error": true }));
      help.textContent = f.problem;
      var folded = f.focus && f.focus.closest("details");
      if (folded) folded.open = true; // the field at fault may sit in the folded filters
      f.focus.focus();
      return;
    }
    var ready = form.__prepared;
    if (ready && ready.key === JSON.stringify(f.params)) ctx.actions.start(ready.plan, ready.built);
    else ctx.actions.start(ctx.core.plan(ctx.bank, f.params, {}, Math.random));
  }

  function onClick(/** @type {ExamContext} */ ctx, event) {
    var quick = event.target.closest("[data-exam-quick]");
    if (quick) {
      // One tap: that many questions, timed, in the domain proportions, from the topics chosen (all, unless changed).
      var form = /** @type {HTMLFormElement} */ (quick.closest("[data-exam-setup]"));
      /** @type {HTMLInputElement} */ (form.querySelector("[data-exam-count]")).value = quick.getAttribute("data-exam-quick");
      /** @type {HTMLInputElement} */ (form.querySelector("[data-exam-domains]")).checked = true;
      /** @type {HTMLInputElement} */ (form.querySelector("[data-exam-timer]")).checked = true;
      form.requestSubmit();
      return;
    }
    if (!event.target.closest("[data-exam-show-last]")) return;
    var last = ctx.core.validSession(ctx.store.get(ctx.storeCore.DOCS.examLast), ctx.bank);
    if (last) ctx.actions.results(last, false);
  }

  views.setup = { build: build, onChange: onChange, onInput: onInput, onSubmit: onSubmit, onClick: onClick };
})();
