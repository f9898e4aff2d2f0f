// Pure logic of docs/assets/exam/exam-core.js: drawing, links, the session's time, scoring (run by `node --test tests/js/`).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const core = require("../../docs/assets/exam/exam-core.js");
const answers = require("../../docs/assets/base/answer-core.js");

function makeBank() {
  // Two topics, three domains with uneven sizes; question i has key [i % 3].
  const topics = [{ id: "peft", title: "PEFT" }, { id: "memory", title: "Memory" }];
  const domains = [
    { id: "fine-tuning", title: "Fine-Tuning", weight: 13 },
    { id: "gpu-acceleration", title: "GPU", weight: 14 },
    { id: "evaluation", title: "Evaluation", weight: 7 },
    { id: "safety-ethics", title: "Safety", weight: 5 }
  ];
  const questions = {};
  const order = [];
  for (let i = 0; i < 40; i++) {
    const id = `q-${i}`;
    const domain = i < 20 ? "fine-tuning" : i < 35 ? "gpu-acceleration" : "evaluation";
    questions[id] = { id, topic: i % 2 ? "memory" : "peft", domain, select: 1, key: [i % 3], options: [{}, {}, {}, {}] };
    order.push(id);
  }
  return { topics, domains, order, questions };
}

test("the same seed draws the same questions in the same order; another seed does not", () => {
  const bank = makeBank();
  const a = core.draw(bank, { n: 20, seed: 7, proportional: true });
  const b = core.draw(bank, { n: 20, seed: 7, proportional: true });
  const c = core.draw(bank, { n: 20, seed: 8, proportional: true });
  assert.deepEqual(a, b);
  assert.notDeepEqual(a, c);
  assert.equal(new Set(a).size, 20);
});

test("a seed keeps drawing exactly the questions it drew before (links already handed out depend on it)", () => {
  const bank = makeBank();
  const cases = [
    [{ n: 10, seed: 7, proportional: true }, [29, 18, 32, 6, 0, 33, 21, 14, 36, 38]],
    [{ topics: ["memory"], n: 6, seed: 42, proportional: true }, [31, 25, 1, 5, 39, 27]],
    [{ n: 8, seed: 999999, proportional: false }, [22, 21, 39, 16, 17, 7, 11, 24]],
    [{ topics: ["peft"], n: 5, seed: 1, proportional: false }, [6, 12, 26, 22, 36]]
  ];
  for (const [options, numbers] of cases) {
    assert.deepEqual(core.draw(bank, options), numbers.map((i) => `q-${i}`), JSON.stringify(options));
  }
});

test("drawing matches the plain algorithm: shuffle each domain whole, take its quota, shuffle the lot", () => {
  // The plain version, kept here as the definition: draw() may do less work but must consume the same random
  // numbers in the same order and give the same ids.
  function plainDraw(bank, options) {
    const random = core.rng(options.seed);
    const ids = bank.order.filter((id) => !options.topics || !options.topics.length || options.topics.includes(bank.questions[id].topic));
    const n = Math.min(options.n || core.DEFAULT_COUNT, ids.length);
    if (!options.proportional) return core.shuffle(ids, random).slice(0, n);
    const byDomain = {};
    ids.forEach((id) => { (byDomain[bank.questions[id].domain] = byDomain[bank.questions[id].domain] || []).push(id); });
    const weights = {};
    bank.domains.forEach((d) => { weights[d.id] = d.weight; });
    const counts = {};
    Object.keys(byDomain).forEach((d) => { counts[d] = byDomain[d].length; });
    const quota = core.allocate(counts, weights, n);
    let chosen = [];
    Object.keys(byDomain).sort().forEach((d) => { chosen = chosen.concat(core.shuffle(byDomain[d], random).slice(0, quota[d] || 0)); });
    return core.shuffle(chosen, random);
  }
  const bank = makeBank();
  const topicChoices = [undefined, null, [], ["peft"], ["memory"], ["memory", "peft"], ["peft", "memory"]];
  for (let seed = 1; seed <= 300; seed++) {
    const options = { seed: seed * 7919, n: [undefined, 1, 3, 10, 17, 40, 60][seed % 7], topics: topicChoices[seed % topicChoices.length], proportional: seed % 3 !== 0 };
    assert.deepEqual(core.draw(bank, options), plainDraw(bank, options), JSON.stringify(options));
  }
});

