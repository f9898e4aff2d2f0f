/*
 * The link builder on the instructors page (docs/instructors.md): a form that makes a practice-exam link from topics,
 * count, seed and timer, or from chosen question ids, with a copy button. The query string comes from
 * llmGuide.examCore.buildQuery, the same function family that reads it back on the exam page.
 *
 * Contract: [data-links-builder] mount point; [data-links-practice] a link to the exam page (its href is the base, so
 * it is right online and offline); it adds [data-links-mode], [data-links-topic], [data-links-count],
 * [data-links-seed], [data-links-timer], [data-links-domains], [data-links-ids], [data-links-pick=<id>],
 * [data-links-output], [data-links-copy], [data-links-status], [data-links-open].
 */
(function () {
  "use strict";

  var h = window.llmGuide.dom.h; // assets/page-dom.js, loaded before this script

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
    if (!bank || !core || !base || root.hasAttribute("data-links-ready")) return;
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
      h("input", { type: "text", autocomplete: "off", spellcheck: "false", "data-links-ids": true, size: "40" }),
      "Tick questions below to add them at the end, or type ids."));
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

    form.appendChild(field("links-seed", "Seed", h("input", { type: "text", inputmode: "numeric", autocomplete: "off",
      value: String(core.newSeed(Math.random)), "data-links-seed": true }), "Same seed, same order for everyone. Empty: each student gets their own."));
    form.appendChild(check("links-timer", "Timed: two minutes per question", { checked: true, "data-links-timer": true }));

    var output = h("input", { type: "url", readonly: true, "data-links-output": true, size: "50" });
    form.appendChild(field("links-output", "Link", output));
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

    function update() {
      var byIds = form.querySelector("[data-links-mode=ids]").checked;
      draw.hidden = byIds;
      pick.hidden = !byIds;
      var ticked = Array.prototype.filter.call(form.querySelectorAll("[data-links-topic]"), function (b) { return b.checked; })
        .map(function (b) { return b.value; });
      var query = core.buildQuery({
        ids: byIds ? idsValue() : null,
        topics: ticked.length === bank.topics.length ? null : ticked,
        n: parseInt(form.querySelector("[data-links-count]").value, 10) || null,
        proportional: form.querySelector("[data-links-domains]").checked,
        seed: core.parseSeed(form.querySelector("[data-links-seed]").value),
        timer: form.querySelector("[data-links-timer]").checked
      });
      var url = new URL(base.href);
      url.search = query;
      url.hash = "";
      output.value = url.href;
      open.href = url.href;
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
      var done = function (ok) { status.textContent = ok ? "Link copied." : "Copying was refused: select the link above and copy it."; };
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

  function onPage() {
    var root = document.querySelector("[data-links-builder]");
    if (root) mount(root);
  }

  if (window.__llmLinksBuilderStarted) return;
  window.__llmLinksBuilderStarted = true;
  window.llmGuide.dom.start(onPage);
})();
