// The red-team review's hostile inputs (issue 33, ../shared/reviews/redteam-2026-12-03.md), one test each, against the
// pure cores: progress files that would fill the storage or jam Review, implausible values, ids named like Object's
// own members, counts above the bank, notices that would echo a page of input, and one exam in two tabs.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const store = require("../../docs/assets/base/store.js");
const io = require("../../docs/assets/progress/progress-file.js");
const progress = require("../../docs/assets/progress/progress-core.js");
const exam = require("../../docs/assets/exam/exam-core.js");
const review = require("../../docs/assets/review/review-core.js");
const calc = require("../../docs/assets/calculator/calc-core.js");
const bankCore = require("../../docs/assets/base/bank.js");
const lib = require("../../docs/assets/vendor/ts-fsrs/index.umd.js");

const NOW = Date.UTC(2026, 11, 3, 12);
const DAY = 86400000;
const attempt = (at, correct = false) => ({ selected: [0], correct, at, confidence: null, source: "topic", topic: "peft", lesson: "l" });
// A schedule as review-core.js writes it.
const goodReview = () => review.schedule(lib, null, "good", NOW - DAY);
const file = (questions, more = {}) => JSON.stringify({ format: io.FORMAT, version: 3, questions, ...more });
const refused = (text, pattern, known = ["a", "b"]) => {
  const result = io.parseImport(text, known, NOW);
  assert.equal(result.ok, false, text.slice(0, 200));
  assert.match(result.error, pattern);
  assert.ok(result.error.length < 400, "the message is a sentence, not an echo of the file");
};

/* ---------- finding 3: imported files ---------- */

test("a file of megabytes is refused before it is read, whatever it holds", () => {
  // The red team's brick: 19 known ids whose extra.pad strings fall from 4 MB to 16 bytes, 8.4 MB in all.
  const questions = {};
  for (let i = 0, size = 4 << 20; i < 19; i++, size >>= 1) questions[i ? `q${i}` : "a"] = { first: attempt(NOW), extra: { pad: "x".repeat(Math.max(16, size)) } };
  const text = file(questions);
  assert.ok(text.length > 8e6);
  refused(text, /This file is 8\.\d MB, more than a progress file of this guide can be \(5 MB\)/);
});

test("a record larger than any the guide writes refuses the file, naming the question", () => {
  refused(file({ a: { first: attempt(NOW), extra: { pad: "x".repeat(5000) } } }),
    /its record of question a holds 5\.\d kB, more than a record of the guide ever does \(4 kB\)/);
  // The largest record the guide itself writes (both attempts at their longest, a review schedule) is far under it.
  const long = { selected: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25],
    correct: false, at: NOW, confidence: "guessed", source: "review", topic: "t".repeat(80), lesson: "l".repeat(80) };
  const biggest = { draft: long.selected, first: long, last: long, again: true, extra: { review: goodReview() } };
  const size = JSON.stringify(store.normalizeRecord(biggest)).length;
  assert.ok(size < store.RECORD_LIMIT / 2, `the largest record is ${size} characters`);
});

test("extra keeps only a sound review schedule: anything else is dropped and named, and the answers import", () => {
  const hostile = {
    a: { first: attempt(NOW), extra: { pad: "x".repeat(100), review: { card: "hello" }, __proto__: { polluted: 1 } } },
    b: { first: attempt(NOW), extra: { review: goodReview() } },
  };
  const text = file(hostile).replace('"extra":{"pad"', '"extra":{"__proto__":{"polluted":1},"pad"');
  const result = io.parseImport(text, ["a", "b"], NOW);
  assert.equal(result.ok, true);
  assert.deepEqual(result.records.a.extra, undefined);
  assert.deepEqual(result.records.b.extra.review, goodReview());
  assert.deepEqual(result.dropped, ["a extra.__proto__", "a extra.pad", "a extra.review (it has no card)"]);
  assert.equal({}.polluted, undefined);
});

