// The bank index as the browser expands it (assets/base/bank.js): rows of small numbers back into questions.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const core = require("../../docs/assets/base/bank.js");

const index = {
  version: "abc",
  topics: [{ id: "peft", title: "PEFT", lessons: [{ id: "lora", title: "LoRA" }, { id: "qlora", title: "QLoRA" }] }],
  domains: [{ id: "fine-tuning", title: "Fine-tuning", weight: 13 }, { id: "data", title: "Data", weight: 9 }],
  objectives: [{ id: "3.2", domain: "data", title: "Organize" }, { id: "5.2", domain: "fine-tuning", title: "LoRA" }],
  rows: [["peft-rank", 0, 1, 1, 2, 0b10100, 5, [0, 1]], ["peft-alpha", 0, 0, 0, 1, 1, 4, [1]]]
};

test("a row becomes a question with its topic, lesson, domain, select, key, number of options and objectives", () => {
  const bank = core.expand(index);
  assert.deepEqual(bank.order, ["peft-rank", "peft-alpha"]);
  assert.deepEqual(bank.questions["peft-rank"], {
    id: "peft-rank", topic: "peft", lesson: "qlora", domain: "data", select: 2, key: [2, 4], n: 5,
    objectives: ["3.2", "5.2"]
  });
  assert.deepEqual(bank.questions["peft-alpha"].objectives, ["5.2"]);
  assert.equal(bank.objectives, index.objectives);
  assert.deepEqual(bank.questions["peft-alpha"].key, [0]);
  assert.equal(bank.version, "abc");
  assert.equal(bank.topics, index.topics);
});

test("key bits round-trip for every key of up to eight options", () => {
  for (let bits = 1; bits < 256; bits++) {
    const key = core.keyFromBits(bits);
    assert.equal(key.reduce((sum, i) => sum + (1 << i), 0), bits);
    assert.deepEqual([...key].sort((a, b) => a - b), key);
  }
  assert.deepEqual(core.keyFromBits(0), []);
});
