/*
 * The browser layer: the one place features reach browser APIs that are not the page's own elements. It grows by
 * need; features call these instead of touching the APIs themselves, so tests and file:// quirks have one home.
 *   llmGuide.browser.loadScript(url, done)  a classic script inserted once (no fetch: works from file://);
 *                                           done(true) when it ran, done(false) when it failed to load
 *   llmGuide.browser.whenIdle(fn)           fn when the browser has nothing better to do (work a learner is not
 *                                           waiting for: it must never delay a frame they are)
 *   llmGuide.browser.hash()                 the address's fragment, decoded; null when its %-escapes are malformed
 *   llmGuide.browser.copy(text)             Promise<boolean>: the text is on the clipboard (or copying was refused)
 *   llmGuide.browser.download(name, text, type)   save text as a file
 *   llmGuide.browser.readText(file, done)   done(text) or done(null) when the file could not be read
 *   llmGuide.browser.query() / setQuery(search)   the address's query; replace it in place (no new history entry,
 *                                           the fragment kept; refused quietly where file:// forbids it)
 *   llmGuide.browser.page() / replace(url)  this page's address without query and fragment; go to url in place of it
 *   llmGuide.browser.siteRoot()             the site's root address (Material's scope, online and offline)
 *   llmGuide.browser.later(ms, fn)          fn once, after ms; every(ms, fn) -> stop(): fn every ms until stopped
 *   llmGuide.browser.sticky.measure()       measure the header and every [data-sticky] bar now and whenever they
 *                                           resize: their height becomes --guide-sticky-top, the scroll padding
 *                                           that keeps links, search hits and keyboard focus below them
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

  function hash() {
    try { return decodeURIComponent(location.hash.slice(1)); } catch (error) { return null; }
  }

  function copy(text) {
    // The async clipboard needs a secure context (not always file:// or plain http); fall back to a hidden field.
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; }, function () { return copyByField(text); });
    }
    return Promise.resolve(copyByField(text));
  }

  function copyByField(text) {
    var field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    var focused = document.activeElement;
    document.body.appendChild(field);
    field.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
    field.remove();
    if (focused && focused.focus) focused.focus({ preventScroll: true }); // the button keeps focus, not the body
    return ok;
  }

  function download(name, text, type) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: type }));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
  }

  function readText(file, done) {
    var reader = new FileReader();
    reader.onload = function () { done(String(reader.result)); };
    reader.onerror = function () { done(null); };
    reader.readAsText(file);
  }

  function measureSticky() {
    var header = document.querySelector(".md-header");
    var top = header ? header.getBoundingClientRect().height : 0;
    Array.prototype.forEach.call(document.querySelectorAll("[data-sticky]"), function (bar) {
      if (getComputedStyle(bar).position === "sticky") top += bar.getBoundingClientRect().height;
    });
    document.documentElement.style.setProperty("--guide-sticky-top", Math.ceil(top + 8) + "px");
  }

  var observer = null;

  function watchSticky() {
    // Bars come and go (the exam's clock bar appears when it starts): a feature that adds or removes one asks again.
    if (!observer && window.ResizeObserver) observer = new ResizeObserver(measureSticky);
    if (observer) {
      observer.disconnect();
      Array.prototype.forEach.call(document.querySelectorAll(".md-header, [data-sticky]"), function (element) {
        observer.observe(element);
      });
    }
    measureSticky();
  }

  function query() { return location.search; }

  function setQuery(search) {
    try { history.replaceState(history.state, "", location.pathname + search + location.hash); } catch (error) {
      /* some browsers refuse it for file:// pages: the page still works, its address just does not say it */
    }
  }

  function page() { return location.href.split(/[?#]/)[0]; }

  function replace(url) { location.replace(url); }

  function siteRoot() {
    try { return window.__md_scope ? String(window.__md_scope) : document.baseURI; } catch (error) { return document.baseURI; }
  }

  function later(ms, fn) { return window.setTimeout(fn, ms); }

  function every(ms, fn) {
    var id = window.setInterval(fn, ms);
    return function stop() { window.clearInterval(id); };
  }

  guide.browser = {
    loadScript: loadScript, whenIdle: whenIdle, hash: hash, copy: copy, download: download, readText: readText,
    query: query, setQuery: setQuery, page: page, replace: replace, siteRoot: siteRoot, later: later, every: every,
    sticky: { measure: watchSticky }
  };
})();