test("every broken review card is dropped with its reason; a sound one is kept to the field", () => {
  const base = goodReview();
  const broken = [
    [{ ...base, card: { ...base.card, due: "2000-01-01T00:00:00Z", stability: "x", state: 99, last_review: "garbage" } }, /last review/],
    [{ ...base, card: { ...base.card, due: 1e308 } }, /due date/],
    [{ ...base, card: { ...base.card, due: "+275760-09-13T00:00:00.000Z" } }, /due date/],
    [{ ...base, card: { ...base.card, stability: -1 } }, /stability/],
    [{ ...base, card: { ...base.card, difficulty: 11 } }, /difficulty/],
    [{ ...base, card: { ...base.card, reps: 2.5 } }, /reps/],
    [{ ...base, card: { ...base.card, state: 4 } }, /state/],
    [{ ...base, rating: "brilliant" }, /rating/],
    [{ ...base, at: 1e308 }, /time/],
    [{ ...base, card: null }, /no card/],
    ["hello", /not a schedule/],
  ];
  for (const [raw, reason] of broken) {
    assert.match(store.reviewProblem(raw), reason, JSON.stringify(raw));
    const clean = store.cleanRecord({ first: attempt(NOW), extra: { review: raw } });
    assert.equal(clean.record.extra, undefined);
    assert.match(clean.dropped[0], /^extra\.review \(it /);
  }
  assert.equal(store.reviewProblem(base), "");
  assert.deepEqual(store.normalizeReview({ ...base, card: { ...base.card, extra: "x".repeat(9000) } }), base);
});

test("a broken card found in storage starts a fresh schedule instead of throwing", () => {
  const wrong = { first: attempt(NOW), last: attempt(NOW) };
  for (const card of [{ due: "2000-01-01T00:00:00Z", stability: "x", state: 99, last_review: "garbage" }, "hello", { due: 1e308 }]) {
    // As a record that bypassed store.js (written by another page of the origin, or an older guide).
    const record = { ...wrong, extra: { review: { card, rating: "again", at: 1 } } };
    const next = review.schedule(lib, record, "good", NOW);
    assert.equal(store.reviewProblem(next), "", JSON.stringify(card));
    assert.equal(next.card.reps, 1, "a fresh card: its first review");
    // And store.js never hands it to Review: the record reads as answered, without the schedule.
    assert.equal(store.normalizeRecord(record).extra, undefined);
    assert.ok(review.needsReview(store.normalizeRecord(record)), "still due, since it was missed");
  }
});

test("implausible values refuse the file, each with a clear message", () => {
  const history = (n, entry = {}) => Array.from({ length: n }, (_, i) => ({ at: NOW - i * 1000, correct: 1, total: 2, ...entry }));
  const session = (over) => ({ v: 1, ids: ["a", "b"], seed: 1, query: "", timed: true, limitMs: 240000, startedAt: NOW - 60000,
    elapsedMs: 1000, runningSince: null, current: 0, answers: {}, flags: {}, confidence: {}, submittedAt: null, expired: false, ...over });
  const cases = [
    [file({ a: { first: attempt(1e308) } }), /record of question a has a first answer dated 1e\+308, which cannot be right/],
    [file({ a: { first: attempt(Date.UTC(3000, 0, 1)) } }), /first answer dated 3000-01-01, which cannot be right/],
    [file({ a: { last: attempt(-5) } }), /latest answer dated -5/],
    [file({}, { exam: { history: history(10000) } }), /it holds 10,000 practice exam results, where the guide keeps the last 50/],
    [file({}, { exam: { current: session({ limitMs: 1e308, startedAt: 1e308, elapsedMs: 1e308, runningSince: 1e308 }) } }),
      /unfinished practice exam has a start time that cannot be right \(1e\+308\)/],
    [file({}, { exam: { current: session({ elapsedMs: 1e13 }) } }), /time used that cannot be right/],
    [file({}, { exam: { current: session({ limitMs: 1e308 }) } }), /time limit longer than its questions are given/],
    [file({}, { exam: { last: session({ submittedAt: 1e308, runningSince: null }) } }), /last practice exam result was submitted at a time that cannot be right/],
    [file({}, { version: -1 }), /its version \(-1\) is not one this guide writes \(1 to 3\)/],
    [file({}, { version: 2.5 }), /its version \(2\.5\)/],
    [file({}, { version: "3" }), /its version \("3"\)/],
    [file({}, { version: 4 }), /newer version/],
  ];
  for (const [text, pattern] of cases) refused(text, pattern);
  // A past result dated 1e308, or with a time used of 1e308, is left out by its number; the rest imports.
  const mixed = io.parseImport(file({}, { exam: { history: [...history(2), { at: 1e308, correct: 1, total: 2 },
    { at: NOW, correct: 1, total: 2, usedMs: 1e308 }] } }), ["a"], NOW);
  assert.equal(mixed.ok, true);
  assert.deepEqual(mixed.damaged, [3, 4]);
});

test("an import of results keeps the last fifty, however many both sides hold", () => {
  const entries = (n, from) => Array.from({ length: n }, (_, i) => ({ at: from - i * 1000, correct: 1, total: 2, percent: 50,
    usedMs: 0, timed: false, seed: null, query: "" }));
  const merged = io.mergeHistory(entries(30, NOW), entries(40, NOW - 500));
  assert.equal(merged.history.length, 50);
  assert.equal(merged.dropped, 20);
  assert.equal(merged.added, 25, "only the file's results that were kept are counted as added");
});

test("a hundred thousand unknown ids make a short message", () => {
  const questions = {};
  for (let i = 0; i < 100000; i++) questions[`unknown-${i}`] = { first: { selected: [0] } };
  const result = io.parseImport(file(questions), ["a"], NOW);
  assert.equal(result.ok, true);
  assert.equal(result.skipped.length, 100000);
  const said = io.idList(result.skipped);
  assert.ok(said.length < 200, said);
  assert.match(said, / and 99995 more$/);
});

/* ---------- finding 2: what the progress page says ---------- */

test("the footprint, export and reset say what they measured, read and cleared", () => {
  const fp = { total: 14200, questions: 38, questionBytes: 9880, docs: { "exam:history": 540, "exam:last": 2100, "exam:current": 1900 } };
  assert.equal(io.footprintText(fp, 3), "The guide keeps 14.2 kB in this browser: 38 questions with answers (about 260 bytes " +
    "each), 3 practice exam results (about 180 bytes each; the last 50 are kept), your last exam's full result (2.1 kB) " +
    "and an unfinished exam (1.9 kB). Browsers allow a site about 5 MB.");
  assert.equal(io.footprintText({ total: 0, questions: 0, questionBytes: 0, docs: {} }, 0), "The guide keeps nothing in this browser yet.");
  assert.equal(io.unreadText({ unreadable: [], unreadableDocs: [], listed: true }, "not in the file"), "");
  assert.equal(io.unreadText({ unreadable: ["a", "b"], unreadableDocs: ["exam:history"], listed: false }, "not in the file"),
    " This browser holds but could not read, so not in the file: 2 answer records (a, b) and your practice exam results." +
    " This browser would not list what it keeps, so only this guide's questions were looked for.");
  assert.equal(io.resetText({ answers: 12, schedules: 3, damaged: 1, refused: [], docs: ["exam:history", "exam:last", "exam:current"] }, 4),
    "Cleared 12 answered questions (with 3 Review schedules), 1 damaged record, 4 practice exam results, your last " +
    "exam's full result and your unfinished exam. Your exam date was kept.");
  assert.equal(io.resetText({ answers: 0, schedules: 0, damaged: 0, refused: [], docs: [] }, 0),
    "There was nothing to clear. Your exam date was kept.");
  assert.match(io.resetText({ answers: 1, schedules: 0, damaged: 0, refused: ["q1", "q2"], docs: [] }, 0),
    /refused to clear 2 records \(q1, q2\): this page no longer shows them, but they come back when a page is reloaded\.$/);
});

test("the storage notices name the cause", () => {
  assert.equal(store.notKeptCause({ kept: false, full: true }), "this browser's storage for the site is full");
  assert.match(store.notKeptCause({ kept: false, full: false }), /private mode or blocked storage/);
  assert.deepEqual([store.sizeText(640), store.sizeText(14200), store.sizeText(8.4e6)], ["640 bytes", "14.2 kB", "8.4 MB"]);
});

/* ---------- finding 4: one exam across tabs ---------- */

test("a tab saves the exam only over what it wrote, and can tell what another tab did", () => {
  const mine = exam.createSession({ ids: ["a", "b"], seed: 1, timed: false }, NOW);
  const written = JSON.stringify(mine);
  const stored = (s) => JSON.parse(JSON.stringify(s));
  assert.equal(exam.takenOver(written, stored(mine), null), "", "storage holds this tab's exam: save");
  assert.equal(exam.takenOver(written, stored(exam.answer(mine, "b", [1])), null), "moved", "another tab answered");
  assert.equal(exam.takenOver(written, stored(exam.resumed(mine, NOW + 5)), null), "moved", "another tab resumed it");
  const handedIn = exam.submit(mine, NOW + 9, false);
  assert.equal(exam.takenOver(written, null, stored(handedIn)), "submitted");
  assert.equal(exam.takenOver(written, null, null), "ended", "abandoned or reset in another tab");
  const other = exam.createSession({ ids: ["b"], seed: 2, timed: false }, NOW + 1);
  assert.equal(exam.takenOver(written, stored(other), null), "replaced");
  assert.equal(exam.takenOver("null", stored(other), null), "replaced", "a form shown before another tab started one");
  assert.equal(exam.takenOver("null", null, null), "");
  assert.ok(exam.sameSession(handedIn, mine) && !exam.sameSession(other, mine) && !exam.sameSession(null, mine));
});

/* ---------- low findings ---------- */

const PROTO = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"];

function protoBank() {
  // A bank whose question, topic and lesson ids are Object's members (the check accepts "constructor" as a slug).
  const index = {
    version: "x", domains: [{ id: "d", title: "D", weight: 1 }], objectives: [],
    topics: [{ id: "constructor", title: "C", lessons: [{ id: "toString", title: "T" }] }, { id: "peft", title: "P", lessons: [{ id: "l", title: "L" }] }],
    rows: PROTO.map((id, i) => [id, i % 2, 0, 0, 1, 1, 4, []]).concat([["peft-1", 1, 0, 0, 1, 1, 4, []]]),
  };
  return bankCore.expand(index);
}

test("ids and topics named like Object's members are found in links and count as themselves", () => {
  const bank = protoBank();
  const params = exam.parseParams("?ids=" + PROTO.join(",") + ",peft-1", bank);
  assert.deepEqual(params.ids, [...PROTO, "peft-1"]);
  assert.deepEqual(params.unknownIds, []);
  assert.deepEqual(exam.parseParams("?topics=constructor,constructor/toString,__proto__", bank).topics, ["constructor", "constructor/toString"]);
  assert.deepEqual(exam.parseParams("?topics=__proto__,toString", bank).unknownTopics, ["__proto__", "toString"]);
  // In a session, such a question starts unanswered and unflagged, and is graded like any other.
  let s = exam.createSession({ ids: params.ids, seed: 0, timed: false }, NOW);
  for (const id of PROTO) {
    assert.equal(exam.isAnswered(s, id), false, id);
    assert.equal(exam.answerState(s, bank, id), exam.answerState(s, bank, "peft-1"), id);
  }
  assert.deepEqual(exam.pending(s, bank).flagged, []);
  s = exam.answer(s, "constructor", [0]);
  s = exam.validSession(JSON.parse(JSON.stringify(s)), bank);
  const result = exam.score(s, bank, NOW);
  assert.equal(result.correct, 1);
  assert.equal(result.items.filter((x) => x.flagged || x.confidence).length, 0);
  // Progress counts a topic named "constructor" from zero.
  const records = { a: { first: { ...attempt(NOW), topic: "constructor", lesson: "toString" } } };
  assert.equal(progress.countByTopic(["a"], (id) => records[id]).constructor, 1);
  assert.equal(progress.countByLesson(["a"], (id) => records[id])["constructor/toString"], 1);
});

test("a count above the questions chosen is named and lowered to them", () => {
  const bank = protoBank();
  for (const n of ["400", "100000000000000000000"]) {
    const params = exam.parseParams(`?n=${n}`, bank);
    assert.equal(params.n, 6);
    assert.match(params.problems[0], /^the count “.{1,20}” \(the bank holds 6, so the exam has all 6\)$/);
  }
  const some = exam.parseParams("?topics=peft&n=99", bank);
  assert.equal(some.n, 3);
  assert.match(some.problems[0], /the questions chosen hold 3/);
  assert.deepEqual(exam.parseParams("?n=3", bank).problems, [], "a count the bank holds is no problem");
  assert.deepEqual(exam.parseParams("?ids=peft-1&n=99", bank).problems, [], "a fixed set has no count");
});

test("a notice names five of ten thousand unknown ids, and the calculator five of ten thousand names", () => {
  const bank = protoBank();
  const ids = Array.from({ length: 10000 }, (_, i) => `<img src=x onerror=alert(${i})>`);
  const params = exam.parseParams("?ids=" + encodeURIComponent(ids.join(",")), bank);
  assert.equal(params.unknownIds.length, 10000);
  const said = exam.listText(params.unknownIds);
  assert.ok(said.length < 250, said);
  assert.match(said, / and 9995 more$/);
  const query = calc.parseQuery("?" + Array.from({ length: 10000 }, (_, i) => `u${i}=1`).join("&"));
  const out = calc.evaluate({}, query);
  assert.equal(out.warnings.length, 6);
  assert.match(out.warnings[5].message, /9995 more names/);
});

test("an exam answer to an option its question does not have is dropped, not shown as incomplete", () => {
  const bank = protoBank();
  const s = exam.createSession({ ids: ["peft-1"], seed: 0, timed: false }, NOW);
  const stored = JSON.parse(JSON.stringify({ ...s, answers: { "peft-1": [25] } }));
  assert.equal(exam.isAnswered(exam.validSession(stored, bank), "peft-1"), false);
});
