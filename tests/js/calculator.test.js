// The GPU memory calculator's arithmetic (docs/assets/calculator/calc-core.js) against the ZeRO paper's worked example and
// against every memory figure the question bank states (run by `node --test tests/js/`).
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const core = require("../../docs/assets/calculator/calc-core.js");

const BANK = fs.readFileSync(path.join(__dirname, "../../data/questions.yaml"), "utf8");

function run(raw) {
  const out = core.evaluate(raw);
  assert.equal(out.ok, true, JSON.stringify(out.errors));
  const parts = Object.fromEntries(out.result.parts.map((p) => [p.id, p.bytes]));
  return { ...out.result, byPart: parts };
}

function gb(bytes, digits = 1) {
  return Number((bytes / 1e9).toFixed(digits));
}

function question(id) {
  // The text of one question in the bank, so each case below fails if the bank stops saying what it is checked for.
  const start = BANK.indexOf(`  - id: ${id}\n`);
  assert.notEqual(start, -1, `question ${id} is not in the bank`);
  const end = BANK.indexOf("\n  - id: ", start + 1);
  return BANK.slice(start, end === -1 ? undefined : end).replace(/\s+/g, " ");
}

test("the ZeRO paper's example: 7.5B parameters on 64 GPUs, K = 12, stages 0 to 3", () => {
  // Rajbhandari et al. (2020), Figure 1: 120 GB, 31.4 GB, 16.6 GB and 1.9 GB per device.
  const expected = [120, 31.4, 16.6, 1.9];
  expected.forEach((want, zero) => {
    const r = run({ params: "7.5B", gpus: "64", zero: String(zero) });
    assert.equal(gb(r.total), want, `stage ${zero}`);
    assert.equal(r.byPart.activations, 0);
    assert.equal(core.formatGB(r.total), `${want.toFixed(1)} GB`);
  });
  // The exact bytes, part by part, for stage 1: 2Ψ + 2Ψ + 12Ψ/N.
  const r = run({ params: "7500000000", gpus: "64", zero: "1" });
  assert.deepEqual(r.byPart, { weights: 15e9, gradients: 15e9, optimizer: 12 * 7.5e9 / 64, activations: 0 });
});

test("ZeRO stages shard exactly what the paper says, and nothing on one GPU", () => {
  const P = 1e9;
  const N = 8;
  const stage = (zero) => run({ params: String(P), gpus: String(N), zero: String(zero) }).byPart;
  assert.deepEqual(stage(0), { weights: 2 * P, gradients: 2 * P, optimizer: 12 * P, activations: 0 });
  assert.deepEqual(stage(1), { weights: 2 * P, gradients: 2 * P, optimizer: 12 * P / N, activations: 0 });
  assert.deepEqual(stage(2), { weights: 2 * P, gradients: 2 * P / N, optimizer: 12 * P / N, activations: 0 });
  assert.deepEqual(stage(3), { weights: 2 * P / N, gradients: 2 * P / N, optimizer: 12 * P / N, activations: 0 });
  const single = core.evaluate({ params: "1B", gpus: "1", zero: "3" });
  assert.equal(single.result.total, 16e9);
  assert.match(single.warnings[0].message, /shards nothing/);
});

