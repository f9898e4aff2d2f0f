// Readiness checked against simulated learners (issue 29): learners whose skill in each official domain is known
// answer the bank's questions in a random order; after 20, 50 and 100 answers, readiness-core.js's estimates are
// compared with the truth. Does the "80% range" hold the true value about 80% of the time, and how far off is the
// estimate? Its figures are in bench/RESULTS.md; tests/js/readiness-calibration.test.js runs a small version with a
// generous bound.
//
//   node bench/readiness_calibration.js [site or index.js] [--learners N] [--seed S]
//
// With a built site (`scripts/site build` writes site/), it uses the real bank's index (assets/generated/bank/
// index.js): its questions, their domains, option counts and "choose N". Without one, a synthetic bank of the same
// shape (the blueprint's ten domains, 570 questions in its proportions).
//
// The learner model: an overall ability, and per domain that ability plus a spread (sd DOMAIN_SPREAD), on a logistic
// scale; each question has a difficulty. A learner knows a question with probability logistic(skill - difficulty + 1);
// knowing it, they answer right, and say sure (60%), unsure (35%) or guessed (5%); not knowing it, they guess among
// the options, and say guessed (60%), unsure (35%) or sure (5%). Most answers (60%) are on topic pages, which ask no
// confidence at all. Answers are spread over the past week. The truth for a domain is the chance of answering one of
// its questions right, averaged over all of them (knowing, or guessing right); overall, the blueprint-weighted mean.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const readinessCore = require("../docs/assets/plan/readiness-core.js");
const bankCore = require("../docs/assets/base/bank.js");

const DOMAINS = [
  ["llm-architecture", "LLM Architecture", 6], ["prompt-engineering", "Prompt Engineering", 13],
  ["data-preparation", "Data Preparation", 9], ["model-optimization", "Model Optimization", 17],
  ["fine-tuning", "Fine-Tuning", 13], ["evaluation", "Evaluation", 7],
  ["gpu-acceleration", "GPU Acceleration and Optimization", 14], ["model-deployment", "Model Deployment", 9],
  ["production-monitoring", "Production Monitoring and Reliability", 7], ["safety-ethics", "Safety, Ethics and Compliance", 5]
];
const DOMAIN_SPREAD = 0.6;
const DIFFICULTY_SPREAD = 0.8;
const DAY = readinessCore.DAY;
const NOW = Date.UTC(2026, 11, 3, 12);

function rng(seed) {
  // mulberry32: small, seeded, the same numbers everywhere.
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random) {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const logistic = (x) => 1 / (1 + Math.exp(-x));

function syntheticBank(size, random) {
  // The blueprint's domains in its proportions, mostly four options, one in six "choose two" of five.
  const order = [];
  const questions = {};
  DOMAINS.forEach(([id, , weight]) => {
    const count = Math.round(size * weight / 100);
    for (let i = 0; i < count; i++) {
      const qid = `${id}-${i}`;
      const two = random() < 1 / 6;
      questions[qid] = { id: qid, domain: id, n: two ? 5 : 4, select: two ? 2 : 1, objectives: [] };
      order.push(qid);
    }
  });
  return { order, questions, domains: DOMAINS.map(([id, title, weight]) => ({ id, title, weight })), objectives: [] };
}

function realBank(where) {
  // A built site's folder, or its index.js itself.
  const file = fs.statSync(where).isDirectory() ? path.join(where, "assets/generated/bank/index.js") : where;
  const sandbox = { window: {} };
  vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox);
  return bankCore.expand(sandbox.window.llmGuide.bankIndex);
}

function pick(random, shares) {
  let x = random();
  for (let i = 0; i < shares.length; i++) { x -= shares[i]; if (x < 0) return i; }
  return shares.length - 1;
}

