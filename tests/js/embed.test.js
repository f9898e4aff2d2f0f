// The embed page's pure logic (assets/embed/embed-core.js): what a link asks for, which questions, the palette, the
// attempt count and the messages to the course page.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const core = require("../../docs/assets/embed/embed-core.js");

const bank = {
  order: ["a", "b", "c", "d"],
  questions: { a: { topic: "peft", lesson: "lora" }, b: { topic: "peft", lesson: "qlora" },
    c: { topic: "peft", lesson: "lora" }, d: { topic: "memory", lesson: "states" } },
  topics: [{ id: "peft", lessons: [{ id: "lora" }, { id: "qlora" }] }, { id: "memory", lessons: [{ id: "states" }] }]
};

test("a link asks for one question, a lesson or a set, and a palette", () => {
  assert.deepEqual(core.parse("?q=a"), { kind: "q", ids: ["a"], lesson: null, palette: null, problems: [] });
  assert.deepEqual(core.parse("?lesson=peft/lora&palette=dark").lesson, "peft/lora");
  assert.equal(core.parse("?lesson=peft/lora&palette=dark").palette, "dark");
  assert.deepEqual(core.parse("?ids=c, a,,b").ids, ["c", "a", "b"]);
  assert.deepEqual(core.parse("").kind, null);
});

test("what a link cannot use is named", () => {
  assert.match(core.parse("?q=a&palette=blue").problems[0], /palette=blue/);
  assert.equal(core.parse("?q=a&palette=blue").palette, null);
  assert.match(core.parse("?q=a&ids=b").problems[0], /one of q=, lesson= or ids=/);
  assert.match(core.parse("?ids=").problems[0], /names no question/);
  assert.match(core.parse("?lesson=").problems[0], /names no lesson/);
});

test("a lesson's questions in the bank's order; unknown ids and lessons named", () => {
  assert.deepEqual(core.select(bank, core.parse("?lesson=peft/lora")), { ids: ["a", "c"], unknown: [], lessonUnknown: null });
  assert.deepEqual(core.select(bank, core.parse("?lesson=peft/none")).lessonUnknown, "peft/none");
  assert.deepEqual(core.select(bank, core.parse("?lesson=peft")).lessonUnknown, "peft");
  assert.deepEqual(core.select(bank, core.parse("?ids=d,x,a,d")), { ids: ["d", "a"], unknown: ["x"], lessonUnknown: null });
  assert.deepEqual(core.select(bank, core.parse("?q=zz")).unknown, ["zz"]);
});

test("the palette is the link's, else the reader's", () => {
  assert.equal(core.scheme("dark", false), "slate");
  assert.equal(core.scheme("light", true), "default");
  assert.equal(core.scheme(null, true), "slate");
  assert.equal(core.scheme(null, false), "default");
});

test("attempts count from 1, from the embed's own count or what the record holds", () => {
  const one = { selected: [0], correct: false, at: 1 };
  const two = { selected: [1], correct: true, at: 2 };
  assert.equal(core.attemptNumber({ first: null, last: null }), 1);
  assert.equal(core.attemptNumber({ first: one, last: { ...one } }), 2);
  assert.equal(core.attemptNumber({ first: one, last: two }), 3);
  assert.equal(core.attemptNumber({ first: one, last: two, extra: { attempts: 5 } }), 6);
});

test("the messages", () => {
  assert.deepEqual(core.heightMessage(120.2), { type: "llm-guide:height", height: 121 });
  assert.deepEqual(core.resultMessage("a", true, [2, 0], 1), { type: "llm-guide:result", id: "a", correct: true, selected: [0, 2], attempt: 1 });
});
