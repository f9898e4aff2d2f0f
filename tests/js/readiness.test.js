// Pure logic of docs/assets/plan/readiness-core.js: evidence, estimates, ranges, the blueprint's weighting
// (run by `node --test tests/js/`).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const core = require("../../docs/assets/plan/readiness-core.js");
const lib = require("../../docs/assets/vendor/ts-fsrs/index.umd.js");

const NOW = new Date(2026, 2, 10, 9, 0).getTime();
const DAY = core.DAY;

function makeBank() {
  // Three domains of 30 four-option questions each, weights 60, 30 and 10; each question trains one objective.
  const domains = [
    { id: "heavy", title: "Heavy", weight: 60 },
    { id: "middle", title: "Middle", weight: 30 },
    { id: "light", title: "Light", weight: 10 }
  ];
  const objectives = [];
  const questions = {};
  const order = [];
  domains.forEach((d, k) => {
    objectives.push({ id: `${k + 1}.1`, domain: d.id, title: "one" }, { id: `${k + 1}.2`, domain: d.id, title: "two" });
    for (let i = 0; i < 30; i++) {
      const id = `${d.id}-${i}`;
      questions[id] = { id, domain: d.id, objectives: [`${k + 1}.${1 + (i % 2)}`], n: 4, select: 1 };
      order.push(id);
    }
  });
  return { domains, objectives, order, questions };
}

const answer = (correct, confidence = null, at = NOW) => ({
  draft: [], first: null, last: { selected: [0], correct, at, confidence, source: "topic", topic: "t", lesson: "l" }
});

function run(bank, records) {
  return core.readiness(bank, (id) => records[id] || null, NOW);
}

const domain = (r, id) => r.domains.find((d) => d.id === id).estimate;

test("no evidence: every domain says too little, overall too, around the flat prior", () => {
  const r = run(makeBank(), {});
  r.domains.forEach((d) => {
    assert.equal(d.estimate.answered, 0);
    assert.equal(d.estimate.enough, false);
    assert.ok(Math.abs(d.estimate.mean - 0.5) < 1e-9);
    assert.ok(d.estimate.high - d.estimate.low > 0.6, "the range of no evidence is nearly everything");
  });
  assert.equal(r.overall.enough, false);
  assert.equal(r.overall.answered, 0);
});

test("all correct: high, with a range under 100 that narrows as answers add up", () => {
  const bank = makeBank();
  const few = {};
  const many = {};
  bank.order.filter((id) => id.startsWith("heavy")).forEach((id, i) => {
    if (i < 8) few[id] = answer(true);
    many[id] = answer(true);
  });
  const a = domain(run(bank, few), "heavy");
  const b = domain(run(bank, many), "heavy");
  assert.equal(a.enough, true);
  assert.ok(a.mean > 0.8 && a.mean < 1, a.mean);
  assert.ok(b.mean > a.mean);
  assert.ok(b.high - b.low < a.high - a.low);
  assert.ok(b.high <= 1 && b.low > 0.85, JSON.stringify(b));
});

test("all guessed: counts as the chance of a guess, right or wrong, not as knowledge", () => {
  const bank = makeBank();
  const right = {};
  const wrong = {};
  bank.order.filter((id) => id.startsWith("middle")).forEach((id) => {
    right[id] = answer(true, "guessed");
    wrong[id] = answer(false, "guessed");
  });
  const a = domain(run(bank, right), "middle");
  const b = domain(run(bank, wrong), "middle");
  assert.ok(Math.abs(a.mean - 0.25) < 0.05, a.mean);
  assert.ok(Math.abs(a.mean - b.mean) < 1e-9, "a lucky guess counts as much as an unlucky one");
  const sure = domain(run(bank, Object.fromEntries(Object.keys(right).map((id) => [id, answer(true, "sure")]))), "middle");
  assert.ok(sure.mean > a.mean + 0.5);
});

test("a guess at a choose-two question of five options is one chance in ten", () => {
  assert.equal(core.guessChance({ n: 4, select: 1 }), 0.25);
  assert.ok(Math.abs(core.guessChance({ n: 5, select: 2 }) - 0.1) < 1e-12);
});