// Every memory figure in the bank that the calculator covers: the question, the words it uses, the case, the number.
const BANK_CASES = [
  { id: "mem-adam-bytes-per-param", says: "16 × 7×10⁹ = 112 GB", raw: { params: "7B" }, part: "total", gb: 112 },
  { id: "mem-adam-bytes-per-param", says: "84 GB is 12 bytes × 7×10⁹", raw: { params: "7B" }, part: "optimizer", gb: 84 },
  { id: "mem-full-vs-lora-vs-qlora-7b", says: "16 × 7×10⁹ = 112 GB", raw: { params: "7B" }, part: "total", gb: 112 },
  { id: "mem-full-vs-lora-vs-qlora-7b", says: "2 bytes × 7×10⁹ = 14 GB",
    raw: { params: "7B", method: "lora", trainable: "14M" }, part: "base", gb: 14 },
  { id: "mem-full-vs-lora-vs-qlora-7b", says: "≈ 14×10⁶ parameters × 16 bytes (weights, gradients, Adam states) ≈ 0.2 GB",
    raw: { params: "7B", method: "lora", trainable: "14M" }, part: "adapters", gb: 0.2 },
  { id: "mem-full-vs-lora-vs-qlora-7b", says: "7×10⁹ × 0.5 bytes = 3.5 GB for the quantized weights",
    raw: { params: "7B", method: "qlora", trainable: "14M" }, part: "base-codes", gb: 3.5 },
  { id: "mem-8bit-adam-savings", says: "16 to 10 bytes per parameter (112 GB to 70 GB)",
    raw: { params: "7B", optimizer: "adamw8bit" }, part: "total", gb: 70 },
  { id: "mem-8bit-adam-savings", says: "6 × 7×10⁹ ≈ 42 GB", raw: { params: "7B", optimizer: "adamw8bit" },
    part: "saving", gb: 42 },
  { id: "mem-mixed-precision-what-it-saves", says: "16 × 7×10⁹ ≈ 112 GB", raw: { params: "7B" }, part: "total", gb: 112 },
  { id: "mem-zero-offload-cpu-nvme", says: "16 × 13×10⁹ ≈ 208 GB", raw: { params: "13B" }, part: "total", gb: 208 },
  { id: "mem-qlora-33b-single-24gb", says: "16 × 33×10⁹ ≈ 528 GB", raw: { params: "33B" }, part: "total", gb: 528 },
  { id: "mem-qlora-33b-single-24gb", says: "33×10⁹ × 2 bytes ≈ 66 GB",
    raw: { params: "33B", method: "lora", trainable: "50M" }, part: "base", gb: 66 },
  { id: "mem-qlora-33b-single-24gb", says: "After the ≈ 17 GB of 4-bit weights",
    raw: { params: "33B", method: "qlora", trainable: "50M" }, part: "base", gb: 17, digits: 0 },
  { id: "mem-nemo-70b-reduce-memory", says: "16 × 70×10⁹ ≈ 1,120 GB", raw: { params: "70B" }, part: "total", gb: 1120 },
  { id: "par-zero-stage-memory", says: "14 + 12.25 ≈ 26.3 GB per GPU",
    raw: { params: "7B", gpus: "8", zero: "2" }, part: "total", gb: 26.3 },
  { id: "par-zero-stage-memory", says: "28 + 5.25 = 33.25 GB",
    raw: { params: "7B", gpus: "16", zero: "1" }, part: "total", gb: 33.25, digits: 2 },
  { id: "par-zero-stage-memory", says: "28 + 10.5 = 38.5 GB", raw: { params: "7B", gpus: "8", zero: "1" },
    part: "total", gb: 38.5 },
  { id: "par-zero-stage-memory", says: "16 × 7 GB / 8 = 14 GB per GPU", raw: { params: "7B", gpus: "8", zero: "3" },
    part: "total", gb: 14 },
  { id: "par-fsdp-sharding-strategies", says: "208 GB / 8 = 26 GB", raw: { params: "13B", gpus: "8", zero: "3" },
    part: "total", gb: 26 },
  { id: "par-fsdp-sharding-strategies", says: "over 32 GPUs come to about 6.5 GB per GPU",
    raw: { params: "13B", gpus: "32", zero: "3" }, part: "total", gb: 6.5 },
  // Korthikanti et al.'s per-layer activations for a 13B model (h = 5120, a = 40): one layer, then all 40.
  { id: "mem-activation-scaling-seq-batch", says: "2048 × 1 × 5120 × (34 + 80) ≈ 1.20×10⁹ bytes",
    raw: { params: "13B", layers: "1", hidden: "5120", heads: "40", seq: "2048", batch: "1" }, part: "activations", gb: 1.2 },
  { id: "mem-activation-scaling-seq-batch", says: "to about 4.1 GB",
    raw: { params: "13B", layers: "1", hidden: "5120", heads: "40", seq: "4096", batch: "1" }, part: "activations", gb: 4.1 },
  { id: "mem-activation-scaling-seq-batch", says: "b = 2 gives ≈ 2.39×10⁹ bytes",
    raw: { params: "13B", layers: "1", hidden: "5120", heads: "40", seq: "2048", batch: "2" }, part: "activations",
    gb: 2.39, digits: 2 },
  { id: "mem-activation-scaling-seq-batch", says: "about 48 GB versus 96 GB",
    raw: { params: "13B", layers: "40", hidden: "5120", heads: "40", seq: "2048", batch: "1" }, part: "activations",
    gb: 48, digits: 0 },
  { id: "mem-activation-scaling-seq-batch", says: "about 48 GB versus 96 GB",
    raw: { params: "13B", layers: "40", hidden: "5120", heads: "40", seq: "2048", batch: "2" }, part: "activations",
    gb: 96, digits: 0 }
];

