// Every function a front-end file calls by a bare name is declared in that file (or is a JavaScript global), and every
// member the exam's component and its views ask of each other is one the other hands over: a name called but defined
// nowhere fails only at the moment a learner reaches that code. `tsc --noEmit` (types/guide.d.ts) checks the same
// contract with types; this test needs nothing installed.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");

const ASSETS = path.join(__dirname, "../../docs/assets");
const KEYWORDS = new Set(["if", "for", "while", "switch", "catch", "function", "return", "typeof", "new", "in", "of"]);
const GLOBALS = new Set(["parseInt", "parseFloat", "String", "Number", "Boolean", "Array", "Object", "JSON", "Math",
  "Date", "RegExp", "URLSearchParams", "WeakMap", "Error", "Promise", "URL", "Blob", "FileReader", "ResizeObserver", "Event", "Set", "Map",
  "encodeURIComponent", "decodeURIComponent", "isNaN", "isFinite", "setTimeout", "clearTimeout", "setInterval",
  "clearInterval", "requestAnimationFrame", "getComputedStyle", "require", "fn", "done", "callback", "one", "stop",
  "Uint8Array", "fetch", "Headers", "Response", "File", "MessageChannel"]);

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "vendor" || entry.name === "generated" ? [] : files(full);
    return entry.name.endsWith(".js") ? [full] : [];
  });
}

test("no front-end file calls a function it does not declare", () => {
  const problems = [];
  for (const file of files(ASSETS)) {
    // Without comments and strings, whose words are not calls.
    const code = fs.readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "")
      .replace(/"(?:[^"\\\n]|\\.)*"/g, '""').replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
      .replace(/([=(,:!&|?]\s*)\/(?:[^/\\\n]|\\.)+\/[gimsuy]*/g, "$1/re/"); // regular expression literals
    const declared = new Set();
    for (const m of code.matchAll(/function\s+([A-Za-z_$][\w$]*)/g)) declared.add(m[1]);
    for (const m of code.matchAll(/(?:var|let|const)\s+([A-Za-z_$][\w$]*)/g)) declared.add(m[1]);
    for (const m of code.matchAll(/function\s*[\w$]*\s*\(([^)]*)\)/g)) {
      m[1].split(",").map((s) => s.trim()).filter(Boolean).forEach((name) => declared.add(name));
    }
    for (const m of code.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)\s*\(/g)) {
      const name = m[1];
      if (KEYWORDS.has(name) || GLOBALS.has(name) || declared.has(name)) continue;
      problems.push(path.relative(ASSETS, file) + ": " + name + "()");
    }
  }
  assert.deepEqual([...new Set(problems)], []);
});

function source(file) {
  return fs.readFileSync(path.join(ASSETS, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
}

function keys(objectLiteral) {
  // The property names of a flat object literal's source: "{ a: a, b: f }" -> ["a", "b"].
  return [...objectLiteral.matchAll(/([A-Za-z_$][\w$]*)\s*:/g)].map((m) => m[1]);
}

test("every action a view asks for, and every view member the exam's component calls, is handed over", () => {
  const component = source("exam/exam.js");
  const actions = keys(component.match(/actions:\s*(\{[^}]*\})/)[1]);
  const exported = {};
  for (const view of ["setup", "run", "result"]) {
    const code = source(`exam/exam-${view}.js`);
    exported[view] = keys(code.match(new RegExp(`views\\.${view}\\s*=\\s*(\\{[^}]*\\})`))[1]);
    for (const m of code.matchAll(/\bactions\.([A-Za-z_$][\w$]*)/g)) {
      assert.ok(actions.includes(m[1]), `exam-${view}.js asks for ctx.actions.${m[1]}, which exam.js does not hand over`);
    }
  }
  const called = [...component.matchAll(/views\(\)\.(setup|run|result)\.([A-Za-z_$][\w$]*)/g)];
  assert.ok(called.length > 5, "the component reaches its views through views()");
  for (const [, view, name] of called) {
    assert.ok(exported[view].includes(name), `exam.js calls views().${view}.${name}, which exam-${view}.js does not export`);
  }
  // The events the component routes to the view on screen (route("onClick") ...) are optional per view, by design.
  for (const m of component.matchAll(/route\("(\w+)"\)/g)) {
    assert.ok(Object.values(exported).some((list) => list.includes(m[1])), `no view handles ${m[1]}`);
  }
});
