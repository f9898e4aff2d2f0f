// @ts-check
/*
 * The embed page's pure logic (docs/embed.md, overrides/embed.html): what an embed link asks for, which questions
 * that is, the palette, and the messages the page posts to the course page around it. No DOM but the palette, which
 * this file applies the moment it runs: overrides/embed.html loads it as a blocking script at the top of the body,
 * so the first paint is already in the right palette, without an inline script.
 *
 *   embed/?q=<id>                  one question
 *   embed/?lesson=<topic>/<lesson> a lesson's questions, in the lesson's order
 *   embed/?ids=a,b,c               these questions, in this order
 *   &palette=light|dark            the palette; without it, the reader's own preference (prefers-color-scheme)
 *
 * Messages to the parent window (the course page):
 *   { type: "llm-guide:height", height }                             the page's height in CSS px, whenever it changes
 *   { type: "llm-guide:result", id, correct, selected, attempt }     after each Check: selected are the options'
 *                                                                    indexes (0 is A), attempt counts from 1
 * tests/js/embed.test.js checks it under Node.
 */
(function (root) {
  "use strict";

  var HEIGHT = "llm-guide:height";
  var RESULT = "llm-guide:result";
  var PALETTES = { light: "default", dark: "slate" }; // Material's two schemes, as the site's palette toggle names them

  /**
   * @param {string} search   the address's query, with or without its "?"
   * @returns {{ kind: "q" | "lesson" | "ids" | null, ids: string[], lesson: string | null, palette: string | null,
   *   problems: string[] }}
   */
  function parse(search) {
    var params = new URLSearchParams(search);
    var problems = [];
    var palette = params.get("palette");
    if (palette !== null && !Object.prototype.hasOwnProperty.call(PALETTES, palette)) {
      problems.push("palette=" + palette + " is not a palette: use light or dark.");
      palette = null;
    }
    function list(value) {
      return value.split(",").map(function (id) { return id.trim(); }).filter(Boolean);
    }
    var asked = ["q", "lesson", "ids"].filter(function (name) { return params.get(name) !== null; });
    if (asked.length > 1) problems.push("Use one of q=, lesson= or ids= in a link; this one has " + asked.join("= and ") + "=.");
    var kind = /** @type {"q" | "lesson" | "ids" | null} */ (asked.length === 1 ? asked[0] : null);
    var ids = kind === "q" ? list(params.get("q") || "").slice(0, 1) : kind === "ids" ? list(params.get("ids") || "") : [];
    var lesson = kind === "lesson" ? (params.get("lesson") || "").trim() : null;
    if ((kind === "q" || kind === "ids") && !ids.length) problems.push(kind + "= names no question.");
    if (kind === "lesson" && !lesson) problems.push("lesson= names no lesson: write lesson=<topic>/<lesson>.");
    return { kind: kind, ids: ids, lesson: lesson, palette: palette, problems: problems };
  }

  /**
   * @param {{ order: string[], questions: { [id: string]: { topic: string, lesson: string } },
   *   topics: { id: string, lessons?: { id: string }[] }[] }} bank
   * @param {{ kind: string | null, ids: string[], lesson: string | null }} request
   * @returns {{ ids: string[], unknown: string[], lessonUnknown: string | null }}
   */
  function select(bank, request) {
    // The questions a link asks for, in its order (a lesson's in the bank's order, which is the lesson page's); ids
    // the bank does not hold are named, not silently dropped.
    if (request.kind === "lesson") {
      var parts = (request.lesson || "").split("/");
      var found = parts.length === 2 && bank.topics.some(function (t) {
        return t.id === parts[0] && (t.lessons || []).some(function (l) { return l.id === parts[1]; });
      });
      if (!found) return { ids: [], unknown: [], lessonUnknown: request.lesson };
      var ids = bank.order.filter(function (id) {
        var q = bank.questions[id];
        return q.topic === parts[0] && q.lesson === parts[1];
      });
      return { ids: ids, unknown: [], lessonUnknown: null };
    }
    var seen = {};
    var known = [];
    var unknown = [];
    request.ids.forEach(function (id) {
      if (seen[id]) return;
      seen[id] = true;
      (Object.prototype.hasOwnProperty.call(bank.questions, id) ? known : unknown).push(id);
    });
    return { ids: known, unknown: unknown, lessonUnknown: null };
  }

  /**
   * @param {string | null} palette   light, dark or null
   * @param {boolean} prefersDark
   * @returns {"default" | "slate"}
   */
  function scheme(palette, prefersDark) {
    if (palette === "light" || palette === "dark") return /** @type {"default" | "slate"} */ (PALETTES[palette]);
    return prefersDark ? "slate" : "default";
  }

  /**
   * @param {{ first: object | null, last: object | null, extra?: { [name: string]: any } }} record
   * @returns {number}   how many times the learner has now checked this question, this check included
   */
  function attemptNumber(record) {
    // The store keeps the first and the latest attempt, not a count: the embed keeps its own in the record's
    // extra.attempts. A record from before it (answered on a lesson page) counts what it holds.
    var counted = record.extra && typeof record.extra.attempts === "number" && record.extra.attempts >= 0
      ? Math.floor(record.extra.attempts) : record.last ? (record.first && JSON.stringify(record.first) !== JSON.stringify(record.last) ? 2 : 1) : 0;
    return counted + 1;
  }

  /** @param {number} height */
  function heightMessage(height) {
    return { type: HEIGHT, height: Math.ceil(height) };
  }

  /**
   * @param {string} id
   * @param {boolean} correct
   * @param {number[]} selected
   * @param {number} attempt
   */
  function resultMessage(id, correct, selected, attempt) {
    return { type: RESULT, id: id, correct: correct, selected: selected.slice().sort(function (a, b) { return a - b; }), attempt: attempt };
  }

  var core = {
    HEIGHT: HEIGHT, RESULT: RESULT, parse: parse, select: select, scheme: scheme, attemptNumber: attemptNumber,
    heightMessage: heightMessage, resultMessage: resultMessage
  };
  if (typeof module === "object" && module.exports) module.exports = core;
  if (!root.document) return;
  var guide = (root.llmGuide = root.llmGuide || /** @type {LlmGuide} */ ({}));
  guide.embedCore = core;

  // The palette, before the first paint: the link's, else the reader's preference, followed while the page is open.
  var wanted = parse(root.location.search).palette;
  var media = root.matchMedia ? root.matchMedia("(prefers-color-scheme: dark)") : null;
  function apply() {
    var body = document.body;
    if (!body) return;
    body.setAttribute("data-md-color-scheme", scheme(wanted, !!(media && media.matches)));
    body.setAttribute("data-md-color-primary", "indigo");
    body.setAttribute("data-md-color-accent", "indigo");
  }
  apply();
  // Material's drawer and search toggles stand in its page before this script (outside the template's blocks); the
  // embed has no drawer and no search, and an unlabelled toggle is what a screen reader or a checker would find.
  Array.prototype.forEach.call(document.querySelectorAll("body > input.md-toggle, body > label.md-overlay"), function (el) {
    el.remove();
  });
  if (media && !wanted && media.addEventListener) media.addEventListener("change", apply);
})(typeof window !== "undefined" ? window : globalThis);
