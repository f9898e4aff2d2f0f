// @ts-check
/*
 * Progress across the guide, as pure functions every page needs: summaries of question records and answered counts
 * per topic. No DOM and no storage, so Node's test runner checks them (tests/js/). What only the home and progress
 * pages need ("continue", export, import, merge) is in progress-file.js, loaded there.
 * Records are store.js records: { draft, first, last, again?, extra? } (llmGuide.storeCore.normalizeRecord).
 */
(function (root) {
  "use strict";

  var storeCore = (root.llmGuide && root.llmGuide.storeCore) ||
    (typeof require === "function" ? require("../base/store.js") : null);

  /**
   * @param {string[]} ids
   * @param {(id: string) => QuestionRecord | null} recordOf
   */
  function summarize(ids, recordOf) {
    // One topic or page: how many were answered, right the first time, right now, and which were missed first.
    var s = { total: ids.length, answered: 0, firstRight: 0, nowChecked: 0, nowRight: 0, missed: [], unanswered: [] };
    ids.forEach(function (id) {
      var r = recordOf(id);
      if (!r || !r.first) { s.unanswered.push(id); return; }
      s.answered++;
      if (r.first.correct === true) s.firstRight++;
      else s.missed.push(id);
      if (r.last && !r.again) {
        s.nowChecked++;
        if (r.last.correct === true) s.nowRight++;
      }
    });
    return s;
  }

  function scoreText(s) {
    // The sticky score line: current results first (what the marks on the page show), then the first-try record.
    if (!s.answered) return s.total + " question" + (s.total === 1 ? "" : "s") + " on this page. Score: 0 of " + s.total + ".";
    return "Score: " + s.nowRight + " of " + s.total + " correct (" + s.nowChecked + " checked). First try: " +
      s.firstRight + " of " + s.answered + ".";
  }

  function scoreShort(s) {
    // The same score for a phone's one-line bar, short enough to show whole at 360 px beside its buttons: "10
    // questions", then "3/10 right" (how many are checked is in the full score screen readers hear, and the summary).
    if (!s.answered) return s.total + " question" + (s.total === 1 ? "" : "s");
    return s.nowRight + "/" + s.total + " right";
  }

  /**
   * @param {QuestionRecord | null} record
   * @returns {string | null}
   */
  function topicOf(record) {
    // The topic an answered question belongs to, as its attempts recorded it (older records have none).
    var a = record && (record.last || record.first);
    return (a && a.topic) || (record && record.first && record.first.topic) || null;
  }

  /**
   * @param {string[]} ids
   * @param {(id: string) => QuestionRecord | null} recordOf
   * @returns {{ [topic: string]: number }}
   */
  function countByTopic(ids, recordOf) {
    // Answered questions per topic, from the records alone: what the navigation markers show on every page.
    /** @type {{ [key: string]: number }} */
    var counts = Object.create(null); // by topic or lesson id: "constructor" counts from 0, not from Object's own
    ids.forEach(function (id) {
      var r = recordOf(id);
      var topic = r && r.first ? topicOf(r) : null;
      if (topic) counts[topic] = (counts[topic] || 0) + 1;
    });
    return counts;
  }

  /**
   * @param {QuestionRecord | null} record
   * @returns {string | null}
   */
  function lessonOf(record) {
    // "topic/lesson" of an answered question, as its latest attempt recorded it (older records have none).
    var a = record && (record.last || record.first);
    return a && a.topic && a.lesson ? a.topic + "/" + a.lesson : null;
  }

  /**
   * @param {string[]} ids
   * @param {(id: string) => QuestionRecord | null} recordOf
   * @returns {{ [lesson: string]: number }}
   */
  function countByLesson(ids, recordOf) {
    // Answered questions per "topic/lesson": the navigation markers of lesson pages.
    /** @type {{ [key: string]: number }} */
    var counts = Object.create(null); // by topic or lesson id: "constructor" counts from 0, not from Object's own
    ids.forEach(function (id) {
      var r = recordOf(id);
      var lesson = r && r.first ? lessonOf(r) : null;
      if (lesson) counts[lesson] = (counts[lesson] || 0) + 1;
    });
    return counts;
  }

  /**
   * @param {QuestionRecord | null} record
   * @param {string} topic
   * @param {string} [lesson]
   * @returns {QuestionRecord | null}
   */
  function withTopic(record, topic, lesson) {
    // Tags the attempts of a record with the topic and lesson the question is in now (records made before attempts
    // carried them, or before the question moved); null when nothing needs changing.
    if (!record || !record.first) return null;
    var r = storeCore.normalizeRecord(record);
    var stale = function (a) { return a && (a.topic !== topic || (lesson && a.lesson !== lesson)); };
    if (!stale(r.first) && !stale(r.last)) return null;
    [r.first, r.last].forEach(function (a) {
      if (!a) return;
      a.topic = topic;
      if (lesson) a.lesson = lesson;
    });
    return r;
  }

  var core = {
    summarize: summarize, scoreText: scoreText, scoreShort: scoreShort, topicOf: topicOf, countByTopic: countByTopic, withTopic: withTopic,
    lessonOf: lessonOf, countByLesson: countByLesson
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.progressCore = core;
  if (typeof module !== "undefined" && module.exports) module.exports = core;
})(typeof window !== "undefined" ? window : globalThis);
