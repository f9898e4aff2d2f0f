/*
 * Self-check quizzes for the study guide.
 *
 * Contract with the HTML (macros/templates/question.html.j2), which the tests select on too:
 *   [data-quiz]                    a topic's question list; holds [data-quiz-score] and [data-quiz-reset]
 *   [data-quiz-question=<id>]      one question; data-quiz-select (how many are correct), data-quiz-key (JSON list)
 *   [data-quiz-option=<i>]         an option row holding [data-quiz-input] and [data-quiz-mark]
 *   [data-quiz-form] [data-quiz-check] [data-quiz-retry] [data-quiz-result] [data-quiz-explanations]
 * State the script writes: data-quiz-ready on a usable question, data-quiz-checked on a checked one,
 * data-quiz-revealed on one whose explanation was linked to directly, data-quiz-status=hit|wrong|missed on an option.
 *
 * Grading and messages are pure functions (the `core` object); the rest only reads and writes the page.
 * Without this script the page still shows every explanation with its verdict.
 */
(function () {
  "use strict";

  var STORAGE_PREFIX = "llm-ft-guide:v1:";
  var NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six"];

  /* ---------- pure functions: no DOM, no storage ---------- */

  function parseKey(raw, optionCount) {
    // The key comes from a JSON attribute that someone may have edited by hand: accept only a list of distinct,
    // in-range option indexes.
    var key;
    try {
      key = JSON.parse(raw);
    } catch (error) {
      return null;
    }
    if (!Array.isArray(key) || key.length === 0 || key.length >= optionCount) return null;
    var seen = {};
    for (var i = 0; i < key.length; i++) {
      var n = key[i];
      if (typeof n !== "number" || n % 1 !== 0 || n < 0 || n >= optionCount || seen[n]) return null;
      seen[n] = true;
    }
    return key.slice().sort(function (a, b) { return a - b; });
  }

  function grade(selected, key, optionCount) {
    var chosen = {};
    var correct = {};
    selected.forEach(function (i) { chosen[i] = true; });
    key.forEach(function (i) { correct[i] = true; });
    var statuses = [];
    var hits = 0;
    var wrong = 0;
    var missed = 0;
    for (var i = 0; i < optionCount; i++) {
      var status = "none";
      if (chosen[i] && correct[i]) { status = "hit"; hits++; }
      else if (chosen[i]) { status = "wrong"; wrong++; }
      else if (correct[i]) { status = "missed"; missed++; }
      statuses.push(status);
    }
    // Multi-select is all-or-nothing: every correct option chosen and nothing else.
    return { correct: wrong === 0 && missed === 0, hits: hits, wrong: wrong, missed: missed, chosen: selected.length, statuses: statuses };
  }

  function count(n) {
    return n < NUMBER_WORDS.length ? NUMBER_WORDS[n] : String(n);
  }

  function resultMessage(result, select) {
    if (select === 1) {
      return result.correct
        ? "Correct. Open the explanations below to see why each option is right or wrong."
        : "Incorrect. The correct answer is marked; the explanations below say why.";
    }
    // The verb agrees with the hits: "1 of your 2 choices was right", "0 of your 2 choices were right".
    var tally = result.hits + " of your " + result.chosen + " choice" + (result.chosen === 1 ? "" : "s") +
      (result.hits === 1 ? " was" : " were") + " right; this question has " + count(select) + " correct answers.";
    return result.correct
      ? "Correct: you chose all " + count(select) + " correct answers. Open the explanations below for each option."
      : "Incorrect: " + tally + " The correct answers are marked; the explanations below say why.";
  }

  function selectionProblem(chosen, select) {
    // As in the exam, a multi-select answer is exactly N choices; grading a half-made answer would only mislead.
    if (chosen === 0) return select === 1 ? "Choose an answer first." : "Choose " + count(select) + " answers first.";
    if (select > 1 && chosen !== select) {
      return "This question has " + count(select) + " correct answers: choose exactly " + count(select) +
        " (you chose " + count(chosen) + ").";
    }
    return "";
  }

  var MARKS = { hit: "Your choice: correct", wrong: "Your choice: incorrect", missed: "Correct answer, not chosen", none: "" };

  function scoreText(states, total) {
    var answered = 0;
    var right = 0;
    states.forEach(function (s) {
      if (s && s.checked) { answered++; if (s.correct) right++; }
    });
    if (answered === 0) return total + " question" + (total === 1 ? "" : "s") + " on this page. Score: 0 of " + total + ".";
    return "Score: " + right + " of " + total + " correct (" + answered + " checked).";
  }

  function parseState(raw, optionCount) {
    // Stored JSON may be corrupt, from an older version, or refer to options that no longer exist.
    if (typeof raw !== "string") return null;
    var data;
    try { data = JSON.parse(raw); } catch (error) { return null; }
    if (!data || typeof data !== "object" || !Array.isArray(data.selected)) return null;
    var selected = data.selected.filter(function (n) {
      return typeof n === "number" && n % 1 === 0 && n >= 0 && n < optionCount;
    });
    return { selected: selected, checked: data.checked === true };
  }

  var core = {
    parseKey: parseKey, grade: grade, resultMessage: resultMessage, scoreText: scoreText, parseState: parseState,
    selectionProblem: selectionProblem, marks: MARKS
  };

  /* ---------- storage that may be missing, full or throwing ---------- */

  var memory = {};
  var storage = (function () {
    try {
      var s = window.localStorage;
      var probe = STORAGE_PREFIX + "probe";
      s.setItem(probe, probe);
      s.removeItem(probe);
      return s;
    } catch (error) {
      return null;
    }
  })();

  // What this page wrote wins over storage: a full or failing store may still hold an older answer.
  function load(id) {
    if (Object.prototype.hasOwnProperty.call(memory, id)) return memory[id];
    try {
      return storage ? storage.getItem(STORAGE_PREFIX + id) : null;
    } catch (error) {
      return null;
    }
  }

  function save(id, state) {
    var value = JSON.stringify({ selected: state.selected, checked: state.checked });
    memory[id] = value;
    try { if (storage) storage.setItem(STORAGE_PREFIX + id, value); } catch (error) { /* full or blocked: memory keeps it */ }
  }

  function forget(id) {
    memory[id] = JSON.stringify({ selected: [], checked: false }); // a tombstone, in case removal fails below
    try { if (storage) storage.removeItem(STORAGE_PREFIX + id); } catch (error) { /* memory already says "empty" */ }
  }

  /* ---------- the page ---------- */

  function describe(article) {
    // Everything the script needs from one question's markup, or null when the markup is not usable.
    var id = article.getAttribute("data-quiz-question");
    var rows = Array.prototype.slice.call(article.querySelectorAll("[data-quiz-option]"));
    var inputs = rows.map(function (row) { return row.querySelector("[data-quiz-input]"); });
    var form = article.querySelector("[data-quiz-form]");
    var key = parseKey(article.getAttribute("data-quiz-key"), rows.length);
    var select = parseInt(article.getAttribute("data-quiz-select"), 10);
    if (!id || !form || rows.length < 2 || !key || key.length !== select || inputs.some(function (i) { return !i; })) return null;
    return {
      id: id, article: article, rows: rows, inputs: inputs, key: key, select: select, form: form,
      check: article.querySelector("[data-quiz-check]"),
      retry: article.querySelector("[data-quiz-retry]"),
      actions: article.querySelector("[data-quiz-actions]"),
      result: article.querySelector("[data-quiz-result]")
    };
  }

  function selection(q) {
    var selected = [];
    q.inputs.forEach(function (input, i) { if (input.checked) selected.push(i); });
    return selected;
  }

  function show(q, state, announce) {
    q.inputs.forEach(function (input, i) {
      input.checked = state.selected.indexOf(i) !== -1;
      input.disabled = state.checked;
    });
    var result = state.checked ? grade(state.selected, q.key, q.rows.length) : null;
    q.rows.forEach(function (row, i) {
      var status = result ? result.statuses[i] : "none";
      var mark = row.querySelector("[data-quiz-mark]");
      if (status === "none") row.removeAttribute("data-quiz-status");
      else row.setAttribute("data-quiz-status", status);
      if (mark) mark.textContent = MARKS[status];
    });
    if (result) {
      q.article.setAttribute("data-quiz-checked", result.correct ? "correct" : "incorrect");
    } else {
      q.article.removeAttribute("data-quiz-checked");
    }
    if (q.check) q.check.hidden = !!result;
    if (q.retry) q.retry.hidden = !result;
    if (q.result && announce !== false) q.result.textContent = result ? resultMessage(result, q.select) : "";
    return result;
  }

  function stateOf(q) {
    return parseState(load(q.id), q.rows.length) || { selected: [], checked: false };
  }

  function updateScore(root) {
    var questions = root.__quiz || [];
    var states = questions.map(function (q) {
      var s = stateOf(q);
      return s.checked ? { checked: true, correct: grade(s.selected, q.key, q.rows.length).correct } : null;
    });
    var total = parseInt(root.getAttribute("data-quiz-total"), 10) || questions.length;
    var score = root.querySelector("[data-quiz-score]");
    if (score) score.textContent = scoreText(states, total);
    var reset = root.querySelector("[data-quiz-reset]");
    if (reset) reset.hidden = !states.some(Boolean) && !questions.some(function (q) { return stateOf(q).selected.length; });
  }

  function mount(root) {
    var questions = [];
    Array.prototype.forEach.call(root.querySelectorAll("[data-quiz-question]"), function (article) {
      var q = describe(article);
      if (!q) return; // unusable markup keeps its no-JavaScript form: explanations stay readable
      article.__quiz = q;
      article.setAttribute("data-quiz-ready", "");
      if (q.actions) q.actions.hidden = false;
      // Restored answers are shown but not announced: a burst of results on every page load would drown a screen
      // reader. The marks, verdicts and explanations still show what was answered.
      show(q, stateOf(q), false);
      questions.push(q);
    });
    root.__quiz = questions;
    updateScore(root);
  }

  function mountAll() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-quiz]"), mount);
    revealLinkedExplanation();
  }

  function revealLinkedExplanation() {
    // A link straight to an explanation (#q-<id>-why-b) is a deliberate request to read it, e.g. from a course page:
    // show that question's explanations and open the one linked, without grading anything.
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    var target = document.getElementById(id);
    if (!target || !target.matches("details[data-quiz-explanation]")) return;
    var article = target.closest("[data-quiz-question]");
    if (article) article.setAttribute("data-quiz-revealed", "");
    target.open = true;
    target.scrollIntoView();
  }

  function questionOf(target) {
    var article = target && target.closest ? target.closest("[data-quiz-question]") : null;
    return article && article.__quiz ? article.__quiz : null;
  }

  function rootOf(element) {
    return element.closest("[data-quiz]");
  }

  function onSubmit(event) {
    var q = questionOf(event.target);
    if (!q) return;
    event.preventDefault();
    var selected = selection(q);
    var problem = selectionProblem(selected.length, q.select);
    if (problem) {
      q.result.textContent = problem;
      return;
    }
    var state = { selected: selected, checked: true };
    save(q.id, state);
    show(q, state);
    var root = rootOf(q.article);
    if (root) updateScore(root);
    // The Check button is now hidden; keep keyboard focus in the question rather than losing it to <body>.
    if (q.retry) q.retry.focus();
  }

  function onClick(event) {
    var target = event.target;
    if (!target || !target.closest) return;
    var retry = target.closest("[data-quiz-retry]");
    if (retry) {
      var q = questionOf(retry);
      if (!q) return;
      forget(q.id);
      show(q, { selected: [], checked: false });
      q.result.textContent = "Answer cleared. Choose again.";
      var root = rootOf(q.article);
      if (root) updateScore(root);
      if (q.inputs[0]) q.inputs[0].focus();
      return;
    }
    var reset = target.closest("[data-quiz-reset]");
    if (reset) {
      var page = rootOf(reset);
      if (!page) return;
      (page.__quiz || []).forEach(function (question) {
        forget(question.id);
        show(question, { selected: [], checked: false });
      });
      updateScore(page);
      var announce = page.querySelector("[data-quiz-announce]");
      if (announce) announce.textContent = "Answers on this page cleared.";
      var first = page.querySelector("[data-quiz-input]");
      if (first) first.focus(); // the Reset button just hid itself; keep the keyboard user on the page
    }
  }

  function onChange(event) {
    var q = questionOf(event.target);
    if (!q || !event.target.matches("[data-quiz-input]")) return;
    // Remember an unchecked selection too, so a learner who navigates away does not lose it.
    save(q.id, { selected: selection(q), checked: false });
    if (q.result) q.result.textContent = "";
    var root = rootOf(q.article);
    if (root) updateScore(root);
  }

  // Listeners live on the document, which survives Material's instant navigation, so they are added exactly once;
  // only mounting (reading state into the new content) repeats per page.
  window.llmQuiz = core;
  if (window.__llmQuizStarted) return;
  window.__llmQuizStarted = true;
  document.addEventListener("submit", onSubmit);
  document.addEventListener("click", onClick);
  document.addEventListener("change", onChange);
  window.addEventListener("hashchange", revealLinkedExplanation);

  // Material's document$ emits once per page, including after instant navigation. But it can also finish without
  // ever emitting: Material 9 turns instant navigation off under file:// by completing document$ before the page has
  // loaded. So the quiz also mounts when the document is parsed, unless document$ got there first.
  var mountedByMaterial = false;
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function () {
      mountedByMaterial = true;
      mountAll();
    });
  }
  function mountUnlessMaterialDid() {
    if (!mountedByMaterial) mountAll();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mountUnlessMaterialDid); // after Material's listener, added earlier
  } else {
    mountUnlessMaterialDid();
  }
})();
