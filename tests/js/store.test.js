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

// A review schedule as review-core.js schedule() writes it (a ts-fsrs card as JSON, a rating, a time).
const REVIEW = {
  card: { due: "2026-12-06T17:52:55.269Z", stability: 2.3065, difficulty: 2.11810397, elapsed_days: 0, scheduled_days: 3,
    reps: 1, lapses: 0, learning_steps: 0, state: 2, last_review: "2026-12-03T17:52:55.269Z" },
  rating: "good", at: 1796320375269,
};

test("an empty record is empty; a review schedule is kept through every change", () => {
  assert.ok(core.isEmpty(core.normalizeRecord({})));
  const record = core.withAttempt({ extra: { review: REVIEW } }, { selected: [0], correct: true });
  assert.deepEqual(record.extra, { review: REVIEW });
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
  let full = false; // every write refused as the browser does when the origin's quota is used up, the probe's too
  let unlisted = false; // key() throws
  const storage = {
    get length() { return data.size; },
    key: (i) => { if (unlisted) throw new Error("SecurityError"); return Array.from(data.keys())[i] ?? null; },
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem(k, v) {
      if (full) throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
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
    mend() { broken = false; full = false; unlisted = false; },
    fill() { full = true; },
    unlist() { unlisted = true; },
    data,
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
  record.extra = { review: REVIEW };
  review.saveQuestion("q2", record);
  topic.recordAttempt("q2", { selected: [2], correct: true, at: 20 });
  assert.deepEqual(plain(review.question("q2").extra), { review: REVIEW });
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

/* ---------- a full storage is read-only, not gone (issue 33, finding 2) ---------- */

test("storage filled by another page still shows, exports and resets everything it holds", () => {
  const { openTab, storage } = sharedStorage();
  const before = openTab();
  before.recordAttempt("q1", { selected: [1], correct: false, at: 10, topic: "peft", lesson: "l" });
  before.recordAttempt("q2", { selected: [0], correct: true, at: 20, topic: "peft", lesson: "l" });
  before.set("exam:history", [{ at: 30, correct: 1, total: 2 }]);
  storage.fill(); // another page of the origin used up the quota
  const tab = openTab(); // the next page opened
  assert.deepEqual(plain(tab.status()), { kept: false, failed: true, available: true, full: true });
  assert.deepEqual(plain(tab.questionIds()).sort(), ["q1", "q2"], "every record is still read");
  assert.equal(tab.question("q1").first.correct, false);
  assert.equal(tab.get("exam:history").length, 1);
  // A new answer lasts for the visit, in memory; storage keeps what it had.
  assert.equal(tab.recordAttempt("q3", { selected: [2], correct: true, at: 40 }).last.at, 40);
  assert.deepEqual(plain(tab.questionIds()).sort(), ["q1", "q2", "q3"]);
  assert.equal(storage.data.has("llm-ft-guide:v2:q:q3"), false);
  // Removing needs no room: a reset really clears what storage holds, and says so (true).
  assert.equal(tab.saveQuestion("q1", null), true);
  assert.equal(tab.set("exam:history", null), true);
  assert.equal(storage.data.has("llm-ft-guide:v2:q:q1"), false);
  // The footprint is measured from what is kept, key and value.
  const fp = tab.footprint();
  const q2 = "llm-ft-guide:v2:q:q2".length + storage.data.get("llm-ft-guide:v2:q:q2").length;
  assert.equal(fp.questions, 2, "q2 from storage, q3 from this visit's memory");
  assert.ok(fp.questionBytes > q2 && fp.total === fp.questionBytes, JSON.stringify(fp));
});

test("a record that cannot be read is named, and a storage that will not list is asked for the guide's ids", () => {
  const { openTab, storage } = sharedStorage();
  const tab = openTab();
  tab.recordAttempt("q1", { selected: [1], correct: false, at: 10 });
  storage.data.set("llm-ft-guide:v2:q:q2", "{not json");
  storage.data.set("llm-ft-guide:v2:exam:history", "[broken");
  let inv = plain(tab.inventory(["q1", "q2"]));
  assert.deepEqual(inv, { ids: ["q1"], unreadable: ["q2"], unreadableDocs: ["exam:history"], listed: true });
  storage.unlist();
  inv = plain(tab.inventory(["q1", "q2", "q3"]));
  assert.deepEqual(inv, { ids: ["q1"], unreadable: ["q2"], unreadableDocs: ["exam:history"], listed: false });
  assert.deepEqual(plain(tab.inventory()).ids, [], "without the guide's ids nothing can be found: said by listed: false");
});

test("a storage full mid-visit is named as full; one that throws on every write is not", () => {
  const { openTab, storage } = sharedStorage();
  const tab = openTab();
  assert.equal(tab.status().kept, true);
  storage.fill();
  assert.equal(tab.set("exam:current", { v: 1 }), false);
  assert.deepEqual(plain(tab.status()), { kept: false, failed: true, available: true, full: true });
  assert.deepEqual(plain(tab.get("exam:current")), { v: 1 }, "kept in memory for the visit");
  storage.mend();
  const other = sharedStorage();
  const refusing = other.openTab();
  other.storage.break();
  refusing.set("exam:current", { v: 1 });
  assert.equal(refusing.status().full, false);
});

test("review:settings has one constructor: a real calendar day or no date", () => {
  assert.deepEqual(core.reviewSettings("2026-12-24"), { examDate: "2026-12-24" });
  assert.deepEqual(core.reviewSettings("2026-02-31"), { examDate: null });
  assert.deepEqual(core.reviewSettings(""), { examDate: null });
  assert.deepEqual(core.reviewSettings(null), { examDate: null });
  assert.deepEqual(core.reviewSettings("24/12/2026"), { examDate: null });
});
