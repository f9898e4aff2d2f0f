// @ts-check
/*
 * Links to single questions on lesson pages: a "Copy link" control on every question (handing out the question's
 * permanent address, q/#<id>), and arriving at #q-<id> (from a link, a hash change or Material's instant navigation)
 * scrolls the question fully into view below the sticky header and score bar, highlights it and moves keyboard focus
 * to it. On a topic's overview an old one-page address (#q-<id>) is forwarded to the question's lesson.
 *
 * Contract: it reads [data-quiz-question] articles (id="q-<id>", data-quiz-title) and their .quiz-q__title, the quiz
 * root's data-quiz-permalink and data-quiz-published, and an overview's [data-lessons] [data-lesson-question]; it adds
 * [data-links-copy-link] and [data-links-copy-status] inside the title, and sets data-quiz-arrived on the question
 * reached by its link. Small and DOM-only, so every page can load it.
 */
(function () {
  "use strict";

  function questionLink(article) {
    // The question's permanent address (q/#<id>), which finds its lesson wherever the question moves. From the
    // offline copy a file:// address works for no one else, so the published one is handed out when the build knew
    // it; otherwise the caller says the link only works on this computer.
    var id = article.getAttribute("data-quiz-question");
    var root = article.closest("[data-quiz]");
    var published = root && root.getAttribute("data-quiz-published");
    var local = root && root.getAttribute("data-quiz-permalink");
    var browser = window.llmGuide.browser;
    var url;
    if (browser.offline() && published) url = new URL(published);
    else if (local) url = new URL(local, browser.address());
    else { url = new URL(browser.address()); url.search = ""; }
    url.hash = local || published ? id : article.id;
    return { href: url.href, localOnly: url.protocol === "file:" };
  }

  function forwardOldLink() {
    // A topic used to be one page: an old `topics/<id>/#q-<question>` (or #q-<question>-why-b) address now lands on
    // the topic's overview, whose lesson list links every question to its lesson. Follow that link.
    var hash = window.llmGuide.browser.hash() || "";
    var match = /^q-(.+?)(-why-[a-z])?$/.exec(hash);
    if (!match || !document.querySelector("[data-lessons]")) return false;
    var links = /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("[data-lesson-question]"));
    for (var i = 0; i < links.length; i++) {
      var id = links[i].getAttribute("data-lesson-question");
      if (id === match[1]) {
        var url = new URL(links[i].href);
        url.hash = hash;
        window.llmGuide.browser.replace(url.href);
        return true;
      }
    }
    return false;
  }

  function addControls() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-quiz-question]"), function (article) {
      var title = article.querySelector(".quiz-q__title");
      if (!title || title.querySelector("[data-links-copy-link]")) return;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "quiz-copylink";
      button.setAttribute("data-links-copy-link", "");
      button.textContent = "Copy link";
      // Name the question: a screen reader listing buttons hears which of the page's "Copy link"s this is.
      // The title the page states (data-quiz-title); the heading's text only for markup without it.
      var name = article.getAttribute("data-quiz-title") ||
        (title.firstChild ? title.firstChild.textContent.trim() : "");
      button.setAttribute("aria-label", "Copy link to " + (name || "this question"));
      var status = document.createElement("span");
      status.className = "quiz-copylink__status";
      status.setAttribute("role", "status");
      status.setAttribute("data-links-copy-status", "");
      title.appendChild(button);
      title.appendChild(status);
    });
  }

  function onClick(event, button) {
    var article = button.closest("[data-quiz-question]");
    var status = article.querySelector("[data-links-copy-status]");
    var link = questionLink(article);
    window.llmGuide.browser.copy(link.href).then(function (ok) {
      // When copying is refused, show the link itself so it can still be copied by hand.
      var where = link.localOnly ? " It opens this offline copy, so it works on this computer only." : "";
      if (status) status.textContent = (ok ? "Link copied." : "Copy this link: " + link.href) + where;
    });
  }

  function obstruction() {
    // Everything sticky at the top that would cover a question scrolled to the top edge.
    var bottom = 0;
    Array.prototype.forEach.call(document.querySelectorAll(".md-header, .md-tabs, [data-sticky]"), function (el) {
      var style = getComputedStyle(el);
      if (style.position !== "sticky" && style.position !== "fixed") return;
      var rect = el.getBoundingClientRect();
      if (rect.height && rect.top <= 1 + bottom) bottom = Math.max(bottom, rect.bottom);
    });
    return bottom;
  }

  var arrival = 0; // which arrival the pending placements belong to: a new address cancels the old one's
  var inputs = 0; // the learner's own scrolling, tapping and key presses so far

  function arrive() {
    var mine = ++arrival;
    var id = window.llmGuide.browser.hash(); // null when malformed: it links nowhere
    if (!id) return;
    var target = document.getElementById(id);
    if (!target || !target.matches("[data-quiz-question]")) return;
    Array.prototype.forEach.call(document.querySelectorAll("[data-quiz-arrived]"), function (el) {
      el.removeAttribute("data-quiz-arrived");
    });
    target.setAttribute("data-quiz-arrived", "");
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    // Scroll so the whole question starts below the header and the sticky score bar, with a little air.
    var place = function () {
      if (mine !== arrival) return; // the address has moved on (to an explanation, another question)
      var top = target.getBoundingClientRect().top + window.scrollY - obstruction() - 8;
      window.scrollTo({ top: Math.max(0, top), behavior: "auto" });
    };
    place();
    // Material restores or sets the scroll position itself after instant navigation, and the page's height can still
    // change while scripts mount, so place again a few times, unless the learner has started scrolling.
    var before = inputs;
    [0, 100, 300, 700].forEach(function (delay) {
      window.llmGuide.browser.later(delay, function () { if (inputs === before) place(); });
    });
  }

  function onPage() {
    if (forwardOldLink()) return;
    addControls();
    arrive();
  }

  var boot = window.llmGuide.boot;
  boot.on("click", "[data-links-copy-link]", onClick);
  boot.on("hashchange", null, function () { if (!forwardOldLink()) arrive(); });
  ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (type) {
    boot.on(type, null, function () { inputs += 1; });
  });
  // Every page's content, on a full load and after each instant navigation (base/boot.js).
  window.llmGuide.boot.component("links", window.llmGuide.boot.PAGE, function () {
    onPage();
    // After instant navigation document$ can emit before Material has put the new address (and its #q-<id>) in the
    // location bar, and pushState fires no hashchange: look again shortly.
    [50, 200, 500].forEach(function (delay) {
      window.llmGuide.browser.later(delay, function () {
        var id = window.llmGuide.browser.hash();
        var target = id && document.getElementById(id);
        if (target && target.matches("[data-quiz-question]") && !target.hasAttribute("data-quiz-arrived")) arrive();
      });
    });
  });
})();
