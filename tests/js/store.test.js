// Pure record logic of docs/assets/store.js (run by scripts/test through `node --test tests/js/`).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const core = require("../../docs/assets/store.js");

test("a retry keeps the first attempt and replaces the latest", () => {
  let record = core.normalizeRecord(null);
  record = core.withAttempt(record, { selected: [1], correct: false, at: 10 });
  record = core.withAttempt(record, { selected: [2], correct: true, at: 20 });
  assert.deepEqual(record.first.selected, [1]);
  assert.equal(record.first.correct, false);
  assert.deepEqual(record.last.selected, [2]);
  assert.equal(record.last.at, 20);
  assert.deepEqual(record.draft, []);
});

test("corrupt or hostile records normalise to something safe", () => {
  for (const raw of [null, 7, "x", [], { first: "x" }, { draft: [1, 1, -1, 2.5, "3", 99] }]) {
    const record = core.normalizeRecord(raw);
    assert.ok(Array.isArray(record.draft));
    assert.ok(record.draft.every((n) => Number.isInteger(n) && n >= 0 && n < 26));
  }
  assert.deepEqual(core.normalizeRecord({ draft: [3, 1, 1] }).draft, [1, 3]);
  assert.equal(core.normalizeAttempt({ selected: [] }), null);
  assert.equal(core.normalizeAttempt({ selected: [0], confidence: "very" }).confidence, null);
});

test("a v1 answer migrates to a first attempt whose correctness is unknown", () => {
  const record = core.fromLegacy(JSON.stringify({ selected: [0, 2], checked: true }));
  assert.deepEqual(record.first.selected, [0, 2]);
  assert.equal(record.first.correct, null);
  assert.deepEqual(core.fromLegacy(JSON.stringify({ selected: [1], checked: false })).draft, [1]);
  assert.equal(core.fromLegacy("{not json"), null);
});

test("an empty record is empty; other features' data is kept", () => {
  assert.ok(core.isEmpty(core.normalizeRecord({})));
  const record = core.withAttempt({ extra: { review: { due: 5 } } }, { selected: [0], correct: true });
  assert.deepEqual(record.extra, { review: { due: 5 } });
});

test("try again shows the question unanswered but keeps both attempts until the next one", () => {
  let record = core.withAttempt(null, { selected: [1], correct: false, at: 10 });
  record = core.retried(record);
  assert.equal(record.again, true);
  assert.deepEqual(record.first.selected, [1]);
  assert.equal(core.normalizeRecord(record).again, true);
  record = core.withAttempt({ ...record, draft: [2] }, { selected: [2], correct: true, at: 20 });
  assert.equal(record.again, undefined);
  assert.equal(record.first.correct, false);
  assert.equal(core.normalizeRecord({ again: true }).again, undefined);
});

test("only question records are question changes", () => {
  assert.ok(core.isQuestionName("q:peft-1"));
  for (const name of ["exam:current", "exam:history", "review:settings", "", null, undefined, 7]) {
    assert.equal(core.isQuestionName(name), false);
  }
});
