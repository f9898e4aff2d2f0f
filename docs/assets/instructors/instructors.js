// @ts-check
/*
 * The link builder on the instructors page (docs/instructors.md): a form that makes a practice-exam link from topics,
 * count, seed and timer, or from chosen question ids, with a copy button. The query string comes from
 * llmGuide.examCore.buildQuery, the same function family that reads it back on the exam page.
 *
 * Contract: [data-instructors-builder] mount point; [data-instructors-practice] a link to the exam page (its href is the base, so
 * it is right online and offline); it adds [data-instructors-mode], [data-instructors-topic], [data-instructors-objective=<id>],
 * [data-instructors-count], [data-instructors-count-note] (a count above what the questions chosen hold, lowered),
 * [data-instructors-seed] (drawn questions only: a chosen set's link has no seed), [data-instructors-seed-error],
 * [data-instructors-timer], [data-instructors-domains], [data-instructors-ids], [data-instructors-pick=<id>], [data-instructors-picked=<n>] (the
 * live count of chosen questions), [data-instructors-unknown] (typed ids not in the bank, named and left out of the link),
 * [data-instructors-output], [data-instructors-where] (in the offline copy: whose address the link is), [data-instructors-copy],
 * [data-instructors-status], [data-instructors-open]; the mount point's data-instructors-published is the published site, if known.
 * Embeds: [data-instructors-embed] a link to the embed page (its base); the builder adds [data-instructors-embed-lesson],
 * [data-instructors-embed-palette], [data-instructors-embed-output] (the embed link), [data-instructors-embed-snippet]
 * (the frame to paste), [data-instructors-embed-copy], [data-instructors-embed-status]. [data-instructors-example]
 * holders (their title) each get a frame of the embed page from their link, sized by the height it posts.
 */
