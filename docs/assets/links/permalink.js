// @ts-check
/*
 * The permanent-link page (q/#<question id>): forwards to the lesson that holds the question now, keeping the
 * address's question anchor, or says plainly that no question has that id. Without JavaScript the page still scrolls
 * to the question's entry in its list (the entry carries the question's id), one click from its lesson.
 *
 * Contract: [data-permalink=<id>] links (id="<id>", href to the lesson's #q-<id>), [data-permalink-notice].
 */
(function () {
  "use strict";

  function forward() {
    var notice = /** @type {HTMLElement} */ (document.querySelector("[data-permalink-notice]"));
    if (!notice) return; // another page: instant navigation keeps this script loaded
    var id = window.llmGuide.browser.hash(); // null: a malformed %-escape names no question
    if (id === "") return; // the bare page: the list is the content
    var links = /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("[data-permalink]"));
    for (var i = 0; i < links.length; i++) {
      if (links[i].getAttribute("data-permalink") === id) {
        // replace(): the Back button returns to where the link was clicked, not to this hop.
        window.llmGuide.browser.replace(links[i].href);
        return;
      }
    }
    // Shortened: whatever the address holds is echoed, at most a line of it.
    var asked = String(id === null ? window.llmGuide.browser.rawHash() : id);
    notice.textContent = "No question in this guide has the id \u201c" + (asked.length > 80 ? asked.slice(0, 80) + "…" : asked) +
      "\u201d. It may have been renamed or removed; find it in the list below or with the search.";
    notice.hidden = false;
  }

  // The q/ page's list (base/boot.js); the address can change while the page is open (forward() looks for the
  // page's notice, so on other pages a hash change does nothing).
  window.llmGuide.boot.component("permalink", "[data-permalink-notice]", forward);
  window.llmGuide.boot.on("hashchange", null, forward);
})();
