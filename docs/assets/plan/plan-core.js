// @ts-check
/*
 * The study plan to the exam date, pure: what to do today and how the days left are spent, recomputed from what the
 * learner has done each time it is shown, so a missed day simply spreads its lessons over the days that remain and a
 * finished lesson drops out. No DOM, no storage: docs/assets/plan/plan.js shows it, tests/js/plan.test.js checks it.
 *
 * - Days left: whole calendar days from today to the exam's day; today counts, the exam's day does not.
 * - Practice exams: a full-length one two days before the exam (the day before, when fewer than five days are left),
 *   leaving a day to go over what it shows, and a 20-question check every seven days before that.
 * - Lessons: every lesson not yet finished (each question answered), spread evenly over the days left that are not
 *   the full exam's or the last one's, at most MAX_PER_DAY a day. Once readiness has evidence, the weakest and
 *   heaviest domains (blueprint weight times what is not yet known) come first, and lessons that bring an objective
 *   not yet covered go before ones that do not; before any evidence, the guide's own order. When the whole guide
 *   does not fit, the plan says so and keeps the lessons that matter most by the blueprint.
 */
(function (root) {
  "use strict";

  var DAY = 24 * 60 * 60 * 1000;
  var MAX_PER_DAY = 4; // lessons of 6 to 12 questions: about two hours' work
  var CHECK_SIZE = 20;
  var FULL_SIZE = 60;
  var COVER_BONUS = 0.5; // per objective a lesson covers first, against a domain's weight x need of about 0.1 to 1.7

  function startOfDay(t) {
    var d = new Date(t);
    d.setHours(0, 0, 0, 0);
    return d.getTime();
  }

  /**
   * @param {number | null} examDate local midnight of the exam's day (review-core's parseExamDate)
   * @param {number} now
   * @returns {number | null}
   */
  function daysLeft(examDate, now) {
    if (examDate === null || examDate === undefined) return null;
    return Math.round((startOfDay(examDate) - startOfDay(now)) / DAY);
  }

  /**
   * @param {PlanLesson} lesson
   * @param {(id: string) => (QuestionRecord | null)} recordOf
   * @returns {{ answered: number, doneAt: number | null }}
   */
  function lessonState(lesson, recordOf) {
    var answered = 0;
    var latest = 0;
    lesson.ids.forEach(function (id) {
      var r = recordOf(id);
      if (r && r.last) { answered += 1; latest = Math.max(latest, r.last.at || 0); }
    });
    return { answered: answered, doneAt: lesson.ids.length && answered === lesson.ids.length ? latest : null };
  }

  /**
   * @param {number} days
   * @returns {{ full: number | null, checks: number[], review: number | null, lessonDays: number }}
   */
  function calendar(days) {
    // Day offsets from today (0) to the day before the exam (days - 1).
    if (days < 1) return { full: null, checks: [], review: null, lessonDays: 0 };
    if (days === 1) return { full: null, checks: [], review: null, lessonDays: 1 };
    var full = days >= 5 ? days - 2 : days - 1;
    var review = days >= 5 ? days - 1 : null;
    var checks = [];
    for (var d = full - 7; d >= 0; d -= 7) checks.unshift(d);
    return { full: full, checks: checks, review: review, lessonDays: days - 1 - (review === null ? 0 : 1) };
  }

  /**
   * @param {PlanLesson[]} lessons in the guide's order
   * @param {{ [domain: string]: number }} weights the blueprint's, in percent
   * @param {{ [domain: string]: number } | null} need 1 - the domain's estimate, or null before any evidence
   * @param {{ [objective: string]: boolean }} covered objectives already covered by finished lessons
   * @param {boolean} byWeight order by the blueprint even without evidence (the date is too close for everything)
   * @returns {PlanLesson[]}
   */
  function order(lessons, weights, need, covered, byWeight) {
    if (!need && !byWeight) return lessons.slice();
    var seen = {};
    Object.keys(covered).forEach(function (o) { seen[o] = true; });
    var left = lessons.map(function (l, i) { return { lesson: l, i: i, base: value(l) }; });
    function value(l) {
      var sum = 0;
      var count = 0;
      Object.keys(l.domains).forEach(function (d) {
        sum += l.domains[d] * ((weights[d] || 0) / 10) * (need ? (need[d] !== undefined ? need[d] : 0.5) : 1);
        count += l.domains[d];
      });
      return count ? sum / count : 0;
    }
    var out = [];
    while (left.length) {
      var best = 0;
      var bestScore = -Infinity;
      left.forEach(function (item, k) {
        var fresh = item.lesson.objectives.filter(function (o) { return !seen[o]; }).length;
        var score = item.base + COVER_BONUS * fresh;
        if (score > bestScore + 1e-9) { best = k; bestScore = score; }
      });
      var pick = left.splice(best, 1)[0];
      pick.lesson.objectives.forEach(function (o) { seen[o] = true; });
      out.push(pick.lesson);
    }
    return out;
  }

  /**
   * @param {PlanInput} input
   * @returns {StudyPlan}
   */
  function plan(input) {
    var now = input.now;
    var today = startOfDay(now);
    var days = daysLeft(input.examDate, now);
    var remaining = [];
    var doneToday = [];
    /** @type {{ [objective: string]: boolean }} */
    var covered = {};
    input.lessons.forEach(function (l) {
      var s = lessonState(l, input.recordOf);
      if (s.doneAt === null) remaining.push({ lesson: l, started: s.answered > 0 });
      else {
        l.objectives.forEach(function (o) { covered[o] = true; });
        if (s.doneAt >= today) doneToday.push(l);
      }
    });
    /** @type {{ [domain: string]: number } | null} */
    var need = null;
    /** @type {{ [domain: string]: number }} */
    var weights = {};
    var evidence = false;
    (input.readiness ? input.readiness.domains : []).forEach(function (d) {
      weights[d.id] = d.weight;
      if (d.estimate.enough) evidence = true;
    });
    if (evidence && input.readiness) {
      need = {};
      input.readiness.domains.forEach(function (d) { need[d.id] = 1 - d.estimate.mean; });
    }
    (input.weights ? Object.keys(input.weights) : []).forEach(function (d) { weights[d] = input.weights[d]; });
    /** @type {StudyPlan} */
    var base = {
      state: "none", daysLeft: days, perDay: 0, lessonDays: 0, tooClose: false, lessonsLeft: remaining.length,
      lessonsTotal: input.lessons.length, leftOut: /** @type {PlanLesson[]} */ ([]),
      today: { reviewDue: input.reviewDue || 0, lessons: /** @type {PlanTodayLesson[]} */ ([]), exam: null },
      exams: /** @type {PlanExam[]} */ ([]), byEvidence: evidence
    };
    if (days === null) {
      // No date: the next lessons in the guide's (or the evidence's) order, a day's worth, with no deadline.
      base.today.lessons = ordered(false).slice(0, 2).map(todayItem);
      return base;
    }
    if (days < 0) { base.state = "past"; return base; }
    if (days === 0) { base.state = "today"; return base; }
    base.state = "plan";
    var cal = calendar(days);
    var want = remaining.length + doneToday.length;
    var perDay = cal.lessonDays ? Math.ceil(want / cal.lessonDays) : 0;
    if (perDay > MAX_PER_DAY || (!cal.lessonDays && want)) {
      base.tooClose = true;
      perDay = cal.lessonDays ? MAX_PER_DAY : 0;
    }
    var list = ordered(base.tooClose);
    var capacity = Math.max(0, perDay * cal.lessonDays - doneToday.length);
    base.leftOut = list.slice(capacity);
    list = list.slice(0, capacity);
    base.perDay = perDay;
    base.lessonDays = cal.lessonDays;
    var lessonToday = cal.full !== 0 && cal.review !== 0;
    var todayCount = lessonToday ? Math.max(0, perDay - doneToday.length) : 0;
    base.today.lessons = doneToday.map(function (l) { return { lesson: l, done: true }; })
      .concat(list.slice(0, todayCount).map(todayItem));
    base.exams = (cal.checks.map(function (d) { return exam(d, "check"); }))
      .concat(cal.full === null ? [] : [exam(cal.full, "full")]);
    base.today.exam = base.exams.filter(function (e) { return e.day === 0; })[0] || null;
    return base;

    function ordered(byWeight) {
      // Started lessons first among the rest: a lesson half done is finished before a new one begins.
      var sorted = order(remaining.map(function (r) { return r.lesson; }), weights, need, covered, byWeight);
      var started = {};
      remaining.forEach(function (r) { if (r.started) started[r.lesson.topic + "/" + r.lesson.lesson] = true; });
      var key = function (l) { return started[l.topic + "/" + l.lesson] ? 0 : 1; };
      return sorted.map(function (l, i) { return { l: l, i: i }; })
        .sort(function (a, b) { return key(a.l) - key(b.l) || a.i - b.i; }).map(function (x) { return x.l; });
    }

    function exam(day, kind) {
      return { day: day, at: today + day * DAY, kind: kind, n: kind === "full" ? FULL_SIZE : CHECK_SIZE };
    }
  }

  /**
   * @param {{ order: string[], questions: { [id: string]: { topic: string, lesson: string, domain: string, objectives?: string[] } } }} bank
   * @param {{ id: string, title: string, url: string, lessons?: { id: string, title: string, url: string }[] }[]} topics
   *   topics.js's list: the guide's order, each lesson's title and page
   * @returns {PlanLesson[]}
   */
  function lessonsOf(bank, topics) {
    // Each lesson with its questions, how many of them are in each domain, and the objectives they train.
    var byKey = {};
    bank.order.forEach(function (id) {
      var q = bank.questions[id];
      var key = q.topic + "/" + q.lesson;
      var l = byKey[key] = byKey[key] || { ids: [], domains: {}, objectives: [] };
      l.ids.push(id);
      l.domains[q.domain] = (l.domains[q.domain] || 0) + 1;
      (q.objectives || []).forEach(function (o) { if (l.objectives.indexOf(o) === -1) l.objectives.push(o); });
    });
    var out = [];
    topics.forEach(function (t) {
      (t.lessons || []).forEach(function (lesson) {
        var l = byKey[t.id + "/" + lesson.id];
        if (!l) return;
        out.push({ topic: t.id, lesson: lesson.id, title: lesson.title, topicTitle: t.title, url: lesson.url,
          ids: l.ids, domains: l.domains, objectives: l.objectives });
      });
    });
    return out;
  }

  /** @param {PlanLesson} l @returns {PlanTodayLesson} */
  function todayItem(l) {
    return { lesson: l, done: false };
  }

  /**
   * @param {Readiness | null} r
   * @returns {string | null} the domain with evidence and the lowest estimate, for "practise your weakest domain"
   */
  function weakest(r) {
    /** @type {Readiness["domains"][number] | null} */
    var best = null;
    (r ? r.domains : []).forEach(function (d) {
      if (d.estimate.enough && (!best || d.estimate.mean < best.estimate.mean)) best = d;
    });
    return best ? best.id : null;
  }

  var core = {
    DAY: DAY, MAX_PER_DAY: MAX_PER_DAY, CHECK_SIZE: CHECK_SIZE, FULL_SIZE: FULL_SIZE, daysLeft: daysLeft,
    lessonState: lessonState, lessonsOf: lessonsOf, calendar: calendar, order: order, plan: plan, weakest: weakest
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.planCore = core;
  if (typeof module !== "undefined" && module.exports) module.exports = core;
})(typeof window !== "undefined" ? window : globalThis);
