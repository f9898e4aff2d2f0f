// Pure progress logic: summaries and counts per topic (progress-core.js, every page), and "continue", import
// validation and merging (progress-file.js, the home and progress pages).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const store = require("../../docs/assets/base/store.js");
const core = require("../../docs/assets/progress/progress-core.js");
const io = require("../../docs/assets/progress/progress-file.js");
const exam = require("../../docs/assets/exam/exam-core.js");

const attempt = (selected, correct, at) => ({ selected, correct, at });
const records = {
  a: store.withAttempt(store.withAttempt(null, attempt([1], false, 10)), attempt([0], true, 20)),
  b: store.withAttempt(null, attempt([0], true, 30)),
  c: store.retried(store.withAttempt(null, attempt([2], true, 5))),
};
const recordOf = (id) => (records[id] ? store.normalizeRecord(records[id]) : store.normalizeRecord(null));

test("a summary counts answered, right first time, right now, and lists the first-try misses", () => {
  const s = core.summarize(["a", "b", "c", "d"], recordOf);
  assert.deepEqual(
    { ...s },
    { total: 4, answered: 3, firstRight: 2, nowChecked: 2, nowRight: 2, missed: ["a"], unanswered: ["d"] },
  );
  assert.equal(core.scoreText(s), "Score: 2 of 4 correct (2 checked). First try: 2 of 3.");
  assert.equal(core.scoreText(core.summarize(["d"], recordOf)), "1 question on this page. Score: 0 of 1.");
});

test("continue goes to the next unanswered question of the latest topic, wrapping", () => {
  const topics = [
    { id: "t1", questions: ["c", "x"] },
    { id: "t2", questions: ["y", "b", "z"] },
  ];
  const next = io.latest(topics, recordOf);
  assert.equal(next.topic.id, "t2");
  assert.equal(next.id, "z");
  assert.equal(next.number, 3);
  assert.equal(io.latest([{ id: "t", questions: ["b", "y"] }], recordOf).id, "y");
  assert.equal(io.latest([{ id: "t", questions: ["q"] }], recordOf), null);
  assert.equal(io.latest([{ id: "t", questions: ["b"] }], recordOf).done, true);
});

test("an export imports back: unknown ids are skipped and named, empty records dropped", () => {
  const text = JSON.stringify(io.exportDocument({ ...records, gone: records.b, e: {} }, 0));
  const result = io.parseImport(text, ["a", "b", "c", "e"]);
  assert.equal(result.ok, true);
  assert.deepEqual(Object.keys(result.records).sort(), ["a", "b", "c"]);
  assert.deepEqual(result.skipped, ["gone"]);
  assert.equal(result.records.c.again, true);
});

test("anything else is refused with a reason", () => {
  const cases = [
    ["{not json", /not valid JSON/],
    ["[]", /not a progress export/],
    [JSON.stringify({ format: "other", questions: {} }), /not a progress export/],
    [JSON.stringify({ format: io.FORMAT, version: 99, questions: {} }), /newer version/],
    [JSON.stringify({ format: io.FORMAT, version: 1, questions: [] }), /damaged/],
    [JSON.stringify({ format: io.FORMAT, questions: {} }), /newer version|damaged/],
  ];
  for (const [text, message] of cases) {
    const result = io.parseImport(text, ["a"]);
    assert.equal(result.ok, false, text);
    assert.match(result.error, message);
  }
});

// Two past exam results as exam-core.js historyEntry writes them, newest first.
const results = [
  { at: 2000, correct: 7, total: 10, percent: 70, usedMs: 600000, timed: true, seed: 3, query: "?n=10&seed=3" },
  { at: 1000, correct: 1, total: 3, percent: 33.3, usedMs: 90000, timed: false, seed: 0, query: "?ids=a,b,c&timer=0" },
];

test("an export carries the practice exam results and the exam date, and they import back (issue 21)", () => {
  const doc = io.exportDocument(records, 0, { history: [...results, null, { at: "soon" }], examDate: "2027-03-01" });
  assert.equal(doc.version, 3);
  assert.deepEqual(doc.exam.history, results, "junk in this browser's history is not exported");
  assert.equal(doc.review.examDate, "2027-03-01");
  const back = io.parseImport(JSON.stringify(doc), ["a", "b", "c"]);
  assert.equal(back.ok, true);
  assert.deepEqual(back.history, results);
  assert.deepEqual(back.damaged, []);
  assert.equal(back.examDate, "2027-03-01");
  assert.deepEqual(Object.keys(back.records).sort(), ["a", "b", "c"]);
  // Without history or a date (a learner who never took the exam), the parts are there and empty.
  const bare = io.exportDocument(records, 0);
  assert.deepEqual([bare.exam.history, bare.review.examDate], [[], null]);
  assert.equal(io.exportDocument(records, 0, { examDate: "next week" }).review.examDate, null);
});

