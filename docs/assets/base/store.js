// @ts-check
/*
 * The guide's one storage module, shared by the topic-page quiz, the practice exam, progress and review.
 *
 * Everything a learner records lives under versioned keys in localStorage:
 *   llm-ft-guide:v2:q:<question id>   one record per question: { draft, first, last } (see normalizeRecord)
 *   llm-ft-guide:v2:<name>            other features' documents (an exam in progress, past results, settings)
 * Storage may be missing, full, throwing or corrupt (private modes, blocked cookies, some file:// pages). Every
 * failure is caught here, once: a value whose write failed stays in this tab's memory and wins over storage, so the
 * page keeps working, and `status()` says whether anything is actually being kept, and why not. Storage that is full
 * is read-only, not gone: everything stored stays readable (so pages, export and reset still see it) while new
 * writes go to memory; any page of the same origin can fill it (every file:// page in Chromium, every project site
 * of one GitHub Pages owner). A value that was written is read back from storage, so what another tab changes (a
 * reset, a review schedule) is what this tab reads next; the `storage` event tells listeners, with
 * `{ external: true }`, so pages can show it.
 *
 * `inventory()` lists what is kept and what cannot be read (Export names it, Reset clears it); `footprint()` measures
 * the guide's bytes (the progress page shows them). A record keeps only what the guide writes (`cleanRecord`): its
 * `extra` only a sound Review schedule, so a hostile import or another page cannot make it large or jam Review.
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

  // The times a record may hold (ms since the epoch): anything outside is damage or a hostile file, never a date the
  // guide wrote. Review schedules run at most a century ahead (ts-fsrs's longest interval is 36,500 days).
  var MIN_TIME = Date.UTC(2000, 0, 1);
  var MAX_TIME = Date.UTC(2200, 0, 1);
  var ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/; // as ts-fsrs's cards give their dates in JSON
  // The largest a question record's stored text may be: a record with both attempts and a review schedule is under
  // 800 characters, so anything near this was not written by the guide (progress-file.js refuses such a file).
  var RECORD_LIMIT = 4000;
  var RATING_NAMES = ["again", "hard", "good", "easy"];

  /** @param {any} t */
  function isTime(t) {
    // A time in ms a record may hold: 0 and small values only mean "long ago" (tests, migrated answers); what is
    // refused is beyond any date the guide could write (1e308, Infinity) or negative. Imports check the future too.
    return typeof t === "number" && isFinite(t) && t >= 0 && t <= MAX_TIME;
  }

  /** @param {any} n @param {number} max */
  function isCount(n, max) {
    return typeof n === "number" && n % 1 === 0 && n >= 0 && n <= max;
  }

  /** @param {any} n @param {number} max */
  function isAmount(n, max) {
    return typeof n === "number" && isFinite(n) && n >= 0 && n <= max;
  }

  /** @param {any} text */
  function isIsoTime(text) {
    var t = typeof text === "string" && ISO.test(text) ? Date.parse(text) : NaN;
    return isFinite(t) && t >= MIN_TIME && t <= MAX_TIME;
  }

  /**
   * @param {any} raw
   * @returns {string}
   */
  function reviewProblem(raw) {
    // What is wrong with a stored review schedule (review-core.js schedule: { card, rating, at }), as the end of a
    // sentence, or "" when nothing is. A card is what ts-fsrs writes: numbers in range and ISO dates; anything else
    // would make the scheduler throw ("Invalid date") and hold Review on that card for good.
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return "is not a schedule";
    var card = raw.card;
    if (!card || typeof card !== "object" || Array.isArray(card)) return "has no card";
    if (!isIsoTime(card.due)) return "has a due date that is not a date";
    if (card.last_review !== undefined && !isIsoTime(card.last_review)) return "has a last review that is not a date";
    if (!isAmount(card.stability, 1e6) || !isAmount(card.difficulty, 10)) return "has a stability or difficulty out of range";
    var counts = ["elapsed_days", "scheduled_days", "reps", "lapses"];
    for (var i = 0; i < counts.length; i++) {
      if (!isCount(card[counts[i]], 1e6)) return "has a " + counts[i].replace("_", " ") + " that is not a whole number in range";
    }
    if (card.learning_steps !== undefined && !isCount(card.learning_steps, 100)) return "has learning steps out of range";
    if (!isCount(card.state, 3)) return "has a state that is not one of ts-fsrs's four";
    if (RATING_NAMES.indexOf(raw.rating) === -1) return "has a rating that is not again, hard, good or easy";
    if (!isTime(raw.at)) return "has a time that is not a date";
    return "";
  }

  /** @param {any} raw */
  function normalizeReview(raw) {
    // A sound schedule with only the fields a schedule has, or null.
    if (reviewProblem(raw)) return null;
    var card = {};
    ["due", "stability", "difficulty", "elapsed_days", "scheduled_days", "learning_steps", "reps", "lapses", "state",
      "last_review"].forEach(function (k) { if (raw.card[k] !== undefined) card[k] = raw.card[k]; });
    return { card: card, rating: raw.rating, at: raw.at };
  }

  /**
   * @param {any} raw
   * @returns {{ extra: { review?: any } | null, dropped: string[] }}
   */
  function cleanExtra(raw) {
    // Other features' per-question data. Only Review keeps any (extra.review); whatever else a record holds (a
    // hostile file's megabytes of padding) is dropped and named, and a damaged schedule goes too, so Review starts
    // that question afresh instead of throwing on it.
    /** @type {string[]} */
    var dropped = [];
    if (raw === undefined || raw === null) return { extra: null, dropped: dropped };
    if (typeof raw !== "object" || Array.isArray(raw)) return { extra: null, dropped: ["extra (not a set of fields)"] };
    /** @type {{ review?: any }} */
    var extra = {};
    Object.keys(raw).forEach(function (key) {
      if (key !== "review") { dropped.push("extra." + key.slice(0, 40)); return; }
      var problem = reviewProblem(raw.review);
      if (problem) dropped.push("extra.review (it " + problem + ")");
      else extra.review = normalizeReview(raw.review);
    });
    return { extra: extra.review ? extra : null, dropped: dropped };
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
      // 0: not known (a v1 answer), or beyond any date the guide could have written (an import checks closer).
      at: isTime(raw.at) ? raw.at : 0,
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
   * @param {{ source: "topic" | "exam" | "review" | "embed", at?: number, confidence?: string | null }} how
   * @returns {Attempt}
   */
  function attempt(question, selected, correct, how) {
    // The one constructor of an attempt, used by every feature that records one (the lesson page, the exam, Review,
    // the embed page):
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
   * @returns {{ record: QuestionRecord, dropped: string[] }}
   */
  function cleanRecord(raw) {
    // { draft: chosen but not checked, first: the first checked attempt ever, last: the latest, again: "Try again"
    // was pressed after the latest (the question shows unanswered, its history kept), extra: other features'
    // per-question data (only Review's schedule, checked: cleanExtra) }, and what was left out of `extra`, named.
    var data = raw && typeof raw === "object" ? raw : {};
    var first = normalizeAttempt(data.first);
    var last = normalizeAttempt(data.last) || first;
    /** @type {QuestionRecord} */
    var record = { draft: indexes(data.draft), first: first || last, last: last };
    if (data.again === true && last) record.again = true;
    var extra = cleanExtra(data.extra);
    if (extra.extra) record.extra = extra.extra;
    return { record: record, dropped: extra.dropped };
  }

  /**
   * @param {any} raw
   * @returns {QuestionRecord}
   */
  function normalizeRecord(raw) {
    // The one constructor of a question record from anything stored or imported (cleanRecord, without the notes).
    return cleanRecord(raw).record;
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

  /**
   * @param {{ kept: boolean, full?: boolean }} status
   * @returns {string}
   */
  function notKeptCause(status) {
    // Why nothing new is being kept, in words every notice uses: a full storage is named as such, since what was kept
    // before is still there (and exported), and freeing space brings saving back.
    return status.full ? "this browser's storage for the site is full"
      : "the site may not store anything here (private mode or blocked storage)";
  }

  /**
   * @param {number} n
   * @returns {string}
   */
  function sizeText(n) {
    // A size for people: "640 bytes", "14.2 kB", "3.1 MB" (kB = 1,000 bytes).
    if (n < 1000) return n + " bytes";
    if (n < 1e6) return (Math.round(n / 100) / 10) + " kB";
    return (Math.round(n / 1e5) / 10) + " MB";
  }

  var core = {
    PREFIX: PREFIX, normalizeAttempt: normalizeAttempt, normalizeRecord: normalizeRecord, fromLegacy: fromLegacy,
    cleanRecord: cleanRecord, reviewProblem: reviewProblem, normalizeReview: normalizeReview, isTime: isTime,
    isIsoTime: isIsoTime, MIN_TIME: MIN_TIME, MAX_TIME: MAX_TIME, RECORD_LIMIT: RECORD_LIMIT,
    notKeptCause: notKeptCause, sizeText: sizeText,
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
  var failed = false; // a write failed during this visit
  var full = false; // ... because the storage is full (read-only, not gone)
  var listeners = [];

  function isQuota(error) {
    // Browsers name a full storage differently (Chromium and Safari, old Firefox, old codes).
    var e = /** @type {any} */ (error) || {};
    return e.name === "QuotaExceededError" || e.name === "NS_ERROR_DOM_QUOTA_REACHED" || e.code === 22 || e.code === 1014;
  }

  var local = (function () {
    // Storage that can be read is used for reading even when a write fails: a full storage still holds everything
    // the learner did, and hiding it would leave the pages, Export and Reset looking at nothing.
    var s;
    try {
      s = root.localStorage;
      if (!s) return null;
      s.getItem(PREFIX + "probe");
    } catch (error) {
      return null;
    }
    try {
      var probe = PREFIX + "probe";
      s.setItem(probe, probe);
      s.removeItem(probe);
    } catch (error) {
      failed = true;
      full = isQuota(error);
    }
    return s;
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
        if (isQuota(error)) full = true;
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

  /**
   * @param {string[]} [known]
   * @returns {{ ids: string[], unreadable: string[], unreadableDocs: string[], listed: boolean }}
   */
  function inventory(known) {
    // Every question with a record (from storage and from this visit's memory), the ones whose stored text is not a
    // record (named by Export and cleared by Reset, never silently counted as nothing), the other features' documents
    // that cannot be read, and whether storage could be listed at all. A storage that refuses to list its keys is
    // still asked for each id in `known` (the guide's questions), so Export and Reset miss only records of
    // questions the guide no longer has.
    /** @type {{ [id: string]: boolean }} */
    var ids = Object.create(null); // ids are the bank's: a question named "constructor" must still count
    function add(key) {
      if (typeof key !== "string") return;
      if (key.indexOf(QUESTION) === 0) ids[key.slice(QUESTION.length)] = true;
      else if (key.indexOf(LEGACY) === 0 && key !== LEGACY + "probe") ids[key.slice(LEGACY.length)] = true;
    }
    var listed = !!local;
    try {
      if (local) for (var i = 0; i < local.length; i++) add(local.key(i));
    } catch (error) {
      listed = false;
    }
    if (!listed) {
      (known || []).forEach(function (id) {
        if (readRaw(QUESTION + id) !== null || readRaw(LEGACY + id) !== null) ids[id] = true;
      });
    }
    Object.keys(memory).forEach(add);
    var out = [];
    var unreadable = [];
    Object.keys(ids).forEach(function (id) {
      if (!isEmpty(question(id))) { out.push(id); return; }
      var raw = readRaw(QUESTION + id);
      if (raw !== null && raw !== undefined && !readable(raw)) unreadable.push(id);
    });
    var docs = Object.keys(DOCS).map(function (k) { return DOCS[k]; }).filter(function (name) {
      var raw = readRaw(PREFIX + name);
      if (raw === null || raw === undefined) return false;
      try { JSON.parse(raw); return false; } catch (error) { return true; }
    });
    return { ids: out, unreadable: unreadable.sort(), unreadableDocs: docs, listed: listed };
  }

  function readable(raw) {
    // A stored record that is JSON of an object (empty ones are simply removed answers, not damage).
    try {
      var data = JSON.parse(raw);
      return !!data && typeof data === "object" && !Array.isArray(data);
    } catch (error) { return false; }
  }

  function questionIds() {
    return inventory().ids;
  }

  function footprint() {
    // What the guide keeps in this browser, in bytes of stored text (key and value; the guide writes ASCII JSON, so
    // characters are bytes): the question records and each other document. Shown on the progress page.
    var out = { total: 0, questions: 0, questionBytes: 0, docs: /** @type {{ [name: string]: number }} */ ({}) };
    var seen = Object.create(null);
    function count(key) {
      if (typeof key !== "string" || seen[key] || (key.indexOf(PREFIX) !== 0 && key.indexOf(LEGACY) !== 0)) return;
      seen[key] = true;
      var raw = readRaw(key);
      if (raw === null || raw === undefined) return;
      var bytes = key.length + raw.length;
      out.total += bytes;
      if (key.indexOf(QUESTION) === 0 || key.indexOf(LEGACY) === 0) { out.questions += 1; out.questionBytes += bytes; }
      else out.docs[key.slice(PREFIX.length)] = bytes;
    }
    try {
      if (local) for (var i = 0; i < local.length; i++) count(local.key(i));
    } catch (error) { /* listing failed: memory still counts */ }
    Object.keys(memory).forEach(count);
    return out;
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
    inventory: inventory,
    footprint: footprint,
    // kept: answers survive this visit; failed: a write failed during this visit; full: because storage is full (what
    // it holds is still read); available: storage can be read at all.
    status: function () { return { kept: !!local && !failed, failed: failed, available: !!local, full: full }; },
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