function figure(raw, part) {
  const r = run(raw);
  const P = core.parseCount(raw.params);
  if (part === "total") return r.total;
  if (part === "base") return r.byPart.weights - 2 * core.parseCount(raw.trainable);
  if (part === "base-codes") return P * 4 / 8; // the 4-bit codes alone, before the quantization constants
  if (part === "adapters") return r.total - (r.byPart.weights - 2 * core.parseCount(raw.trainable));
  if (part === "saving") return run({ ...raw, optimizer: "adamw" }).total - r.total;
  return r.byPart[part];
}

for (const c of BANK_CASES) {
  test(`the bank's ${c.id}: “${c.says}”`, () => {
    assert.ok(question(c.id).includes(c.says), `${c.id} no longer says “${c.says}”: check the case against the bank`);
    assert.equal(gb(figure(c.raw, c.part), c.digits === undefined ? 1 : c.digits), c.gb);
  });
}

test("QLoRA's base counts the paper's constants: 4.127 bits per parameter, about 3 GB less than 4.5 bits on 65B", () => {
  assert.equal(core.NF4_BITS, 4 + 8 / 64 + 32 / (64 * 256));
  assert.equal(Number((core.NF4_BITS - 4).toFixed(3)), 0.127); // the QLoRA paper: 0.5 -> 0.127 bits per parameter
  const r = run({ params: "7B", method: "qlora", trainable: "14M" });
  assert.equal(r.byPart.weights, 7e9 * core.NF4_BITS / 8 + 2 * 14e6);
  assert.equal(r.byPart.gradients, 2 * 14e6);
  assert.equal(r.byPart.optimizer, 12 * 14e6);
  // docs/topics/quantization.md: double quantization saves "about 3 GB" on a 65B model.
  assert.equal(Math.round(65e9 * (0.5 - (core.NF4_BITS - 4)) / 8 / 1e9), 3);
});

test("LoRA: frozen BF16 base, adapters with their own gradients and optimizer states", () => {
  const r = run({ params: "7B", method: "lora", trainable: "14M", optimizer: "sgd" });
  assert.deepEqual(r.byPart, { weights: 14e9 + 28e6, gradients: 28e6, optimizer: 8 * 14e6, activations: 0 });
  const sharded = run({ params: "7B", method: "lora", trainable: "14M", gpus: "4", zero: "3" });
  assert.equal(sharded.byPart.weights, (14e9 + 28e6) / 4);
});

test("activation checkpointing keeps each layer's input and rebuilds one layer at a time", () => {
  const shape = { layers: "32", hidden: "4096", heads: "32", seq: "2048", batch: "1" };
  const off = run({ params: "7B", ...shape }).byPart.activations;
  const on = run({ params: "7B", ...shape, checkpointing: "1" }).byPart.activations;
  const layer = 2048 * 4096 * (34 + 5 * 32 * 2048 / 4096);
  assert.equal(off, 32 * layer);
  assert.equal(on, 2 * 2048 * 4096 * 32 + layer);
  assert.ok(on < off / 10);
});

test("LoRA parameter counts: the PEFT page's example and a grouped-query model", () => {
  // docs/topics/peft.md: r=16 on q and v (4096×4096) of 32 layers gives 16·8192·2·32 ≈ 8.4M.
  assert.deepEqual(core.loraTrainable({ rank: 16, layers: 32, hidden: 4096, heads: 32, targets: ["q", "v"] }), { count: 8388608 });
  // Llama 3.1 8B, every linear layer, r = 16: q,o 4096→4096; k,v 4096→1024; gate, up 4096→14336; down back.
  const all = core.loraTrainable({ rank: 16, layers: 32, hidden: 4096, heads: 32, kvHeads: 8, ffn: 14336,
    targets: core.LORA_TARGETS });
  assert.equal(all.count, 32 * 16 * (2 * 8192 + 2 * 5120 + 3 * 18432));
  assert.match(core.loraTrainable({ rank: 16, layers: 32, hidden: 4096, heads: 32, targets: ["up"] }).error, /intermediate/);
  assert.match(core.loraTrainable({ rank: 0, layers: 32, hidden: 4096, heads: 32, targets: ["q"] }).error, /rank/);
  assert.match(core.loraTrainable({ rank: 8, layers: 32, hidden: 4096, heads: 32, targets: [] }).error, /target/);
});