test("the pool is the bank's order filtered by topic, a fresh array each time", () => {
  const bank = makeBank();
  for (const topics of [null, [], ["memory"], ["peft", "memory"], ["cooking"]]) {
    const expected = bank.order.filter((id) => !topics || !topics.length || topics.includes(bank.questions[id].topic));
    assert.deepEqual(core.pool(bank, topics), expected, JSON.stringify(topics));
  }
  const all = core.pool(bank, null);
  all.reverse();
  assert.deepEqual(core.pool(bank, null), bank.order);
  assert.deepEqual(core.draw(bank, { n: 10, seed: 7, proportional: true }).slice(0, 3), ["q-29", "q-18", "q-32"]);
  // Another bank, even one with the same ids, is indexed on its own.
  const other = makeBank();
  other.order = other.order.filter((id) => other.questions[id].topic === "peft");
  assert.equal(core.pool(other, null).length, 20);
  assert.equal(core.pool(bank, null).length, 40);
});

test("topics limit the pool, and n is capped by it", () => {
  const bank = makeBank();
  const ids = core.draw(bank, { topics: ["memory"], n: 60, seed: 1, proportional: false });
  assert.equal(ids.length, 20);
  assert.ok(ids.every((id) => bank.questions[id].topic === "memory"));
});

test("a negative, fractional or NaN count never draws the pool minus a few, or nothing (issue 21)", () => {
  const bank = makeBank();
  for (const proportional of [true, false]) {
    const drawn = (n) => core.draw(bank, { n, seed: 4, proportional }).length;
    assert.equal(drawn(-3), 1, `n=-3, proportional=${proportional}`);
    assert.equal(drawn(-Infinity), 1);
    assert.equal(drawn(0.4), 1);
    assert.equal(drawn(2.7), 2);
    assert.equal(drawn(Infinity), 40, "at most the pool");
    for (const unset of [NaN, 0, null, undefined, "5"]) assert.equal(drawn(unset), 40, `n=${String(unset)}: the default, 60, capped by the pool`);
  }
  assert.equal(core.drawCount(NaN), core.DEFAULT_COUNT);
  assert.equal(core.drawCount(7), 7);
  // plan() names the count it drew in the exam's link, not the one it was given.
  const plan = core.plan(bank, { ids: null, topics: null, n: -3, seed: 2, timer: false, proportional: null }, {}, () => 0.5);
  assert.equal(plan.ids.length, 1);
  assert.match(plan.query, /(^|[?&])n=1(&|$)/);
});

test("domain proportions follow the weights among the domains present, capped by what each has", () => {
  assert.deepEqual(core.allocate({ a: 100, b: 100 }, { a: 3, b: 1 }, 20), { a: 15, b: 5 });
  // `b` has only 2: its share goes to `a`; the total is always n when enough questions exist.
  assert.deepEqual(core.allocate({ a: 100, b: 2 }, { a: 1, b: 1 }, 20), { a: 18, b: 2 });
  assert.deepEqual(core.allocate({ a: 3, b: 2 }, { a: 1, b: 1 }, 20), { a: 3, b: 2 });
  const quota = core.allocate({ "fine-tuning": 20, "gpu-acceleration": 15, evaluation: 5 }, { "fine-tuning": 13, "gpu-acceleration": 14, evaluation: 7 }, 17);
  assert.equal(Object.values(quota).reduce((s, v) => s + v, 0), 17);
  const bank = makeBank();
  const drawn = core.draw(bank, { n: 17, seed: 3, proportional: true });
  const count = (d) => drawn.filter((id) => bank.questions[id].domain === d).length;
  assert.deepEqual([count("fine-tuning"), count("gpu-acceleration"), count("evaluation")], [quota["fine-tuning"], quota["gpu-acceleration"], quota.evaluation]);
});

