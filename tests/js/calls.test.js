// Every function a front-end file calls by a bare name is declared in that file (or is a JavaScript global): the
// exam page is five files sharing one namespace, and a name called but defined in none of them fails only at the
// moment a learner reaches that code.
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
  "clearInterval", "requestAnimationFrame", "getComputedStyle", "require", "fn", "done", "callback", "one", "stop"]);

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
