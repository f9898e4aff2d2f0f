// @ts-check
/*
 * The practice exam's logic, with no DOM and no storage: URL parsing, seeded drawing in the exam's domain
 * proportions, the session (answers, flags, confidence, time), scoring and breakdowns, and links for instructors.
 * docs/assets/exam/exam.js only reads and writes the page; tests/js/exam.test.js checks everything here under Node.
 *
 * A bank is what assets/base/bank.js makes of the index guide/outputs/bankscript.py writes: { topics: [{id, title, lessons: [{id, title}]}], domains: [{id, title,
 * weight}], order: [id], questions: { id: {id, topic, lesson, domain, select, key, n} } }, and once a question's
 * content has arrived (assets/base/bank.js) also its title, stem, options and references.
 * Wherever topics are chosen (links, the set-up form), an entry is a topic id or one lesson, "topic/lesson".
 */
(function (root) {
  "use strict";

  var PER_QUESTION_MS = 2 * 60 * 1000; // the real exam: 120 minutes for 60-70 questions
  var DEFAULT_COUNT = 60;
  // The one clock rule, said on the set-up and in the exam, and followed by every path (exam.js: hidden, another
  // page, a locked phone, a reload, a page the browser froze). A practice exam on a commute is interrupted; time that
  // ran while nobody could see the page would end attempts nobody was taking.
  var CLOCK_RULE = "The clock runs only while this page is on screen: leaving it, switching tabs or locking the " +
    "phone stops it until you come back.";
  // The short exams one tap away on the set-up: a commute's 10 and 20, and the full length (65, the middle of the
  // real exam's 60 to 70), all drawn in the exam's domain proportions.
  var QUICK_COUNTS = [10, 20, 65];
  var PASS_PERCENT = 70; // an assumption: no official passing score is published
  var MAX_HISTORY = 50;
  var SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

  /* ---------- seeded randomness ---------- */

  function rng(seed) {
    // mulberry32: tiny, fast, and the same sequence in every browser and in Node, so a seed in a link gives every
    // student the same questions in the same order.
    var a = seed >>> 0;
    return function () {
      a = (a + 0x6d2b79f5) >>> 0;
      var t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  function shuffle(list, random) {
    var out = list.slice();
    for (var i = out.length - 1; i > 0; i--) {
      var j = Math.floor(random() * (i + 1));
      var tmp = out[i]; out[i] = out[j]; out[j] = tmp;
    }
    return out;
  }

  var MAX_SEED_DIGITS = 9; // fits a 32-bit unsigned integer, so every browser reads the same number

  function parseSeed(raw) {
    if (raw === null || raw === undefined || raw === "") return null;
    var text = String(raw).trim();
    if (!/^\d{1,9}$/.test(text)) return null;
    return parseInt(text, 10);
  }

  function seedProblem(raw) {
    // Why a seed cannot be used, in words a learner can act on ("" when it can, or when none was given): a seed is a
    // whole number, 0 or more, of at most nine digits.
    if (raw === null || raw === undefined) return "";
    var text = String(raw).trim();
    if (parseSeed(text) !== null) return "";
    if (/^-\d+$/.test(text)) return "a seed must be 0 or more";
    if (/^\d+$/.test(text)) return "a seed has at most " + MAX_SEED_DIGITS + " digits";
    return "a seed is a whole number, 0 or more";
  }

  function parseSwitch(raw) {
    // A link's on/off setting (timer, domains): true, false, or null when it is neither (named in the link notice).
    var text = String(raw === null || raw === undefined ? "" : raw).trim().toLowerCase();
    if (["", "1", "on", "true", "yes"].indexOf(text) !== -1) return true;
    if (["0", "off", "false", "no"].indexOf(text) !== -1) return false;
    return null;
  }

  function hashText(text) {
    // FNV-1a, 32 bits: a question id as a number, the same in every browser and in Node.
    var h = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h >>> 0;
  }

  /**
   * @param {number | null} seed
   * @param {string} id
   * @param {number} count
   * @returns {number[]}
   */
  function optionOrder(seed, id, count) {
    // The order in which an exam shows a question's options: position p shows the bank's option order[p]. Seeded by
    // the exam's seed and the question's id, so one link gives everyone the same letters, and a question's order
    // does not depend on which other questions were drawn. The topic pages keep the bank's order, so a learner who
    // did the page cannot answer "it was E" from memory.
    var positions = [];
    for (var i = 0; i < count; i++) positions.push(i);
    var mixed = (hashText(String(id)) ^ Math.imul((Number(seed) || 0) >>> 0, 0x9e3779b1)) >>> 0;
    return shuffle(positions, rng(mixed));
  }

  /**
   * @param {number[]} order
   * @param {number[]} indexes
   * @returns {string[]}
   */
  function lettersFor(order, indexes) {
    // The letters a learner saw for the bank's option indexes, in alphabetical order: ["B", "D"].
    return (indexes || []).map(function (i) { return order.indexOf(i); }).filter(function (p) { return p !== -1; })
      .sort(function (a, b) { return a - b; }).map(answers().letter);
  }

  function newSeed(random) {
    return 1 + Math.floor(random() * 999999);
  }

  /* ---------- links ---------- */

  function splitList(raw) {
    if (!raw) return [];
    var seen = Object.create(null); // a plain object already "has" constructor, toString...
    return String(raw).split(",").map(function (s) { return s.trim(); }).filter(function (s) {
      if (!s || seen[s]) return false;
      seen[s] = true;
      return true;
    });
  }

  /**
   * @param {string[]} items
   * @returns {string}
   */
  function listText(items) {
    // Ids or names from a link, for a notice: the first five, each shortened, and how many more, so a link of ten
    // thousand unknown ids makes a sentence, not a page.
    return items.slice(0, 5).map(function (x) { return String(x).slice(0, 80); }).join(", ") +
      (items.length > 5 ? " and " + (items.length - 5) + " more" : "");
  }

  function quoted(text) {
    // A value from a link, shortened, in quotes: it is shown to the learner, never run.
    return "“" + String(text).trim().slice(0, 20) + "”";
  }

  function parseParams(search, bank) {
    // What a link asks for, checked against the bank. Unknown ids and topics are collected to be named in a notice;
    // whatever is known still works.
    var params = new URLSearchParams(search || "");
    // Topics and lessons ("topic/lesson") a link may name.
    var topicIds = [];
    bank.topics.forEach(function (t) {
      topicIds.push(t.id);
      (t.lessons || []).forEach(function (l) { topicIds.push(t.id + "/" + l.id); });
    });
    var out = {
      ids: null, topics: null, objectives: null, domainIds: null, n: null, seed: parseSeed(params.get("seed")),
      timer: null, proportional: null, unknownIds: [], unknownTopics: [], unknownObjectives: [], unknownDomains: [],
      problems: [], any: false
    };
    if (params.has("ids")) {
      out.ids = [];
      splitList(params.get("ids")).forEach(function (id) {
        if (Object.prototype.hasOwnProperty.call(bank.questions, id)) out.ids.push(id);
        else out.unknownIds.push(id.slice(0, 80));
      });
    }
    if (params.has("topics")) {
      out.topics = [];
      splitList(params.get("topics")).forEach(function (id) {
        if (topicIds.indexOf(id) !== -1) out.topics.push(id);
        else out.unknownTopics.push(id.slice(0, 80));
      });
      if (!out.topics.length) out.topics = null; // nothing known: fall back to every topic
    }
    if (params.has("objectives") || params.has("objective")) {
      // The study guide's numbered objectives ("4.4"): a question is drawn when it trains any of them. `objective=`
      // (readiness's "Practise this objective") is the same list under its singular name.
      var objectiveIds = (bank.objectives || []).map(function (o) { return o.id; });
      out.objectives = [];
      splitList([params.get("objectives"), params.get("objective")].filter(Boolean).join(",")).forEach(function (id) {
        if (objectiveIds.indexOf(id) !== -1) out.objectives.push(id);
        else out.unknownObjectives.push(id.slice(0, 80));
      });
      if (!out.objectives.length) out.objectives = null; // nothing known: fall back to every objective
    }
    if (params.has("domain")) {
      // The official domains by id ("gpu-acceleration"): only questions of those domains are drawn. (`domains=` is
      // the switch for drawing in the blueprint's proportions, so a set of domains is named in the singular.)
      var domainIds = bank.domains.map(function (d) { return d.id; });
      out.domainIds = [];
      splitList(params.get("domain")).forEach(function (id) {
        if (domainIds.indexOf(id) !== -1) out.domainIds.push(id);
        else out.unknownDomains.push(id.slice(0, 80));
      });
      if (!out.domainIds.length) out.domainIds = null;
    }
    if (params.has("n")) {
      var n = parseInt(params.get("n"), 10);
      if (n > 0 && String(n) === params.get("n").trim()) out.n = n;
      else out.problems.push("the count " + quoted(params.get("n")) + " (a count is a whole number above 0)");
      // More than the topics hold (400, or 1e20): the exam has them all, and the link's notice says so rather than
      // the set-up form refusing to start with the browser's own "must be at most" bubble.
      var size = out.n !== null && !out.ids ? pool(bank, out.topics, out.objectives).length : 0;
      if (out.n !== null && !out.ids && out.n > size) {
        out.problems.push("the count " + quoted(params.get("n")) + " (" + (out.topics || out.objectives
          ? "the questions chosen hold " : "the bank holds ") + size + ", so the exam has all " + size + ")");
        out.n = size;
      }
    }
    if (params.has("seed") && out.seed === null) {
      out.problems.push("the seed " + quoted(params.get("seed")) + " (" + seedProblem(params.get("seed")) + ")");
    }
    if (params.has("timer")) {
      out.timer = parseSwitch(params.get("timer"));
      if (out.timer === null) {
        out.problems.push("the timer " + quoted(params.get("timer")) + " (use 1 for timed or 0 for untimed)");
      }
    }
    if (params.has("domains")) {
      out.proportional = parseSwitch(params.get("domains"));
      if (out.proportional === null) {
        out.problems.push("domains " + quoted(params.get("domains")) +
          " (use 1 to draw in the exam’s domain proportions or 0 to draw evenly)");
      }
    }
    out.any = ["ids", "topics", "objectives", "objective", "domain", "n", "seed", "timer", "domains"].some(function (k) { return params.has(k); });
    return out;
  }

  function sameExam(session, link, bank) {
    // Whether the exam in progress is the one a link asks for: each setting the link names must match the one the
    // exam was started with (its query). A link that names no seed draws afresh each time, so any seed matches.
    if (!link || !link.any) return true;
    var was = parseParams(session.query || "", bank);
    var list = function (a) { return a ? a.join(",") : ""; };
    if (link.ids) return list(link.ids) === list(was.ids || session.ids);
    if (was.ids) return false;
    var sorted = function (a) { return a ? a.slice().sort().join(",") : ""; };
    if (link.topics && sorted(link.topics) !== sorted(was.topics)) return false;
    if (link.objectives && sorted(link.objectives) !== sorted(was.objectives)) return false;
    if (link.domainIds && sorted(link.domainIds) !== sorted(was.domainIds)) return false;
    if (link.n !== null && link.n !== was.n) return false;
    if (link.seed !== null && link.seed !== session.seed) return false;
    if (link.timer !== null && link.timer !== !!session.timed) return false;
    if (link.proportional !== null && link.proportional !== (was.proportional !== false)) return false;
    return true;
  }

  function buildQuery(options) {
    // The query string for a set: `ids=a,b,c` (that order), or `topics=...&n=...&seed=...`; `timer=0` when untimed.
    var parts = [];
    if (options.ids && options.ids.length) {
      parts.push("ids=" + options.ids.map(encodeURIComponent).join(","));
    } else {
      if (options.topics && options.topics.length) parts.push("topics=" + options.topics.map(encodeURIComponent).join(","));
      if (options.objectives && options.objectives.length) parts.push("objectives=" + options.objectives.join(","));
      if (options.domainIds && options.domainIds.length) parts.push("domain=" + options.domainIds.join(","));
      if (options.n) parts.push("n=" + options.n);
      if (options.proportional === false) parts.push("domains=0");
    }
    if (options.seed !== null && options.seed !== undefined) parts.push("seed=" + options.seed);
    if (options.timer === false) parts.push("timer=0");
    return parts.length ? "?" + parts.join("&") : "";
  }

  /* ---------- drawing questions ---------- */

  function allocate(available, weights, n) {
    // Split n questions across domains in proportion to the exam's weights, among the domains that have questions
    // here (largest remainder), never asking a domain for more than it has: its surplus goes to the others.
    var domains = Object.keys(available).filter(function (d) { return available[d] > 0; });
    var quota = {};
    domains.forEach(function (d) { quota[d] = 0; });
    var left = Math.min(n, domains.reduce(function (s, d) { return s + available[d]; }, 0));
    var open = domains.slice();
    while (left > 0 && open.length) {
      var total = open.reduce(function (s, d) { return s + (weights[d] || 1); }, 0);
      var shares = open.map(function (d) {
        var exact = left * (weights[d] || 1) / total;
        return { d: d, whole: Math.floor(exact), rest: exact - Math.floor(exact), take: 0 };
      });
      var given = 0;
      shares.forEach(function (s) { s.take = s.whole; given += s.whole; });
      // Hand out the remainder by largest fraction; ties go to the heavier domain, then to the id, so it is stable.
      shares.slice().sort(function (a, b) {
        return b.rest - a.rest || (weights[b.d] || 1) - (weights[a.d] || 1) || (a.d < b.d ? -1 : 1);
      }).slice(0, left - given).forEach(function (s) { s.take++; });
      var progressed = false;
      shares.forEach(function (s) {
        var room = available[s.d] - quota[s.d];
        var take = Math.min(s.take, room);
        if (take > 0) progressed = true;
        quota[s.d] += take;
        left -= take;
      });
      open = open.filter(function (d) { return quota[d] < available[d]; });
      if (!progressed) break;
    }
    return quota;
  }

  var indexes = typeof WeakMap === "function" ? new WeakMap() : null;

  function index(bank) {
    // Each question's topic and domain as small numbers, in the bank's order, and each domain's ids: drawing then
    // walks plain arrays instead of looking up every question of a large bank by id (and, with every topic chosen,
    // does not walk them at all). Built once per bank, by the set-up form's counts; a bank is not changed once loaded.
    var cached = indexes && indexes.get(bank);
    if (cached && cached.order === bank.order && cached.size === bank.order.length) return cached;
    var ix = {
      order: bank.order, size: bank.order.length, topics: [], topicOf: [], lessons: [], lessonOf: [], domains: [],
      domainOf: [], byDomain: [], objectivesOf: []
    };
    var topicNumber = {};
    var lessonNumber = {};
    var domainNumber = {};
    for (var i = 0; i < ix.size; i++) {
      var q = bank.questions[ix.order[i]];
      var t = hasOwn(topicNumber, q.topic) ? topicNumber[q.topic] : (topicNumber[q.topic] = ix.topics.push(q.topic) - 1);
      var key = q.lesson ? q.topic + "/" + q.lesson : null;
      var l = key === null ? -1 : hasOwn(lessonNumber, key) ? lessonNumber[key] : (lessonNumber[key] = ix.lessons.push(key) - 1);
      var d = hasOwn(domainNumber, q.domain) ? domainNumber[q.domain] : (domainNumber[q.domain] = ix.domains.push(q.domain) - 1);
      ix.topicOf.push(t);
      ix.lessonOf.push(l);
      ix.domainOf.push(d);
      ix.objectivesOf.push(q.objectives || []);
      (ix.byDomain[d] = ix.byDomain[d] || []).push(ix.order[i]);
    }
    if (indexes) indexes.set(bank, ix);
    return ix;
  }

  function hasOwn(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key);
  }

  function poolMask(ix, topics, objectives, domainIds) {
    // For each question (by position), whether it is in the pool, or null when every question is. `topics` names
    // whole topics ("peft") and single lessons ("peft/lora-basics"); `objectives` the study guide's objectives
    // ("4.4"), of which a question must train one; `domainIds` official domains, one of which must be the question's.
    // Several given, a question must pass each.
    var byTopic = topics && topics.length;
    var byObjective = objectives && objectives.length;
    var byDomain = domainIds && domainIds.length;
    if (!byTopic && !byObjective && !byDomain) return null;
    var wholeTopic = ix.topics.map(function (t) { return !byTopic || topics.indexOf(t) !== -1; });
    if (!byObjective && !byDomain && wholeTopic.indexOf(false) === -1) return null;
    var inDomain = ix.domains.map(function (d) { return !byDomain || domainIds.indexOf(d) !== -1; });
    var wholeLesson = ix.lessons.map(function (k) { return !!byTopic && topics.indexOf(k) !== -1; });
    var wanted = [];
    var all = true;
    for (var i = 0; i < ix.size; i++) {
      var yes = wholeTopic[ix.topicOf[i]] || (ix.lessonOf[i] !== -1 && wholeLesson[ix.lessonOf[i]]);
      if (yes && byObjective) {
        yes = ix.objectivesOf[i].some(function (o) { return objectives.indexOf(o) !== -1; });
      }
      if (yes && byDomain) yes = inDomain[ix.domainOf[i]];
      wanted.push(yes);
      all = all && yes;
    }
    return all ? null : wanted;
  }

  function pool(bank, topics, objectives, domainIds) {
    var ix = index(bank);
    var wanted = poolMask(ix, topics, objectives, domainIds);
    if (!wanted) return ix.order.slice();
    var out = [];
    for (var i = 0; i < ix.size; i++) if (wanted[i]) out.push(ix.order[i]);
    return out;
  }

  function drawCount(n) {
    // How many questions to draw, asked for: none given (missing, 0 or not a number at all) is the default; anything
    // else is a whole number of at least 1. A negative or fractional count from a form or a caller would otherwise
    // draw the pool minus a few, or nothing, and the exam would start with no question to show.
    if (typeof n !== "number" || !n || n !== n) return DEFAULT_COUNT;
    return Math.max(1, Math.floor(n));
  }

  function draw(bank, options) {
    // The same bank, topics, count and seed give the same questions in the same order, everywhere
    // (tests/js/exam.test.js holds the plain version this must match, random number for random number).
    var random = rng(options.seed);
    var ix = index(bank);
    var wanted = poolMask(ix, options.topics, options.objectives, options.domainIds);
    if (!options.proportional) {
      var ids = pool(bank, options.topics, options.objectives, options.domainIds);
      return shuffle(ids, random).slice(0, Math.min(drawCount(options.n), ids.length));
    }
    // Each domain's questions in the pool, in the bank's order; keys in order of first appearance, as in the pool.
    var byDomain = byId();
    var total = 0;
    if (!wanted) {
      ix.domains.forEach(function (d, k) { byDomain[d] = ix.byDomain[k]; });
      total = ix.size;
    } else {
      for (var i = 0; i < ix.size; i++) {
        if (!wanted[i]) continue;
        var d = ix.domains[ix.domainOf[i]];
        (byDomain[d] = byDomain[d] || []).push(ix.order[i]);
        total++;
      }
    }
    var n = Math.min(drawCount(options.n), total);
    var weights = byId();
    bank.domains.forEach(function (d) { weights[d.id] = d.weight; });
    var counts = byId();
    Object.keys(byDomain).forEach(function (d) { counts[d] = byDomain[d].length; });
    var quota = allocate(counts, weights, n);
    var chosen = [];
    Object.keys(byDomain).sort().forEach(function (d) {
      // shuffle() works on a copy: the index's own lists stay in the bank's order.
      chosen = chosen.concat(shuffle(byDomain[d], random).slice(0, quota[d] || 0));
    });
    return shuffle(chosen, random);
  }

  function plan(bank, params, defaults, random) {
    // Settings for a new exam from a link's parameters over the learner's set-up choices.
    var d = defaults || {};
    var seed = params.seed !== null && params.seed !== undefined ? params.seed : (d.seed != null ? d.seed : newSeed(random || Math.random));
    var timed = params.timer !== null && params.timer !== undefined ? params.timer : d.timer !== false;
    if (params.ids) {
      // A hand-picked set keeps the instructor's order: question 3 is the same for the whole class. Its options are
      // shuffled by a fixed seed (0) unless the link names one, so the letters are the same for the whole class too.
      var fixed = params.seed !== null && params.seed !== undefined ? params.seed : 0;
      return { ids: params.ids.slice(), seed: fixed, timed: timed, query: buildQuery({ ids: params.ids, seed: params.seed, timer: timed }) };
    }
    var topics = params.topics || d.topics || null;
    var objectives = params.objectives || d.objectives || null;
    var domainIds = params.domainIds || d.domainIds || null;
    var n = drawCount(params.n || d.n);
    var proportional = params.proportional !== null && params.proportional !== undefined ? params.proportional : d.proportional !== false;
    var ids = draw(bank, {
      topics: topics, objectives: objectives, domainIds: domainIds, n: n, seed: seed, proportional: proportional
    });
    var allTopics = !topics || bank.topics.every(function (t) { return topics.indexOf(t.id) !== -1; });
    return {
      ids: ids, seed: seed, timed: timed,
      query: buildQuery({
        topics: allTopics ? null : topics, objectives: objectives, domainIds: domainIds, n: n, seed: seed, timer: timed,
        proportional: proportional
      })
    };
  }

  /* ---------- the session ---------- */

  /**
   * @param {ExamPlan} settings
   * @param {number} now
   * @returns {ExamSession}
   */
  function createSession(settings, now) {
    return {
      v: 1,
      ids: settings.ids.slice(),
      seed: settings.seed,
      query: settings.query || "",
      timed: !!settings.timed,
      limitMs: settings.timed ? settings.ids.length * PER_QUESTION_MS : 0,
      startedAt: now,
      elapsedMs: 0,
      runningSince: now, // null while paused (untimed only)
      current: 0,
      answers: byId(),
      flags: byId(),
      confidence: byId(),
      submittedAt: null,
      expired: false
    };
  }

  /**
   * @param {ExamSession} session
   * @param {number} now
   * @returns {number}
   */
  function elapsed(session, now) {
    var running = session.runningSince !== null ? Math.max(0, now - session.runningSince) : 0;
    var total = session.elapsedMs + running;
    return session.timed ? Math.min(total, session.limitMs) : total;
  }

  /**
   * @param {ExamSession} session
   * @param {number} now
   * @returns {number | null}
   */
  function remaining(session, now) {
    return session.timed ? Math.max(0, session.limitMs - elapsed(session, now)) : null;
  }

  /**
   * @param {ExamSession} session
   * @param {number} now
   * @returns {ExamSession}
   */
  function checkpoint(session, now) {
    // Fold the running stretch into elapsedMs: what is stored is then the time used so far, and a reload, a crash or
    // a visit elsewhere resumes with the time that was left (time away from the page is not counted).
    var s = copy(session);
    s.elapsedMs = elapsed(session, now);
    if (s.runningSince !== null) s.runningSince = now;
    return s;
  }

  /**
   * @param {ExamSession} session
   * @param {number} now
   * @returns {ExamSession}
   */
  function resumed(session, now) {
    var s = copy(session);
    if (s.runningSince !== null) s.runningSince = now;
    return s;
  }

  /**
   * Time the page was away (hidden, frozen) is not counted: the clock stands at `lastSeen` and goes on from `now`.
   * @param {ExamSession} session
   * @param {number} lastSeen
   * @param {number} now
   * @returns {ExamSession}
   */
  function skipAway(session, lastSeen, now) {
    return resumed(checkpoint(session, Math.min(lastSeen, now)), now);
  }

  /**
   * @param {ExamSession} session
   * @param {boolean} paused
   * @param {number} now
   * @returns {ExamSession}
   */
  function setPaused(session, paused, now) {
    if (session.timed) return session; // a timed exam cannot be paused, as in the real one
    var s = checkpoint(session, now);
    s.runningSince = paused ? null : now;
    return s;
  }

  /**
   * @param {ExamSession} session
   * @param {number} now
   * @param {boolean} timeUp
   * @returns {ExamSession}
   */
  function submit(session, now, timeUp) {
    // Handed in, by the learner or by the clock: the time used is fixed at `now`, the clock stops for good, and
    // whether time ran out is kept for the result's notice.
    var s = checkpoint(session, now);
    s.runningSince = null;
    s.submittedAt = now;
    s.expired = !!timeUp;
    return s;
  }

  /**
   * @param {ExamSession} session
   * @returns {ExamSession}
   */
  function copy(session) {
    // Its answers, flags and confidence by question id in maps without a prototype: a question named "constructor"
    // or "toString" (a valid slug) must read as unanswered and unflagged, not as Object's own members.
    var s = JSON.parse(JSON.stringify(session));
    ["answers", "flags", "confidence"].forEach(function (k) { if (s[k] && typeof s[k] === "object") s[k] = byId(s[k]); });
    return s;
  }

  /**
   * @param {{ [key: string]: any }} [from]
   * @returns {{ [key: string]: any }}
   */
  function byId(from) {
    // A map keyed by ids, topics or domains from the bank or a link: no inherited keys, so any id is only itself.
    var map = Object.create(null);
    if (from) Object.keys(from).forEach(function (k) { map[k] = from[k]; });
    return map;
  }

  /**
   * @param {ExamSession} session
   * @param {string} id
   * @param {number[]} selected
   * @returns {ExamSession}
   */
  function answer(session, id, selected) {
    var s = copy(session);
    var clean = (selected || []).filter(function (n) { return typeof n === "number" && n >= 0 && n % 1 === 0; });
    if (clean.length) s.answers[id] = clean.sort(function (a, b) { return a - b; }); else delete s.answers[id];
    return s;
  }

  /**
   * @param {ExamSession} session
   * @param {string} id
   * @param {boolean} flagged
   * @returns {ExamSession}
   */
  function setFlag(session, id, flagged) {
    var s = copy(session);
    if (flagged) s.flags[id] = true; else delete s.flags[id];
    return s;
  }

  /**
   * @param {ExamSession} session
   * @param {string} id
   * @param {string} level
   * @returns {ExamSession}
   */
  function setConfidence(session, id, level) {
    var s = copy(session);
    if (records().CONFIDENCE.indexOf(level) !== -1) s.confidence[id] = level; else delete s.confidence[id];
    return s;
  }

  /**
   * @param {ExamSession} session
   * @param {number} index
   * @returns {ExamSession}
   */
  function goTo(session, index) {
    var s = copy(session);
    s.current = Math.max(0, Math.min(session.ids.length - 1, index));
    return s;
  }

  function isAnswered(session, id) {
    return !!(session.answers[id] && session.answers[id].length);
  }

  function answerState(session, bank, id) {
    // "empty", "incomplete" (a "choose N" question with fewer or more than N ticks) or "complete", by the same rule
    // as topic pages and Review.
    var chosen = (session.answers[id] || []).length;
    var q = bank && bank.questions[id];
    return answers().choiceState(chosen, q ? q.select : 1);
  }

  function pending(session, bank) {
    // Question numbers (1-based) still unanswered, answered with the wrong number of choices, and flagged, for the
    // grid and the submit warning.
    var out = { unanswered: [], incomplete: [], flagged: [] };
    session.ids.forEach(function (id, i) {
      var st = answerState(session, bank, id);
      if (st === "empty") out.unanswered.push(i + 1);
      else if (st === "incomplete") out.incomplete.push(i + 1);
      if (session.flags[id]) out.flagged.push(i + 1);
    });
    return out;
  }

  function submitWarning(session, bank) {
    var p = pending(session, bank);
    var parts = [];
    if (p.unanswered.length) {
      parts.push(p.unanswered.length + (p.unanswered.length === 1 ? " question is" : " questions are") +
        " unanswered (" + answers().list(p.unanswered) + ").");
    }
    if (p.incomplete.length) {
      parts.push(p.incomplete.length + (p.incomplete.length === 1 ? " question has" : " questions have") +
        " the wrong number of choices (" + answers().list(p.incomplete) + "): a \u201cchoose N\u201d question is right only " +
        "with exactly N, so as it stands it counts as wrong.");
    }
    if (p.flagged.length) {
      parts.push(p.flagged.length + (p.flagged.length === 1 ? " question is" : " questions are") +
        " flagged for review (" + answers().list(p.flagged) + ").");
    }
    return parts.join(" ");
  }

  /**
   * @param {any} raw
   * @param {{ questions: { [id: string]: any } }} bank
   * @returns {ExamSession | null}
   */
  function validSession(raw, bank) {
    // A stored session may be corrupt, from an older bank (questions since removed) or from another version.
    if (!raw || typeof raw !== "object" || raw.v !== 1 || !Array.isArray(raw.ids) || !raw.ids.length) return null;
    if (raw.ids.some(function (id) { return typeof id !== "string" || !Object.prototype.hasOwnProperty.call(bank.questions, id); })) return null;
    var numbers = ["limitMs", "startedAt", "elapsedMs", "current"];
    if (numbers.some(function (k) { return typeof raw[k] !== "number" || !isFinite(raw[k]) || raw[k] < 0; })) return null;
    var s = copy(raw);
    s.answers = s.answers && typeof s.answers === "object" ? s.answers : byId();
    s.flags = s.flags && typeof s.flags === "object" ? s.flags : byId();
    s.confidence = s.confidence && typeof s.confidence === "object" ? s.confidence : byId();
    // An answer names options the question has: a damaged or hostile "25" of four options is dropped, not shown
    // as an incomplete answer with nothing ticked.
    Object.keys(s.answers).forEach(function (id) {
      var q = bank.questions[id];
      var n = q && (q.n !== undefined ? q.n : q.options ? q.options.length : 26);
      var kept = Array.isArray(s.answers[id]) ? s.answers[id].filter(function (i) {
        return typeof i === "number" && i % 1 === 0 && i >= 0 && i < n;
      }) : [];
      if (kept.length) s.answers[id] = kept; else delete s.answers[id];
    });
    s.current = Math.min(Math.floor(s.current), s.ids.length - 1);
    if (typeof s.runningSince !== "number") s.runningSince = null;
    s.timed = !!s.timed;
    return s;
  }

  /**
   * @param {any} a
   * @param {any} b
   * @returns {boolean}
   */
  function sameSession(a, b) {
    // One exam, whichever tab holds it and however far it has gone: a session is named by when it started and what it
    // asks, so a submitted copy (exam:last) is recognised as the exam another tab still shows.
    return !!a && !!b && typeof a === "object" && typeof b === "object" && a.startedAt === b.startedAt &&
      Array.isArray(a.ids) && Array.isArray(b.ids) && a.ids.join(",") === b.ids.join(",");
  }

  /**
   * @param {string | null} mine exam:current as this tab last wrote or read it (JSON)
   * @param {any} stored exam:current now
   * @param {any} last exam:last now
   * @returns {"" | "moved" | "submitted" | "ended" | "replaced"}
   */
  function takenOver(mine, stored, last) {
    // Whether the exam this tab shows is still its own to save, and if not, what another tab did: "" while storage
    // holds exactly what this tab last wrote; "moved" when another tab saved the same exam (an answer, a resume, its
    // clock); "submitted" when it was handed in there; "ended" when it was removed (abandoned, or all progress
    // reset); "replaced" when another exam took its place. A tab saves only over what it wrote itself.
    if (JSON.stringify(stored === undefined ? null : stored) === mine) return "";
    var was = null;
    try { was = mine ? JSON.parse(mine) : null; } catch (error) { was = null; }
    if (stored === null || stored === undefined) return was && sameSession(last, was) ? "submitted" : "ended";
    return was && sameSession(stored, was) ? "moved" : "replaced";
  }

  function sessionRefusal(raw, bank) {
    // Why a stored exam that validSession refuses cannot be resumed, in a sentence for the page ("" when it can, or
    // when there is none): most often an exam saved, or imported, before questions were removed from the bank.
    if (raw === null || raw === undefined || validSession(raw, bank)) return "";
    var ids = raw && Array.isArray(raw.ids) ? raw.ids : [];
    var gone = ids.filter(function (id) {
      return typeof id === "string" && !Object.prototype.hasOwnProperty.call(bank.questions, id);
    });
    var why = gone.length ? "it holds " + (gone.length === 1 ? "a question" : "questions") + " this guide no longer has (" +
      gone.slice(0, 5).map(function (id) { return id.slice(0, 80); }).join(", ") +
      (gone.length > 5 ? " and " + (gone.length - 5) + " more" : "") + ")"
      : "it was saved damaged or by another version of the guide";
    return "Your unfinished exam cannot be resumed: " + why + ". Starting a new exam replaces it.";
  }

  /* ---------- time ---------- */

  /**
   * @param {number} ms
   * @returns {string}
   */
  function clock(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(total / 3600);
    var m = Math.floor((total % 3600) / 60);
    var s = total % 60;
    var mm = h ? (m < 10 ? "0" : "") + m : String(m);
    return (h ? h + ":" : "") + mm + ":" + (s < 10 ? "0" : "") + s;
  }

  /**
   * @param {number} ms
   * @returns {string}
   */
  function spoken(ms) {
    var minutes = Math.ceil(ms / 60000);
    if (ms < 60000) return Math.ceil(ms / 1000) + " seconds";
    return minutes + (minutes === 1 ? " minute" : " minutes");
  }

  var LOW_MS = 5 * 60000; // the clock's look changes at 5 minutes left ...
  var LAST_MS = 60000; // ... and again at the last minute

  /**
   * @param {number | null} remainingMs
   * @returns {"" | "low" | "last"}
   */
  function timeLevel(remainingMs) {
    // "low" from 5:00 left, "last" from 1:00 left, "" otherwise and for an untimed exam (null): the exam bar's
    // data-exam-time, which exam.css turns into a heavier, marked clock.
    if (remainingMs === null || remainingMs === undefined) return "";
    if (remainingMs <= LAST_MS) return "last";
    if (remainingMs <= LOW_MS) return "low";
    return "";
  }

  /**
   * @param {number} limitMs
   * @param {number | null} before
   * @param {number | null} after
   * @returns {string}
   */
  function announcement(limitMs, before, after) {
    // Spoken at a few moments only (halfway, 10, 5 and 1 minutes left), never every second: a screen reader user
    // needs the warnings without the timer talking over the questions.
    if (before === null || after === null) return "";
    var marks = [limitMs / 2, 10 * 60000, 5 * 60000, 60000].filter(function (m, i, all) {
      return m < limitMs && all.indexOf(m) === i;
    });
    for (var i = 0; i < marks.length; i++) {
      if (before > marks[i] && after <= marks[i]) return spoken(marks[i]) + " left.";
    }
    return "";
  }

  /* ---------- results ---------- */

  function records() {
    // The storage module's pure part (store.js), for the confidence levels a record may hold: looked up like
    // answers() below.
    return (root.llmGuide && root.llmGuide.storeCore) ||
      (typeof require === "function" ? require("../base/store.js") : null);
  }

  function answers() {
    // The guide's one answer core (answer-core.js), looked up when needed: on the page it is a site-wide script
    // whose load order relative to this page script is not guaranteed; under Node it is required.
    return (root.llmGuide && root.llmGuide.answerCore) ||
      (typeof require === "function" ? require("../base/answer-core.js") : null);
  }

  function isCorrect(selected, key) {
    // All or nothing, as on the topic pages: every correct option and nothing else.
    return answers().isCorrect(selected || [], key);
  }

  function tally(list, keyOf, titles, order) {
    var groups = byId();
    list.forEach(function (item) {
      var k = keyOf(item);
      groups[k] = groups[k] || { id: k, title: titles[k] || k, correct: 0, total: 0 };
      groups[k].total++;
      if (item.correct) groups[k].correct++;
    });
    return order.filter(function (k) { return groups[k]; }).map(function (k) { return groups[k]; });
  }

  function score(session, bank, now) {
    var items = session.ids.map(function (id, i) {
      var q = bank.questions[id];
      var selected = session.answers[id] || [];
      // Answers are kept as the bank's option indexes; `order` and the letters are what the learner saw.
      // The index gives the number of options (n) before a question's content has arrived.
      var order = optionOrder(session.seed, id, q.n !== undefined ? q.n : q.options.length);
      return {
        id: id, number: i + 1, topic: q.topic, lesson: q.lesson || null, domain: q.domain, selected: selected, key: q.key,
        order: order, chosenLetters: lettersFor(order, selected), keyLetters: lettersFor(order, q.key),
        answered: selected.length > 0, correct: isCorrect(selected, q.key), select: q.select,
        complete: answers().choiceState(selected.length, q.select) === "complete",
        confidence: session.confidence[id] || null, flagged: !!session.flags[id]
      };
    });
    var correct = items.filter(function (x) { return x.correct; }).length;
    var total = items.length;
    var percent = total ? Math.round((correct / total) * 1000) / 10 : 0;
    var topicTitles = byId();
    bank.topics.forEach(function (t) { topicTitles[t.id] = t.title; });
    var domainTitles = byId();
    bank.domains.forEach(function (d) { domainTitles[d.id] = d.title; });
    var objectiveTitles = byId();
    (bank.objectives || []).forEach(function (o) { objectiveTitles[o.id] = o.id + " " + o.title; });
    // A question counts once for every objective it trains.
    var perObjective = [];
    items.forEach(function (x) {
      (bank.questions[x.id].objectives || []).forEach(function (o) { perObjective.push({ objective: o, correct: x.correct }); });
    });
    return {
      correct: correct, total: total, percent: percent, passed: percent >= PASS_PERCENT, passPercent: PASS_PERCENT,
      usedMs: elapsed(session, now), timed: session.timed, limitMs: session.limitMs, expired: !!session.expired,
      items: items,
      byTopic: tally(items, function (x) { return x.topic; }, topicTitles, bank.topics.map(function (t) { return t.id; })),
      byDomain: tally(items, function (x) { return x.domain; }, domainTitles, bank.domains.map(function (d) { return d.id; })),
      byObjective: tally(perObjective, function (x) { return x.objective; }, objectiveTitles,
        (bank.objectives || []).map(function (o) { return o.id; })),
      // Right by luck and confidently wrong: the two cases a bare score hides.
      lucky: items.filter(function (x) { return x.correct && x.confidence === "guessed"; }).map(function (x) { return x.id; }),
      confidentMistakes: items.filter(function (x) { return !x.correct && x.answered && x.confidence === "sure"; }).map(function (x) { return x.id; }),
      missed: items.filter(function (x) { return !x.correct; }).map(function (x) { return x.id; })
    };
  }

  function verdict(result) {
    // One sentence: where the score stands against the line, then the score. The line itself is an assumption,
    // which the page says once, beside it.
    var where = result.passed ? "At or above the " + result.passPercent + "% line" : "Below the " + result.passPercent + "% line";
    return where + ": " + result.correct + " of " + result.total + " (" + result.percent + "%).";
  }

  function answerText(item) {
    // What the result says of one question, with the letters the learner saw: "Incorrect: you chose B and D; the
    // answer is A and D."
    var chose = answers().list(item.chosenLetters);
    var key = answers().list(item.keyLetters);
    if (!item.answered) return "Not answered. The answer is " + key + ".";
    if (item.correct) return "Correct: " + chose + ".";
    if (!item.complete) {
      return "Incorrect: you chose " + answers().count(item.selected.length) + " (" + chose + ") where the question asks for " +
        answers().count(item.select) + "; the answer is " + key + ".";
    }
    return "Incorrect: you chose " + chose + "; the answer is " + key + ".";
  }

  var FILTERS = ["all", "missed", "flagged"];

  function reviewFilter(items, which) {
    // The result's review, filtered: every question, the missed ones (wrong or not answered) or the flagged ones.
    return items.filter(function (x) {
      if (which === "missed") return !x.correct;
      if (which === "flagged") return x.flagged;
      return true;
    }).map(function (x) { return x.id; });
  }

  function historyEntry(result, session, now) {
    return {
      at: now, correct: result.correct, total: result.total, percent: result.percent, usedMs: result.usedMs,
      timed: session.timed, seed: session.seed, query: session.query || ""
    };
  }

  function addToHistory(list, entry) {
    var past = Array.isArray(list) ? list.filter(function (e) { return e && typeof e.at === "number"; }) : [];
    return [entry].concat(past).slice(0, MAX_HISTORY);
  }

  var core = {
    PER_QUESTION_MS: PER_QUESTION_MS, DEFAULT_COUNT: DEFAULT_COUNT, PASS_PERCENT: PASS_PERCENT,
    CLOCK_RULE: CLOCK_RULE, QUICK_COUNTS: QUICK_COUNTS, skipAway: skipAway,
    SLUG: SLUG,
    rng: rng, shuffle: shuffle, parseSeed: parseSeed, seedProblem: seedProblem, parseSwitch: parseSwitch, newSeed: newSeed,
    parseParams: parseParams, buildQuery: buildQuery, listText: listText, optionOrder: optionOrder, lettersFor: lettersFor,
    timeLevel: timeLevel, verdict: verdict, answerText: answerText, FILTERS: FILTERS,
    reviewFilter: reviewFilter,
    allocate: allocate, pool: pool, drawCount: drawCount, draw: draw, plan: plan,
    createSession: createSession, sameExam: sameExam, elapsed: elapsed, remaining: remaining, checkpoint: checkpoint, resumed: resumed,
    setPaused: setPaused, submit: submit, answer: answer, setFlag: setFlag, setConfidence: setConfidence, goTo: goTo,
    isAnswered: isAnswered, answerState: answerState, pending: pending, submitWarning: submitWarning, validSession: validSession,
    sessionRefusal: sessionRefusal, sameSession: sameSession, takenOver: takenOver,
    clock: clock, spoken: spoken, announcement: announcement,
    isCorrect: isCorrect, score: score, historyEntry: historyEntry, addToHistory: addToHistory
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.examCore = core;
  if (typeof module !== "undefined" && module.exports) module.exports = core;
})(typeof window !== "undefined" ? window : globalThis);