test("links: ids keep their order, unknown ids and topics are named, the rest works", () => {
  const bank = makeBank();
  const p = core.parseParams("?ids=q-5,nope,q-1,q-5,<script>&timer=0", bank);
  assert.deepEqual(p.ids, ["q-5", "q-1"]);
  assert.deepEqual(p.unknownIds, ["nope", "<script>"]);
  assert.equal(p.timer, false);
  const plan = core.plan(bank, p, {}, () => 0.5);
  assert.deepEqual(plan.ids, ["q-5", "q-1"]);
  assert.equal(plan.timed, false);
  const t = core.parseParams("?topics=peft,cooking&n=5&seed=7", bank);
  assert.deepEqual(t.topics, ["peft"]);
  assert.deepEqual(t.unknownTopics, ["cooking"]);
  assert.equal(t.n, 5);
  assert.equal(t.seed, 7);
  const first = core.plan(bank, t, {});
  assert.deepEqual(first.ids, core.plan(bank, t, {}).ids);
  assert.equal(first.ids.length, 5);
  assert.equal(first.query, "?topics=peft&n=5&seed=7");
  const bad = core.parseParams("?n=ten&seed=x1", bank);
  assert.equal(bad.n, null);
  assert.equal(bad.problems.length, 2);
});

test("a link's bad settings are named with what is wrong, never ignored silently", () => {
  const bank = makeBank();
  const p = core.parseParams("?n=0&seed=-1&timer=maybe&domains=sometimes", bank);
  assert.deepEqual(p.problems, [
    "the count “0” (a count is a whole number above 0)",
    "the seed “-1” (a seed must be 0 or more)",
    "the timer “maybe” (use 1 for timed or 0 for untimed)",
    "domains “sometimes” (use 1 to draw in the exam’s domain proportions or 0 to draw evenly)"
  ]);
  assert.deepEqual([p.seed, p.timer, p.proportional], [null, null, null], "a bad setting falls back to the default");
  assert.equal(core.seedProblem("1234567890"), "a seed has at most 9 digits");
  assert.equal(core.seedProblem("x1"), "a seed is a whole number, 0 or more");
  assert.equal(core.seedProblem("0"), "");
  assert.equal(core.seedProblem(""), "a seed is a whole number, 0 or more");
  for (const [raw, value] of [["0", false], ["off", false], ["false", false], ["1", true], ["on", true], ["", true], ["maybe", null]]) {
    assert.equal(core.parseSwitch(raw), value, raw);
  }
  assert.equal(core.parseParams("?timer=false", bank).timer, false);
  assert.deepEqual(core.parseParams("?timer=1&seed=0", bank).problems, []);
});

test("options are shuffled per exam: the same seed and question give the same order, anywhere", () => {
  const a = core.optionOrder(7, "peft-lora-rank-meaning", 5);
  assert.deepEqual(a, core.optionOrder(7, "peft-lora-rank-meaning", 5));
  assert.deepEqual(a.slice().sort(), [0, 1, 2, 3, 4], "a permutation of the options");
  // Links already handed out depend on these exact orders.
  assert.deepEqual(a, [1, 0, 2, 3, 4]);
  assert.deepEqual(core.optionOrder(0, "q-1", 4), [1, 2, 0, 3]);
  assert.deepEqual(core.optionOrder(123456, "memory-zero-stages", 4), [1, 0, 2, 3]);
  // Uniform: each option lands in each place about equally often (20,000 orders, 4,000 expected per place).
  const places = [0, 0, 0, 0, 0];
  for (let seed = 0; seed < 200; seed++) for (let i = 0; i < 100; i++) places[core.optionOrder(seed, `q-${i}`, 5).indexOf(0)]++;
  assert.ok(places.every((n) => n > 3700 && n < 4300), places.join());
  // Another seed or another question is (almost always) another order; every order turns up.
  const orders = new Set();
  for (let seed = 0; seed < 500; seed++) orders.add(core.optionOrder(seed, "q-1", 4).join());
  assert.equal(orders.size, 24);
  const ids = new Set();
  for (let i = 0; i < 200; i++) ids.add(core.optionOrder(7, `q-${i}`, 4).join());
  assert.ok(ids.size > 20);
});

test("a fixed set shuffles options the same way for the whole class, with no seed in its link", () => {
  const bank = makeBank();
  const plan = core.plan(bank, core.parseParams("?ids=q-5,q-1", bank), {}, Math.random);
  assert.equal(plan.seed, 0);
  assert.equal(plan.query, "?ids=q-5,q-1");
  assert.equal(core.plan(bank, core.parseParams("?ids=q-5&seed=9", bank), {}, Math.random).seed, 9);
});