test("a version 1 file, from before exam results were exported, still imports", () => {
  const old = { format: io.FORMAT, version: 1, exported: "2026-11-01T00:00:00.000Z", questions: { a: records.a } };
  const result = io.parseImport(JSON.stringify(old), ["a"]);
  assert.equal(result.ok, true);
  assert.deepEqual(Object.keys(result.records), ["a"]);
  assert.deepEqual([result.history, result.damaged, result.examDate], [[], [], null]);
  assert.deepEqual([result.last, result.current], [null, null]);
});

test("a damaged exam part is named: the file is refused, or the bad results are left out by number", () => {
  const file = (more) => JSON.stringify({ format: io.FORMAT, version: 2, questions: { a: records.a }, ...more });
  const refused = [
    [{ exam: { history: "lots" } }, /practice exam results are not a list/],
    [{ exam: [results[0]] }, /practice exam results are not a list/],
    [{ exam: 5 }, /practice exam results are not a list/],
    [{ review: { examDate: "1 March" } }, /exam date is not a date/],
    [{ review: { examDate: 20270301 } }, /exam date is not a date/],
    [{ review: "2027-03-01" }, /exam date is not a date/],
  ];
  for (const [more, message] of refused) {
    const result = io.parseImport(file(more), ["a"]);
    assert.equal(result.ok, false, JSON.stringify(more));
    assert.match(result.error, message);
  }
  const bad = [
    results[0],
    null,
    { ...results[1], correct: 4 }, // more right than asked
    { ...results[1], at: -5 },
    { ...results[1], total: 0, correct: 0 },
    { ...results[1], percent: 99, usedMs: "long", timed: "yes", seed: -1, query: 7 }, // defaulted, and percent recomputed
  ];
  const result = io.parseImport(file({ exam: { history: bad } }), ["a"]);
  assert.equal(result.ok, true);
  assert.deepEqual(result.damaged, [2, 3, 4, 5]);
  assert.deepEqual(result.history, [
    results[0],
    { at: 1000, correct: 1, total: 3, percent: 33.3, usedMs: 0, timed: false, seed: null, query: "" },
  ]);
  assert.deepEqual(Object.keys(result.records), ["a"], "the answers still import");
});

test("importing exam results only adds: this browser's stay as they are, each exam once, newest first", () => {
  const here = [{ at: 3000, correct: 2, total: 2, percent: 100, mine: true }, results[1], "kept, whatever it is"];
  const merged = io.mergeHistory(here, [results[0], results[1]]);
  assert.equal(merged.added, 1);
  assert.deepEqual(merged.history, [here[0], results[0], results[1], "kept, whatever it is"]);
  assert.deepEqual(io.mergeHistory(null, results), { history: results, added: 2, dropped: 0 });
  assert.deepEqual(io.mergeHistory(here, []).history, here);
});

test("merging keeps the older first attempt and the newer latest one", () => {
  const here = store.withAttempt(null, attempt([1], false, 100));
  const there = store.withAttempt(store.withAttempt(null, attempt([2], false, 50)), attempt([0], true, 200));
  const merged = io.merge(here, there);
  assert.deepEqual(merged.first.selected, [2]);
  assert.deepEqual(merged.last.selected, [0]);
  assert.equal(merged.last.correct, true);
  const back = io.merge(there, here);
  assert.deepEqual(back.last.selected, [0]);
  assert.deepEqual(io.merge(null, there).first.selected, [2]);
  assert.deepEqual(io.merge(here, null), store.normalizeRecord(here));
  assert.equal(io.merge(store.retried(there), here).again, true);
});

