// @ts-check
/*
 * The home and "Your progress" pages' pure logic: the "continue" target, and export, import validation and merging.
 * No DOM and no storage, so Node's test runner checks them (tests/js/). progress.js loads it on those pages only.
 * Records are store.js records: { draft, first, last, again?, extra? } (llmGuide.storeCore.normalizeRecord).
 * A file holds { format, version, exported, questions: { id: record }, exam: { history, last, current },
 * review: { examDate } }, where `last` is the last finished exam (exam:last, which the practice page shows again and
 * "Retry missed" uses) and `current` an unfinished one (exam:current), each an exam-core.js session or null.
 * Version 2 files have no `last` or `current`; version 1 files (before exam history and the exam date were exported)
 * have only the questions. Both still import.
 *
 * Import never loses what this browser has: answers merge by question (older first attempt, newer latest attempt);
 * past results are only added; this browser's exam date stays; the file's last result is taken only when it was
 * submitted later than this browser's; the file's unfinished exam is restored only when this browser has none in
 * progress (and not when this browser has since finished that same exam), and the summary says which was kept.
 * A part of the file with the wrong shape refuses the whole file, naming the part; a part that is sound but holds
 * questions this guide does not have is left out and named, like unknown question ids.
 */
(function (root) {
  "use strict";

  var FORMAT = "llm-ft-guide-progress";
  var VERSION = 3; // 3: the last exam result and an unfinished exam; 2: past results and the exam date
  var DATE = /^\d{4}-\d{2}-\d{2}$/; // review:settings' exam date, as <input type=date> gives it
  var storeCore = (root.llmGuide && root.llmGuide.storeCore) ||
    (typeof require === "function" ? require("../base/store.js") : null);

  function latest(topics, recordOf) {
    // Where the learner left off: the topic of the most recent attempt, at its next unanswered question (after the
    // one last answered, wrapping), or null when nothing was answered with a known time.
    /** @type {{ topic: { id: string, title: string, questions: string[] }, index: number, at: number } | null} */
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

  function whole(n) { return typeof n === "number" && isFinite(n) && n >= 0 && n % 1 === 0; }

  function ms(n) { return typeof n === "number" && isFinite(n) && n >= 0; }

  function plainObject(x) { return !!x && typeof x === "object" && !Array.isArray(x); }

  function sessionProblem(raw, finished) {
    // What is wrong with an exam session (exam-core.js createSession, and submit for a finished one), as the end of a
    // sentence ("has no questions"), or "" when nothing is. Stricter than exam-core.js validSession, which repairs
    // what it can: a file is checked before anything of it is kept, so a damaged exam is named, not half-restored.
    if (!plainObject(raw) || raw.v !== 1) return "is not a practice exam this guide saved";
    if (!Array.isArray(raw.ids) || !raw.ids.length) return "has no questions";
    var seen = {};
    for (var i = 0; i < raw.ids.length; i++) {
      var id = raw.ids[i];
      if (typeof id !== "string" || !id) return "has a question id that is not text";
      if (seen["=" + id]) return "holds question " + id.slice(0, 80) + " twice";
      seen["=" + id] = true;
    }
    var times = { limitMs: "time limit", startedAt: "start time", elapsedMs: "time used" };
    for (var k in times) if (!ms(raw[k])) return "has a " + times[k] + " that is not a number of milliseconds";
    if (typeof raw.timed !== "boolean") return "does not say whether it is timed";
    if (raw.timed && !raw.limitMs) return "is timed but has no time limit";
    if (!whole(raw.seed)) return "has a seed that is not a whole number";
    if (typeof raw.query !== "string") return "has a link that is not text";
    if (raw.runningSince !== null && !ms(raw.runningSince)) return "has a clock that is neither running nor paused";
    if (!whole(raw.current) || raw.current >= raw.ids.length) {
      return "is at a question number it does not have";
    }
    var held = function (id) { return seen["=" + id] === true; };
    if (!plainObject(raw.answers) || !plainObject(raw.flags) || !plainObject(raw.confidence)) {
      return "has answers, flags or confidence that are not lists by question";
    }
    var ids = Object.keys(raw.answers);
    for (i = 0; i < ids.length; i++) {
      var chosen = raw.answers[ids[i]];
      if (!held(ids[i])) return "has an answer to a question it does not hold";
      if (!Array.isArray(chosen) || !chosen.length || chosen.some(function (n) { return !whole(n) || n >= 26; })) {
        return "has an answer that is not a list of options";
      }
    }
    if (Object.keys(raw.flags).some(function (id) { return !held(id) || raw.flags[id] !== true; })) {
      return "has a flag that is not on one of its questions";
    }
    if (Object.keys(raw.confidence).some(function (id) { return !held(id) || storeCore.CONFIDENCE.indexOf(raw.confidence[id]) === -1; })) {
      return "has a confidence that is not sure, unsure or guessed on one of its questions";
    }
    if (typeof raw.expired !== "boolean") return "does not say whether its time ran out";
    if (finished) {
      if (!ms(raw.submittedAt) || !raw.submittedAt) return "has no time it was submitted";
      if (raw.runningSince !== null) return "was submitted with its clock still running";
    } else if (raw.submittedAt !== null) {
      return "is marked as submitted";
    }
    return "";
  }

  function session(raw) {
    // A sound session (sessionProblem gave ""), with only the fields a session has: nothing else from a file is kept.
    var out = {};
    ["v", "ids", "seed", "query", "timed", "limitMs", "startedAt", "elapsedMs", "runningSince", "current", "answers",
      "flags", "confidence", "submittedAt", "expired"].forEach(function (k) { out[k] = raw[k]; });
    return JSON.parse(JSON.stringify(out));
  }

  function examSession(raw, finished) {
    // This browser's exam:last or exam:current for the file: the session if it is sound, else null (left out, so
    // the file always imports).
    return raw !== null && raw !== undefined && !sessionProblem(raw, finished) ? session(raw) : null;
  }

  function exportDocument(records, now, more) {
    // `more`: { history: the exam's past results (exam:history), last: the last finished exam (exam:last),
    // current: the unfinished exam (exam:current), examDate: review:settings' exam date or null }.
    var m = more || {};
    return {
      format: FORMAT, version: VERSION, exported: new Date(now).toISOString(), questions: records,
      exam: { history: examHistory(m.history), last: examSession(m.last, true), current: examSession(m.current, false) },
      review: { examDate: typeof m.examDate === "string" && DATE.test(m.examDate) ? m.examDate : null }
    };
  }

  /**
   * @param {string} text
   * @param {string[]} knownIds
   */
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
    var known = {};
    knownIds.forEach(function (id) { known[id] = true; });
    var isKnown = function (id) { return Object.prototype.hasOwnProperty.call(known, id); };
    // The last result and the unfinished exam: one session each, or nothing (null, or absent before version 3).
    var parts = { last: "last practice exam result", current: "unfinished practice exam" };
    var sessions = {};
    var unknown = {};
    for (var name in parts) {
      var raw = exam[name] === undefined ? null : exam[name];
      var problem = raw === null ? "" : sessionProblem(raw, name === "last");
      if (problem) return { ok: false, error: "This progress file is damaged: its " + parts[name] + " " + problem + "." };
      sessions[name] = raw === null ? null : session(raw);
      unknown[name] = raw === null ? [] : raw.ids.filter(function (id) { return !isKnown(id); });
    }
    var history = [];
    var damaged = [];
    (exam.history || []).forEach(function (raw, i) {
      var entry = historyEntry(raw);
      if (entry) history.push(entry); else damaged.push(i + 1);
    });
    var records = {};
    var skipped = [];
    Object.keys(data.questions).forEach(function (id) {
      if (!isKnown(id)) { skipped.push(id); return; }
      var record = storeCore.normalizeRecord(data.questions[id]);
      if (!storeCore.isEmpty(record)) records[id] = record;
    });
    // An exam that holds questions this guide does not have could not be shown: it is left out and its ids named.
    return {
      ok: true, records: records, skipped: skipped.sort(), history: history, damaged: damaged, examDate: date,
      last: unknown.last.length ? null : sessions.last, current: unknown.current.length ? null : sessions.current,
      unknownInLast: unknown.last, unknownInCurrent: unknown.current
    };
  }

  function earlier(a, b) {
    if (!a) return b;
    if (!b) return a;
    return b.at && (!a.at || b.at < a.at) ? b : a;
  }

  /**
   * @param {QuestionRecord} local
   * @param {QuestionRecord} incoming
   * @returns {QuestionRecord}
   */
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

  function idList(ids) {
    return ids.slice(0, 5).join(", ") + (ids.length > 5 ? " and " + (ids.length - 5) + " more" : "");
  }

  function mergeExam(here, file) {
    // here: this browser's { last: exam:last, current: exam:current } as stored; file: parseImport's result. Returns
    // { last, current }: what to store (null: leave this browser's as it is), and notes: sentences for the summary.
    var out = { last: null, current: null, notes: [] };
    var myLast = examSession(here.last, true);
    var myCurrent = examSession(here.current, false);
    if (file.unknownInLast && file.unknownInLast.length) {
      out.notes.push("The file's last practice exam result was left out: it holds questions this guide does not " +
        "have (" + idList(file.unknownInLast) + ").");
    } else if (file.last && (!myLast || file.last.submittedAt > myLast.submittedAt)) {
      out.last = file.last;
      out.notes.push("The practice exam page now shows the file's last result" +
        (myLast ? ", which is newer than this browser's." : "."));
    } else if (file.last && file.last.submittedAt < myLast.submittedAt) {
      out.notes.push("This browser's last practice exam result was kept: it is newer than the file's.");
    }
    var last = out.last || myLast;
    var finished = function (s) {
      // The same exam (started at the same time, on the same questions) already submitted.
      return !!last && last.startedAt === s.startedAt && last.ids.join(",") === s.ids.join(",");
    };
    if (file.unknownInCurrent && file.unknownInCurrent.length) {
      out.notes.push("The file's unfinished practice exam was not restored: it holds questions this guide does not " +
        "have (" + idList(file.unknownInCurrent) + ").");
    } else if (file.current && myCurrent) {
      var same = myCurrent.startedAt === file.current.startedAt && myCurrent.ids.join(",") === file.current.ids.join(",");
      if (!same) {
        out.notes.push("This browser's unfinished practice exam was kept; the file's unfinished exam was not " +
          "restored, since only one can be in progress.");
      }
    } else if (file.current && finished(file.current)) {
      out.notes.push("The file's unfinished practice exam was not restored: it has been finished since.");
    } else if (file.current) {
      out.current = file.current;
      out.notes.push("Your unfinished practice exam was restored: it resumes at question " + (file.current.current + 1) +
        " of " + file.current.ids.length + " on the practice exam page.");
    }
    return out;
  }

  /**
   * The home page's offer to go back to an unfinished practice exam: "Resume exam: 10 of 20, 39:49 left" (answered
   * questions, and the time left as the exam's clock stood when its page was last on screen: time away is not
   * counted), or null when there is none to resume.
   * @param {any} session exam:current as stored
   * @returns {string | null}
   */
  function resumeText(session) {
    if (!session || typeof session !== "object" || session.submittedAt || !Array.isArray(session.ids) || !session.ids.length) return null;
    var answers = session.answers && typeof session.answers === "object" ? session.answers : {};
    var done = session.ids.filter(function (id) { return Array.isArray(answers[id]) && answers[id].length > 0; }).length;
    var used = typeof session.elapsedMs === "number" && session.elapsedMs > 0 ? session.elapsedMs : 0;
    var time = session.timed && typeof session.limitMs === "number"
      ? clockText(session.limitMs - used) + " left" : "untimed";
    return "Resume exam: " + done + " of " + session.ids.length + ", " + time;
  }

  function clockText(ms) {
    // As the exam's clock shows it (examCore.clock, not loaded on the home page): 39:49, 1:05:00.
    var total = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(total / 3600);
    var m = Math.floor((total % 3600) / 60);
    var sec = total % 60;
    return (h ? h + ":" + (m < 10 ? "0" : "") : "") + m + ":" + (sec < 10 ? "0" : "") + sec;
  }

  var io = {
    resumeText: resumeText,
    FORMAT: FORMAT, VERSION: VERSION, latest: latest, exportDocument: exportDocument, parseImport: parseImport,
    merge: merge, historyEntry: historyEntry, mergeHistory: mergeHistory, sessionProblem: sessionProblem,
    mergeExam: mergeExam
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.progressFile = io;
  if (typeof module !== "undefined" && module.exports) module.exports = io;
})(typeof window !== "undefined" ? window : globalThis);