test("the result speaks in the learner's letters and maps them back to the bank's options", () => {
  const bank = makeBank();
  Object.assign(bank.questions["q-1"], { select: 2, key: [0, 1] });
  let s = core.createSession({ ids: ["q-0", "q-1", "q-2"], seed: 7, timed: false }, 0);
  const order0 = core.optionOrder(7, "q-0", 4);
  const order1 = core.optionOrder(7, "q-1", 4);
  // The learner ticks the option shown as C: the session keeps the bank's index for it.
  s = core.answer(s, "q-0", [order0[2]]);
  s = core.answer(s, "q-1", [order1[0]]);
  const r = core.score(s, bank, 0);
  const [first, second, third] = r.items;
  assert.deepEqual(first.selected, [order0[2]]);
  assert.deepEqual(first.order, order0);
  assert.deepEqual(first.chosenLetters, ["C"]);
  assert.deepEqual(first.keyLetters, [answers.letter(order0.indexOf(0))]);
  assert.equal(first.correct, order0[2] === 0);
  assert.deepEqual(second.chosenLetters, ["A"]);
  assert.deepEqual(second.keyLetters, core.lettersFor(order1, [0, 1]));
  assert.equal(core.answerText(second),
    `Incorrect: you chose one (A) where the question asks for two; the answer is ${second.keyLetters.join(" and ")}.`);
  assert.equal(core.answerText(third), `Not answered. The answer is ${third.keyLetters[0]}.`);
  assert.deepEqual(core.lettersFor([2, 0, 3, 1], [1, 2]), ["A", "D"]);
  assert.equal(answers.list(["A", "B", "D"]), "A, B and D");
});

test("the clock's look changes at 5 minutes and at 1 minute left", () => {
  assert.equal(core.timeLevel(null), "", "untimed");
  assert.equal(core.timeLevel(20 * 60000), "");
  assert.equal(core.timeLevel(5 * 60000 + 1), "");
  assert.equal(core.timeLevel(5 * 60000), "low");
  assert.equal(core.timeLevel(60001), "low");
  assert.equal(core.timeLevel(60000), "last");
  assert.equal(core.timeLevel(0), "last");
});

test("the verdict reads as a sentence; the result filters by missed and flagged; breakdowns list what was drawn", () => {
  const bank = makeBank();
  const ids = ["q-0", "q-1", "q-2", "q-3", "q-4", "q-5", "q-6", "q-7", "q-8", "q-20"];
  let s = core.createSession({ ids, seed: 3, timed: false }, 0);
  ids.slice(0, 6).forEach((id) => { s = core.answer(s, id, bank.questions[id].key); });
  s = core.setFlag(s, "q-1", true);
  s = core.setFlag(s, "q-8", true);
  const r = core.score(s, bank, 0);
  assert.equal(core.verdict(r), "Below the 70% line: 6 of 10 (60%).");
  s = core.answer(s, "q-6", bank.questions["q-6"].key);
  assert.equal(core.verdict(core.score(s, bank, 0)), "At or above the 70% line: 7 of 10 (70%).");
  assert.deepEqual(core.reviewFilter(r.items, "missed"), ["q-6", "q-7", "q-8", "q-20"]);
  assert.deepEqual(core.reviewFilter(r.items, "flagged"), ["q-1", "q-8"]);
  assert.equal(core.reviewFilter(r.items, "all").length, 10);
  // Four domains in the bank, two drawn from: two lines, not four; the same for topics.
  assert.deepEqual(r.byDomain.map((g) => [g.id, g.correct, g.total]), [["fine-tuning", 6, 9], ["gpu-acceleration", 0, 1]]);
  assert.deepEqual(r.byTopic.map((g) => g.id), ["peft", "memory"]);
});

test("buildQuery makes the links that parseParams reads back", () => {
  const bank = makeBank();
  const q = core.buildQuery({ topics: ["peft", "memory"], n: 20, seed: 7, timer: false });
  assert.equal(q, "?topics=peft,memory&n=20&seed=7&timer=0");
  const back = core.parseParams(q, bank);
  assert.deepEqual([back.topics, back.n, back.seed, back.timer], [["peft", "memory"], 20, 7, false]);
  assert.equal(core.buildQuery({ ids: ["q-2", "q-1"] }), "?ids=q-2,q-1");
});