test("older answers weigh less: a month-old miss moves the estimate less than today's", () => {
  const bank = makeBank();
  const records = {};
  const ids = bank.order.filter((id) => id.startsWith("light"));
  ids.slice(0, 10).forEach((id) => { records[id] = answer(true); });
  const old = { ...records };
  const fresh = { ...records };
  ids.slice(10, 20).forEach((id) => {
    old[id] = answer(false, null, NOW - 60 * DAY);
    fresh[id] = answer(false, null, NOW);
  });
  assert.ok(domain(run(bank, old), "light").mean > domain(run(bank, fresh), "light").mean + 0.1);
  assert.equal(core.evidence({ n: 4, select: 1 }, answer(true, null, NOW - 30 * DAY), NOW).weight, 0.5);
});

test("FSRS retrievability matches the vendored ts-fsrs, and pulls an old right answer toward a guess", () => {
  const f = lib.fsrs({ enable_fuzz: false, enable_short_term: false });
  let card = lib.createEmptyCard(new Date(NOW - 20 * DAY));
  card = JSON.parse(JSON.stringify(f.next(card, new Date(NOW - 20 * DAY), 3).card));
  for (const days of [1, 5, 20]) {
    const expected = f.get_retrievability(card, new Date(NOW - 20 * DAY + days * DAY), false);
    assert.ok(Math.abs(core.retrievability(card, 0, NOW - 20 * DAY + days * DAY) - expected) < 1e-6, `${days} days`);
  }
  const record = answer(true, null, NOW - 20 * DAY);
  record.extra = { review: { card, rating: "good", at: NOW - 20 * DAY } };
  const e = core.evidence({ n: 4, select: 1 }, record, NOW);
  const r = core.retrievability(card, NOW - 20 * DAY, NOW);
  assert.ok(r < 0.8);
  assert.ok(Math.abs(e.value - (0.25 + r * 0.75)) < 1e-12);
  assert.equal(core.retrievability(null, 0, NOW), 1);
});

test("objectives: each has its own estimate, leaning on its domain's", () => {
  const bank = makeBank();
  const records = {};
  bank.order.filter((id) => id.startsWith("heavy")).forEach((id, i) => { records[id] = answer(i % 2 === 0); });
  const r = run(bank, records);
  const one = r.objectives.find((o) => o.id === "1.1").estimate;
  const two = r.objectives.find((o) => o.id === "1.2").estimate;
  assert.equal(one.answered, 15);
  assert.ok(one.mean > 0.8 && two.mean < 0.2, `${one.mean} ${two.mean}`);
  assert.equal(r.objectives.find((o) => o.id === "3.1").estimate.answered, 0);
});

test("blueprint weighting: the heavy domain moves the overall estimate six times as much as the light one", () => {
  const bank = makeBank();
  const base = {};
  bank.order.forEach((id, i) => { base[id] = answer(i % 2 === 0); });
  const heavyUp = { ...base };
  const lightUp = { ...base };
  bank.order.filter((id) => id.startsWith("heavy")).forEach((id) => { heavyUp[id] = answer(true); });
  bank.order.filter((id) => id.startsWith("light")).forEach((id) => { lightUp[id] = answer(true); });
  const o = run(bank, base).overall.mean;
  const dh = run(bank, heavyUp).overall.mean - o;
  const dl = run(bank, lightUp).overall.mean - o;
  assert.ok(dh > 0 && dl > 0);
  assert.ok(Math.abs(dh / dl - 6) < 1.2, `${dh / dl}`);
  const r = run(bank, heavyUp);
  const weighted = r.domains.reduce((s, d) => s + d.weight * d.estimate.mean, 0) / 100;
  assert.ok(Math.abs(r.overall.mean - weighted) < 1e-12);
  assert.equal(r.overall.enough, true);
  assert.ok(r.overall.low < r.overall.mean && r.overall.mean < r.overall.high);
  assert.ok(r.overall.aboveLine > 0 && r.overall.aboveLine < 1);
});

test("the Beta quantile and the normal are right to three places", () => {
  assert.ok(Math.abs(core.betaQuantile(0.1, 3, 5) - 0.16964) < 1e-4);
  assert.ok(Math.abs(core.betaQuantile(0.9, 3, 5) - 0.59618) < 1e-4);
  assert.ok(Math.abs(core.betaCdf(0.5, 2, 2) - 0.5) < 1e-9);
  assert.ok(Math.abs(core.normalCdf(1.2815515655446004) - 0.9) < 1e-6);
});