function learner(bank, difficulty, random) {
  const ability = normal(random);
  const skill = {};
  bank.domains.forEach((d) => { skill[d.id] = ability + DOMAIN_SPREAD * normal(random); });
  const know = {};
  const right = {}; // the chance of answering right: knowing it, or a lucky guess
  bank.order.forEach((id) => {
    const q = bank.questions[id];
    know[id] = logistic(skill[q.domain] - difficulty[id] + 1);
    right[id] = know[id] + (1 - know[id]) * readinessCore.guessChance(q);
  });
  const truth = {};
  bank.domains.forEach((d) => {
    const ids = bank.order.filter((id) => bank.questions[id].domain === d.id);
    truth[d.id] = ids.reduce((s, id) => s + right[id], 0) / (ids.length || 1);
  });
  const weight = bank.domains.reduce((s, d) => s + d.weight, 0);
  truth.overall = bank.domains.reduce((s, d) => s + d.weight * truth[d.id], 0) / weight;
  return { know, truth };
}

function answer(q, knows, random) {
  // One answer as store.js records it: knowing, right; not knowing, a guess; confidence only off the topic pages.
  const guessChance = readinessCore.guessChance(q);
  const correct = knows || random() < guessChance;
  const asked = random() >= 0.6;
  const confidence = !asked ? null : ["sure", "unsure", "guessed"][pick(random, knows ? [0.6, 0.35, 0.05] : [0.05, 0.35, 0.6])];
  const at = NOW - Math.floor(random() * 7 * DAY);
  const a = { selected: [0], correct, at, confidence, source: asked ? "exam" : "topic", topic: null, lesson: null };
  return { draft: [], first: a, last: a };
}

/**
 * @param {any} bank an expanded bank (bank.js's shape)
 * @param {{ learners: number, seed: number, checkpoints: number[] }} options
 */
function simulate(bank, options) {
  const random = rng(options.seed);
  const difficulty = {};
  bank.order.forEach((id) => { difficulty[id] = DIFFICULTY_SPREAD * normal(random); });
  const rows = {};
  const buckets = {}; // by how many answers a domain had: error and range of every domain estimate
  options.checkpoints.forEach((n) => {
    rows[n] = { n, domains: 0, enough: 0, errEnough: 0, covEnough: 0, widthEnough: 0, errLittle: 0, little: 0,
      covAll: 0, overallShown: 0, overallErr: 0, overallBias: 0, overallCov: 0, overallWidth: 0, learners: 0 };
  });
  for (let k = 0; k < options.learners; k++) {
    const who = learner(bank, difficulty, random);
    const shuffled = bank.order.slice();
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    const records = {};
    let done = 0;
    options.checkpoints.forEach((n) => {
      for (; done < n && done < shuffled.length; done++) {
        const id = shuffled[done];
        records[id] = answer(bank.questions[id], random() < who.know[id], random);
      }
      const r = readinessCore.readiness(bank, (id) => records[id] || null, NOW);
      const row = rows[n];
      row.learners += 1;
      r.domains.forEach((d) => {
        const e = d.estimate;
        const truth = who.truth[d.id];
        const err = Math.abs(e.mean - truth);
        const inside = truth >= e.low && truth <= e.high ? 1 : 0;
        row.domains += 1;
        row.covAll += inside;
        if (e.enough) {
          row.enough += 1; row.errEnough += err; row.covEnough += inside; row.widthEnough += e.high - e.low;
        } else {
          row.little += 1; row.errLittle += err;
        }
        const b = e.answered >= 16 ? "16+" : e.answered >= 8 ? "8-15" : e.answered >= 4 ? "4-7" : e.answered >= 1 ? "1-3" : "0";
        const bucket = buckets[b] = buckets[b] || { count: 0, err: 0, cov: 0, width: 0 };
        bucket.count += 1; bucket.err += err; bucket.cov += inside; bucket.width += e.high - e.low;
      });
      const o = r.overall;
      if (o.enough) {
        row.overallShown += 1;
        row.overallErr += Math.abs(o.mean - who.truth.overall);
        row.overallBias += o.mean - who.truth.overall;
        row.overallCov += who.truth.overall >= o.low && who.truth.overall <= o.high ? 1 : 0;
        row.overallWidth += o.high - o.low;
      }
    });
  }
  const pct = (x) => Math.round(1000 * x) / 10;
  const summary = options.checkpoints.map((n) => {
    const r = rows[n];
    return {
      answers: n,
      enoughShare: pct(r.enough / r.domains),
      maeEnough: r.enough ? pct(r.errEnough / r.enough) : null,
      coverageEnough: r.enough ? pct(r.covEnough / r.enough) : null,
      widthEnough: r.enough ? pct(r.widthEnough / r.enough) : null,
      maeLittle: r.little ? pct(r.errLittle / r.little) : null,
      coverageAll: pct(r.covAll / r.domains),
      overallShown: pct(r.overallShown / r.learners),
      overallMae: r.overallShown ? pct(r.overallErr / r.overallShown) : null,
      overallBias: r.overallShown ? pct(r.overallBias / r.overallShown) : null,
      overallCoverage: r.overallShown ? pct(r.overallCov / r.overallShown) : null,
      overallWidth: r.overallShown ? pct(r.overallWidth / r.overallShown) : null
    };
  });
  const byAnswered = ["0", "1-3", "4-7", "8-15", "16+"].filter((b) => buckets[b]).map((b) => ({
    answered: b, count: buckets[b].count, mae: pct(buckets[b].err / buckets[b].count),
    coverage: pct(buckets[b].cov / buckets[b].count), width: pct(buckets[b].width / buckets[b].count)
  }));
  return { summary, byAnswered };
}