test("time: a timed exam counts down, survives a reload with the time left, and cannot be paused", () => {
  let s = core.createSession({ ids: ["q-1", "q-2"], seed: 1, timed: true }, 1000);
  assert.equal(s.limitMs, 4 * 60000);
  assert.equal(core.remaining(s, 1000 + 60000), 3 * 60000);
  s = core.checkpoint(s, 1000 + 90000);
  // The page was closed for an hour: the reload resumes with the 150 s that were left.
  const back = core.resumed(JSON.parse(JSON.stringify(s)), 1000 + 90000 + 3600000);
  assert.equal(core.remaining(back, 1000 + 90000 + 3600000), 150000);
  assert.equal(core.setPaused(back, true, 5), back);
  assert.equal(core.remaining(back, 10 ** 12), 0);
});

test("time: the clock rule: time away from the page (hidden, frozen) is not counted, on every path", () => {
  const t0 = 1000;
  const s = core.createSession({ ids: ["q-1", "q-2", "q-3", "q-4", "q-5"], seed: 1, timed: true }, t0);
  // Seen until 60 s in, then the phone was locked for six minutes: the clock stands at 9:00 left and goes on from there.
  const back = core.skipAway(s, t0 + 60000, t0 + 60000 + 6 * 60000);
  assert.equal(core.remaining(back, t0 + 60000 + 6 * 60000), 9 * 60000);
  assert.equal(core.remaining(back, t0 + 60000 + 6 * 60000 + 1000), 9 * 60000 - 1000);
  // Away longer than the time left: still not over when the learner comes back.
  const long = core.skipAway(s, t0 + 60000, t0 + 10 ** 9);
  assert.ok(core.remaining(long, t0 + 10 ** 9) > 0, "an exam nobody could see ran out");
  // An untimed paused exam stays paused.
  const paused = core.setPaused(core.createSession({ ids: ["q-1"], seed: 1, timed: false }, 0), true, 5000);
  assert.equal(core.elapsed(core.skipAway(paused, 6000, 99999), 99999), 5000);
  assert.match(core.CLOCK_RULE, /only while this page is on screen/);
  assert.deepEqual(core.QUICK_COUNTS, [10, 20, 65]);
});

test("time: an untimed exam pauses and resumes", () => {
  let s = core.createSession({ ids: ["q-1"], seed: 1, timed: false }, 0);
  s = core.setPaused(s, true, 5000);
  assert.equal(core.elapsed(s, 999999), 5000);
  s = core.setPaused(s, false, 10000);
  assert.equal(core.elapsed(s, 12000), 7000);
  assert.equal(core.remaining(s, 12000), null);
});

test("submitting fixes the time used, stops the clock for good and keeps whether time ran out", () => {
  const s = core.createSession({ ids: ["q-1", "q-2"], seed: 1, timed: true }, 1000);
  const before = JSON.stringify(s);
  const done = core.submit(s, 1000 + 30000, false);
  assert.equal(JSON.stringify(s), before); // a new session; the running one is untouched
  assert.deepEqual([done.elapsedMs, done.runningSince, done.submittedAt, done.expired], [30000, null, 31000, false]);
  assert.equal(core.elapsed(done, 10 ** 12), 30000);
  const late = core.submit(s, 1000 + 10 * 60000, true);
  assert.deepEqual([late.elapsedMs, late.expired], [s.limitMs, true]); // never more than the limit
  let paused = core.setPaused(core.createSession({ ids: ["q-1"], seed: 1, timed: false }, 0), true, 5000);
  paused = core.submit(paused, 9000, false);
  assert.deepEqual([paused.elapsedMs, paused.submittedAt], [5000, 9000]); // a pause does not count
});

test("time is announced at a few moments, not every second", () => {
  const limit = 120 * 60000;
  assert.equal(core.announcement(limit, 60 * 60000 + 1000, 60 * 60000), "60 minutes left.");
  assert.equal(core.announcement(limit, 10 * 60000 + 500, 10 * 60000 - 500), "10 minutes left.");
  assert.equal(core.announcement(limit, 50 * 60000, 49 * 60000), "");
  assert.equal(core.announcement(limit, 61000, 59000), "1 minute left.");
  assert.equal(core.clock(3600000 + 61000), "1:01:01");
  assert.equal(core.clock(59500), "1:00");
});

