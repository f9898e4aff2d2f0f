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
  // What a file of this guide can hold: an export of every question with a schedule and fifty past results is well
  // under a megabyte at 5,000 questions, and browsers give a site about 5 MB in all, so a larger file is not one the
  // guide wrote, and keeping it would fill the storage for every page of the site.
  var FILE_LIMIT = 5e6;
  var MAX_HISTORY = 50; // past results the practice exam keeps (exam-core.js)
  var DAY = 24 * 60 * 60 * 1000;
  var MAX_USED_MS = 10 * DAY; // the longest time an exam could have used (time away from the page is not counted)
  var PER_QUESTION_MS = 2 * 60 * 1000; // a timed exam's limit per question (exam-core.js)
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

  /**
   * @param {any} raw
   * @param {number} [now]
   */
  function historyEntry(raw, now) {
    // One past exam result (exam-core.js historyEntry): kept only if its time and score make sense, the rest
    // defaulted, so a hand-edited or damaged file cannot put something the exam page would show wrongly ("Invalid
    // Date", a time used of 2.78e+301 hours).
    if (!raw || typeof raw !== "object") return null;
    var whole = function (n) { return typeof n === "number" && isFinite(n) && n >= 0 && n % 1 === 0; };
    if (!whole(raw.at) || !raw.at || !plausibleTime(raw.at, now) || !whole(raw.total) || !raw.total ||
        raw.total > 10000 || !whole(raw.correct)) return null;
    if (raw.correct > raw.total) return null;
    // A time used that is a number must be one an exam could use; anything else (a word, nothing) reads as 0.
    if (typeof raw.usedMs === "number" && !(ms(raw.usedMs) && raw.usedMs <= MAX_USED_MS)) return null;
    // The percent as the exam computes it (one decimal), not as the file says: it must agree with the score.
    return {
      at: raw.at, correct: raw.correct, total: raw.total, percent: Math.round((raw.correct / raw.total) * 1000) / 10,
      usedMs: ms(raw.usedMs) ? raw.usedMs : 0,
      timed: raw.timed === true, seed: whole(raw.seed) ? raw.seed : null,
      query: typeof raw.query === "string" ? raw.query.slice(0, 2000) : ""
    };
  }

  function examHistory(list) {
    return (Array.isArray(list) ? list : []).map(function (e) { return historyEntry(e); }).filter(Boolean);
  }

  /**
   * @param {any} t
   * @param {number} [now]
   */
  function plausibleTime(t, now) {
    // A time the guide could have written: not negative, not beyond a day from now (another device's clock may run a
    // little ahead), so no attempt from the year 3000 pins "Continue" and no result is always "newer".
    return typeof t === "number" && isFinite(t) && t >= 0 && t <= (now === undefined ? Date.now() : now) + DAY;
  }

  function whole(n) { return typeof n === "number" && isFinite(n) && n >= 0 && n % 1 === 0; }

  function ms(n) { return typeof n === "number" && isFinite(n) && n >= 0; }

  function plainObject(x) { return !!x && typeof x === "object" && !Array.isArray(x); }

  /**
   * @param {any} raw
   * @param {boolean} finished
   * @param {number} [now]
   */
  function sessionProblem(raw, finished, now) {
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
    if (!plausibleTime(raw.startedAt, now)) return "has a start time that cannot be right (" + timeText(raw.startedAt) + ")";
    if (raw.elapsedMs > MAX_USED_MS) return "has a time used that cannot be right (" + timeText(raw.elapsedMs) + " ms)";
    if (typeof raw.timed !== "boolean") return "does not say whether it is timed";
    if (raw.timed && !raw.limitMs) return "is timed but has no time limit";
    if (raw.limitMs > raw.ids.length * PER_QUESTION_MS) return "has a time limit longer than its questions are given";
    if (!whole(raw.seed)) return "has a seed that is not a whole number";
    if (typeof raw.query !== "string") return "has a link that is not text";
    if (raw.runningSince !== null && !(ms(raw.runningSince) && plausibleTime(raw.runningSince, now))) {
      return "has a clock that is neither running nor paused";
    }
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
      if (!plausibleTime(raw.submittedAt, now)) return "was submitted at a time that cannot be right (" + timeText(raw.submittedAt) + ")";
      if (raw.runningSince !== null) return "was submitted with its clock still running";
    } else if (raw.submittedAt !== null) {
      return "is marked as submitted";
    }
    return "";
  }

  function timeText(t) {
    // A value from a file, shown shortened: a date when it is one, else the number as written.
    var d = new Date(t);
    return isFinite(d.getTime()) && t > 1e11 ? d.toISOString().slice(0, 10) : String(t).slice(0, 24);
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
   * @param {any} raw
   * @param {number} now
   * @returns {string}
   */
  function recordProblem(raw, now) {
    // What makes a question's record in a file one the guide cannot have written, as the end of a sentence, or "".
    var size = JSON.stringify(raw === undefined ? null : raw).length;
    if (size > storeCore.RECORD_LIMIT) {
      return "holds " + storeCore.sizeText(size) + ", more than a record of the guide ever does (" +
        storeCore.sizeText(storeCore.RECORD_LIMIT) + ")";
    }
    if (!plainObject(raw)) return "is not a record of answers";
    var parts = { first: "first answer", last: "latest answer" };
    for (var k in parts) {
      var a = raw[k];
      if (plainObject(a) && a.at !== undefined && !plausibleTime(a.at, now)) {
        return "has a " + parts[k] + " dated " + timeText(a.at) + ", which cannot be right";
      }
    }
    return "";
  }

  /**
   * @param {string} text
   * @param {string[]} knownIds
   * @param {number} [now]
   */
  function parseImport(text, knownIds, now) {
    // A progress file from any browser: refuse anything that is not one (saying why), keep what this guide knows,
    // and name the question ids it does not (a file from a later or earlier bank). Values no guide could have written
    // (a record of megabytes, a date beyond tomorrow, ten thousand past results) refuse the file, named; what a
    // record holds beyond what the guide keeps is dropped and named (`dropped`).
    if (now === undefined) now = Date.now();
    if (typeof text !== "string" || text.length > FILE_LIMIT) {
      return { ok: false, error: "This file is " + storeCore.sizeText(typeof text === "string" ? text.length : 0) +
        ", more than a progress file of this guide can be (" + storeCore.sizeText(FILE_LIMIT) + ")." };
    }
    var data;
    try { data = JSON.parse(text); } catch (error) {
      return { ok: false, error: "This file is not a progress export: it is not valid JSON." };
    }
    if (!data || typeof data !== "object" || data.format !== FORMAT) {
      return { ok: false, error: "This file is not a progress export from this guide." };
    }
    if (typeof data.version === "number" && data.version % 1 === 0 && data.version > VERSION) {
      return { ok: false, error: "This progress file comes from a newer version of the guide; reload the page and try again." };
    }
    if (typeof data.version !== "number" || data.version % 1 !== 0 || data.version < 1) {
      return { ok: false, error: "This progress file is damaged: its version (" + String(JSON.stringify(data.version)).slice(0, 20) +
        ") is not one this guide writes (1 to " + VERSION + ")." };
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
    var known = Object.create(null);
    knownIds.forEach(function (id) { known[id] = true; });
    var isKnown = function (id) { return Object.prototype.hasOwnProperty.call(known, id); };
    // The last result and the unfinished exam: one session each, or nothing (null, or absent before version 3).
    var parts = { last: "last practice exam result", current: "unfinished practice exam" };
    var sessions = {};
    var unknown = {};
    for (var name in parts) {
      var raw = exam[name] === undefined ? null : exam[name];
      var problem = raw === null ? "" : sessionProblem(raw, name === "last", now);
      if (problem) return { ok: false, error: "This progress file is damaged: its " + parts[name] + " " + problem + "." };
      sessions[name] = raw === null ? null : session(raw);
      unknown[name] = raw === null ? [] : raw.ids.filter(function (id) { return !isKnown(id); });
    }
    if ((exam.history || []).length > MAX_HISTORY) {
      return { ok: false, error: "This progress file is damaged: it holds " + exam.history.length.toLocaleString("en") +
        " practice exam results, where the guide keeps the last " + MAX_HISTORY + "." };
    }
    var history = [];
    var damaged = [];
    (exam.history || []).forEach(function (raw, i) {
      var entry = historyEntry(raw, now);
      if (entry) history.push(entry); else damaged.push(i + 1);
    });
    var records = Object.create(null);
    var skipped = [];
    /** @type {string[]} */
    var dropped = [];
    var ids = Object.keys(data.questions);
    for (var q = 0; q < ids.length; q++) {
      var id = ids[q];
      if (!isKnown(id)) { skipped.push(id.slice(0, 80)); continue; }
      var problem = recordProblem(data.questions[id], now);
      if (problem) return { ok: false, error: "This progress file is damaged: its record of question " + id + " " + problem + "." };
      var clean = storeCore.cleanRecord(data.questions[id]);
      clean.dropped.forEach(function (what) { dropped.push(id + " " + what); });
      if (!storeCore.isEmpty(clean.record)) records[id] = clean.record;
    }
    // An exam that holds questions this guide does not have could not be shown: it is left out and its ids named.
    return {
      ok: true, records: records, skipped: skipped.sort(), dropped: dropped, history: history, damaged: damaged, examDate: date,
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
    // The exam keeps the last fifty: so does an import, so history never grows past what the page shows.
    var kept = list.slice(0, Math.max(MAX_HISTORY, here.length));
    var fromFile = kept.filter(function (x) { return x.i >= here.length; }).length;
    return { history: kept.map(function (x) { return x.e; }), added: fromFile, dropped: list.length - kept.length };
  }

  /**
   * @param {any[]} ids
   * @param {number} [longest] characters kept of each (80: an id; a note names an id and what was wrong)
   * @returns {string}
   */
  function idList(ids, longest) {
    // The first five, shortened, and how many more: a file or a storage of ten thousand bad ids is a sentence, not a
    // page of them.
    return ids.slice(0, 5).map(function (id) { return String(id).slice(0, longest || 80); }).join(", ") +
      (ids.length > 5 ? " and " + (ids.length - 5) + " more" : "");
  }

  function plural(n, one, many) { return n + " " + (n === 1 ? one : many || one + "s"); }

  function sentenceList(parts) {
    return parts.length < 2 ? parts.join("") : parts.slice(0, -1).join(", ") + " and " + parts[parts.length - 1];
  }

  // The exam's and Review's documents (store.js DOCS), as a learner knows them.
  var DOC_WORDS = { "exam:history": "your practice exam results", "exam:last": "your last exam's full result",
    "exam:current": "your unfinished exam", "review:settings": "your exam date" };

  /**
   * @param {{ total: number, questions: number, questionBytes: number, docs: { [name: string]: number } }} fp
   * @param {number} results past exam results in exam:history
   * @returns {string}
   */
  function footprintText(fp, results) {
    // store.js footprint() in words: the whole, and what each answered question and each past result costs.
    if (!fp.total) return "The guide keeps nothing in this browser yet.";
    var size = storeCore.sizeText;
    var parts = [];
    if (fp.questions) {
      parts.push(plural(fp.questions, "question") + " with answers (about " + size(Math.round(fp.questionBytes / fp.questions)) + " each)");
    }
    var history = fp.docs["exam:history"] || 0;
    if (history && results) {
      parts.push(plural(results, "practice exam result") + " (about " + size(Math.round(history / results)) + " each; the last " +
        MAX_HISTORY + " are kept)");
    }
    if (fp.docs["exam:last"]) parts.push("your last exam's full result (" + size(fp.docs["exam:last"]) + ")");
    if (fp.docs["exam:current"]) parts.push("an unfinished exam (" + size(fp.docs["exam:current"]) + ")");
    return "The guide keeps " + size(fp.total) + " in this browser" + (parts.length ? ": " + sentenceList(parts) : "") +
      ". Browsers allow a site about 5 MB.";
  }

  /**
   * @param {{ unreadable: string[], unreadableDocs: string[], listed: boolean }} inv store.js inventory()
   * @param {string} where what left out means here ("not in the file")
   * @returns {string}
   */
  function unreadText(inv, where) {
    // What Export could not read, named, so a backup is never trusted for what it does not hold ("" when all was read).
    var parts = [];
    if (inv.unreadable.length) {
      parts.push(plural(inv.unreadable.length, "answer record") + " (" + idList(inv.unreadable) + ")");
    }
    inv.unreadableDocs.forEach(function (name) { parts.push(DOC_WORDS[name] || name); });
    var out = parts.length ? " This browser holds but could not read, so " + where + ": " + sentenceList(parts) + "." : "";
    if (!inv.listed) out += " This browser would not list what it keeps, so only this guide's questions were looked for.";
    return out;
  }

  /**
   * @param {{ answers: number, schedules: number, damaged: number, refused: string[], docs: string[] }} cleared
   * @param {number} results how many past results exam:history held
   * @returns {string}
   */
  function resetText(cleared, results) {
    // What "Reset all progress" cleared, from the writes that worked, and what storage refused to clear.
    var parts = [];
    if (cleared.answers) {
      parts.push(plural(cleared.answers, "answered question") +
        (cleared.schedules ? " (with " + plural(cleared.schedules, "Review schedule") + ")" : ""));
    }
    if (cleared.damaged) parts.push(plural(cleared.damaged, "damaged record"));
    cleared.docs.forEach(function (name) {
      parts.push(name === "exam:history" && results ? plural(results, "practice exam result") : DOC_WORDS[name] || name);
    });
    var out = parts.length ? "Cleared " + sentenceList(parts) + "." : "There was nothing to clear.";
    out += " Your exam date was kept.";
    if (cleared.refused.length) {
      out += " This browser's storage refused to clear " + plural(cleared.refused.length, "record") + " (" +
        idList(cleared.refused) + "): this page no longer shows them, but they come back when a page is reloaded.";
    }
    return out;
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
    mergeExam: mergeExam, idList: idList, footprintText: footprintText, unreadText: unreadText, resetText: resetText,
    FILE_LIMIT: FILE_LIMIT, MAX_HISTORY: MAX_HISTORY
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.progressFile = io;
  if (typeof module !== "undefined" && module.exports) module.exports = io;
})(typeof window !== "undefined" ? window : globalThis);
