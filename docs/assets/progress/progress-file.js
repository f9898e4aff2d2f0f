/*
 * The home and "Your progress" pages' pure logic: the "continue" target, and export, import validation and merging.
 * No DOM and no storage, so Node's test runner checks them (tests/js/). progress.js loads it on those pages only.
 * Records are store.js records: { draft, first, last, again?, extra? } (llmGuide.storeCore.normalizeRecord).
 */
(function (root) {
  "use strict";

  var FORMAT = "llm-ft-guide-progress";
  var VERSION = 1;
  var storeCore = (root.llmGuide && root.llmGuide.storeCore) ||
    (typeof require === "function" ? require("../base/store.js") : null);

  function latest(topics, recordOf) {
    // Where the learner left off: the topic of the most recent attempt, at its next unanswered question (after the
    // one last answered, wrapping), or null when nothing was answered with a known time.
    var best = null;
    topics.forEach(function (topic) {
      topic.questions.forEach(function (id, index) {
        var r = recordOf(id);
        var at = r && r.last ? r.last.at : 0;
        if (at > 0 && (!best || at > best.at)) best = { topic: topic, index: index, at: at };
      });
    });
    if (!best) return null;
    var ids = best.topic.questions;
    for (var step = 1; step <= ids.length; step++) {
      var i = (best.index + step) % ids.length;
      var r = recordOf(ids[i]);
      if (!r || !r.first) return { topic: best.topic, id: ids[i], number: i + 1, done: false };
    }
    return { topic: best.topic, id: ids[best.index], number: best.index + 1, done: true };
  }

  function exportDocument(records, now) {
    return { format: FORMAT, version: VERSION, exported: new Date(now).toISOString(), questions: records };
  }

  function parseImport(text, knownIds) {
    // A progress file from any browser: refuse anything that is not one (saying why), keep what this guide knows,
    // and name the question ids it does not (a file from a later or earlier bank).
    var data;
    try { data = JSON.parse(text); } catch (error) {
      return { ok: false, error: "This file is not a progress export: it is not valid JSON." };
    }
    if (!data || typeof data !== "object" || data.format !== FORMAT) {
      return { ok: false, error: "This file is not a progress export from this guide." };
    }
    if (typeof data.version !== "number" || data.version > VERSION) {
      return { ok: false, error: "This progress file comes from a newer version of the guide; reload the page and try again." };
    }
    if (!data.questions || typeof data.questions !== "object" || Array.isArray(data.questions)) {
      return { ok: false, error: "This progress file is damaged: it has no list of questions." };
    }
    var known = {};
    knownIds.forEach(function (id) { known[id] = true; });
    var records = {};
    var skipped = [];
    Object.keys(data.questions).forEach(function (id) {
      if (!Object.prototype.hasOwnProperty.call(known, id)) { skipped.push(id); return; }
      var record = storeCore.normalizeRecord(data.questions[id]);
      if (!storeCore.isEmpty(record)) records[id] = record;
    });
    return { ok: true, records: records, skipped: skipped.sort() };
  }

  function earlier(a, b) {
    if (!a) return b;
    if (!b) return a;
    return b.at && (!a.at || b.at < a.at) ? b : a;
  }

  function merge(local, incoming) {
    // By question: the newer latest attempt wins, and the older first attempt stays first (ties keep this browser's).
    var a = storeCore.normalizeRecord(local);
    var b = storeCore.normalizeRecord(incoming);
    var bNewer = !!b.last && (!a.last || b.last.at > a.last.at);
    var out = {
      draft: a.draft.length ? a.draft : b.draft,
      first: earlier(a.first, b.first),
      last: bNewer ? b.last : a.last
    };
    if (bNewer ? b.again : a.again) out.again = true;
    if (a.extra || b.extra) out.extra = a.extra || b.extra;
    return storeCore.normalizeRecord(out);
  }

  var io = {
    FORMAT: FORMAT, VERSION: VERSION, latest: latest, exportDocument: exportDocument, parseImport: parseImport,
    merge: merge
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.progressFile = io;
  if (typeof module !== "undefined" && module.exports) module.exports = io;
})(typeof window !== "undefined" ? window : globalThis);