function table(result, bank, options) {
  const lines = [];
  lines.push(`Bank: ${bank.order.length} questions; ${options.learners} simulated learners; seed ${options.seed}; ` +
    `"enough" is ${readinessCore.ENOUGH} answered questions in a domain, ${readinessCore.OVERALL_ENOUGH} overall.`);
  lines.push("");
  lines.push("| answers | domains with enough evidence | error, those domains (mean, points) | 80% range holds the truth | " +
    "range width (points) | error, domains with too little | overall shown | overall error (bias) | overall range holds | overall width |");
  lines.push("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  const v = (x, unit) => x === null ? "n/a" : x + (unit || "");
  result.summary.forEach((r) => {
    lines.push(`| ${r.answers} | ${r.enoughShare}% | ${v(r.maeEnough)} | ${v(r.coverageEnough, "%")} | ${v(r.widthEnough)} | ` +
      `${v(r.maeLittle)} | ${r.overallShown}% | ${v(r.overallMae)} (${r.overallBias > 0 ? "+" : ""}${v(r.overallBias)}) | ${v(r.overallCoverage, "%")} | ${v(r.overallWidth)} |`);
  });
  lines.push("");
  lines.push("By how many answers a domain had (every checkpoint together):");
  lines.push("");
  lines.push("| answered in the domain | estimates | error (mean, points) | 80% range holds the truth | range width (points) |");
  lines.push("| --- | ---: | ---: | ---: | ---: |");
  result.byAnswered.forEach((b) => {
    lines.push(`| ${b.answered} | ${b.count} | ${b.mae} | ${b.coverage}% | ${b.width} |`);
  });
  return lines.join("\n");
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const at = args.indexOf(name);
    if (at === -1) return fallback;
    const value = Number(args[at + 1]);
    args.splice(at, 2);
    return value;
  };
  const options = { learners: option("--learners", 1000), seed: option("--seed", 29), checkpoints: [20, 50, 100] };
  const bank = args[0] ? realBank(args[0]) : syntheticBank(570, rng(options.seed + 1));
  console.log(table(simulate(bank, options), bank, options));
}

module.exports = { simulate, syntheticBank, realBank, rng, table };
