// @ts-check
/*
 * Readiness by the official blueprint: for each domain, the chance of answering a fresh question of it right, with
 * an 80% range or "too little evidence", each domain's objectives opened from its row, a practice exam drawn from a
 * domain or an objective, and the blueprint-weighted overall against an assumed 70% line. The numbers come from
 * readiness-core.js, which states the method; this file only shows them, and says the method in plain words.
 * Loaded by the home page (compact: [data-readiness-compact]) and Your progress (the full table), after the bank's
 * index, bank.js, dom.js and readiness-core.js.
 *
 * Contract: [data-readiness] mount point, holding the page's link to the practice exam ([data-plan-link=practice]);
 * it adds [data-readiness-overall] (data-answered, data-estimate), a table of [data-readiness-domain=<id>] rows
 * (data-answered: questions with evidence; data-estimate: 0-100, empty when there is too little evidence) with
 * [data-readiness-open=<id>] (aria-expanded) that shows [data-readiness-objectives=<id>], whose items are
 * [data-readiness-objective=<id>] (data-answered, data-estimate); [data-readiness-practise] links
 * (practice exam ?domain= or ?objective=); [data-readiness-method], the method in words.
 */
(function () {
  "use strict";

  var guide = window.llmGuide || /** @type {LlmGuide} */ ({});
  if (guide.readinessView) return;
  var roots = []; // [data-readiness] elements mounted now
  var PRACTICE_COUNT = 10;
  var COMPACT_ROWS = 3; // the home page's rows: the weakest domains with evidence (before any, the heaviest)

  function pageLink(root, name) {
    // The page's own links (rendered by MkDocs, right online and from file://), read before the view replaces the
    // no-JavaScript text that holds them.
    var known = /** @type {any} */ (root).__readinessLinks = /** @type {any} */ (root).__readinessLinks || {};
    if (known[name] === undefined) {
      var a = /** @type {HTMLAnchorElement | null} */ (root.querySelector("[data-plan-link=" + name + "]"));
      known[name] = a ? a.href : "";
    }
    return known[name];
  }

  function practiceHref(root, query) {
    var url = new URL(pageLink(root, "practice") || "practice/", document.baseURI);
    url.search = query + "&n=" + PRACTICE_COUNT;
    return url.href;
  }

  function percentText(e) {
    var c = guide.readinessCore;
    return c.percent(e.mean) + "% (" + c.percent(e.low) + "–" + c.percent(e.high) + ")";
  }

  function littleText(e) {
    var need = guide.readinessCore.ENOUGH;
    return "too little evidence" + (e.answered ? " (" + e.answered + " of the " + need + " needed)" : "");
  }

  function bar(h, e) {
    // The range as a band, the estimate as a mark, the assumed 70% line as a tick: drawn, and said in the text beside.
    var c = guide.readinessCore;
    return h("span", { class: "readiness-bar", "aria-hidden": "true" }, [
      h("span", { class: "readiness-bar__range", style: "left:" + c.percent(e.low) + "%;width:" +
        Math.max(1, c.percent(e.high) - c.percent(e.low)) + "%" }),
      h("span", { class: "readiness-bar__mark", style: "left:" + c.percent(e.mean) + "%" }),
      h("span", { class: "readiness-bar__line", style: "left:" + c.percent(c.LINE) + "%" })
    ]);
  }

  function estimateCell(h, e) {
    if (!e.enough) return h("td", { class: "readiness__estimate readiness__estimate--none", text: littleText(e) });
    return h("td", { class: "readiness__estimate" }, [h("span", { text: percentText(e) }), bar(h, e)]);
  }

  function estimateAttrs(e) {
    return { "data-answered": String(e.answered), "data-estimate": e.enough ? String(guide.readinessCore.percent(e.mean)) : "" };
  }

  function practiseLink(h, root, query, label) {
    var a = /** @type {HTMLAnchorElement} */ (h("a", { "data-readiness-practise": true, text: label }));
    a.href = practiceHref(root, query);
    return a;
  }

  function overall(h, r) {
    var c = guide.readinessCore;
    var o = r.overall;
    var line = c.percent(c.LINE);
    /** @type {(Node | string)[]} */
    var parts = [];
    if (!o.enough) {
      parts.push("Overall: too little evidence yet (" + o.answered + " answered of the " + c.OVERALL_ENOUGH +
        " it needs).");
    } else {
      parts.push(h("strong", { text: "Overall: about " + c.percent(o.mean) + "%" }), " of a fresh exam right (80% range " +
        c.percent(o.low) + "–" + c.percent(o.high) + "%), weighted like the exam, from " + o.answered + " answers. " +
        "Chance of " + line + "% or more: about " + c.percent(o.aboveLine) + "%.");
    }
    parts.push(" NVIDIA publishes no passing score: " + line + "% is assumed.");
    return h("p", Object.assign({ class: "readiness__overall", "data-readiness-overall": true }, estimateAttrs(o)), parts);
  }

  function method(h) {
    var c = guide.readinessCore;
    var say = [
      "Each question you answered counts once, by your latest answer: right counts 1, wrong 0. An answer you marked " +
        "“guessed” counts as the chance of guessing it (1 in 4 for four options), whether it was right or not.",
      "Older answers count less: an answer's weight halves every " + c.HALF_LIFE_DAYS + " days. Where Review has " +
        "scheduled a question, its schedule's estimate of how well you still remember it pulls an old answer toward " +
        "a guess.",
      "A domain's estimate is the share of fresh questions of it you would answer right, with a range meant to hold " +
        "the true value 8 times in 10. With few answers it leans toward your overall rate. Below " + c.ENOUGH +
        " answered questions in a domain it says “too little evidence”: on simulated learners, whose skill we knew, " +
        "the range was then over a third of the scale wide and the estimate 10 to 12 points off on average.",
      "Overall weights the domains as the exam does; a domain you have not answered yet counts with a wide range. On " +
        "the simulated learners the domains' ranges held the true value 8 times in 10, the overall range about 3 " +
        "times in 4, so read it as a little narrow. NVIDIA publishes no passing score: the 70% line is an " +
        "assumption, common in third-party material."
    ];
    return h("details", { class: "readiness__method", "data-readiness-method": true },
      [h("summary", { text: "How this is estimated" })].concat(say.map(function (t) { return h("p", { text: t }); })));
  }

  function compactDomains(r) {
    var known = r.domains.filter(function (d) { return d.estimate.enough; });
    var list = known.length ? known.slice().sort(function (a, b) { return a.estimate.mean - b.estimate.mean; })
      : r.domains.slice().sort(function (a, b) { return b.weight - a.weight; });
    return list.slice(0, COMPACT_ROWS);
  }

  function render(root) {
    var h = guide.dom.h;
    var c = guide.readinessCore;
    var compact = root.hasAttribute("data-readiness-compact");
    var open = /** @type {any} */ (root).__readinessOpen = /** @type {any} */ (root).__readinessOpen || {};
    var focused = document.activeElement && root.contains(document.activeElement) ?
      document.activeElement.getAttribute("data-readiness-open") : null;
    pageLink(root, "practice");
    pageLink(root, "progress");
    root.textContent = "";
    if (!guide.bank || !c || !h) {
      root.appendChild(document.createTextNode("Readiness could not be loaded. Reload the page to try again."));
      return;
    }
    var store = guide.store;
    var r = c.readiness(guide.bank, function (id) { return store.question(id); }, Date.now());
    root.appendChild(h("h2", { id: compact ? "readiness" : "readiness-by-domain",
      text: compact ? "Readiness for the exam" : "Readiness by domain" }));
    root.appendChild(overall(h, r));
    var known = r.domains.some(function (d) { return d.estimate.enough; });
    var columns = compact ? [known ? "Your weakest domains" : "The heaviest domains", "Estimate", "Practice"]
      : ["Domain", "Exam weight", "Answered", "Estimate (80% range)", "Practice"];
    var table = h("table", { class: "readiness__table" }, [
      // On the home page the first column's header says which few domains are shown, in place of a caption.
      compact ? null : h("caption", { text: "The chance of answering a fresh question of each domain right, from your answers" }),
      h("thead", {}, [h("tr", {}, columns.map(function (t) { return h("th", { scope: "col", text: t }); }))])
    ]);
    var body = h("tbody", {});
    var shown = compact ? compactDomains(r) : r.domains;
    var byDomain = {};
    r.objectives.forEach(function (o) { (byDomain[o.domain] = byDomain[o.domain] || []).push(o); });
    shown.forEach(function (d) {
      var id = "readiness-objectives-" + d.id;
      var toggle = h("button", { type: "button", class: "readiness__open", "aria-expanded": open[d.id] ? "true" : "false",
        "aria-controls": id, "data-readiness-open": d.id, text: d.title });
      var name = h("th", { scope: "row" }, compact ? [toggle, " " + d.weight + "%"] : [toggle]);
      var cells = [name];
      if (!compact) {
        cells.push(h("td", { text: d.weight + "%" }));
        cells.push(h("td", { text: String(d.estimate.answered) }));
      }
      cells.push(estimateCell(h, d.estimate));
      cells.push(h("td", { class: "readiness__practise" }, [practiseLink(h, root, "domain=" + d.id, "Practise")]));
      body.appendChild(h("tr", Object.assign({ "data-readiness-domain": d.id }, estimateAttrs(d.estimate)), cells));
      var items = (byDomain[d.id] || []).map(function (o) {
        var e = o.estimate;
        return h("li", Object.assign({ "data-readiness-objective": o.id }, estimateAttrs(e)), [
          h("strong", { text: o.id }), " " + o.title + " ",
          h("span", { class: "readiness__objective-estimate",
            text: e.enough ? percentText(e) + ", " + e.answered + " answered. " : littleText(e) + ". " }),
          practiseLink(h, root, "objective=" + o.id, "Practise " + o.id)
        ]);
      });
      body.appendChild(h("tr", { id: id, class: "readiness__objectives", "data-readiness-objectives": d.id,
        hidden: !open[d.id] }, [h("td", { colspan: String(columns.length) }, [h("ul", {}, items)])]));
    });
    table.appendChild(body);
    root.appendChild(guide.dom.tableWrap(table));
    if (compact && pageLink(root, "progress")) {
      var all = /** @type {HTMLAnchorElement} */ (h("a", { "data-readiness-all": true, text: "Your progress" }));
      all.href = pageLink(root, "progress");
      root.appendChild(h("p", {}, [(r.domains.length - shown.length) + " more domains, each with its objectives: ", all, "."]));
    }
    root.appendChild(method(h));
    if (focused) {
      var again = /** @type {HTMLElement | null} */ (root.querySelector('[data-readiness-open="' + focused + '"]'));
      if (again) again.focus();
    }
  }

  function renderAll() {
    roots = roots.filter(function (r) { return r.isConnected; });
    roots.forEach(render);
  }

  guide.readinessView = { render: renderAll };
  guide.boot.on("click", "[data-readiness-open]", function (event, button) {
    var root = /** @type {any} */ (button.closest("[data-readiness]"));
    if (!root) return;
    var id = button.getAttribute("data-readiness-open");
    var shown = button.getAttribute("aria-expanded") !== "true";
    root.__readinessOpen = root.__readinessOpen || {};
    root.__readinessOpen[id] = shown;
    button.setAttribute("aria-expanded", shown ? "true" : "false");
    var row = root.querySelector('[data-readiness-objectives="' + id + '"]');
    if (row) row.hidden = !shown;
  });
  // A reset or an import saves hundreds of records in one go: they are drawn once, after the last.
  var queued = false;
  guide.store.onChange(function () {
    if (queued || !roots.length) return;
    queued = true;
    guide.browser.later(0, function () { queued = false; renderAll(); });
  });
  guide.boot.component("readiness", "[data-readiness]", function (root) {
    roots.push(root);
    render(root);
    return { unmount: function () { roots = roots.filter(function (r) { return r !== root; }); } };
  });
})();
