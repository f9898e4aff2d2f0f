// @ts-check
/*
 * Readiness, pure: how likely the learner is to answer a fresh question of each official domain (and objective)
 * right, from the latest attempt on each question they answered, with a range that says how sure the estimate is.
 * No DOM, no storage: docs/assets/plan/readiness.js shows it, tests/js/readiness.test.js checks it, and
 * bench/readiness_calibration.js measures it against simulated learners (bench/RESULTS.md).
 *
 * The method, in the words the page uses too:
 * - Each answered question counts once, by its latest attempt: right 1, wrong 0. An answer marked "guessed" counts
 *   as the chance of guessing it (1 in 4 for four options, whichever way it went): a lucky guess is no knowledge,
 *   and an unlucky one is no proof of ignorance either.
 * - Where Review has scheduled the question, FSRS's retrievability (how likely it is still remembered today) pulls
 *   that value toward the chance of a guess as time passes: a question got right two months ago counts less than one
 *   got right yesterday.
 * - Older answers weigh less: an answer's weight halves every HALF_LIFE_DAYS days.
 * - A domain's estimate is a Beta posterior: the weighted rights and wrongs on top of a weak prior (PRIOR_STRENGTH
 *   answers' worth) centred on the learner's overall rate, so a domain with two answers is pulled toward the rest.
 *   The range is its central 80%. Below ENOUGH answered questions a domain says "too little evidence" instead.
 * - Overall is the blueprint's weighted mean of the ten domains (a domain without answers enters with its prior and
 *   a wide spread), its range from the domains' spreads and the overall rate's they all lean on; it is compared with
 *   a 70% line that NVIDIA does not publish. Against simulated learners the domains' ranges hold the truth 80% of the
 *   time; the overall range is a little narrow (74 to 75%).
 *
 * A question's record is store.js's QuestionRecord; its schedule is review-core.js's extra.review.card (ts-fsrs).
 */