test("presets: each parameter count is what its shape adds up to", () => {
  for (const p of core.PRESETS) {
    const head = p.hidden / p.heads;
    const kv = p.kvHeads * head;
    const vocab = { "llama-2-7b": 32000, "llama-2-13b": 32000, "mistral-7b": 32000, "llama-3.1-8b": 128256,
      "llama-3.1-70b": 128256, "qwen2.5-7b": 152064 }[p.id];
    const bias = p.id.startsWith("qwen") ? p.hidden + 2 * kv : 0;
    const layer = 2 * p.hidden * p.hidden + 2 * p.hidden * kv + 3 * p.hidden * p.ffn + 2 * p.hidden + bias;
    assert.equal(p.params, p.layers * layer + 2 * vocab * p.hidden + p.hidden, p.id);
  }
});

test("counts are read in the forms people write them", () => {
  assert.equal(core.parseCount("7B"), 7e9);
  assert.equal(core.parseCount("7.5b"), 7.5e9);
  assert.equal(core.parseCount("7.5e9"), 7.5e9);
  assert.equal(core.parseCount("6,738,415,616"), 6738415616);
  assert.equal(core.parseCount(" 14M "), 14e6);
  assert.equal(core.parseCount("1T"), 1e12);
  for (const bad of ["", "seven", "7BB", "-7B", "7 billion", "0x10", "Infinity", "1e999"]) {
    assert.equal(core.parseCount(bad), null, bad);
  }
  assert.equal(core.formatCount(7.5e9), "7.5B");
  assert.equal(core.formatCount(6738415616), "6.738B");
  assert.equal(core.formatCount(14e6), "14M");
  assert.equal(core.formatGB(1.2e11), "120.0 GB");
  assert.equal(core.formatGiB(1.2e11), "111.8 GiB");
  assert.equal(core.formatGB(2.24e8), "0.22 GB");
});

test("unknown and impossible values are named, never replaced", () => {
  const cases = [
    [{ params: "seven" }, "params", /“seven” is not a number of parameters/],
    [{}, "params", /missing/],
    [{ params: "0" }, "params", /less than one/],
    [{ params: "7B", method: "prefix" }, "method", /“prefix” is not a method/],
    [{ params: "7B", method: "lora" }, "trainable", /missing/],
    [{ params: "7B", method: "lora", trainable: "8B" }, "trainable", /more than the model/],
    [{ params: "7B", optimizer: "adam" }, "optimizer", /“adam” is not an optimizer/],
    [{ params: "7B", gpus: "0" }, "gpus", /less than 1/],
    [{ params: "7B", gpus: "2.5" }, "gpus", /not a whole number/],
    [{ params: "7B", zero: "4" }, "zero", /“4” is not a ZeRO stage/],
    [{ params: "7B", layers: "32", hidden: "4096", heads: "32", seq: "2048" }, "batch", /missing/],
    [{ params: "7B", layers: "32", hidden: "4096", heads: "30", seq: "2048", batch: "1" }, "heads", /do not divide/],
    [{ params: "7B", layers: "32", hidden: "4096", heads: "32", seq: "2048", batch: "1", checkpointing: "yes" },
      "checkpointing", /“yes” is not 0/]
  ];
  for (const [raw, name, message] of cases) {
    const out = core.evaluate(raw);
    assert.equal(out.ok, false, JSON.stringify(raw));
    assert.equal(out.result, null);
    const found = out.errors.find((e) => e.name === name);
    assert.ok(found, `${JSON.stringify(raw)}: no error for ${name}: ${JSON.stringify(out.errors)}`);
    assert.match(found.message, message);
    assert.ok(found.message.includes(`(${name})`), found.message);
  }
  const long = core.evaluate({ params: "x".repeat(5000) });
  assert.ok(long.errors[0].message.length < 200, "a hostile value is cut short in the message");
});