test("the submit warning names unanswered and flagged questions by number", () => {
  let s = core.createSession({ ids: ["q-1", "q-2", "q-3"], seed: 1, timed: true }, 0);
  s = core.answer(s, "q-1", [0]);
  s = core.setFlag(s, "q-1", true);
  s = core.setFlag(s, "q-3", true);
  assert.deepEqual(core.pending(s), { unanswered: [2, 3], incomplete: [], flagged: [1, 3] });
  assert.equal(core.submitWarning(s), "2 questions are unanswered (2 and 3). 2 questions are flagged for review (1 and 3).");
});

test("a choose-two question with one tick is incomplete in the grid, the warning and the result", () => {
  const bank = makeBank();
  const [single, multi] = ["q-0", "q-1"];
  Object.assign(bank.questions[multi], { select: 2, key: [0, 1] });
  let s = core.createSession({ ids: [single, multi], seed: 1, timed: false }, 0);
  s = core.answer(s, single, [0]);
  s = core.answer(s, multi, [bank.questions[multi].key[0]]);
  assert.equal(core.answerState(s, bank, multi), "incomplete");
  assert.equal(core.answerState(s, bank, single), "complete");
  assert.deepEqual(core.pending(s, bank), { unanswered: [], incomplete: [2], flagged: [] });
  assert.match(core.submitWarning(s, bank), /^1 question has the wrong number of choices \(2\)/);
  const item = core.score(s, bank, 1000).items[1];
  assert.deepEqual([item.answered, item.complete, item.correct], [true, false, false]);
});

test("scoring: breakdowns add up to the score; lucky guesses, confident mistakes and misses", () => {
  const bank = makeBank();
  let s = core.createSession({ ids: ["q-0", "q-1", "q-2", "q-20", "q-36"], seed: 1, timed: false }, 0);
  s = core.answer(s, "q-0", [0]); // right
  s = core.setConfidence(s, "q-0", "guessed");
  s = core.answer(s, "q-1", [0]); // wrong (key 1)
  s = core.setConfidence(s, "q-1", "sure");
  s = core.answer(s, "q-20", [2]); // right (20 % 3 = 2)
  s = core.answer(s, "q-36", [0]); // right
  const r = core.score(s, bank, 1000);
  assert.equal(r.correct, 3);
  assert.equal(r.percent, 60);
  assert.equal(r.passed, false);
  for (const groups of [r.byTopic, r.byDomain]) {
    assert.equal(groups.reduce((n, g) => n + g.correct, 0), r.correct);
    assert.equal(groups.reduce((n, g) => n + g.total, 0), r.total);
  }
  assert.deepEqual(r.lucky, ["q-0"]);
  assert.deepEqual(r.confidentMistakes, ["q-1"]);
  assert.deepEqual(r.missed, ["q-1", "q-2"]);
  assert.ok(core.isCorrect([2, 0], [0, 2]));
  assert.ok(!core.isCorrect([0], [0, 2]));
});

test("stored sessions from another bank or corrupt ones are refused", () => {
  const bank = makeBank();
  const good = core.createSession({ ids: ["q-1"], seed: 1, timed: true }, 0);
  assert.ok(core.validSession(JSON.parse(JSON.stringify(good)), bank));
  for (const bad of [null, 3, {}, { ...good, ids: ["gone"] }, { ...good, v: 2 }, { ...good, elapsedMs: "1" }]) {
    assert.equal(core.validSession(bad, bank), null);
  }
});

test("history keeps the newest first and at most fifty", () => {
  let list = null;
  for (let i = 0; i < 60; i++) list = core.addToHistory(list, { at: i });
  assert.equal(list.length, 50);
  assert.equal(list[0].at, 59);
});