(function () {
  "use strict";

  /** A form control the builder reads, by its data-instructors-* selector. */
  function control(/** @type {ParentNode} */ form, /** @type {string} */ selector) {
    return /** @type {HTMLInputElement} */ (form.querySelector(selector));
  }

  // llmGuide.dom.h (assets/base/dom.js, loaded before this script), read when mounting: if that file failed to load,
  // the page keeps its "needs JavaScript" notice, as when its other scripts are missing, instead of throwing here.
  var h = null;

  function field(id, label, input, help) {
    input.id = id;
    return h("p", { class: "links-form__field" }, [h("label", { for: id, text: label + " " }), input,
      help ? h("span", { class: "exam-setup__help", text: " " + help }) : null]);
  }

  function check(id, label, attrs) {
    attrs.type = "checkbox";
    attrs.id = id;
    return h("div", { class: "exam-setup__choice" }, [h("input", attrs), h("label", { for: id, text: label })]);
  }

  function modeChoice() {
    var mode = h("fieldset", {}, [h("legend", { text: "What the exam holds" })]);
    [["draw", "Questions drawn from topics"], ["ids", "Questions I choose, in my order"]].forEach(function (m, i) {
      mode.appendChild(h("div", { class: "exam-setup__choice" }, [
        h("input", { type: "radio", name: "links-mode", id: "links-mode-" + m[0], value: m[0], checked: i === 0,
          "data-instructors-mode": m[0] }),
        h("label", { for: "links-mode-" + m[0], text: m[1] })
      ]));
    });
    return mode;
  }

  function drawFields(bank, core) {
    // Questions drawn from topics: which topics, how many, in the exam's proportions, and the seed. A seed only
    // matters for drawn questions: a chosen set keeps the given order, so it has no seed field and its link no seed.
    var draw = h("div", { "data-instructors-draw": true });
    var topics = h("fieldset", {}, [h("legend", { text: "Topics (none ticked: all)" })]);
    bank.topics.forEach(function (t) {
      topics.appendChild(check("links-topic-" + t.id, t.title, { value: t.id, "data-instructors-topic": t.id }));
    });
    draw.appendChild(topics);
    // Or only the questions that train some of the study guide's objectives, listed by domain (45 in all: folded).
    var objectives = h("details", { class: "links-form__objectives" }, [
      h("summary", { text: "Only some of the exam’s objectives (none ticked: all)" })
    ]);
    (bank.domains || []).forEach(function (d) {
      var group = h("fieldset", {}, [h("legend", { text: d.title })]);
      (bank.objectives || []).filter(function (o) { return o.domain === d.id; }).forEach(function (o) {
        group.appendChild(check("links-objective-" + o.id.replace(".", "-"), o.id + " " + o.title,
          { value: o.id, "data-instructors-objective": o.id }));
      });
      objectives.appendChild(group);
    });
    draw.appendChild(objectives);
    draw.appendChild(field("links-count", "Number of questions",
      h("input", { type: "number", min: "1", max: String(bank.order.length), value: String(core.DEFAULT_COUNT), "data-instructors-count": true })));
    draw.appendChild(h("p", { class: "exam-setup__error", "data-instructors-count-note": true, hidden: true }));
    draw.appendChild(check("links-domains", "Draw in the exam’s domain proportions", { checked: true, "data-instructors-domains": true }));
    draw.appendChild(field("links-seed", "Seed", h("input", { type: "text", inputmode: "numeric", autocomplete: "off",
      value: String(core.newSeed(Math.random)), "data-instructors-seed": true }), "Same seed, same questions in the same order for everyone. Empty: each student gets their own."));
    draw.appendChild(h("p", { class: "exam-setup__error", "data-instructors-seed-error": true, hidden: true }));
    return draw;
  }

  function pickFields(bank) {
    // Questions chosen by id, typed or ticked in lists by topic.
    var pick = h("div", { "data-instructors-choose": true, hidden: true });
    pick.appendChild(field("links-ids", "Question ids, in order, separated by commas",
      h("input", { type: "text", autocomplete: "off", spellcheck: "false", "data-instructors-ids": true, size: "40",
        "aria-describedby": "links-picked links-unknown" }),
      "Tick questions below to add them at the end, or type ids."));
    // How many questions the link holds, as they are ticked or typed; and any typed id the bank does not have.
    pick.appendChild(h("p", { id: "links-picked", class: "links-form__count", "aria-live": "polite", "data-instructors-picked": "0" }));
    pick.appendChild(h("p", { id: "links-unknown", class: "admonition warning links-form__unknown", "data-instructors-unknown": true,
      hidden: true }));
    bank.topics.forEach(function (t) {
      var details = h("details", { class: "links-form__topic" }, [h("summary", { text: t.title })]);
      var list = h("ul", { class: "links-form__questions" });
      bank.order.filter(function (id) { return bank.questions[id].topic === t.id; }).forEach(function (id) {
        // Titles come from assets/generated/bank/titles.js: this page lists every question, the others load few.
        var titles = window.llmGuide.bankTitles || {};
        var title = Object.prototype.hasOwnProperty.call(titles, id) ? titles[id] : ""; // "constructor" is an id, not Object's
        list.appendChild(h("li", {}, [check("links-pick-" + id, (title ? title + " " : "") + "(" + id + ")",
          { value: id, "data-instructors-pick": id })]));
      });
      details.appendChild(list);
      pick.appendChild(details);
    });
    return pick;
  }

  function outputFields(form) {
    form.appendChild(field("links-output", "Link", h("input", { type: "url", readonly: true, "data-instructors-output": true, size: "50" })));
    form.appendChild(h("p", { class: "exam-setup__help", "data-instructors-where": true }));
    form.appendChild(h("p", {}, [
      h("button", { type: "button", class: "md-button md-button--primary", "data-instructors-copy": true, text: "Copy link" }),
      " ", h("a", { "data-instructors-open": true, text: "Open it" }), " ", h("span", { role: "status", "data-instructors-status": true })
    ]));
  }

  function embedFields(form, bank) {
    // The same choice as a frame for a course page (docs/embed.md): a lesson, or the questions chosen above.
    var section = h("fieldset", { class: "links-form__embed" }, [h("legend", { text: "Embed in a course page" })]);
    var lessons = h("select", { "data-instructors-embed-lesson": true }, [
      h("option", { value: "", text: "The questions I chose above" })
    ]);
    bank.topics.forEach(function (t) {
      var group = h("optgroup", { label: t.title });
      (t.lessons || []).forEach(function (l) {
        group.appendChild(h("option", { value: t.id + "/" + l.id, text: l.title }));
      });
      lessons.appendChild(group);
    });
    section.appendChild(field("links-embed-lesson", "What the frame shows", lessons));
    var palette = h("select", { "data-instructors-embed-palette": true }, [
      h("option", { value: "", text: "The reader's own (light or dark)" }),
      h("option", { value: "light", text: "Light" }),
      h("option", { value: "dark", text: "Dark" })
    ]);
    section.appendChild(field("links-embed-palette", "Palette", palette));
    section.appendChild(field("links-embed-output", "Embed link",
      h("input", { type: "url", readonly: true, "data-instructors-embed-output": true, size: "50" })));
    var snippet = h("textarea", { readonly: true, rows: "4", cols: "60", spellcheck: "false", "data-instructors-embed-snippet": true });
    section.appendChild(field("links-embed-snippet", "Frame to paste into the course page", snippet));
    section.appendChild(h("p", {}, [
      h("button", { type: "button", class: "md-button", "data-instructors-embed-copy": true, text: "Copy the frame" }),
      " ", h("span", { role: "status", "data-instructors-embed-status": true })
    ]));
    form.appendChild(section);
  }

  function showEmbed(form, root, ids) {
    // The embed page's address (online and offline, as MkDocs wrote the page's link to it), or the published one
    // when this is the offline copy and the build knew it.
    var base = /** @type {HTMLAnchorElement | null} */ (document.querySelector("[data-instructors-embed]"));
    if (!base) return;
    var lesson = /** @type {HTMLSelectElement} */ (form.querySelector("[data-instructors-embed-lesson]")).value;
    var palette = /** @type {HTMLSelectElement} */ (form.querySelector("[data-instructors-embed-palette]")).value;
    var params = new URLSearchParams();
    if (lesson) params.set("lesson", lesson);
    else if (ids.length === 1) params.set("q", ids[0]);
    else if (ids.length) params.set("ids", ids.join(","));
    if (palette) params.set("palette", palette);
    var query = params.toString().replace(/%2F/g, "/").replace(/%2C/g, ",");
    var url = new URL(base.href);
    var published = root.getAttribute("data-instructors-published");
    if (url.protocol === "file:" && published) url = new URL("embed/", published.replace(/\/?$/, "/"));
    url.search = query;
    url.hash = "";
    var output = control(form, "[data-instructors-embed-output]");
    var snippet = /** @type {HTMLTextAreaElement} */ (form.querySelector("[data-instructors-embed-snippet]"));
    if (!lesson && !ids.length) {
      output.value = "";
      snippet.value = "Choose a lesson, or questions above (\u201cQuestions I choose\u201d).";
      return;
    }
    output.value = url.href;
    snippet.value = '<iframe src="' + url.href + '" title="Questions from the LLM Fine-Tuning Study Guide" ' +
      'width="100%" height="' + (lesson || ids.length > 1 ? 900 : 600) + '" style="border:0" loading="lazy" data-llm-guide></iframe>';
  }

  function typedIds(form) {
    // Each id once, in the order first typed: the exam holds a question once, so the count and the link do too.
    var seen = Object.create(null);
    return control(form, "[data-instructors-ids]").value.split(",").map(function (s) { return s.trim(); }).filter(function (id) {
      if (!id || seen[id]) return false;
      seen[id] = true;
      return true;
    });
  }

  function showChosen(form, ids, unknown) {
    var picked = form.querySelector("[data-instructors-picked]");
    picked.setAttribute("data-instructors-picked", String(ids.length));
    picked.textContent = ids.length === 1 ? "1 question chosen." : ids.length + " questions chosen.";
    // A typed id the bank does not have is named now, and left out of the link, before anyone uses it.
    var warning = form.querySelector("[data-instructors-unknown]");
    warning.hidden = !unknown.length;
    warning.textContent = unknown.length
      ? "Not in the question bank, so left out of the link: " + unknown.map(function (id) { return id.slice(0, 80); }).join(", ") +
        ". Check the spelling against the question list (q/)."
      : "";
  }

  function countOf(form, bank, core, topics, objectives) {
    // The count typed, no more than the questions chosen hold: a link asking for 400 of 120 is made for 120, and
    // the form says so.
    var n = parseInt(control(form, "[data-instructors-count]").value, 10) || null;
    var size = core.pool(bank, topics, objectives).length;
    var note = form.querySelector("[data-instructors-count-note]");
    var over = n !== null && n > size;
    note.hidden = !over;
    note.textContent = over ? "The questions chosen hold " + size + ", so the link asks for " + size + "." : "";
    return over ? size : n;
  }

  function seedOf(form, core) {
    // The seed typed, or null (left out of the link, and said why).
    var seedText = control(form, "[data-instructors-seed]").value.trim();
    var seed = core.parseSeed(seedText);
    var seedError = form.querySelector("[data-instructors-seed-error]");
    seedError.hidden = !(seedText && seed === null);
    seedError.textContent = seedError.hidden ? "" : "The seed “" + seedText.slice(0, 20) + "” is left out of the link: " +
      core.seedProblem(seedText) + ".";
    return seed;
  }

  function showLink(form, root, base, query) {
    var url = new URL(base.href);
    url.search = query;
    url.hash = "";
    // From the offline copy a file:// link works for no one else: hand out the published exam's address when the
    // build knew it (Open still opens this copy), or say plainly that the link only works on this computer.
    var published = root.getAttribute("data-instructors-published");
    var shared = url;
    if (url.protocol === "file:" && published) {
      shared = new URL("practice/", published.replace(/\/?$/, "/"));
      shared.search = query;
    }
    control(form, "[data-instructors-output]").value = shared.href;
    form.querySelector("[data-instructors-open]").href = url.href;
    form.querySelector("[data-instructors-where]").textContent = url.protocol !== "file:" ? "" : published
      ? "This is the published guide's address: it works for your students; Open tries it in this offline copy."
      : "This link opens this offline copy, so it works on this computer only.";
    form.querySelector("[data-instructors-status]").textContent = "";
  }

  function mount(root) {
    var bank = window.llmGuide && window.llmGuide.bank;
    var core = window.llmGuide && window.llmGuide.examCore;
    var base = document.querySelector("[data-instructors-practice]");
    h = window.llmGuide && window.llmGuide.dom ? window.llmGuide.dom.h : null;
    if (!h || !bank || !core || !base || root.hasAttribute("data-instructors-ready")) return;
    root.setAttribute("data-instructors-ready", "");
    root.textContent = "";
    var form = h("form", { "aria-label": "Build a practice exam link" });
    form.appendChild(modeChoice());
    var draw = form.appendChild(drawFields(bank, core));
    var pick = form.appendChild(pickFields(bank));
    form.appendChild(check("links-timer", "Timed: two minutes per question", { checked: true, "data-instructors-timer": true }));
    outputFields(form);
    embedFields(form, bank);
    root.appendChild(form);

    function known(id) {
      return Object.prototype.hasOwnProperty.call(bank.questions, id);
    }

    function update() {
      var byIds = control(form, "[data-instructors-mode=ids]").checked;
      draw.hidden = byIds;
      pick.hidden = !byIds;
      var ticked = Array.prototype.filter.call(form.querySelectorAll("[data-instructors-topic]"), function (/** @type {HTMLInputElement} */ b) { return b.checked; })
        .map(function (b) { return b.value; });
      var objectives = Array.prototype.filter.call(form.querySelectorAll("[data-instructors-objective]"), function (b) {
        return b.checked;
      }).map(function (b) { return b.value; });
      var typed = typedIds(form);
      var ids = typed.filter(known);
      showChosen(form, ids, typed.filter(function (id) { return !known(id); }));
      var seed = seedOf(form, core);
      showLink(form, root, base, core.buildQuery({
        ids: byIds ? ids : null,
        topics: ticked.length === bank.topics.length ? null : ticked,
        objectives: objectives.length ? objectives : null,
        n: byIds ? null : countOf(form, bank, core, ticked.length ? ticked : null, objectives.length ? objectives : null),
        proportional: control(form, "[data-instructors-domains]").checked,
        seed: byIds ? null : seed,
        timer: control(form, "[data-instructors-timer]").checked
      }));
      showEmbed(form, root, byIds ? ids : []);
    }

    function copy() {
      var left = control(form, "[data-instructors-mode=ids]").checked ? typedIds(form).filter(function (id) { return !known(id); }) : [];
      var output = control(form, "[data-instructors-output]");
      window.llmGuide.browser.copy(output.value).then(function (ok) {
        if (!ok) output.select(); // ready to copy by hand
        form.querySelector("[data-instructors-status]").textContent =
          (ok ? "Link copied." : "Copying was refused: select the link above and copy it.") +
          (left.length ? " Left out, not in the bank: " + window.llmGuide.examCore.listText(left) + "." : "");
      });
    }

    function copyEmbed() {
      var snippet = /** @type {HTMLTextAreaElement} */ (form.querySelector("[data-instructors-embed-snippet]"));
      var ready = !!control(form, "[data-instructors-embed-output]").value;
      window.llmGuide.browser.copy(ready ? snippet.value : "").then(function (ok) {
        if (!ok || !ready) snippet.select();
        form.querySelector("[data-instructors-embed-status]").textContent = !ready ? "Nothing to copy yet." :
          ok ? "Frame copied." : "Copying was refused: select the frame above and copy it.";
      });
    }

    builders.set(root, { update: update, copy: copy, copyEmbed: copyEmbed });
    update();
  }

  // The builder on the page, by its mount point, for the delegated events below; it goes with its element.
  var builders = new WeakMap();

  function builderOf(element) {
    return builders.get(element.closest("[data-instructors-builder]")) || null;
  }

  // Through the one delegated event layer (base/boot.js), registered once for the visit.
  window.llmGuide.boot.on("input", "[data-instructors-builder] form", function (event, form) {
    var builder = builderOf(form);
    if (builder) builder.update();
  });
  window.llmGuide.boot.on("change", "[data-instructors-builder] form", function (event, form) {
    var builder = builderOf(form);
    if (!builder) return;
    var box = /** @type {HTMLInputElement} */ (event.target);
    if (box.hasAttribute("data-instructors-pick")) {
      // Ticking appends, unticking removes: the order of ticking is the exam's order.
      var ids = typedIds(form).filter(function (id) { return id !== box.value; });
      if (box.checked) ids.push(box.value);
      control(form, "[data-instructors-ids]").value = ids.join(",");
    }
    builder.update();
  });
  window.llmGuide.boot.on("submit", "[data-instructors-builder] form", function (event) { event.preventDefault(); });
  window.llmGuide.boot.on("click", "[data-instructors-copy]", function (event, button) {
    var builder = builderOf(button);
    if (builder) builder.copy();
  });

  window.llmGuide.boot.on("click", "[data-instructors-embed-copy]", function (event, button) {
    var builder = builderOf(button);
    if (builder) builder.copyEmbed();
  });

  // The frames on the page that show the embed at work (docs/instructors.md): each takes the height its page posts,
  // as the sizing script the page gives instructors does (it is that script, through the one event layer).
  window.llmGuide.boot.on("message", null, function (event) {
    var data = event.data;
    if (!data || data.type !== "llm-guide:height" || typeof data.height !== "number") return;
    Array.prototype.forEach.call(document.querySelectorAll("iframe[data-llm-guide]"), function (frame) {
      if (frame.contentWindow === event.source) frame.style.height = data.height + "px";
    });
  });

  function showFrame(holder) {
    // A working embed: the page's link to it (rewritten by MkDocs for this copy) becomes the frame's address; without
    // JavaScript the link stays.
    var link = /** @type {HTMLAnchorElement | null} */ (holder.querySelector("a"));
    if (!link || holder.querySelector("iframe")) return;
    var frame = document.createElement("iframe");
    frame.src = link.href;
    frame.title = holder.getAttribute("data-instructors-example") || "Questions from the guide";
    frame.setAttribute("data-llm-guide", "");
    // Loaded at once, not lazily: a frame below the fold stayed an empty document without a language, which
    // screen readers and IBM's checker meet as a page.
    frame.className = "instructors-example__frame";
    holder.appendChild(frame);
    // The frame replaces its link: a page without the site's navigation is not one to open inside the site.
    var line = link.closest("p");
    if (line) line.hidden = true;
  }

  window.llmGuide.boot.component("instructors-example", "[data-instructors-example]", showFrame);

  // The instructors page's link builder (base/boot.js).
  window.llmGuide.boot.component("instructors", "[data-instructors-builder]", mount);
})();