(function (root) {
  "use strict";

  var DAY = 24 * 60 * 60 * 1000;
  var HALF_LIFE_DAYS = 30;
  var UNKNOWN_AGE_WEIGHT = 0.25; // an attempt without a time (migrated from the first version of the store)
  var PRIOR_STRENGTH = 2;
  var RANGE = 0.8; // the central share the range claims to hold
  // Calibrated in bench/readiness_calibration.js (bench/RESULTS.md): below this many answered questions in a domain,
  // the 80% range spans more than a third of the scale (35 points at 4 to 7 answers, 45 at 1 to 3) and the estimate
  // is off by 10 to 12 points on average; from 8 on, 28 points and 8.
  var ENOUGH = 8;
  var OVERALL_ENOUGH = 20; // answers across the guide before an overall estimate is shown
  var LINE = 0.7; // assumed: NVIDIA publishes no passing score
  // FSRS-6's forgetting curve with ts-fsrs 5.4.2's default decay (w[20]); tests/js/readiness.test.js checks it
  // against the vendored library, so an upgrade that changes the curve fails there.
  var DECAY = 0.1542;
  var FACTOR = Math.pow(0.9, -1 / DECAY) - 1;

  /* ---------- one question's evidence ---------- */

  function choose(n, k) {
    var out = 1;
    for (var i = 1; i <= k; i++) out = out * (n - k + i) / i;
    return out;
  }

  /**
   * @param {{ n: number, select: number }} row
   * @returns {number}
   */
  function guessChance(row) {
    // The chance of a blind guess: one right set among all sets of `select` options.
    var n = row.n || 4;
    var k = Math.max(1, Math.min(row.select || 1, n));
    return 1 / choose(n, k);
  }

  /**
   * @param {{ stability?: number, last_review?: string | null } | null | undefined} card
   * @param {number} since when the question was last seen (ms), if later than the card's review
   * @param {number} now
   * @returns {number} 1 when there is no schedule
   */
  function retrievability(card, since, now) {
    if (!card || typeof card.stability !== "number" || !(card.stability > 0)) return 1;
    var reviewed = card.last_review ? Date.parse(card.last_review) : NaN;
    var from = Math.max(isFinite(reviewed) ? reviewed : 0, since || 0);
    if (!from) return 1;
    var days = Math.max(0, (now - from) / DAY);
    return Math.pow(1 + FACTOR * days / card.stability, -DECAY);
  }

  /**
   * @param {{ n: number, select: number }} row the question's bank row
   * @param {QuestionRecord | null} record
   * @param {number} now
   * @returns {{ value: number, weight: number } | null} null when the question has no graded answer
   */
  function evidence(row, record, now) {
    var last = record && record.last;
    if (!last || typeof last.correct !== "boolean") return null;
    var chance = guessChance(row);
    var value = last.confidence === "guessed" ? chance : last.correct ? 1 : 0;
    var review = record.extra && record.extra.review;
    var r = retrievability(review && review.card, last.at, now);
    var weight = last.at > 0 ? Math.pow(0.5, Math.max(0, now - last.at) / DAY / HALF_LIFE_DAYS) : UNKNOWN_AGE_WEIGHT;
    return { value: chance + r * (value - chance), weight: weight };
  }

  /* ---------- the Beta distribution ---------- */

  function logGamma(x) {
    // Lanczos (g = 7, n = 9): ample for the Beta's constant.
    var c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
      12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
    if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
    x -= 1;
    var a = c[0];
    var t = x + 7.5;
    for (var i = 1; i < 9; i++) a += c[i] / (x + i);
    return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
  }

  function betaFraction(x, a, b) {
    // The continued fraction of the regularized incomplete beta (modified Lentz).
    var tiny = 1e-30;
    var c = 1;
    var d = 1 - (a + b) * x / (a + 1);
    if (Math.abs(d) < tiny) d = tiny;
    d = 1 / d;
    var h = d;
    for (var m = 1; m <= 200; m++) {
      var m2 = 2 * m;
      var aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny;
      c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
      d = 1 / d; h *= d * c;
      aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 + aa * d; if (Math.abs(d) < tiny) d = tiny;
      c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
      d = 1 / d;
      var step = d * c;
      h *= step;
      if (Math.abs(step - 1) < 1e-12) break;
    }
    return h;
  }

  /**
   * @param {number} x
   * @param {number} a
   * @param {number} b
   * @returns {number} P(X <= x) for X ~ Beta(a, b)
   */
  function betaCdf(x, a, b) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    var front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
    if (x < (a + 1) / (a + b + 2)) return front * betaFraction(x, a, b) / a;
    return 1 - front * betaFraction(1 - x, b, a) / b;
  }

  /**
   * @param {number} p
   * @param {number} a
   * @param {number} b
   * @returns {number}
   */
  function betaQuantile(p, a, b) {
    var lo = 0;
    var hi = 1;
    for (var i = 0; i < 60; i++) {
      var mid = (lo + hi) / 2;
      if (betaCdf(mid, a, b) < p) lo = mid; else hi = mid;
    }
    return (lo + hi) / 2;
  }

  function normalCdf(z) {
    // Abramowitz and Stegun 7.1.26, to about 1e-7.
    var t = 1 / (1 + 0.3275911 * Math.abs(z) / Math.SQRT2);
    var y = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) *
      Math.exp(-z * z / 2);
    return z >= 0 ? (1 + y) / 2 : (1 - y) / 2;
  }

  /* ---------- estimates ---------- */

  /**
   * @param {{ value: number, weight: number }[]} items
   * @param {number} priorMean
   * @returns {ReadinessEstimate}
   */
  function estimate(items, priorMean) {
    var s = 0;
    var n = 0;
    items.forEach(function (e) { s += e.weight * e.value; n += e.weight; });
    var a = priorMean * PRIOR_STRENGTH + s;
    var b = (1 - priorMean) * PRIOR_STRENGTH + (n - s);
    var mean = a / (a + b);
    var tail = (1 - RANGE) / 2;
    return {
      answered: items.length, enough: items.length >= ENOUGH, mean: mean,
      low: betaQuantile(tail, a, b), high: betaQuantile(1 - tail, a, b),
      variance: a * b / ((a + b) * (a + b) * (a + b + 1))
    };
  }

  /**
   * @param {{ order: string[], questions: { [id: string]: { domain: string, objectives?: string[], n: number, select: number } },
   *   domains: { id: string, title: string, weight: number }[], objectives?: { id: string, domain: string, title: string }[] }} bank
   * @param {(id: string) => (QuestionRecord | null)} recordOf
   * @param {number} now
   * @returns {Readiness}
   */
  function readiness(bank, recordOf, now) {
    var byDomain = {};
    var byObjective = {};
    var all = [];
    bank.order.forEach(function (id) {
      var row = bank.questions[id];
      var e = evidence(row, recordOf(id), now);
      if (!e) return;
      all.push(e);
      (byDomain[row.domain] = byDomain[row.domain] || []).push(e);
      (row.objectives || []).forEach(function (o) { (byObjective[o] = byObjective[o] || []).push(e); });
    });
    // The learner's overall rate, from a flat prior: each domain's estimate leans on it.
    var pooledEstimate = estimate(all, 0.5);
    var pooled = pooledEstimate.mean;
    var weightSum = 0;
    var mean = 0;
    var variance = 0;
    var domains = bank.domains.map(function (d) {
      var est = estimate(byDomain[d.id] || [], pooled);
      weightSum += d.weight;
      return { id: d.id, title: d.title, weight: d.weight, estimate: est };
    });
    // Each domain's own spread, and on top the overall rate's, which every domain leans on by the share its prior has
    // in it (PRIOR_STRENGTH against its answers): that part moves all domains together, so it adds up unreduced.
    var leaning = 0;
    domains.forEach(function (d) {
      var share = d.weight / (weightSum || 1);
      var n = 0;
      (byDomain[d.id] || []).forEach(function (e) { n += e.weight; });
      mean += share * d.estimate.mean;
      variance += share * share * d.estimate.variance;
      leaning += share * PRIOR_STRENGTH / (PRIOR_STRENGTH + n);
    });
    variance += leaning * leaning * pooledEstimate.variance;
    var domainMean = {};
    domains.forEach(function (d) { domainMean[d.id] = d.estimate.mean; });
    var objectives = (bank.objectives || []).map(function (o) {
      return { id: o.id, domain: o.domain, title: o.title,
        estimate: estimate(byObjective[o.id] || [], domainMean[o.domain] !== undefined ? domainMean[o.domain] : pooled) };
    });
    var sd = Math.sqrt(variance);
    var z = 1.2815515655446004; // the normal's 90th percentile: an 80% range
    return {
      domains: domains, objectives: objectives,
      overall: {
        answered: all.length, enough: all.length >= OVERALL_ENOUGH, mean: mean,
        low: Math.max(0, mean - z * sd), high: Math.min(1, mean + z * sd), variance: variance,
        // The chance that the blueprint-weighted rate is at or above the assumed line.
        aboveLine: sd > 0 ? 1 - normalCdf((LINE - mean) / sd) : (mean >= LINE ? 1 : 0)
      }
    };
  }

  /**
   * @param {number} x a probability
   * @returns {number} whole percent
   */
  function percent(x) {
    return Math.round(100 * x);
  }

  var core = {
    DAY: DAY, HALF_LIFE_DAYS: HALF_LIFE_DAYS, PRIOR_STRENGTH: PRIOR_STRENGTH, RANGE: RANGE, ENOUGH: ENOUGH,
    OVERALL_ENOUGH: OVERALL_ENOUGH, LINE: LINE, guessChance: guessChance, retrievability: retrievability,
    evidence: evidence, betaCdf: betaCdf, betaQuantile: betaQuantile, normalCdf: normalCdf, estimate: estimate,
    readiness: readiness, percent: percent
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.readinessCore = core;
  if (typeof module !== "undefined" && module.exports) module.exports = core;
})(typeof window !== "undefined" ? window : globalThis);
