// Pure record logic of docs/assets/base/store.js (run by scripts/test through `node --test tests/js/`).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const core = require("../../docs/assets/base/store.js");

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

/* ---------- the browser layer: two tabs sharing one localStorage ---------- */

const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

// Values made in another vm context have that context's prototypes: compare them as plain data.
const plain = (value) => JSON.parse(JSON.stringify(value));
const SOURCE = fs.readFileSync(path.join(__dirname, "../../docs/assets/base/store.js"), "utf8");

function sharedStorage() {
  const data = new Map();
  const tabs = [];
  let broken = false;
  const storage = {
    get length() { return data.size; },
    key: (i) => Array.from(data.keys())[i] ?? null,
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem(k, v) {
      if (broken && !k.endsWith("probe")) throw new Error("QuotaExceededError");
      const old = data.has(k) ? data.get(k) : null;
      data.set(k, String(v));
      storage.fire(k, old, String(v));
    },
    removeItem(k) {
      const old = data.has(k) ? data.get(k) : null;
      data.delete(k);
      storage.fire(k, old, null);
    },
    fire(key, oldValue, newValue) {
      // Like the browser: every other tab gets a storage event, the writing tab does not.
      for (const tab of tabs) if (tab.writing !== true) tab.dispatch({ key, oldValue, newValue });
    },
    break() { broken = true; },
    mend() { broken = false; },
  };
  function openTab(json) {
    const handlers = [];
    const tab = { dispatch: (event) => handlers.forEach((fn) => fn(event)), writing: false };
    const local = {
      get length() { return storage.length; },
      key: storage.key,
      getItem: storage.getItem,
      setItem(k, v) { tab.writing = true; try { storage.setItem(k, v); } finally { tab.writing = false; } },
      removeItem(k) { tab.writing = true; try { storage.removeItem(k); } finally { tab.writing = false; } },
    };
    const window = { localStorage: local, addEventListener: (type, fn) => type === "storage" && handlers.push(fn) };
    window.window = window;
    const context = vm.createContext(json ? { window, document: {}, globalThis: window, JSON: json }
      : { window, document: {}, globalThis: window });
    vm.runInContext(SOURCE, context);
    tabs.push(tab);
    return window.llmGuide.store;
  }
  return { openTab, storage };
}

test("a reset in another tab is what this tab reads next, and a retry here does not bring the answer back", () => {
  const { openTab } = sharedStorage();
  const a = openTab();
  const b = openTab();
  a.recordAttempt("q1", { selected: [1], correct: false, at: 10, topic: "peft" });
  assert.deepEqual(plain(b.question("q1").first.selected), [1]);
  const told = [];
  a.onChange((name, info) => told.push([name, info.external]));
  b.saveQuestion("q1", null); // "Reset all progress" in tab B
  assert.deepEqual(told, [["q:q1", true]], "tab A hears that another tab changed the record");
  assert.equal(a.question("q1").first, null, "tab A reads the reset, not its own old copy");
  a.saveQuestion("q1", core.retried(a.question("q1"))); // "Try again" in tab A
  assert.equal(b.question("q1").first, null, "nothing comes back");
});

test("a review schedule saved in one tab survives an answer in another", () => {
  const { openTab } = sharedStorage();
  const topic = openTab();
  const review = openTab();
  topic.recordAttempt("q2", { selected: [0], correct: false, at: 10 });
  const record = review.question("q2");
  record.extra = { review: { due: 123 } };
  review.saveQuestion("q2", record);
  topic.recordAttempt("q2", { selected: [2], correct: true, at: 20 });
  assert.deepEqual(plain(review.question("q2").extra), { review: { due: 123 } });
  assert.deepEqual(plain(review.question("q2").last.selected), [2]);
});

test("a failed write is kept in this tab's memory until another tab writes the same key", () => {
  const { openTab, storage } = sharedStorage();
  const a = openTab();
  const b = openTab();
  storage.break();
  assert.equal(a.saveQuestion("q3", { draft: [1] }), false);
  assert.deepEqual(plain(a.question("q3").draft), [1], "what this visit chose is not lost");
  assert.equal(a.status().failed, true);
  assert.deepEqual(plain(b.question("q3").draft), [], "it never reached storage");
  // Until another tab writes that key: its value is newer, and this tab's copy goes.
  storage.mend();
  b.saveQuestion("q3", { draft: [2] });
  assert.deepEqual(plain(a.question("q3").draft), [2], "this tab reads the other tab's write, not its own old copy");
});

test("an attempt takes its topic and lesson from the question, whoever records it", () => {
  const bankRow = { id: "peft-1", topic: "peft", lesson: "lora-basics", select: 1, key: [0] };
  const lessonQuestion = { id: "peft-1", topic: "peft", lesson: "lora-basics", rows: [] };
  for (const [q, how] of [[bankRow, { source: "exam", at: 5, confidence: "sure" }], [lessonQuestion, { source: "topic", at: 5 }]]) {
    const a = core.attempt(q, [2, 0], false, how);
    assert.deepEqual(a, { selected: [0, 2], correct: false, at: 5, confidence: how.confidence || null, source: how.source,
      topic: "peft", lesson: "lora-basics" });
  }
  // So the latest attempt keeps its question in its lesson's count, whatever wrote it.
  const record = core.withAttempt(core.withAttempt(null, core.attempt(lessonQuestion, [0], true, { source: "topic" })),
    core.attempt(bankRow, [1], false, { source: "review" }));
  assert.equal(record.last.lesson, "lora-basics");
});

test("a question record's change name and the features' documents are named once", () => {
  assert.equal(core.questionName("peft-1"), "q:peft-1");
  assert.equal(core.questionIdOf(core.questionName("q:odd")), "q:odd");
  assert.equal(core.questionIdOf(core.DOCS.examCurrent), null);
  assert.deepEqual(Object.values(core.DOCS).sort(), ["exam:current", "exam:history", "exam:last", "review:settings"]);
});

test("a record is parsed once per change to it, however often it is read, and each read is its own copy", () => {
  const { openTab } = sharedStorage();
  const parses = [];
  const json = { parse: (text) => { parses.push(text); return JSON.parse(text); }, stringify: JSON.stringify };
  const a = openTab(json);
  const b = openTab();
  a.recordAttempt("q4", { selected: [1], correct: false, at: 10, topic: "peft", lesson: "l" });
  parses.length = 0;
  for (let i = 0; i < 5; i++) a.question("q4");
  assert.equal(parses.filter((t) => t.includes('"selected"')).length, 1, "five reads, one parse");
  const mine = a.question("q4");
  mine.draft.push(3);
  mine.last.selected.push(2);
  assert.deepEqual(plain(a.question("q4").draft), [], "changing a copy changes nothing stored");
  assert.deepEqual(plain(a.question("q4").last.selected), [1]);
  b.recordAttempt("q4", { selected: [0], correct: true, at: 20, topic: "peft", lesson: "l" }); // another tab's change
  assert.deepEqual(plain(a.question("q4").last.selected), [0], "a change is read");
});

test("review:settings has one constructor: a real calendar day or no date", () => {
  assert.deepEqual(core.reviewSettings("2026-12-24"), { examDate: "2026-12-24" });
  assert.deepEqual(core.reviewSettings("2026-02-31"), { examDate: null });
  assert.deepEqual(core.reviewSettings(""), { examDate: null });
  assert.deepEqual(core.reviewSettings(null), { examDate: null });
  assert.deepEqual(core.reviewSettings("24/12/2026"), { examDate: null });
});
