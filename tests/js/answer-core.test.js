// The one answer core (docs/assets/base/answer-core.js) that topic pages, the exam and Review all grade with.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const answers = require("../../docs/assets/base/answer-core.js");
const exam = require("../../docs/assets/exam/exam-core.js");
const review = require("../../docs/assets/review/review-core.js");

test("a multi-select answer is complete only with exactly N choices", () => {
  assert.equal(answers.choiceState(0, 2), "empty");
  assert.equal(answers.choiceState(1, 2), "incomplete");
  assert.equal(answers.choiceState(3, 2), "incomplete");
  assert.equal(answers.choiceState(2, 2), "complete");
  assert.equal(answers.choiceState(1, 1), "complete");
  assert.equal(answers.selectionProblem(1, 2), "This question has two correct answers: choose exactly two (you chose one).");
  assert.equal(answers.selectionProblem(2, 2), "");
  assert.equal(answers.choiceText(1, 2), "Choose two · one chosen");
  assert.equal(answers.instruction(2), "Choose two.");
});

test("grading is all or nothing, in any order", () => {
  assert.equal(answers.grade([1, 0], [0, 1], 4).correct, true);
  const half = answers.grade([0, 2], [0, 1], 4);
  assert.deepEqual([half.correct, half.hits, half.wrong, half.missed], [false, 1, 1, 1]);
  assert.deepEqual(half.statuses, ["hit", "missed", "wrong", "none"]);
  // A strict subset of the key (nothing wrong chosen, one missed) and a superset (all of it, and one more) are wrong,
  // in grade() as in isCorrect(): topic pages grade with the first.
  const subset = answers.grade([1], [0, 1], 4);
  assert.deepEqual([subset.correct, subset.hits, subset.wrong, subset.missed], [false, 1, 0, 1]);
  assert.equal(answers.grade([0, 1, 3], [0, 1], 4).correct, false);
  assert.equal(answers.isCorrect([0], [0, 1]), false);
  assert.equal(answers.isCorrect([1, 0], [0, 1]), true);
  assert.equal(answers.parseKey("[1,0]", 4).join(), "0,1");
  for (const bad of ["[]", "[4]", "[0,0]", "[0,1,2,3]", "x", "[1.5]"]) assert.equal(answers.parseKey(bad, 4), null, bad);
});

test("the exam and Review grade with the same core", () => {
  for (const [selected, key] of [[[0], [0, 1]], [[0, 1], [0, 1]], [[2, 1], [1, 2]], [[0, 1, 2], [0, 1]], [[3], [3]]]) {
    const expected = answers.isCorrect(selected, key);
    assert.equal(exam.isCorrect(selected, key), expected, `exam ${selected} vs ${key}`);
    assert.equal(review.isCorrect(selected, key), expected, `review ${selected} vs ${key}`);
  }
});

test("an option's letter and a list of them are said one way", () => {
  assert.deepEqual([0, 1, 25].map(answers.letter), ["A", "B", "Z"]);
  assert.equal(answers.list([]), "");
  assert.equal(answers.list(["A"]), "A");
  assert.equal(answers.list(["A", "C"]), "A and C");
  assert.equal(answers.list([1, 2, 5]), "1, 2 and 5");
});
