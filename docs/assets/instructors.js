/*
 * The link builder on the instructors page (docs/instructors.md): a form that makes a practice-exam link from topics,
 * count, seed and timer, or from chosen question ids, with a copy button. The query string comes from
 * llmGuide.examCore.buildQuery, the same function family that reads it back on the exam page.
 *
 * Contract: [data-links-builder] mount point; [data-links-practice] a link to the exam page (its href is the base, so
 * it is right online and offline); it adds [data-links-mode], [data-links-topic], [data-links-count],
 * [data-links-seed] (drawn questions only: a chosen set's link has no seed), [data-links-seed-error],
 * [data-links-timer], [data-links-domains], [data-links-ids], [data-links-pick=<id>], [data-links-picked=<n>] (the
 * live count of chosen questions), [data-links-unknown] (typed ids not in the bank, named and left out of the link),
 * [data-links-output], [data-links-where] (in the offline copy: whose address the link is), [data-links-copy],
 * [data-links-status], [data-links-open]; the mount point's data-links-published is the published site, if known.
 */
(function () {
  "use strict";

  // llmGuide.dom.h (assets/page-dom.js, loaded before this script), read when mounting: if that file failed to load,
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

  function mount(root) {
    var bank = window.llmGuide && window.llmGuide.bank;
    var core = window.llmGuide && window.llmGuide.examCore;
    var base = document.querySelector("[data-links-practice]");
    h = window.llmGuide && window.llmGuide.dom ? window.llmGuide.dom.h : null;
    if (!h || !bank || !core || !base || root.hasAttribute("data-links-ready")) return;
    root.setAttribute("data-links-ready", "");
    root.textContent = "";
    var form = h("form", { "aria-label": "Build a practice exam link" });
    var mode = h("fieldset", {}, [h("legend", { text: "What the exam holds" })]);
    [["draw", "Questions drawn from topics"], ["ids", "Questions I choose, in my order"]].forEach(function (m, i) {
      mode.appendChild(h("div", { class: "exam-setup__choice" }, [
        h("input", { type: "radio", name: "links-mode", id: "links-mode-" + m[0], value: m[0], checked: i === 0,
          "data-links-mode": m[0] }),
        h("label", { for: "links-mode-" + m[0], text: m[1] })
      ]));
    });
    form.appendChild(mode);

    var draw = h("div", { "data-links-draw": true });
    var topics = h("fieldset", {}, [h("legend", { text: "Topics (none ticked: all)" })]);
    bank.topics.forEach(function (t) {
      topics.appendChild(check("links-topic-" + t.id, t.title, { value: t.id, "data-links-topic": t.id }));
    });
    draw.appendChild(topics);
    draw.appendChild(field("links-count", "Number of questions",
      h("input", { type: "number", min: "1", max: String(bank.order.length), value: String(core.DEFAULT_COUNT), "data-links-count": true })));
    draw.appendChild(check("links-domains", "Draw in the exam’s domain proportions", { checked: true, "data-links-domains": true }));
    form.appendChild(draw);

    var pick = h("div", { "data-links-choose": true, hidden: true });
    pick.appendChild(field("links-ids", "Question ids, in order, separated by commas",
      h("input", { type: "text", autocomplete: "off", spellcheck: "false", "data-links-ids": true, size: "40",
        "aria-describedby": "links-picked links-unknown" }),
      "Tick questions below to add them at the end, or type ids."));
    // How many questions the link holds, as they are ticked or typed; and any typed id the bank does not have.
    pick.appendChild(h("p", { id: "links-picked", class: "links-form__count", "aria-live": "polite", "data-links-picked": "0" }));
    pick.appendChild(h("p", { id: "links-unknown", class: "admonition warning links-form__unknown", "data-links-unknown": true,
      hidden: true }));
    bank.topics.forEach(function (t) {
      var details = h("details", { class: "links-form__topic" }, [h("summary", { text: t.title })]);
      var list = h("ul", { class: "links-form__questions" });
      bank.order.filter(function (id) { return bank.questions[id].topic === t.id; }).forEach(function (id) {
        var q = bank.questions[id];
        list.appendChild(h("li", {}, [check("links-pick-" + id, (q.title ? q.title + " " : "") + "(" + id + ")",
          { value: id, "data-links-pick": id })]));
      });
      details.appendChild(list);
      pick.appendChild(details);
    });
    form.appendChild(pick);

    // A seed only matters for drawn questions: a chosen set keeps the given order, so it has no seed field and its
    // link no `seed=`.
    draw.appendChild(field("links-seed", "Seed", h("input", { type: "text", inputmode: "numeric", autocomplete: "off",
      value: String(core.newSeed(Math.random)), "data-links-seed": true }), "Same seed, same questions in the same order for everyone. Empty: each student gets their own."));
    draw.appendChild(h("p", { class: "exam-setup__error", "data-links-seed-error": true, hidden: true }));
    form.appendChild(check("links-timer", "Timed: two minutes per question", { checked: true, "data-links-timer": true }));

    var output = h("input", { type: "url", readonly: true, "data-links-output": true, size: "50" });
    form.appendChild(field("links-output", "Link", output));
    form.appendChild(h("p", { class: "exam-setup__help", "data-links-where": true }));
    var status = h("span", { role: "status", "data-links-status": true });
    var open = h("a", { "data-links-open": true, text: "Open it" });
    form.appendChild(h("p", {}, [
      h("button", { type: "button", class: "md-button md-button--primary", "data-links-copy": true, text: "Copy link" }),
      " ", open, " ", status
    ]));
    root.appendChild(form);

    function idsValue() {
      return form.querySelector("[data-links-ids]").value.split(",").map(function (s) { return s.trim(); }).filter(Boolean);
    }

    function known(id) {
      return Object.prototype.hasOwnProperty.call(bank.questions, id);
    }

    function update() {
      var byIds = form.querySelector("[data-links-mode=ids]").checked;
      draw.hidden = byIds;
      pick.hidden = !byIds;
      var ticked = Array.prototype.filter.call(form.querySelectorAll("[data-links-topic]"), function (b) { return b.checked; })
        .map(function (b) { return b.value; });
      var typed = idsValue();
      var ids = typed.filter(known);
      var unknown = typed.filter(function (id) { return !known(id); });
      var picked = form.querySelector("[data-links-picked]");
      picked.setAttribute("data-links-picked", String(ids.length));
      picked.textContent = ids.length === 1 ? "1 question chosen." : ids.length + " questions chosen.";
      // A typed id the bank does not have is named now, and left out of the link, before anyone uses it.
      var warning = form.querySelector("[data-links-unknown]");
      warning.hidden = !unknown.length;
      warning.textContent = unknown.length
        ? "Not in the question bank, so left out of the link: " + unknown.map(function (id) { return id.slice(0, 80); }).join(", ") +
          ". Check the spelling against the question list (q/)."
        : "";
      var seedText = form.querySelector("[data-links-seed]").value.trim();
      var seed = core.parseSeed(seedText);
      var seedError = form.querySelector("[data-links-seed-error]");
      seedError.hidden = !(seedText && seed === null);
      seedError.textContent = seedError.hidden ? "" : "The seed “" + seedText.slice(0, 20) + "” is left out of the link: " +
        core.seedProblem(seedText) + ".";
      var query = core.buildQuery({
        ids: byIds ? ids : null,
        topics: ticked.length === bank.topics.length ? null : ticked,
        n: parseInt(form.querySelector("[data-links-count]").value, 10) || null,
        proportional: form.querySelector("[data-links-domains]").checked,
        seed: byIds ? null : seed,
        timer: form.querySelector("[data-links-timer]").checked
      });
      var url = new URL(base.href);
      url.search = query;
      url.hash = "";
      // From the offline copy a file:// link works for no one else: hand out the published exam's address when the
      // build knew it (Open still opens this copy), or say plainly that the link only works on this computer.
      var published = root.getAttribute("data-links-published");
      var shared = url;
      if (url.protocol === "file:" && published) {
        shared = new URL("practice/", published.replace(/\/?$/, "/"));
        shared.search = query;
      }
      output.value = shared.href;
      open.href = url.href;
      var where = form.querySelector("[data-links-where]");
      if (where) {
        where.textContent = url.protocol !== "file:" ? "" : published
          ? "This is the published guide's address: it works for your students; Open tries it in this offline copy."
          : "This link opens this offline copy, so it works on this computer only.";
      }
      status.textContent = "";
    }

    form.addEventListener("input", update);
    form.addEventListener("change", function (event) {
      var box = event.target;
      if (box.hasAttribute && box.hasAttribute("data-links-pick")) {
        // Ticking appends, unticking removes: the order of ticking is the exam's order.
        var ids = idsValue().filter(function (id) { return id !== box.value; });
        if (box.checked) ids.push(box.value);
        form.querySelector("[data-links-ids]").value = ids.join(",");
      }
      update();
    });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.querySelector("[data-links-copy]").addEventListener("click", function () {
      var left = form.querySelector("[data-links-mode=ids]").checked ? idsValue().filter(function (id) { return !known(id); }) : [];
      var done = function (ok) {
        status.textContent = (ok ? "Link copied." : "Copying was refused: select the link above and copy it.") +
          (left.length ? " Left out, not in the bank: " + left.join(", ") + "." : "");
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(output.value).then(function () { done(true); }, function () { output.select(); done(false); });
      } else {
        output.select();
        var ok = false;
        try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
        done(ok);
      }
    });
    update();
  }

  function startPage(fn) {
    // page-dom.js's start when it loaded; without it, once now, so the page can still say that it failed.
    var dom = (window.llmGuide || {}).dom;
    if (dom) dom.start(fn);
    else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn);
    else fn();
  }

  function onPage() {
    var root = document.querySelector("[data-links-builder]");
    if (root) mount(root);
  }

  if (window.__llmLinksBuilderStarted) return;
  window.__llmLinksBuilderStarted = true;
  startPage(onPage);
})();