test("a link names the exam in progress only when every setting it names matches", () => {
  const bank = makeBank();
  const linked = (search) => core.parseParams(search, bank);
  const byIds = core.createSession({ ids: ["q-3", "q-1"], seed: 5, timed: true, query: "?ids=q-3,q-1&seed=5" }, 0);
  assert.equal(core.sameExam(byIds, linked("?ids=q-3,q-1"), bank), true);
  assert.equal(core.sameExam(byIds, linked("?ids=q-1,q-3"), bank), false, "another order is another exam");
  assert.equal(core.sameExam(byIds, linked("?topics=peft&n=5"), bank), false);
  const drawn = core.plan(bank, linked("?topics=peft&n=5&seed=3"), {}, () => 0.5);
  const session = core.createSession(drawn, 0);
  assert.equal(core.sameExam(session, linked("?topics=peft&n=5&seed=3"), bank), true);
  assert.equal(core.sameExam(session, linked("?topics=peft&n=5"), bank), true, "no seed named: any draw will do");
  assert.equal(core.sameExam(session, linked("?topics=peft&n=5&seed=4"), bank), false);
  assert.equal(core.sameExam(session, linked("?topics=memory&n=5&seed=3"), bank), false);
  assert.equal(core.sameExam(session, linked("?topics=peft&n=6&seed=3"), bank), false);
  assert.equal(core.sameExam(session, linked("?topics=peft&n=5&seed=3&timer=0"), bank), !drawn.timed);
  assert.equal(core.sameExam(session, linked(""), bank), true, "no link: nothing to compare");
});

test("a topic or a single lesson limits the pool, from links too", () => {
  const bank = makeBank();
  bank.topics.forEach((t) => { t.lessons = [{ id: "a", title: "A" }, { id: "b", title: "B" }]; });
  bank.order.forEach((id, i) => { bank.questions[id].lesson = i < 20 ? "a" : "b"; });
  const lessonOf = (id) => `${bank.questions[id].topic}/${bank.questions[id].lesson}`;
  assert.deepEqual(core.pool(bank, ["peft/a"]), bank.order.filter((id) => lessonOf(id) === "peft/a"));
  assert.deepEqual(
    core.pool(bank, ["memory", "peft/b"]),
    bank.order.filter((id) => bank.questions[id].topic === "memory" || lessonOf(id) === "peft/b")
  );
  const drawn = core.draw(bank, { topics: ["memory/b"], n: 5, seed: 9, proportional: true });
  assert.equal(drawn.length, 5);
  assert.ok(drawn.every((id) => lessonOf(id) === "memory/b"));
  const params = core.parseParams("?topics=peft/a,peft/zz,memory", bank);
  assert.deepEqual(params.topics, ["peft/a", "memory"]);
  assert.deepEqual(params.unknownTopics, ["peft/zz"]);
});

test("a stored exam that cannot be resumed is refused in a sentence naming the questions that are gone", () => {
  const bank = makeBank();
  const good = core.createSession({ ids: ["q-1"], seed: 1, timed: true }, 0);
  assert.equal(core.sessionRefusal(good, bank), "", "a sound exam is resumed, not refused");
  assert.equal(core.sessionRefusal(null, bank), "", "no exam, nothing to say");
  assert.equal(
    core.sessionRefusal({ ...good, ids: ["q-1", "gone", "also-gone"] }, bank),
    "Your unfinished exam cannot be resumed: it holds questions this guide no longer has (gone, also-gone). " +
      "Starting a new exam replaces it.",
  );
  assert.match(core.sessionRefusal({ ...good, v: 2 }, bank), /cannot be resumed: it was saved damaged or by another version/);
  assert.match(core.sessionRefusal({ ...good, ids: ["gone"] }, bank), /it holds a question this guide no longer has \(gone\)/);
  assert.match(core.sessionRefusal("junk", bank), /cannot be resumed/);
});

function withObjectives(bank) {
  // Every question trains one objective by its domain, and every fifth also "7.4".
  bank.objectives = [
    { id: "5.2", domain: "fine-tuning", title: "Apply contrastive loss" },
    { id: "6.1", domain: "evaluation", title: "Analyze benchmark results" },
    { id: "7.1", domain: "gpu-acceleration", title: "Configure multi-GPU" },
    { id: "7.4", domain: "gpu-acceleration", title: "Identify and address bottlenecks" }
  ];
  const main = { "fine-tuning": "5.2", "gpu-acceleration": "7.1", evaluation: "6.1" };
  bank.order.forEach((id, i) => {
    const q = bank.questions[id];
    q.objectives = i % 5 === 0 && main[q.domain] !== "7.4" ? [main[q.domain], "7.4"] : [main[q.domain]];
  });
  return bank;
}