test("the address: parameters read back as written, unknown names and repeats reported", () => {
  const q = core.parseQuery("?params=7B&method=lora&trainable=14M&gpus=8&zero=2&colour=red&zero=3");
  assert.deepEqual(q.raw, { params: "7B", method: "lora", trainable: "14M", gpus: "8", zero: "2" });
  assert.deepEqual(q.unknown, ["colour"]);
  assert.deepEqual(q.repeated, ["zero"]);
  const out = core.evaluate(q.raw, q);
  assert.equal(out.ok, true);
  assert.deepEqual(out.warnings.map((w) => w.name), ["colour", "zero"]);
  assert.equal(core.buildQuery(q.raw), "?params=7B&method=lora&trainable=14M&gpus=8&zero=2");
  assert.equal(core.buildQuery({ params: "7B", method: "full", trainable: "14M", checkpointing: "1" }),
    "?params=7B", "no trainable for full fine-tuning, no checkpointing without a shape");
  const shape = { params: "7B", layers: "32", hidden: "4096", heads: "32", seq: "2048", batch: "1", checkpointing: "1" };
  assert.deepEqual(core.parseQuery(core.buildQuery(shape)).raw, shape);
  assert.equal(core.buildQuery({ params: "a&b=c" }), "?params=a%26b%3Dc");
  assert.equal(core.buildQuery({ params: "7B", method: "full", optimizer: "adamw", gpus: "1", zero: "0" }), "?params=7B",
    "defaults stay out of links");
  const trailing = core.evaluate({ params: "7B", trainable: "1M" });
  assert.equal(trailing.ok, true);
  assert.match(trailing.warnings[0].message, /full fine-tuning trains every parameter/);
});

test("every part carries the formula it used", () => {
  const r = core.evaluate({ params: "7.5B", gpus: "64", zero: "2", layers: "32", hidden: "4096", heads: "32", seq: "2048",
    batch: "1" }).result;
  const formula = Object.fromEntries(r.parts.map((p) => [p.id, p.formula]));
  assert.equal(formula.weights, "2 bytes × 7.5B parameters (BF16)");
  assert.equal(formula.gradients, "2 bytes × 7.5B parameters ÷ 64 GPUs");
  assert.equal(formula.optimizer, "12 bytes × 7.5B parameters ÷ 64 GPUs");
  assert.match(formula.activations, /^32 layers × s·b·h·\(34 \+ 5·a·s\/h\) = 32 × 2048·1·4096·\(34 \+ 5·32·2048\/4096\) bytes$/);
});

test("verdict: the total per GPU against one GPU's memory, after the stated 10% allowance", () => {
  const fit = (address) => { const q = core.parseQuery("?" + address); return core.evaluate(q.raw, q); };
  // QLoRA on Llama 3.1 70B on 2 x H100 80 GB: 44.3 GB per GPU fits in 72 GB with 27.7 to spare.
  const qlora = fit("params=70.6B&method=qlora&trainable=207M&gpus=2&gpu=80&seq=2048&batch=1&checkpointing=1" +
    "&layers=80&hidden=8192&heads=64");
  assert.equal(core.formatGB(qlora.result.total), "44.3 GB");
  assert.equal(qlora.verdict.fits, true);
  assert.equal(qlora.verdict.text, "Fits on each 80 GB GPU with 27.7 GB to spare.");
  assert.match(qlora.verdict.allowance, /72\.0 GB of each 80 GB: 8\.0 GB \(10%\) is kept for the CUDA context/);
  // Full fine-tuning of 7B (16 bytes a parameter, 112 GB) on a 24 GB card: over by 90.4 GB.
  const full = fit("params=7B&gpu=24");
  assert.equal(full.verdict.fits, false);
  assert.equal(full.verdict.text, "Does not fit on a 24 GB GPU: over by 90.4 GB.");
  // Exactly at the line fits; a byte more does not.
  assert.equal(core.verdict(72e9, 80).fits, true);
  assert.equal(core.verdict(72e9 + 1, 80).fits, false);
  // No GPU size, no verdict; a size that is not one is named.
  assert.equal(fit("params=7B").verdict, null);
  const bad = fit("params=7B&gpu=lots");
  assert.equal(bad.ok, false);
  assert.match(bad.errors[0].message, /GPU memory \(gpu\): “lots” is not an amount of memory in GB/);
  assert.deepEqual(core.GPUS.map((g) => g.gb), [40, 80, 80, 48, 24]);
});

test("presets read as numbers a person writes", () => {
  assert.equal(core.readableCount(70553706496), "70.6B");
  assert.equal(core.readableCount(13015864320), "13B");
  assert.equal(core.readableCount(6738415616), "6.7B");
  assert.equal(core.parseCount(core.readableCount(70553706496)), 70.6e9);
});