test("answered questions are counted per topic from the topic their attempts recorded", () => {
  const tagged = {
    a: store.withAttempt(null, { selected: [0], correct: true, at: 1, topic: "peft" }),
    b: store.withAttempt(null, { selected: [1], correct: false, at: 2, topic: "peft" }),
    c: store.withAttempt(null, { selected: [1], correct: false, at: 3, topic: "memory" }),
    d: store.withAttempt(null, { selected: [1], correct: false, at: 4 }), // before attempts carried a topic
    e: { draft: [1] }, // chosen, never checked: not answered
  };
  const of = (id) => store.normalizeRecord(tagged[id]);
  assert.deepEqual({ ...core.countByTopic(Object.keys(tagged), of) }, { peft: 2, memory: 1 });
  assert.equal(core.topicOf(of("a")), "peft");
  assert.equal(core.topicOf(of("d")), null);
});

test("an untagged record gets its topic, and a tagged or unanswered one is left alone", () => {
  const old = store.withAttempt(store.withAttempt(null, attempt([1], false, 1)), attempt([0], true, 2));
  const tagged = core.withTopic(store.normalizeRecord(old), "peft");
  assert.equal(tagged.first.topic, "peft");
  assert.equal(tagged.last.topic, "peft");
  assert.deepEqual(tagged.first.selected, [1]);
  assert.equal(core.withTopic(tagged, "peft"), null);
  assert.equal(core.withTopic(store.normalizeRecord({ draft: [1] }), "peft"), null);
});

test("the phone's short score says the same in a few characters", () => {
  assert.equal(core.scoreShort({ total: 10, answered: 0, nowRight: 0, nowChecked: 0 }), "10 questions");
  assert.equal(core.scoreShort({ total: 1, answered: 0, nowRight: 0, nowChecked: 0 }), "1 question");
  assert.equal(core.scoreShort({ total: 10, answered: 5, nowRight: 3, nowChecked: 5 }), "3/10 right");
});

test("lesson tags: counted per topic/lesson, and re-tagged when a question moves", () => {
  const a = store.normalizeRecord({ first: { selected: [1], correct: true, topic: "peft", lesson: "basics" } });
  const b = store.normalizeRecord({ first: { selected: [0], correct: false, topic: "peft", lesson: "serving" } });
  const records = { a, b, c: store.normalizeRecord(null) };
  assert.deepEqual({ ...core.countByLesson(["a", "b", "c"], (id) => records[id]) }, { "peft/basics": 1, "peft/serving": 1 });
  const moved = core.withTopic(a, "peft", "variants");
  assert.equal(moved.first.lesson, "variants");
  assert.equal(core.withTopic(moved, "peft", "variants"), null, "nothing to change the second time");
});

// Exam sessions as the practice page stores them (exam-core.js): one finished (exam:last), one unfinished (exam:current).
function finishedExam(at) {
  let s = exam.createSession({ ids: ["a", "b"], seed: 4, timed: false, query: "?ids=a,b&timer=0" }, at - 500);
  s = exam.answer(s, "a", [1]);
  s = exam.setConfidence(s, "a", "sure");
  s = exam.checkpoint(s, at);
  return stored({ ...s, runningSince: null, submittedAt: at, expired: false });
}
function unfinishedExam(at) {
  let s = exam.createSession({ ids: ["c", "a", "b"], seed: 9, timed: true, query: "?n=3&seed=9" }, at);
  s = exam.answer(s, "c", [0, 2]);
  s = exam.setFlag(s, "a", true);
  s = exam.goTo(s, 1);
  return stored(exam.checkpoint(s, at + 60000));
}
// As storage gives it back: plain JSON (exam-core keeps its maps by id without a prototype).
function stored(session) { return JSON.parse(JSON.stringify(session)); }
const v3 = (examPart) => JSON.stringify({ format: io.FORMAT, version: 3, questions: { a: records.a }, exam: examPart });

test("an export carries the last exam's full result and the unfinished exam, and they import back", () => {
  const last = finishedExam(5000);
  const current = unfinishedExam(9000);
  const doc = io.exportDocument(records, 0, { last: { ...last, junk: "not kept" }, current });
  assert.equal(doc.version, 3);
  assert.deepEqual(doc.exam.last, last, "only a session's own fields are exported");
  assert.deepEqual(doc.exam.current, current);
  const back = io.parseImport(JSON.stringify(doc), ["a", "b", "c"]);
  assert.equal(back.ok, true);
  assert.deepEqual([back.last, back.current], [last, current]);
  assert.deepEqual([back.unknownInLast, back.unknownInCurrent], [[], []]);
  // The exam page takes both as they are.
  const bank = { questions: { a: {}, b: {}, c: {} } };
  assert.deepEqual(stored(exam.validSession(back.current, bank)), current);
  assert.deepEqual(stored(exam.validSession(back.last, bank)), last);
  // Nothing stored, or something damaged in this browser: the file says null, and still imports.
  const bare = io.exportDocument(records, 0, { last: "junk", current: { ...current, ids: [] } });
  assert.deepEqual([bare.exam.last, bare.exam.current], [null, null]);
  assert.equal(io.exportDocument(records, 0, { current: last }).exam.current, null, "a finished exam is not unfinished");
});

