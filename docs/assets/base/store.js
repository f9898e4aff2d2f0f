// @ts-check
/*
 * The guide's one storage module, shared by the topic-page quiz, the practice exam, progress and review.
 *
 * Everything a learner records lives under versioned keys in localStorage:
 *   llm-ft-guide:v2:q:<question id>   one record per question: { draft, first, last } (see normalizeRecord)
 *   llm-ft-guide:v2:<name>            other features' documents (an exam in progress, past results, settings)
 * Storage may be missing, full, throwing or corrupt (private modes, blocked cookies, some file:// pages). Every
 * failure is caught here, once: a value whose write failed stays in this tab's memory and wins over storage, so the
 * page keeps working, and `status()` says whether anything is actually being kept. A value that was written is read
 * back from storage, so what another tab changes (a reset, a review schedule) is what this tab reads next; the
 * `storage` event tells listeners, with `{ external: true }`, so pages can show it.
 *
 * Record logic is pure (`llmGuide.storeCore`) so Node's test runner can check it without a browser.
 */
(function (root) {
  "use strict";

  var PREFIX = "llm-ft-guide:v2:";
  var QUESTION_NAME = "q:"; // what onChange listeners are told for a question record: "q:<question id>"
  var QUESTION = PREFIX + QUESTION_NAME;
  var LEGACY = "llm-ft-guide:v1:"; // v1 kept { selected, checked } per question, without when or first attempt
  var CONFIDENCE = ["sure", "unsure", "guessed"];

  /* ---------- pure functions ---------- */

  function indexes(list) {
    if (!Array.isArray(list)) return [];
    var seen = {};
    return list.filter(function (n) {
      var ok = typeof n === "number" && n % 1 === 0 && n >= 0 && n < 26 && !seen[n];
      seen[n] = true;
      return ok;
    }).sort(function (a, b) { return a - b; });
  }

  /**
   * @param {any} raw
   * @returns {Attempt | null}
   */
  function normalizeAttempt(raw) {
    // An attempt: what was chosen, whether it was right (null when not known, e.g. migrated from v1), when (ms since
    // the epoch, 0 when not known), how sure the learner said they were, where it was answered, and the question's
    // topic and lesson (so progress can be counted per topic and lesson from the records alone, without every page
    // carrying every id).
    if (!raw || typeof raw !== "object") return null;
    var selected = indexes(raw.selected);
    if (!selected.length) return null;
    return {
      selected: selected,
      correct: typeof raw.correct === "boolean" ? raw.correct : null,
      at: typeof raw.at === "number" && isFinite(raw.at) && raw.at >= 0 ? raw.at : 0,
      confidence: CONFIDENCE.indexOf(raw.confidence) !== -1 ? raw.confidence : null,
      source: typeof raw.source === "string" ? raw.source.slice(0, 20) : "topic",
      topic: typeof raw.topic === "string" ? raw.topic.slice(0, 80) : null,
      lesson: typeof raw.lesson === "string" ? raw.lesson.slice(0, 80) : null
    };
  }

  /**
   * @param {QuestionPlace} question
   * @param {number[]} selected
   * @param {boolean} correct
   * @param {{ source: "topic" | "exam" | "review", at?: number, confidence?: string | null }} how
   * @returns {Attempt}
   */
  function attempt(question, selected, correct, how) {
    // The one constructor of an attempt, used by every feature that records one (the lesson page, the exam, Review):
    // the topic and lesson come from the question (a bank row or a lesson page's question, both { topic, lesson }),
    // so no writer can leave them out and drop its answer from the lesson's navigation marker.
    return normalizeAttempt({
      selected: selected, correct: correct, at: how.at, confidence: how.confidence || null, source: how.source,
      topic: question.topic, lesson: question.lesson
    });
  }

  // The other features' documents (store.get/set names), named once: the practice exam's unfinished exam, its last
  // result and past results, and Review's settings. progress-page.js resets and exports them by these names.
  var DOCS = { examCurrent: "exam:current", examLast: "exam:last", examHistory: "exam:history", reviewSettings: "review:settings" };

  /**
   * @param {string | null | undefined} examDate "YYYY-MM-DD", as <input type=date> gives it
   * @returns {{ examDate: string | null }}
   */
  function reviewSettings(examDate) {
    // The one constructor of review:settings, written by Review, the home page's plan and an import: a date that is
    // not a real calendar day (2026-02-31) is no date.
    var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typeof examDate === "string" ? examDate : "");
    var ok = !!m && new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getMonth() === Number(m[2]) - 1;
    return { examDate: ok ? /** @type {string} */ (examDate) : null };
  }

  /** @param {string} id */
  function questionName(id) { return QUESTION_NAME + id; }

  /** @param {string} name @returns {string | null} */
  function questionIdOf(name) {
    // The question id a change names ("q:<id>"), or null for another feature's document.
    return isQuestionName(name) ? name.slice(QUESTION_NAME.length) : null;
  }

  /**
   * @param {any} raw
   * @returns {QuestionRecord}
   */
  function normalizeRecord(raw) {
    // { draft: chosen but not checked, first: the first checked attempt ever, last: the latest, again: "Try again"
    // was pressed after the latest (the question shows unanswered, its history kept), extra: other features'
    // per-question data (e.g. a review schedule), kept as it is }.
    var data = raw && typeof raw === "object" ? raw : {};
    var first = normalizeAttempt(data.first);
    var last = normalizeAttempt(data.last) || first;
    var record = { draft: indexes(data.draft), first: first || last, last: last };
    if (data.again === true && last) record.again = true;
    if (data.extra && typeof data.extra === "object" && !Array.isArray(data.extra)) record.extra = data.extra;
    return record;
  }

  function fromLegacy(raw) {
    // A v1 answer becomes the first (and latest) attempt, its correctness unknown until the page that knows the key
    // grades it again; an unchecked v1 selection becomes a draft.
    var data;
    try { data = JSON.parse(raw); } catch (error) { return null; }
    if (!data || typeof data !== "object") return null;
    var selected = indexes(data.selected);
    if (data.checked === true && selected.length) {
      var attempt = { selected: selected, correct: null, at: 0, confidence: null, source: "topic", topic: null, lesson: null };
      return { draft: [], first: attempt, last: attempt };
    }
    return { draft: selected, first: null, last: null };
  }

  /**
   * @param {QuestionRecord | null} record
   * @param {Attempt} attempt
   * @returns {QuestionRecord}
   */
  function withAttempt(record, attempt) {
    // "Try again" must not erase history: the first attempt is kept for good, the latest is replaced.
    var a = normalizeAttempt(attempt);
    if (!a) return normalizeRecord(record);
    var r = normalizeRecord(record);
    var next = { draft: [], first: r.first || a, last: a };
    if (r.extra) next.extra = r.extra;
    return next;
  }

  /** @param {QuestionRecord} record @returns {QuestionRecord} */
  function retried(record) {
    // "Try again": show the question unanswered while keeping its first and latest attempts on record.
    var r = normalizeRecord(record);
    r.draft = [];
    if (r.last) r.again = true;
    return r;
  }

  function isEmpty(record) {
    return !record.first && !record.last && !record.draft.length && !record.extra;
  }

  function isQuestionName(name) {
    // A change to a question record, as opposed to another feature's document (an exam in progress, settings).
    return typeof name === "string" && name.indexOf(QUESTION_NAME) === 0;
  }

  var core = {
    PREFIX: PREFIX, normalizeAttempt: normalizeAttempt, normalizeRecord: normalizeRecord, fromLegacy: fromLegacy,
    withAttempt: withAttempt, retried: retried, isEmpty: isEmpty, isQuestionName: isQuestionName,
    attempt: attempt, reviewSettings: reviewSettings, DOCS: DOCS, questionName: questionName, questionIdOf: questionIdOf,
    CONFIDENCE: CONFIDENCE // how sure a learner said they were: every feature that asks or stores it uses these
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.storeCore = core;
  if (typeof module !== "undefined" && module.exports) module.exports = core;
  if (typeof document === "undefined") return; // Node: the pure part only
  // Loaded again (a page lists it in its own scripts, and instant navigation re-runs those): keep the first instance,
  // whose memory holds what this visit wrote when storage fails.
  if (root.llmGuide.store) return;

  /* ---------- the browser's storage, failures caught here ---------- */

  var memory = {}; // key -> JSON string, or null for "removed": only values whose write to storage failed
  var failed = false;
  var listeners = [];
  var local = (function () {
    try {
      var s = root.localStorage;
      var probe = PREFIX + "probe";
      s.setItem(probe, probe);
      s.removeItem(probe);
      return s;
    } catch (error) {
      return null;
    }
  })();

  function readRaw(key) {
    if (Object.prototype.hasOwnProperty.call(memory, key)) return memory[key];
    try { return local ? local.getItem(key) : null; } catch (error) { return null; }
  }

  function writeRaw(key, value) {
    if (local) {
      try {
        if (value === null) local.removeItem(key); else local.setItem(key, value);
        // A storage that does not give back what it took (corrupt, or rewritten by an extension) has failed too.
        if (local.getItem(key) !== value) throw new Error("storage did not keep the value");
        // Stored: storage is the truth again, so a later change from another tab is not hidden behind a stale copy.
        delete memory[key];
        return true;
      } catch (error) {
        failed = true; // full or revoked mid-visit: memory keeps it for this visit
      }
    }
    memory[key] = value;
    return false;
  }

  function notify(name, info) {
    listeners.slice().forEach(function (fn) {
      try { fn(name, info || { external: false }); } catch (error) { /* one broken listener must not stop the others */ }
    });
  }

  function get(name) {
    var raw = readRaw(PREFIX + name);
    if (raw === null || raw === undefined) return null;
    try { return JSON.parse(raw); } catch (error) { return null; }
  }

  function set(name, value) {
    var ok = writeRaw(PREFIX + name, value === null ? null : JSON.stringify(value));
    notify(name);
    return ok;
  }

  // Question records as last parsed, by their stored text: a page that reads every record on each change (the
  // progress markers, a lesson's score, Review's queue) parses a record once per change to it, not once per read.
  var parsed = {}; // key -> { raw, record }

  function copyAttempt(a) {
    return a && { selected: a.selected.slice(), correct: a.correct, at: a.at, confidence: a.confidence,
      source: a.source, topic: a.topic, lesson: a.lesson };
  }

  /** @param {QuestionRecord} r @returns {QuestionRecord} */
  function copyRecord(r) {
    // Callers may change what they are given (a draft, a schedule) before saving it: each gets its own copy.
    /** @type {QuestionRecord} */
    var out = { draft: r.draft.slice(), first: copyAttempt(r.first), last: copyAttempt(r.last) };
    if (r.again) out.again = true;
    if (r.extra) out.extra = JSON.parse(JSON.stringify(r.extra));
    return out;
  }

  function question(id) {
    var key = QUESTION + id;
    var raw = readRaw(key);
    if (raw === null || raw === undefined) {
      var legacy = readRaw(LEGACY + id);
      return legacy ? (fromLegacy(legacy) || normalizeRecord(null)) : normalizeRecord(null);
    }
    var known = parsed[key];
    if (!known || known.raw !== raw) {
      var record;
      try { record = normalizeRecord(JSON.parse(raw)); } catch (error) { record = normalizeRecord(null); }
      known = parsed[key] = { raw: raw, record: record };
    }
    return copyRecord(known.record);
  }

  function saveQuestion(id, record) {
    var r = normalizeRecord(record);
    var ok = writeRaw(QUESTION + id, isEmpty(r) ? null : JSON.stringify(r));
    if (readRaw(LEGACY + id) !== null) writeRaw(LEGACY + id, null); // migrated: one record per question, not two
    notify(questionName(id));
    return ok;
  }

  function questionIds() {
    // Every question with a record, from storage and from this visit's memory.
    var ids = {};
    function add(key) {
      if (key.indexOf(QUESTION) === 0) ids[key.slice(QUESTION.length)] = true;
      else if (key.indexOf(LEGACY) === 0 && key !== LEGACY + "probe") ids[key.slice(LEGACY.length)] = true;
    }
    try {
      if (local) for (var i = 0; i < local.length; i++) add(local.key(i));
    } catch (error) { /* listing failed: memory still counts */ }
    Object.keys(memory).forEach(add);
    return Object.keys(ids).filter(function (id) { return !isEmpty(question(id)); });
  }

  root.llmGuide.store = {
    get: get,
    set: set,
    question: question,
    saveQuestion: saveQuestion,
    recordAttempt: function (id, attempt) {
      var next = withAttempt(question(id), attempt);
      saveQuestion(id, next);
      return next;
    },
    questionIds: questionIds,
    // kept: answers survive this visit; failed: a write failed during this visit (full, or revoked).
    status: function () { return { kept: !!local && !failed, failed: failed, available: !!local }; },
    onChange: function (fn) { listeners.push(fn); }
  };

  // Another tab changed storage: its value is newer than anything this tab kept after a failed write, so that copy
  // goes, and pages refresh what they show. A null key means the other tab cleared all of storage.
  root.addEventListener("storage", function (event) {
    if (event.key === null) {
      memory = {};
      notify("*", { external: true });
    } else if (event.key.indexOf(PREFIX) === 0) {
      delete memory[event.key];
      notify(event.key.slice(PREFIX.length), { external: true });
    } else if (event.key.indexOf(LEGACY) === 0) {
      delete memory[event.key];
      notify(questionName(event.key.slice(LEGACY.length)), { external: true });
    }
  });
})(typeof window !== "undefined" ? window : globalThis);
