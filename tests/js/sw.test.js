// The app's service worker (docs/assets/app/sw.js), run in a bare context with the build's list in front, as the
// post-build step writes it: which addresses it answers with its own copies, which it checks on the network, which
// it leaves alone, and what it keeps at install. The browser tests (tests/test_app.py) drive the real thing.
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const crypto = require("node:crypto");

const SOURCE = fs.readFileSync(path.join(__dirname, "../../docs/assets/app/sw.js"), "utf8");
const SCOPE = "https://guide.example/course/";

function digest(text) { return crypto.createHash("sha256").update(text).digest("hex").slice(0, 10); }

const BODIES = {
  "": "<html>home</html>",
  "practice/": "<html>practice</html>",
  "404.html": "<html>not found</html>",
  "assets/quiz/quiz.js": "var quiz = 1;"
};
const FILES = [
  ["", digest(BODIES[""]), 17],
  ["404.html", digest(BODIES["404.html"]), 22],
  ["assets/quiz/quiz.js?v=" + digest(BODIES["assets/quiz/quiz.js"]), digest(BODIES["assets/quiz/quiz.js"]), 13],
  ["practice/", digest(BODIES["practice/"]), 21]
];

/** A worker with the list in front, a cache, and a network that serves BODIES (or `network` overrides). */
function load(network) {
  const handlers = {};
  const stored = new Map();
  const fetched = [];
  const cache = {
    keys: async () => [...stored.keys()].map((url) => ({ url })),
    put: async (key, response) => { stored.set(String(key), response); },
    match: async (key) => stored.get(String(key)),
    delete: async (request) => stored.delete(request.url)
  };
  const self = {
    GUIDE_OFFLINE: { version: "v1", bytes: 73, pages: 3, files: FILES },
    registration: { scope: SCOPE, active: null, waiting: null },
    clients: { matchAll: async () => [], claim: async () => {} },
    addEventListener: (type, fn) => { handlers[type] = fn; },
    skipWaiting: () => { self.skipped = true; }
  };
  async function fetch(url) {
    const at = String(url).slice(SCOPE.length).split("?")[0];
    fetched.push(String(url));
    const body = network && at in network ? network[at] : BODIES[at];
    if (body === undefined) return new Response("", { status: 404 });
    return new Response(body, { status: 200, headers: { "Content-Type": "text/plain" } });
  }
  const context = vm.createContext({
    self, caches: { open: async () => cache }, fetch, crypto: globalThis.crypto, Response, Headers, Promise
  });
  vm.runInContext(SOURCE, context);
  return { self, handlers, stored, fetched };
}


async function install(worker) {
  let done;
  worker.handlers.install({ waitUntil: (p) => { done = p; } });
  return done;
}

async function ask(worker, urls) {
  let answer;
  worker.handlers.message({ data: { type: "has", urls }, ports: [{ postMessage: (m) => { answer = m; } }] });
  return answer.has;
}

async function respond(worker, url, mode) {
  let response = null;
  worker.handlers.fetch({ request: { method: "GET", url, mode: mode || "no-cors" }, respondWith: (r) => { response = r; } });
  return response && (await response);
}

test("install keeps every listed file under a key naming its digest, and only those", async () => {
  const worker = load();
  await install(worker);
  assert.deepEqual([...worker.stored.keys()].sort(), FILES.map((f) => SCOPE + f[0].split("?")[0] + "?offline=" + f[1]).sort());
  // A second install of the same list fetches nothing again.
  const again = load();
  for (const [key, value] of worker.stored) again.stored.set(key, value);
  await install(again);
  assert.deepEqual(again.fetched, []);
});

test("install fails when the server sends another version of a listed file", async () => {
  const worker = load({ "assets/quiz/quiz.js": "var quiz = 2;" });
  await assert.rejects(install(worker), /not the version this build lists/);
});

test("the worker serves its own addresses: versioned, plain, pages with a query or index.html", async () => {
  const worker = load();
  const quiz = FILES[2][0];
  assert.equal(await ask(worker, [SCOPE + quiz, SCOPE + "practice/?ids=a,b", SCOPE + "index.html"]), true);
  assert.equal(await ask(worker, [SCOPE + "assets/quiz/quiz.js"]), true);
  assert.equal(await ask(worker, [SCOPE + "assets/quiz/quiz.js?v=0123456789"]), false); // another build's
  assert.equal(await ask(worker, ["https://elsewhere.example/course/"]), false);
});

test("a page and its script come from the cache; another version's address only with a body of that digest", async () => {
  const worker = load();
  await install(worker);
  worker.fetched.length = 0;
  assert.equal(await (await respond(worker, SCOPE + FILES[2][0])).text(), BODIES["assets/quiz/quiz.js"]);
  assert.equal(await (await respond(worker, SCOPE + "practice/?ids=x", "navigate")).text(), BODIES["practice/"]);
  assert.deepEqual(worker.fetched, []);
  // The server has this build's quiz.js: an old page's address for another version gets no script at all.
  const old = await respond(worker, SCOPE + "assets/quiz/quiz.js?v=0123456789");
  assert.equal(old.status, 409);
  // Addresses the list does not hold and that carry no version: left to the browser.
  assert.equal(await respond(worker, SCOPE + "downloads/guide.zip"), null);
  assert.equal(await respond(worker, "https://elsewhere.example/x.js"), null);
});

test("activation waits for the page's word", async () => {
  const worker = load();
  worker.handlers.message({ data: "activate", ports: [] });
  assert.equal(worker.self.skipped, true);
});