test("a damaged last result or unfinished exam refuses the file, saying which and what is wrong", () => {
  const last = finishedExam(5000);
  const current = unfinishedExam(9000);
  const cases = [
    [{ current: "soon" }, /its unfinished practice exam is not a practice exam this guide saved/],
    [{ current: { ...current, v: 2 } }, /unfinished practice exam is not a practice exam/],
    [{ current: { ...current, ids: [] } }, /unfinished practice exam has no questions/],
    [{ current: { ...current, ids: ["a", "a"] } }, /unfinished practice exam holds question a twice/],
    [{ current: { ...current, ids: ["a", 3] } }, /question id that is not text/],
    [{ current: { ...current, elapsedMs: "1 minute" } }, /time used that is not a number/],
    [{ current: { ...current, startedAt: -1 } }, /start time that is not a number/],
    [{ current: { ...current, current: 3 } }, /at a question number it does not have/],
    [{ current: { ...current, current: 0.5 } }, /at a question number it does not have/],
    [{ current: { ...current, timed: "yes" } }, /does not say whether it is timed/],
    [{ current: { ...current, limitMs: 0 } }, /timed but has no time limit/],
    [{ current: { ...current, seed: "nine" } }, /seed that is not a whole number/],
    [{ current: { ...current, answers: { c: "A" } } }, /answer that is not a list of options/],
    [{ current: { ...current, answers: { z: [0] } } }, /answer to a question it does not hold/],
    [{ current: { ...current, answers: [] } }, /not lists by question/],
    [{ current: { ...current, flags: { a: "yes" } } }, /flag that is not on one of its questions/],
    [{ current: { ...current, confidence: { a: "very" } } }, /confidence that is not sure, unsure or guessed/],
    [{ current: { ...current, runningSince: "now" } }, /clock that is neither running nor paused/],
    [{ current: { ...current, submittedAt: 10 } }, /unfinished practice exam is marked as submitted/],
    [{ last: { ...last, submittedAt: null } }, /its last practice exam result has no time it was submitted/],
    [{ last: { ...last, runningSince: 4 } }, /last practice exam result was submitted with its clock still running/],
    [{ last: [last] }, /last practice exam result is not a practice exam/],
  ];
  for (const [part, message] of cases) {
    const result = io.parseImport(v3({ history: [], last: null, current: null, ...part }), ["a", "b", "c"]);
    assert.equal(result.ok, false, JSON.stringify(part));
    assert.match(result.error, /^This progress file is damaged: /);
    assert.match(result.error, message);
    assert.ok(!("records" in result), "nothing of a refused file is handed on");
  }
});

test("an exam holding questions this guide does not have is left out and named; the rest imports", () => {
  const result = io.parseImport(v3({ last: finishedExam(5000), current: unfinishedExam(9000) }), ["a", "c"]);
  assert.equal(result.ok, true);
  assert.deepEqual([result.last, result.current], [null, null]);
  assert.deepEqual([result.unknownInLast, result.unknownInCurrent], [["b"], ["b"]]);
  assert.deepEqual(Object.keys(result.records), ["a"]);
  const merged = io.mergeExam({ last: null, current: null }, result);
  assert.deepEqual([merged.last, merged.current], [null, null]);
  assert.deepEqual(merged.notes, [
    "The file's last practice exam result was left out: it holds questions this guide does not have (b).",
    "The file's unfinished practice exam was not restored: it holds questions this guide does not have (b).",
  ]);
});

test("a version 2 file, from before the last result and the unfinished exam were exported, still imports", () => {
  const old = { format: io.FORMAT, version: 2, questions: { a: records.a }, exam: { history: results },
    review: { examDate: "2027-03-01" } };
  const result = io.parseImport(JSON.stringify(old), ["a"]);
  assert.equal(result.ok, true);
  assert.deepEqual(result.history, results);
  assert.deepEqual([result.last, result.current, result.examDate], [null, null, "2027-03-01"]);
  assert.deepEqual(io.mergeExam({ last: finishedExam(5000), current: null }, result), { last: null, current: null, notes: [] });
});

