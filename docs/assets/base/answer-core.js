// @ts-check
/*
 * The one answer core: how a chosen set of options is graded and when it may be graded at all, for topic pages
 * (quiz.js), the practice exam (exam-core.js) and Review (review.js). Pure: no DOM, no storage. The rule it keeps
 * everywhere: a question with `select: N` takes exactly N choices, and is right only when they are its key.
 * tests/js/answer-core.test.js checks it under Node.
 */
(function (root) {
  "use strict";

  var NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six"];
  var MARKS = { hit: "Your choice: correct", wrong: "Your choice: incorrect", missed: "Correct answer, not chosen", none: "" };

  /**
   * @param {number} n
   * @returns {string}
   */
  function count(n) {
    return n >= 0 && n < NUMBER_WORDS.length ? NUMBER_WORDS[n] : String(n);
  }

  function sorted(list) {
    return list.slice().sort(function (a, b) { return a - b; });
  }

  /**
   * @param {string} raw
   * @param {number} optionCount
   * @returns {number[] | null}
   */
  function parseKey(raw, optionCount) {
    // The key comes from a JSON attribute that someone may have edited by hand: accept only a list of distinct,
    // in-range option indexes.
    var key;
    try { key = JSON.parse(raw); } catch (error) { return null; }
    if (!Array.isArray(key) || key.length === 0 || key.length >= optionCount) return null;
    var seen = {};
    for (var i = 0; i < key.length; i++) {
      var n = key[i];
      if (typeof n !== "number" || n % 1 !== 0 || n < 0 || n >= optionCount || seen[n]) return null;
      seen[n] = true;
    }
    return sorted(key);
  }

  /**
   * @param {number[]} selected
   * @param {number[]} key
   * @param {number} optionCount
   */
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
    // Multi-select is all-or-nothing: one rule for the whole guide, isCorrect's.
    return { correct: isCorrect(selected, key), hits: hits, wrong: wrong, missed: missed, chosen: selected.length, statuses: statuses };
  }

  /**
   * @param {number} position
   * @returns {string}
   */
  function letter(position) {
    // The letter of the option shown at a position ("A" for the first): the one way the guide names an option.
    return String.fromCharCode(65 + position);
  }

  /**
   * @param {(string | number)[]} items
   * @returns {string}
   */
  function list(items) {
    // "A", "A and B", "A, B and D": letters or question numbers in a sentence.
    if (items.length <= 1) return items.join("");
    return items.slice(0, -1).join(", ") + " and " + items[items.length - 1];
  }

  /**
   * @param {number[]} selected
   * @param {number[]} key
   * @returns {boolean}
   */
  function isCorrect(selected, key) {
    if (!selected || selected.length !== key.length) return false;
    var a = sorted(selected);
    var b = sorted(key);
    return a.every(function (v, i) { return v === b[i]; });
  }

  /**
   * @param {number} chosen
   * @param {number} select
   * @returns {"empty" | "incomplete" | "complete"}
   */
  function choiceState(chosen, select) {
    // "empty": nothing chosen; "incomplete": a multi-select answer with fewer or more than N choices; "complete":
    // ready to grade. Only a complete answer is graded, anywhere in the guide.
    if (!chosen) return "empty";
    return select > 1 && chosen !== select ? "incomplete" : "complete";
  }

  function instruction(select) {
    return "Choose " + count(select) + ".";
  }

  /**
   * @param {number} chosen
   * @param {number} select
   * @returns {string}
   */
  function choiceText(chosen, select) {
    // The live instruction beside a question's options: "Choose one." or "Choose two · one chosen".
    if (select === 1) return "Choose one.";
    return "Choose " + count(select) + " · " + count(chosen) + " chosen";
  }

  /**
   * @param {number} chosen
   * @param {number} select
   * @returns {string}
   */
  function selectionProblem(chosen, select) {
    // As in the exam, a multi-select answer is exactly N choices; grading a half-made answer would only mislead.
    if (chosen === 0) return select === 1 ? "Choose an answer first." : "Choose " + count(select) + " answers first.";
    if (select > 1 && chosen !== select) {
      return "This question has " + count(select) + " correct answers: choose exactly " + count(select) +
        " (you chose " + count(chosen) + ").";
    }
    return "";
  }

  function resultMessage(result, select) {
    if (select === 1) {
      return result.correct
        ? "Correct. The explanation below says why; the others say why each other option is wrong."
        : "Incorrect. The correct answer is marked; its explanation and the one for your choice are open below.";
    }
    if (result.correct) return "Correct: you chose " + (select === 2 ? "both" : "all " + count(select)) + " correct answers.";
    // The verb agrees with the hits: "1 of your 2 choices was right", "0 of your 2 choices were right".
    return "Incorrect: " + result.hits + " of your " + result.chosen + " choice" + (result.chosen === 1 ? "" : "s") +
      (result.hits === 1 ? " was" : " were") + " right. The correct answers are marked; the explanations below say why.";
  }

  var core = {
    count: count, letter: letter, list: list, parseKey: parseKey, grade: grade, isCorrect: isCorrect, choiceState: choiceState,
    instruction: instruction, choiceText: choiceText, selectionProblem: selectionProblem, resultMessage: resultMessage, marks: MARKS
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.answerCore = core;
  if (typeof module !== "undefined" && module.exports) module.exports = core;
})(typeof window !== "undefined" ? window : globalThis);
