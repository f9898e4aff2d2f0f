// @ts-check
/*
 * The question bank in the browser, sized to what a page shows: the compact index (assets/generated/bank/index.js,
 * every question's id, topic, lesson, domain, "choose N", key, number of options and official objectives) becomes
 * llmGuide.bank at once;
 * a question's content (title, stem, options with explanations, references) arrives when a page asks for it, one
 * classic script per question (assets/generated/bank/q/<id>.js), so the practice and Review pages load the same
 * amount at 300 questions or 5,000 and still work from file:// (no fetch).
 *
 *   llmGuide.bank = { version, topics, domains, objectives: [{id, domain, title}], order,
 *                     questions: { id: {id, topic, lesson, domain, select, key, n, objectives: [id],
 *                     and once loaded: title, stem, options, references} } }
 *   bank.load(ids, done)   content for ids; done(missing) once each has arrived or failed (at once if all are here)
 *   bank.loaded(id)        whether its content is here
 *
 * Loaded by the practice, Review and instructors pages after the index. `expand` and `keyFromBits` are pure and
 * tested under Node (tests/js/bank.test.js).
 */
(function (root) {
  "use strict";

  /**
   * @param {number} bits
   * @returns {number[]}
   */
  function keyFromBits(bits) {
    var key = [];
    for (var i = 0; bits >> i; i++) if ((bits >> i) & 1) key.push(i);
    return key;
  }

  function expand(index) {
    // Rows: [id, topic index, lesson index within the topic, domain index, select, key bits, number of options,
    // [objective indexes]].
    var objectives = index.objectives || [];
    // By id, without a prototype: a question named "constructor" is that question, and no other id is "in" the bank.
    var questions = Object.create(null);
    var order = [];
    index.rows.forEach(function (row) {
      var topic = index.topics[row[1]];
      var id = row[0];
      order.push(id);
      questions[id] = {
        id: id, topic: topic.id, lesson: topic.lessons[row[2]].id, domain: index.domains[row[3]].id,
        select: row[4], key: keyFromBits(row[5]), n: row[6],
        objectives: (row[7] || []).map(function (k) { return objectives[k].id; })
      };
    });
    return {
      version: index.version, topics: index.topics, domains: index.domains, objectives: objectives, order: order,
      questions: questions
    };
  }

  var core = { expand: expand, keyFromBits: keyFromBits };
  if (typeof module === "object" && module.exports) module.exports = core;
  if (!root.document) return;

  var guide = (root.llmGuide = root.llmGuide || /** @type {LlmGuide} */ ({}));
  if (!guide.bankIndex) return; // the page then says it could not load
  var bank = expand(guide.bankIndex);
  var folder = document.currentScript ? new URL("../generated/bank/q/", /** @type {HTMLScriptElement} */ (document.currentScript).src).href : "";
  var waiting = {}; // id -> [callbacks], while its script is on its way
  var failed = {};

  bank.loaded = function (id) { return !!(bank.questions[id] && bank.questions[id].options); };

  bank.arrive = function (content) {
    var q = content && bank.questions[content.id];
    if (!q) return;
    q.title = content.title;
    q.stem = content.stem;
    q.options = content.options;
    q.references = content.references;
    settle(content.id);
  };

  function settle(id) {
    var callbacks = waiting[id] || [];
    delete waiting[id];
    callbacks.forEach(function (fn) { fn(); });
  }

  bank.load = function (ids, done) {
    var missing = [];
    var left = 0;
    function one(id) {
      return function () {
        if (!bank.loaded(id)) missing.push(id);
        left -= 1;
        if (left === 0 && done) done(missing);
      };
    }
    var asked = [];
    ids.forEach(function (id) {
      if (bank.loaded(id) || !bank.questions[id]) return;
      if (failed[id] && !waiting[id]) { missing.push(id); return; }
      left += 1;
      if (!waiting[id]) { waiting[id] = []; asked.push(id); }
      waiting[id].push(one(id));
    });
    if (left === 0) { if (done) done(missing); return; }
    asked.forEach(function (id) {
      // The browser layer is read here, not at load: page scripts may run before the site-wide ones.
      guide.browser.loadScript(folder + encodeURIComponent(id) + ".js?v=" + bank.version, function (ok) {
        // A script that loaded but did not call arrive() (a stale or broken file) counts as failed too.
        if (!ok || !bank.loaded(id)) failed[id] = true;
        if (waiting[id]) settle(id);
      });
    });
  };

  guide.bank = bank;
})(this);
