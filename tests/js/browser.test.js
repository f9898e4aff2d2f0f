// The browser layer (assets/base/browser.js) in a vm context with a stand-in window: what features rely on.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const source = fs.readFileSync(path.join(__dirname, "../../docs/assets/base/browser.js"), "utf8");

function load(hash) {
  const window = { location: { hash: hash } };
  window.window = window;
  vm.runInNewContext(source, { window: window, location: window.location, document: {}, navigator: {} });
  return window.llmGuide.browser;
}

test("hash() decodes the fragment and gives null, not an exception, for a malformed %-escape", () => {
  assert.equal(load("#q-peft-rank-why-b").hash(), "q-peft-rank-why-b");
  assert.equal(load("#caf%C3%A9").hash(), "café");
  assert.equal(load("").hash(), "");
  for (const bad of ["#%E0%A4%A", "#%", "#%zz"]) assert.equal(load(bad).hash(), null, bad);
});

test("whenIdle falls back to a timer where requestIdleCallback is missing", () => {
  const calls = [];
  const window = { location: { hash: "" }, setTimeout: (fn, ms) => { calls.push(ms); fn(); } };
  window.window = window;
  vm.runInNewContext(source, { window: window, location: window.location, document: {}, navigator: {} });
  let ran = false;
  window.llmGuide.browser.whenIdle(() => { ran = true; });
  assert.ok(ran);
  assert.deepEqual(calls, [200]);
});

test("every() gives a stop function that ends the interval it started", () => {
  const started = [];
  const cleared = [];
  const window = {
    location: { hash: "" },
    setInterval: (fn, ms) => { started.push(ms); return 7; },
    clearInterval: (id) => { cleared.push(id); }
  };
  window.window = window;
  vm.runInNewContext(source, { window: window, location: window.location, document: {}, navigator: {} });
  const stop = window.llmGuide.browser.every(1000, () => {});
  assert.deepEqual(started, [1000]);
  stop();
  assert.deepEqual(cleared, [7]);
});

test("idleEach does its work in short idle slices, one item at least each, and stops once it is not wanted", () => {
  // Each item costs 1.5 ms of a stand-in clock; an idle period ends its slice after 4 ms or when the deadline says.
  let now = 0;
  const idle = [];
  const window = {
    location: { hash: "" },
    performance: { now: () => now },
    requestIdleCallback: (fn) => { idle.push(fn); }
  };
  window.window = window;
  vm.runInNewContext(source, { window: window, location: window.location, document: {}, navigator: {} });
  const done = [];
  let wanted = true;
  const run = (remaining) => {
    const fn = idle.shift();
    fn({ timeRemaining: () => remaining });
  };
  window.llmGuide.browser.idleEach([1, 2, 3, 4, 5, 6, 7, 8], (item) => { done.push(item); now += 1.5; }, () => wanted);
  assert.equal(done.length, 0, "nothing before the browser is idle");
  run(50);
  assert.deepEqual(done, [1, 2, 3], "4 ms: three items of 1.5 ms");
  run(0);
  assert.deepEqual(done, [1, 2, 3, 4], "no time left: one item all the same");
  wanted = false;
  run(50);
  assert.deepEqual(done, [1, 2, 3, 4], "not wanted any more: nothing");
  assert.equal(idle.length, 0);
  window.llmGuide.browser.idleEach([], () => { throw new Error("no items, no work"); });
  assert.equal(idle.length, 0);
});
