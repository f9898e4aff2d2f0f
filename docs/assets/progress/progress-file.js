/*
 * The home and "Your progress" pages' pure logic: the "continue" target, and export, import validation and merging.
 * No DOM and no storage, so Node's test runner checks them (tests/js/). progress.js loads it on those pages only.
 * Records are store.js records: { draft, first, last, again?, extra? } (llmGuide.storeCore.normalizeRecord).
 * A file holds { format, version, exported, questions: { id: record }, exam: { history }, review: { examDate } };
 * version 1 files (before exam history and the exam date were exported) have only the questions, and still import.
 */
(function (root) {
  "use strict";

  var FORMAT = "llm-ft-guide-progress";
  var VERSION = 2;
  var DATE = /^\d{4}-\d{2}-\d{2}$/; // review:settings' exam date, as <input type=date> gives it
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

  function historyEntry(raw) {
    // One past exam result (exam-core.js historyEntry): kept only if its time and score make sense, the rest
    // defaulted, so a hand-edited or damaged file cannot put something the exam page would show wrongly.
    if (!raw || typeof raw !== "object") return null;
    var whole = function (n) { return typeof n === "number" && isFinite(n) && n >= 0 && n % 1 === 0; };
    if (!whole(raw.at) || !raw.at || !whole(raw.total) || !raw.total || !whole(raw.correct)) return null;
    if (raw.correct > raw.total) return null;
    // The percent as the exam computes it (one decimal), not as the file says: it must agree with the score.
    return {
      at: raw.at, correct: raw.correct, total: raw.total, percent: Math.round((raw.correct / raw.total) * 1000) / 10,
      usedMs: typeof raw.usedMs === "number" && isFinite(raw.usedMs) && raw.usedMs >= 0 ? raw.usedMs : 0,
      timed: raw.timed === true, seed: whole(raw.seed) ? raw.seed : null,
      query: typeof raw.query === "string" ? raw.query.slice(0, 2000) : ""
    };
  }

  function examHistory(list) {
    return (Array.isArray(list) ? list : []).map(historyEntry).filter(Boolean);
  }

  function exportDocument(records, now, more) {
    // `more`: { history: the exam's past results (exam:history), examDate: review:settings' exam date or null }.
    var m = more || {};
    return {
      format: FORMAT, version: VERSION, exported: new Date(now).toISOString(), questions: records,
      exam: { history: examHistory(m.history) },
      review: { examDate: typeof m.examDate === "string" && DATE.test(m.examDate) ? m.examDate : null }
    };
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
    // Version 1 files have no exam or review part; a part that is there must have its shape.
    var exam = data.exam === undefined || data.exam === null ? {} : data.exam;
    if (typeof exam !== "object" || Array.isArray(exam) ||
        (exam.history !== undefined && exam.history !== null && !Array.isArray(exam.history))) {
      return { ok: false, error: "This progress file is damaged: its practice exam results are not a list." };
    }
    var review = data.review === undefined || data.review === null ? {} : data.review;
    var date = review.examDate === undefined ? null : review.examDate;
    var badDate = date !== null && (typeof date !== "string" || !DATE.test(date));
    if (typeof review !== "object" || Array.isArray(review) || badDate) {
      return { ok: false, error: "This progress file is damaged: its exam date is not a date (YYYY-MM-DD)." };
    }
    var history = [];
    var damaged = [];
    (exam.history || []).forEach(function (raw, i) {
      var entry = historyEntry(raw);
      if (entry) history.push(entry); else damaged.push(i + 1);
    });
    var known = {};
    knownIds.forEach(function (id) { known[id] = true; });
    var records = {};
    var skipped = [];
    Object.keys(data.questions).forEach(function (id) {
      if (!Object.prototype.hasOwnProperty.call(known, id)) { skipped.push(id); return; }
      var record = storeCore.normalizeRecord(data.questions[id]);
      if (!storeCore.isEmpty(record)) records[id] = record;
    });
    return { ok: true, records: records, skipped: skipped.sort(), history: history, damaged: damaged, examDate: date };
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

  function mergeHistory(local, incoming) {
    // Past results from both, newest first, each once (the same time and score is the same exam). This browser's
    // entries stay exactly as they are, whatever they hold: an import only ever adds.
    var here = Array.isArray(local) ? local.slice() : [];
    var seen = {};
    var key = function (e) { return e && typeof e === "object" ? e.at + ":" + e.correct + "/" + e.total : ""; };
    here.forEach(function (e) { seen[key(e)] = true; });
    var added = examHistory(incoming).filter(function (e) {
      if (seen[key(e)]) return false;
      seen[key(e)] = true;
      return true;
    });
    var at = function (e) { return e && typeof e.at === "number" ? e.at : 0; };
    var list = here.concat(added).map(function (e, i) { return { e: e, i: i }; });
    list.sort(function (a, b) { return at(b.e) - at(a.e) || a.i - b.i; });
    return { history: list.map(function (x) { return x.e; }), added: added.length };
  }

  var io = {
    FORMAT: FORMAT, VERSION: VERSION, latest: latest, exportDocument: exportDocument, parseImport: parseImport,
    merge: merge, historyEntry: historyEntry, mergeHistory: mergeHistory
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.progressFile = io;
  if (typeof module !== "undefined" && module.exports) module.exports = io;
})(typeof window !== "undefined" ? window : globalThis);
