// Pure logic of docs/assets/plan/plan-core.js: days left, today's work, missed days, a date too close or past,
// the order of lessons (run by `node --test tests/js/`).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const core = require("../../docs/assets/plan/plan-core.js");
const readiness = require("../../docs/assets/plan/readiness-core.js");

const NOW = new Date(2026, 2, 10, 9, 0).getTime();
const DAY = core.DAY;
const dateIn = (days) => new Date(2026, 2, 10 + days).getTime(); // local midnight, as parseExamDate gives it

function makeLessons() {
  // Twelve lessons of five questions: lessons 0-3 in "light" (weight 5), 4-7 "middle" (20), 8-11 "heavy" (40).
  const lessons = [];
  for (let k = 0; k < 12; k++) {
    const domain = k < 4 ? "light" : k < 8 ? "middle" : "heavy";
    const ids = [0, 1, 2, 3, 4].map((i) => `l${k}-q${i}`);
    lessons.push({ topic: `t${Math.floor(k / 4)}`, lesson: `l${k}`, title: `Lesson ${k}`, ids, domains: { [domain]: 5 },
      objectives: [`${domain}.${k % 4}`] });
  }
  return lessons;
}
const WEIGHTS = { light: 5, middle: 20, heavy: 40 };

const answered = (correct, at = NOW) => ({
  draft: [], first: null, last: { selected: [0], correct, at, confidence: null, source: "topic", topic: "t", lesson: "l" }
});

function plan(records, examDate, extra = {}) {
  return core.plan({
    now: NOW, examDate, lessons: makeLessons(), recordOf: (id) => records[id] || null, readiness: null,
    weights: WEIGHTS, reviewDue: 3, ...extra
  });
}

test("days left count today and not the exam's day", () => {
  assert.equal(core.daysLeft(dateIn(21), NOW), 21);
  assert.equal(core.daysLeft(dateIn(1), NOW), 1);
  assert.equal(core.daysLeft(dateIn(0), NOW), 0);
  assert.equal(core.daysLeft(null, NOW), null);
});

test("three weeks out: lessons spread evenly, in the guide's order, with weekly checks and a full exam", () => {
  const p = plan({}, dateIn(21));
  assert.equal(p.state, "plan");
  assert.equal(p.daysLeft, 21);
  assert.equal(p.tooClose, false);
  assert.equal(p.perDay, 1); // 12 lessons over 19 lesson days
  assert.deepEqual(p.today.lessons.map((l) => l.lesson.lesson), ["l0"]);
  assert.equal(p.today.reviewDue, 3);
  const full = p.exams.filter((e) => e.kind === "full");
  assert.equal(full.length, 1);
  assert.equal(full[0].day, 19);
  assert.deepEqual(p.exams.filter((e) => e.kind === "check").map((e) => e.day), [5, 12]);
  assert.equal(p.leftOut.length, 0);
});

test("a missed day spreads its work over the days left; finished lessons drop out", () => {
  const records = {};
  const fewDays = plan(records, dateIn(4));
  assert.equal(fewDays.perDay, 4); // 12 lessons over 3 lesson days
  const missed = plan(records, dateIn(3)); // the same work, a day fewer
  assert.ok(missed.perDay >= fewDays.perDay);
  assert.equal(missed.tooClose, true);
  // Lessons finished yesterday drop out; today's count the plan's lessons for today.
  makeLessons()[0].ids.forEach((id) => { records[id] = answered(true, NOW - DAY); });
  makeLessons()[1].ids.forEach((id) => { records[id] = answered(true, NOW - 60000); });
  const p = plan(records, dateIn(8));
  assert.equal(p.lessonsLeft, 10);
  assert.equal(p.perDay, 2); // 11 (10 left and one done today) over 6 lesson days
  assert.deepEqual(p.today.lessons.map((l) => [l.lesson.lesson, l.done]), [["l1", true], ["l2", false]]);
});

test("a started lesson comes before new ones", () => {
  const records = { "l5-q0": answered(true) };
  const p = plan(records, dateIn(30));
  assert.equal(p.today.lessons[0].lesson.lesson, "l5");
});

test("a date in the past, or today, makes no plan of lessons", () => {
  assert.equal(plan({}, dateIn(-2)).state, "past");
  assert.equal(plan({}, dateIn(0)).state, "today");
  assert.equal(plan({}, null).state, "none");
  assert.equal(plan({}, null).today.lessons.length, 2);
});

test("too close for the whole guide: says so, and keeps the heaviest domains' lessons", () => {
  const p = plan({}, dateIn(2));
  assert.equal(p.tooClose, true);
  assert.equal(p.perDay, core.MAX_PER_DAY);
  // Heavy first: the blueprint's weights decide with no evidence.
  assert.ok(p.today.lessons.every((l) => l.lesson.domains.heavy), JSON.stringify(p.today.lessons));
  assert.equal(p.leftOut.length, 12 - core.MAX_PER_DAY);
  assert.ok(p.leftOut.every((l) => !l.domains.heavy));
  assert.equal(p.exams[0].kind, "full");
  assert.equal(p.exams[0].day, 1);
});

test("with evidence, the weakest and heaviest come first", () => {
  const lessons = makeLessons();
  const records = {};
  // Heavy known well, middle poorly: middle's need (weight 20 x 0.9) beats heavy's (40 x 0.1).
  const bank = { domains: [{ id: "light", title: "L", weight: 5 }, { id: "middle", title: "M", weight: 20 },
    { id: "heavy", title: "H", weight: 40 }], objectives: [], order: [], questions: {} };
  const extra = (domain, i) => `${domain}-x${i}`;
  ["middle", "heavy"].forEach((domain) => {
    for (let i = 0; i < 20; i++) {
      const id = extra(domain, i);
      bank.order.push(id);
      bank.questions[id] = { domain, n: 4, select: 1 };
      records[id] = answered(domain === "heavy");
    }
  });
  const r = readiness.readiness(bank, (id) => records[id] || null, NOW);
  const p = core.plan({ now: NOW, examDate: dateIn(30), lessons, recordOf: () => null, readiness: r, weights: WEIGHTS, reviewDue: 0 });
  assert.equal(p.byEvidence, true);
  assert.ok(p.today.lessons[0].lesson.domains.middle, JSON.stringify(p.today.lessons[0]));
  assert.equal(core.weakest(r), "middle");
});

test("every objective is covered before lessons that only repeat one", () => {
  const lessons = makeLessons();
  // Two heavy lessons share an objective: the other heavy objectives come before the repeat.
  lessons[9].objectives = ["heavy.0"];
  const ordered = core.order(lessons, WEIGHTS, null, {}, true);
  const heavy = ordered.filter((l) => l.domains.heavy).map((l) => l.lesson);
  assert.equal(heavy[heavy.length - 1], "l9");
});
