// Pure logic of docs/assets/review/review-core.js with the vendored ts-fsrs (run by `node --test tests/js/`).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const core = require("../../docs/assets/review/review-core.js");
const lib = require("../../docs/assets/vendor/ts-fsrs/index.umd.js");

const NOW = new Date(2026, 2, 10, 9, 0).getTime();
const DAY = core.DAY;
const attempt = (correct, confidence, at = NOW) => ({ selected: [0], correct, at, confidence, source: "topic" });

// That the vendored copy is the pinned npm package, byte for byte, is checked by tests/test_exam.py after
// scripts/test has run `npm ci`, so these tests need nothing installed.

test("answers map to ratings: wrong Again, guessed Hard, unsure Good, sure Easy", () => {
  assert.equal(core.ratingFor(false, "sure"), "again");
  assert.equal(core.ratingFor(true, "guessed"), "hard");
  assert.equal(core.ratingFor(true, "unsure"), "good");
  assert.equal(core.ratingFor(true, null), "good");
  assert.equal(core.ratingFor(true, "sure"), "easy");
});

test("wrong or guessed questions enter review; right and sure ones do not", () => {
  assert.ok(core.needsReview({ first: attempt(false), last: attempt(false) }));
  assert.ok(core.needsReview({ first: attempt(true, "guessed"), last: attempt(true, "guessed") }));
  assert.ok(!core.needsReview({ first: attempt(true, "sure"), last: attempt(true, "sure") }));
  assert.ok(!core.needsReview({ first: attempt(null), last: attempt(null) }));
  assert.ok(!core.needsReview(null));
});

test("a missed question is due today; after a right answer its next review moves out", () => {
  const records = { a: { first: attempt(false), last: attempt(false) }, b: { first: attempt(true, "sure"), last: attempt(true, "sure") } };
  let q = core.queue(["a", "b", "gone"], records, null, NOW);
  assert.deepEqual(q.due.map((x) => x.id), ["a"]);
  const review = core.schedule(lib, records.a, core.ratingFor(true, "sure"), NOW);
  records.a = core.withReview(records.a, review);
  q = core.queue(["a", "b"], records, null, NOW);
  assert.deepEqual(q.due, []);
  assert.equal(q.later[0].id, "a");
  assert.ok(q.later[0].due > NOW + DAY);
  // Again keeps it close: due within a day, so tomorrow at the latest.
  const again = core.schedule(lib, records.a, "again", NOW + 10 * DAY);
  assert.ok(Date.parse(again.card.due) <= NOW + 11 * DAY);
  assert.equal(core.describeDue(NOW + 3 * DAY, NOW), "in 3 days");
  assert.equal(core.describeDue(NOW - DAY, NOW), "today");
});

test("the same answers at the same times give the same schedule (no fuzz)", () => {
  // ts-fsrs seeds its fuzz from the card, so two identical calls agree with fuzz on too: only the intervals themselves
  // show it. Five Good answers, each on its due day, give FSRS's own intervals (with fuzz: 3, 15, 58, 205, 623).
  let record = { first: attempt(false), last: attempt(false) };
  let t = NOW;
  const days = [];
  for (let i = 0; i < 5; i++) {
    const review = core.schedule(lib, record, "good", t);
    const due = Date.parse(review.card.due);
    days.push(Math.round((due - t) / DAY));
    record = core.withReview(record, review);
    t = due;
  }
  assert.deepEqual(days, [3, 14, 57, 196, 586]);
});

test("an exam date pulls later reviews to the day before it, and stops mattering once passed", () => {
  const exam = core.parseExamDate("2026-03-20");
  assert.equal(exam, new Date(2026, 2, 20).getTime());
  assert.equal(core.effectiveDue(NOW + 30 * DAY, exam, NOW), exam - DAY);
  assert.equal(core.effectiveDue(NOW + 2 * DAY, exam, NOW), NOW + 2 * DAY);
  assert.equal(core.effectiveDue(NOW + 30 * DAY, exam, exam + DAY), NOW + 30 * DAY);
  assert.equal(core.parseExamDate("2026-02-31"), null);
  assert.equal(core.parseExamDate("soon"), null);
});

test("what comes next is said in plain words, not the scheduler's ratings", () => {
  const texts = ["again", "hard", "good", "easy"].map((r) => core.nextText(r, "tomorrow (Wed 11 Mar)"));
  assert.equal(texts[0], "You'll see it again tomorrow (Wed 11 Mar): a missed question comes back soon.");
  assert.equal(texts[3], "You'll see it again tomorrow (Wed 11 Mar): right and sure, so it waits longer.");
  for (const text of texts) {
    assert.match(text, /^You'll see it again tomorrow/);
    assert.doesNotMatch(text, /\b(Rated|Again|Hard|Good|Easy)\b/);
  }
});

test("the summary counts what is due, and after an answer says how many more", () => {
  assert.equal(core.summaryText(2, 1, "", false), "Due today: 2 questions. Scheduled later: 1.");
  assert.equal(core.summaryText(1, 0, "", true), "Due today: 1 more question.");
  assert.equal(core.summaryText(0, 3, "tomorrow (Wed 11 Mar)", true), "Nothing more is due today. Next review tomorrow (Wed 11 Mar).");
  assert.equal(core.summaryText(0, 0, "", false), "Nothing is due today.");
});
