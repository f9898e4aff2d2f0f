// Readiness against simulated learners, small and with generous bounds: bench/readiness_calibration.js has the model
// and measures it on the real bank (bench/RESULTS.md). Run by `node --test tests/js/`.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const bench = require("../../bench/readiness_calibration.js");

test("simulated learners: the 80% ranges hold roughly 80%, and the estimates come near the truth", () => {
  const bank = bench.syntheticBank(570, bench.rng(7));
  const result = bench.simulate(bank, { learners: 80, seed: 11, checkpoints: [50, 100] });
  const [at50, at100] = result.summary;
  for (const row of [at50, at100]) {
    assert.ok(row.coverageEnough >= 65 && row.coverageEnough <= 95, `domain ranges held ${row.coverageEnough}%`);
    assert.ok(row.maeEnough < 15, `domain error ${row.maeEnough} points`);
    assert.ok(row.overallCoverage >= 60 && row.overallCoverage <= 97, `overall range held ${row.overallCoverage}%`);
    assert.ok(row.overallMae < 10, `overall error ${row.overallMae} points`);
  }
  assert.ok(at100.enoughShare > at50.enoughShare, "more answers, more domains with enough evidence");
  assert.ok(at100.overallMae < at50.overallMae + 1, "more answers, no worse overall");
  // Below the threshold the estimate is worse than above it: the reason "too little evidence" is said.
  const few = result.byAnswered.find((b) => b.answered === "1-3");
  const many = result.byAnswered.find((b) => b.answered === "8-15");
  assert.ok(few.width > many.width && few.mae > many.mae, JSON.stringify(result.byAnswered));
});
