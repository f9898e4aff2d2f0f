// @ts-check
/*
 * The Review page's logic, with no DOM and no storage: which questions come back, when (FSRS, from the vendored
 * ts-fsrs passed in as `lib`), how an answer becomes a rating, and how an exam date pulls reviews forward.
 * docs/assets/review/review.js only reads and writes the page; tests/js/review.test.js checks this under Node.
 *
 * A question's schedule lives in its store.js record as `extra.review`: { card: <ts-fsrs card as JSON>, rating,
 * at } (dates as ISO strings, which ts-fsrs reads back).
 */
(function (root) {
  "use strict";

  var DAY = 24 * 60 * 60 * 1000;
  var RATINGS = { again: 1, hard: 2, good: 3, easy: 4 }; // ts-fsrs's Rating values

  function scheduler(lib) {
    // Whole days, not minutes: a study guide is opened once a day at most, so ts-fsrs's short-term (minutes) learning
    // steps would only make every miss "due" again immediately. No fuzz: the same answers give the same dates.
    return lib.fsrs({ enable_fuzz: false, enable_short_term: false });
  }

  /**
   * @param {boolean} correct
   * @param {string | null} confidence
   * @returns {"again" | "hard" | "good" | "easy"}
   */
  function ratingFor(correct, confidence) {
    // Wrong: Again. Right by a guess: Hard. Right but unsure (or not said): Good. Right and sure: Easy.
    if (!correct) return "again";
    if (confidence === "guessed") return "hard";
    if (confidence === "sure") return "easy";
    return "good";
  }

  /**
   * @param {number[]} selected
   * @param {number[]} key
   * @returns {boolean}
   */
  function isCorrect(selected, key) {
    // All or nothing, as on the topic pages and in the exam: the guide's one answer core decides.
    var answers = (root.llmGuide && root.llmGuide.answerCore) ||
      (typeof require === "function" ? require("../base/answer-core.js") : null);
    return answers.isCorrect(selected, key);
  }

  /**
   * @param {QuestionRecord | null} record
   * @returns {boolean}
   */
  function needsReview(record) {
    // A question enters review once it was got wrong or guessed anywhere (topic page, exam, here), and stays while it
    // has a schedule: FSRS then decides when it is due, not whether.
    if (!record) return false;
    if (record.extra && record.extra.review && record.extra.review.card) return true;
    return [record.first, record.last].some(function (a) {
      return !!a && (a.correct === false || a.confidence === "guessed");
    });
  }

  function storeCore() {
    return (root.llmGuide && root.llmGuide.storeCore) || (typeof require === "function" ? require("../base/store.js") : null);
  }

  function time(value) {
    var t = typeof value === "number" ? value : Date.parse(value);
    return isFinite(t) ? t : null;
  }

  function dueOf(record) {
    // Not yet scheduled: due now, since it was just missed or guessed.
    var review = record && record.extra && record.extra.review;
    var due = review && review.card ? time(review.card.due) : null;
    return due === null ? 0 : due;
  }

  /**
   * @param {string} text
   * @returns {number | null}
   */
  function parseExamDate(text) {
    // "YYYY-MM-DD" from <input type=date>, as local midnight; anything else is no date.
    var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text || "");
    if (!m) return null;
    var d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return d.getMonth() === Number(m[2]) - 1 ? d.getTime() : null;
  }

  /**
   * @param {number} due
   * @param {number | null} examDate
   * @param {number} now
   * @returns {number}
   */
  function effectiveDue(due, examDate, now) {
    // With an exam coming, a review that would fall on or after its day moves to the day before (or to now, if that
    // has passed), so everything is seen once more before the exam. After the exam, FSRS's date stands.
    if (examDate === null || examDate === undefined || examDate <= now || due < examDate) return due;
    return Math.max(now, examDate - DAY);
  }

  function endOfDay(now) {
    var d = new Date(now);
    d.setHours(23, 59, 59, 999);
    return d.getTime();
  }

  /**
   * @param {string[]} ids
   * @param {{ [id: string]: QuestionRecord }} records
   * @param {number | null} examDate
   * @param {number} now
   */
  function queue(ids, records, examDate, now) {
    // What is due today (most overdue first) and what comes later (soonest first), among `ids` (questions that still
    // exist in the bank).
    var limit = endOfDay(now);
    var due = [];
    var later = [];
    ids.forEach(function (id) {
      var record = records[id];
      if (!needsReview(record)) return;
      var when = effectiveDue(dueOf(record), examDate, now);
      (when <= limit ? due : later).push({ id: id, due: when });
    });
    var byDue = function (a, b) { return a.due - b.due || (a.id < b.id ? -1 : 1); };
    return { due: due.sort(byDue), later: later.sort(byDue) };
  }

  /**
   * @param {any} lib the ts-fsrs module
   * @param {QuestionRecord} record
   * @param {string} rating
   * @param {number} now
   */
  function schedule(lib, record, rating, now) {
    // The next schedule after answering now; the first review of a question starts from a new card.
    // A card that is not sound (store.js checks every record it reads, but a schedule may come from anywhere) starts
    // afresh: ts-fsrs throws on it ("Invalid date"), which would hold Review on that card for good.
    var fsrs = scheduler(lib);
    var stored = record && record.extra && record.extra.review;
    var previous = stored && !storeCore().reviewProblem(stored) ? stored.card : null;
    var next;
    try {
      next = fsrs.next(previous || lib.createEmptyCard(new Date(now)), new Date(now), RATINGS[rating]).card;
    } catch (error) {
      next = fsrs.next(lib.createEmptyCard(new Date(now)), new Date(now), RATINGS[rating]).card;
    }
    return { card: JSON.parse(JSON.stringify(next)), rating: rating, at: now };
  }

  /**
   * @param {QuestionRecord} record
   * @param {{ card: object, rating: string, at: number }} review
   * @returns {QuestionRecord}
   */
  function withReview(record, review) {
    var next = JSON.parse(JSON.stringify(record || {}));
    next.extra = next.extra && typeof next.extra === "object" ? next.extra : {};
    next.extra.review = review;
    return next;
  }

  /**
   * @param {number} due
   * @param {number} now
   * @returns {string}
   */
  function describeDue(due, now) {
    var days = Math.round((startOfDay(due) - startOfDay(now)) / DAY);
    if (days <= 0) return "today";
    if (days === 1) return "tomorrow";
    return "in " + days + " days";
  }

  function nextText(rating, when) {
    // What happens next, in plain words rather than the scheduler's ("Rated Again"): `when` is describeDue's
    // "tomorrow" or "in 12 days", with the date.
    var back = "You'll see it again " + when;
    if (rating === "again") return back + ": a missed question comes back soon.";
    if (rating === "hard") return back + ": right, but a guess, so it comes back soon.";
    if (rating === "easy") return back + ": right and sure, so it waits longer.";
    return back + ".";
  }

  function summaryText(due, later, nextWhen, answered) {
    // The line above the card: how many are due today (after one was just answered, how many more), how many later.
    var more = answered ? " more" : "";
    if (due) {
      return "Due today: " + due + more + " question" + (due === 1 ? "" : "s") + "." + (later ? " Scheduled later: " + later + "." : "");
    }
    return (answered ? "Nothing more is due today." : "Nothing is due today.") + (nextWhen ? " Next review " + nextWhen + "." : "");
  }

  function startOfDay(t) {
    var d = new Date(t);
    d.setHours(0, 0, 0, 0);
    return d.getTime();
  }

  var core = {
    DAY: DAY, RATINGS: RATINGS, scheduler: scheduler, ratingFor: ratingFor, isCorrect: isCorrect, needsReview: needsReview, dueOf: dueOf,
    parseExamDate: parseExamDate, effectiveDue: effectiveDue, queue: queue, schedule: schedule, withReview: withReview,
    describeDue: describeDue, nextText: nextText, summaryText: summaryText
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.reviewCore = core;
  if (typeof module !== "undefined" && module.exports) module.exports = core;
})(typeof window !== "undefined" ? window : globalThis);