test("merging exams: the file's unfinished exam only when none is in progress here, the newer last result", () => {
  const mine = unfinishedExam(20000);
  const theirs = unfinishedExam(30000);
  const file = (more) => ({ last: null, current: null, unknownInLast: [], unknownInCurrent: [], ...more });
  // Nothing here: both are taken.
  let m = io.mergeExam({ last: null, current: null }, file({ last: finishedExam(5000), current: theirs }));
  assert.deepEqual([m.last, m.current], [finishedExam(5000), theirs]);
  assert.deepEqual(m.notes, [
    "The practice exam page now shows the file's last result.",
    "Your unfinished practice exam was restored: it resumes at question 2 of 3 on the practice exam page.",
  ]);
  // One in progress here: it stays, and the summary says so.
  m = io.mergeExam({ last: null, current: mine }, file({ current: theirs }));
  assert.equal(m.current, null);
  assert.deepEqual(m.notes, ["This browser's unfinished practice exam was kept; the file's unfinished exam was not " +
    "restored, since only one can be in progress."]);
  // The same exam (a file from this browser): nothing to say.
  assert.deepEqual(io.mergeExam({ last: null, current: mine }, file({ current: mine })), { last: null, current: null, notes: [] });
  // Something damaged here is not an exam in progress: the file's is restored.
  assert.deepEqual(io.mergeExam({ last: null, current: { v: 1 } }, file({ current: theirs })).current, theirs);
  // An exam this browser has finished since the file was made is not brought back.
  const done = { ...theirs, runningSince: null, submittedAt: 99999 };
  m = io.mergeExam({ last: done, current: null }, file({ current: theirs }));
  assert.equal(m.current, null);
  assert.deepEqual(m.notes, ["The file's unfinished practice exam was not restored: it has been finished since."]);
  // The last result, by the time it was submitted: newer wins, older or the same leaves this browser's.
  m = io.mergeExam({ last: finishedExam(5000), current: null }, file({ last: finishedExam(6000) }));
  assert.deepEqual(m.last, finishedExam(6000));
  assert.deepEqual(m.notes, ["The practice exam page now shows the file's last result, which is newer than this browser's."]);
  m = io.mergeExam({ last: finishedExam(6000), current: null }, file({ last: finishedExam(5000) }));
  assert.equal(m.last, null);
  assert.deepEqual(m.notes, ["This browser's last practice exam result was kept: it is newer than the file's."]);
  assert.deepEqual(io.mergeExam({ last: finishedExam(6000), current: null }, file({ last: finishedExam(6000) })).notes, []);
});

test("home: an unfinished exam is offered back as far as it got and with the time it has left", () => {
  const ids = Array.from({ length: 20 }, (_, i) => "q-" + i);
  const answers = {};
  ids.slice(0, 10).forEach((id) => { answers[id] = [0]; });
  answers["q-10"] = []; // chosen, then cleared: not answered
  const session = { v: 1, ids, timed: true, limitMs: 40 * 60000, elapsedMs: 11000, runningSince: 5, answers,
    submittedAt: null };
  assert.equal(io.resumeText(session), "Resume exam: 10 of 20, 39:49 left");
  assert.equal(io.resumeText({ ...session, limitMs: 130 * 60000, elapsedMs: 0 }), "Resume exam: 10 of 20, 2:10:00 left");
  assert.equal(io.resumeText({ ...session, timed: false, limitMs: 0 }), "Resume exam: 10 of 20, untimed");
  assert.equal(io.resumeText({ ...session, submittedAt: 9 }), null);
  assert.equal(io.resumeText(null), null);
  assert.equal(io.resumeText({ ids: "damaged" }), null);
});

test("home: the resume link's time reads as the exam's own clock would show it", () => {
  // progress-file.js keeps its own copy of the clock's format, since the home page does not load exam-core.js.
  const examCore = require("../../docs/assets/exam/exam-core.js");
  const base = { v: 1, ids: ["q-1"], timed: true, answers: {}, submittedAt: null, elapsedMs: 0 };
  for (const ms of [0, 1, 999, 1000, 59999, 60000, 599000, 3599999, 3600000, 3661000, 7800000, 36000000]) {
    assert.equal(io.resumeText({ ...base, limitMs: ms }), "Resume exam: 0 of 1, " + examCore.clock(ms) + " left", String(ms));
  }
});
