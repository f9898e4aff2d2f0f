/*
 * The browser layer: the one place features reach browser APIs that are not the page's own elements. It grows by
 * need; features call these instead of touching the APIs themselves, so tests and file:// quirks have one home.
 *   llmGuide.browser.loadScript(url, done)  a classic script inserted once (no fetch: works from file://);
 *                                           done(true) when it ran, done(false) when it failed to load
 *   llmGuide.browser.whenIdle(fn)           fn when the browser has nothing better to do (work a learner is not
 *                                           waiting for: it must never delay a frame they are)
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || {});
  if (guide.browser) return;

  function loadScript(url, done) {
    var script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onload = function () { script.remove(); if (done) done(true); };
    script.onerror = function () { script.remove(); if (done) done(false); };
    document.head.appendChild(script);
  }

  function whenIdle(fn) {
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(fn, { timeout: 2000 });
    else window.setTimeout(fn, 200); // Safari has no requestIdleCallback
  }

  guide.browser = { loadScript: loadScript, whenIdle: whenIdle };
})();
