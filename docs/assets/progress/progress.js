// @ts-check
/*
 * Progress on every page: a completion marker on each topic's navigation entry and one calm notice when answers are
 * not being kept. The home and "Your progress" pages add their own code (progress-page.js) in their front matter.
 *
 * Reads llmGuide.topics (assets/generated/topics.js, written at build time: each topic's id, title, page and number of
 * questions), llmGuide.store and llmGuide.progressCore. Answered counts come from the records, whose attempts carry
 * their topic, so no page needs every question id for the markers.
 * Contract: [data-progress-notice] takes the storage notice; [data-lesson] sections on a topic overview get their
 * lesson's progress.
 */
(function () {
  "use strict";

  var guide = window.llmGuide || {};
  if (guide.progress || !guide.store || !guide.storeCore || !guide.progressCore) return;
  var store = guide.store;

  function scope() {
    // Material's site root (set in overrides/partials/javascripts/base.html); the document's base otherwise.
    return guide.browser.siteRoot();
  }

  function topicUrl(topic) {
    return new URL(topic.url, scope()).href;
  }

  var shown = null; // the markers last drawn, and where: redrawn only when a count changes or the page does

  function markNavigation() {
    var topics = guide.topics || [];
    var ids = store.questionIds();
    var answered = guide.progressCore.countByTopic(ids, store.question);
    var byLesson = guide.progressCore.countByLesson(ids, store.question);
    var wanted = {};
    function want(place, done) {
      // A record can outlive its question (a later bank dropped it): never show more than the place holds.
      done = Math.min(done || 0, place.total);
      if (done) wanted[topicUrl(place)] = { done: done, total: place.total };
    }
    topics.forEach(function (topic) {
      want(topic, answered[topic.id]);
      (topic.lessons || []).forEach(function (lesson) { want(lesson, byLesson[topic.id + "/" + lesson.id]); });
    });
    var nav = document.querySelector(".md-sidebar--primary") || document.body;
    var signature = JSON.stringify(wanted);
    var drawn = signature === "{}" || !!nav.querySelector("[data-progress-mark]");
    if (shown && shown.nav === nav && shown.signature === signature && drawn) return;
    shown = { nav: nav, signature: signature };
    Array.prototype.forEach.call(document.querySelectorAll("[data-progress-mark]"), function (old) { old.remove(); });
    // Links to other pages only: a topic page's table of contents adds hundreds of #fragment links, never a topic's.
    Array.prototype.forEach.call(document.querySelectorAll('.md-nav__link[href]:not([href^="#"])'), function (link) {
      var s = wanted[link.href];
      if (!s) return;
      // Visible "5/17"; read as "5 of 17 answered" (the slash and the tick are hidden from screen readers).
      var mark = document.createElement("span");
      mark.className = "progress-mark" + (s.done === s.total ? " progress-mark--done" : "");
      mark.setAttribute("data-progress-mark", "");
      mark.innerHTML = '<span class="progress-mark__sr">, </span><span aria-hidden="true"></span>' +
        '<span class="progress-mark__sr"></span>';
      mark.children[1].textContent = (s.done === s.total ? "✓ " : "") + s.done + "/" + s.total;
      mark.children[2].textContent = s.done + " of " + s.total + " answered";
      link.appendChild(mark);
    });
  }

  function markLessons() {
    // A topic overview lists each lesson with its questions; say how many of them this browser has answered.
    Array.prototype.forEach.call(document.querySelectorAll("[data-lesson]"), function (section) {
      var out = section.querySelector("[data-lesson-progress]");
      if (!out) return;
      var ids = Array.prototype.map.call(section.querySelectorAll("[data-lesson-question]"), function (a) {
        return a.getAttribute("data-lesson-question");
      });
      var s = guide.progressCore.summarize(ids, store.question);
      out.textContent = s.answered ? " · " + s.answered + " answered, " + s.firstRight + " right the first time" : "";
      section.setAttribute("data-lesson-state", !s.answered ? "new" : s.answered === s.total ? "done" : "started");
    });
  }

  function showNotice() {
    // One notice per page, and only when nothing is being kept: the visit still works from memory.
    if (store.status().kept) return;
    var notice = /** @type {HTMLElement} */ (document.querySelector("[data-progress-notice]"));
    if (!notice || !notice.hidden) return;
    // The cause, named: a full storage still shows (and exports) everything kept before; only new answers are at risk.
    var status = store.status();
    notice.textContent = status.full
      ? "This browser is not keeping your answers for now: " + guide.storeCore.notKeptCause(status) + " (another " +
        "page of this site, or a file opened from disk, can fill it). Everything kept before still shows and counts; " +
        "what you answer now lasts for this visit only. Export on the Your progress page saves all of it to a file."
      : "This browser is not keeping your answers: " + guide.storeCore.notKeptCause(status) + ", so they last for " +
        "this visit only. Export on the Your progress page still saves them to a file.";
    notice.hidden = false;
  }

  function mountAll() {
    markNavigation();
    markLessons();
    showNotice();
  }

  guide.progress = { refresh: mountAll };
  var queued = false;
  var marksStale = false;
  store.onChange(function (name) {
    // Answers arrive one write at a time; redraw the markers once per burst. Only question records move the markers,
    // and counting them reads every record the learner has: not for each save of an exam in progress or of a
    // setting. Any write may have failed, though, so the storage notice is looked at every time.
    if (name === "*" || guide.storeCore.isQuestionName(name)) marksStale = true;
    // Once the learner has answered something, ask the browser not to clear it when space runs low (the progress
    // page says whether it agreed).
    if (guide.storeCore.isQuestionName(name) && guide.browser.app) guide.browser.app.keep();
    if (queued) return;
    queued = true;
    guide.browser.later(0, function () {
      queued = false;
      if (marksStale) { marksStale = false; markNavigation(); markLessons(); }
      showNotice();
    });
  });

  // Every page's content, on a full load and after each instant navigation (base/boot.js).
  guide.boot.component("progress", guide.boot.PAGE, function () { mountAll(); });
})();