test("a link's objectives are checked against the study guide's: unknown ones are named, known ones kept", () => {
  const bank = withObjectives(makeBank());
  const p = core.parseParams("?objectives=7.4,9.9,6.1,7.4,constructor", bank);
  assert.deepEqual(p.objectives, ["7.4", "6.1"]);
  assert.deepEqual(p.unknownObjectives, ["9.9", "constructor"]);
  assert.equal(p.any, true);
  assert.equal(core.parseParams("?objectives=1.1", bank).objectives, null);
});

test("drawing by objective takes only questions that train one of them, in either drawing mode", () => {
  const bank = withObjectives(makeBank());
  for (const proportional of [true, false]) {
    const ids = core.draw(bank, { objectives: ["7.4"], n: 60, seed: 3, proportional });
    assert.deepEqual([...ids].sort(), bank.order.filter((id, i) => i % 5 === 0).sort());
    const both = core.draw(bank, { objectives: ["6.1", "7.4"], topics: ["memory"], n: 60, seed: 3, proportional });
    assert.ok(both.length > 0);
    for (const id of both) {
      const q = bank.questions[id];
      assert.equal(q.topic, "memory");
      assert.ok(q.objectives.includes("6.1") || q.objectives.includes("7.4"), id);
    }
  }
  assert.equal(core.pool(bank, null, ["6.1"]).length, 5);
});

test("an exam drawn by objective keeps them in its link, so the same link resumes it", () => {
  const bank = withObjectives(makeBank());
  const params = core.parseParams("?objectives=7.4&n=4&seed=9", bank);
  const planned = core.plan(bank, params, {}, () => 0.5);
  assert.equal(planned.query, "?objectives=7.4&n=4&seed=9");
  const session = { query: planned.query, seed: planned.seed, ids: planned.ids, timed: true };
  assert.equal(core.sameExam(session, params, bank), true);
  assert.equal(core.sameExam(session, core.parseParams("?objectives=6.1&n=4&seed=9", bank), bank), false);
});

test("the result counts each question under every objective it trains, in the study guide's order", () => {
  const bank = withObjectives(makeBank());
  const ids = ["q-0", "q-1", "q-20", "q-36"];
  const session = core.createSession({ ids, seed: 1, timed: false, query: "" }, 0);
  ids.forEach((id) => { session.answers[id] = bank.questions[id].key.slice(); });
  session.answers["q-1"] = [(bank.questions["q-1"].key[0] + 1) % 4];
  const result = core.score(session, bank, 1000);
  assert.deepEqual(
    result.byObjective.map((g) => [g.id, g.correct, g.total]),
    [["5.2", 1, 2], ["6.1", 1, 1], ["7.1", 1, 1], ["7.4", 2, 2]]
  );
  assert.equal(result.byObjective[3].title, "7.4 Identify and address bottlenecks");
});

test("a link's domain= draws only that domain's questions; unknown domains are named; objective= is objectives=", () => {
  const bank = withObjectives(makeBank());
  const p = core.parseParams("?domain=evaluation,cooking&n=60", bank);
  assert.deepEqual(p.domainIds, ["evaluation"]);
  assert.deepEqual(p.unknownDomains, ["cooking"]);
  assert.equal(core.parseParams("?domain=cooking", bank).domainIds, null);
  for (const proportional of [true, false]) {
    const ids = core.plan(bank, { ...p, proportional }, {}, () => 0.5).ids;
    assert.equal(ids.length, 5);
    assert.ok(ids.every((id) => bank.questions[id].domain === "evaluation"));
  }
  const planned = core.plan(bank, core.parseParams("?domain=gpu-acceleration&n=4&seed=2", bank), {}, () => 0.5);
  assert.equal(planned.query, "?domain=gpu-acceleration&n=4&seed=2");
  const session = { query: planned.query, seed: planned.seed, ids: planned.ids, timed: true };
  assert.equal(core.sameExam(session, core.parseParams("?domain=gpu-acceleration&n=4&seed=2", bank), bank), true);
  assert.equal(core.sameExam(session, core.parseParams("?domain=evaluation&n=4&seed=2", bank), bank), false);
  const one = core.parseParams("?objective=7.4,9.9", bank);
  assert.deepEqual(one.objectives, ["7.4"]);
  assert.deepEqual(one.unknownObjectives, ["9.9"]);
  assert.equal(one.any, true);
});
