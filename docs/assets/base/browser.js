// @ts-check
/*
 * The browser layer: the one place features reach browser APIs that are not the page's own elements. It grows by
 * need; features call these instead of touching the APIs themselves, so tests and file:// quirks have one home.
 *   llmGuide.browser.loadScript(url, done)  a classic script inserted once (no fetch: works from file://);
 *                                           done(true) when it ran, done(false) when it failed to load
 *   llmGuide.browser.whenIdle(fn)           fn when the browser has nothing better to do (work a learner is not
 *                                           waiting for: it must never delay a frame they are); fn(deadline),
 *                                           the idle period's own (timeRemaining()), or none where it is a timer
 *   llmGuide.browser.idleEach(items, fn, wanted)   fn(item) for each, in idle slices of a few ms (one item at
 *                                           least), for as long as wanted() says (checked before each slice)
 *   llmGuide.browser.hash()                 the address's fragment, decoded; null when its %-escapes are malformed
 *   llmGuide.browser.rawHash()              the fragment as written (to quote a malformed one back to the learner)
 *   llmGuide.browser.address()              this page's whole address; offline(): whether it is a file:// copy
 *   llmGuide.browser.copy(text)             Promise<boolean>: the text is on the clipboard (or copying was refused)
 *   llmGuide.browser.download(name, text, type)   save text as a file
 *   llmGuide.browser.readText(file, done)   done(text) or done(null) when the file could not be read
 *   llmGuide.browser.canShareFiles()        whether the system's share sheet takes files (Web Share, phones)
 *   llmGuide.browser.shareFile(name, text, type, title)   Promise: "shared", "cancelled" or "failed"
 *   llmGuide.browser.query() / setQuery(search)   the address's query; replace it in place (no new history entry,
 *                                           the fragment kept; refused quietly where file:// forbids it)
 *   llmGuide.browser.page() / replace(url)  this page's address without query and fragment; go to url in place of it
 *   llmGuide.browser.siteRoot()             the site's root address (Material's scope, online and offline)
 *   llmGuide.browser.later(ms, fn)          fn once, after ms; every(ms, fn) -> stop(): fn every ms until stopped
 *   llmGuide.browser.afterFrames(n, fn)     fn in the n-th animation frame from now (after the browser's own
 *                                           updates of the frames before it)
 *   llmGuide.browser.sticky.measure(done)   measure the header and every [data-sticky] bar, then whenever they
 *                                           resize: their height becomes the root's scroll-padding-top, which keeps
 *                                           links, search hits and keyboard focus below them; done() once it is set
 *                                           (in the next frame, from layout the browser did anyway)
 *   llmGuide.browser.app                    the installable app (guide/outputs/serviceworker.py):
 *     .status(done)                         done({pages, bytes, files, version}) when this page's worker holds the
 *                                           guide offline, done(null) when none does (yet, or from file://)
 *     .keep(done?)                          ask the browser to keep this site's storage (navigator.storage.persist),
 *                                           once a visit; done(true | false | null: not asked, no such API)
 *     .kept(done)                           done(true | false | null): whether it is kept
 *
 * The app's worker is registered here, once the page has loaded and the browser is idle, on http(s) only (file://
 * has no workers: the offline copy has no manifest, so nothing happens there). One small notice at the foot of the
 * screen ([data-app-notice], role=status) says once that the guide is ready offline and how much it keeps, and offers
 * a new version when one has been installed ([data-app-update]: one tap reloads into it). A page whose scripts the
 * active worker no longer serves (a newer version took over in another tab) reloads when hidden, or offers the
 * update: it never runs with scripts of two versions.
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || /** @type {LlmGuide} */ ({}));
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

  var IDLE_SLICE_MS = 4; // an input that arrives during idle work waits no longer than this

  function idleEach(items, fn, wanted) {
    // An idle period may last 50 ms, far longer than a tap should wait behind work nobody is waiting for.
    var next = 0;
    function clock() { return window.performance ? window.performance.now() : Date.now(); }
    function slice(deadline) {
      if (wanted && !wanted()) return;
      var began = clock();
      do {
        fn(items[next]);
        next += 1;
      } while (next < items.length && clock() - began < IDLE_SLICE_MS &&
        (!deadline || typeof deadline.timeRemaining !== "function" || deadline.timeRemaining() > 1));
      if (next < items.length) whenIdle(slice);
    }
    if (items.length) whenIdle(slice);
  }

  function hash() {
    try { return decodeURIComponent(location.hash.slice(1)); } catch (error) { return null; }
  }

  function rawHash() { return location.hash.slice(1); }

  function address() { return location.href; }

  function offline() { return location.protocol === "file:"; }

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
    if (focused instanceof HTMLElement) focused.focus({ preventScroll: true }); // the button keeps focus, not the body
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

  function fileOf(name, text, type) {
    return typeof File === "function" ? new File([text], name, { type: type }) : null;
  }

  function canShareFiles() {
    var probe = fileOf("probe.json", "{}", "application/json");
    try { return !!(probe && navigator.canShare && navigator.share && navigator.canShare({ files: [probe] })); } catch (error) {
      return false;
    }
  }

  /** @returns {Promise<"shared" | "cancelled" | "failed">} */
  function shareFile(name, text, type, title) {
    var file = fileOf(name, text, type);
    if (!file || !navigator.share) return Promise.resolve(/** @type {"failed"} */ ("failed"));
    return navigator.share({ files: [file], title: title }).then(function () { return /** @type {"shared"} */ ("shared"); },
      function (error) { return error && error.name === "AbortError" ? "cancelled" : "failed"; });
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
    // The padding itself, not an inherited custom property: changing one on the root restyles every element of the
    // page (a 60-question exam's start spent more time on that than on drawing the question).
    document.documentElement.style.scrollPaddingTop = Math.ceil(top + 8) + "px";
  }

  var observer = null;
  var waiting = []; // done() callbacks of measure(), until the next measurement

  function measured() {
    measureSticky();
    var callbacks = waiting;
    waiting = [];
    callbacks.forEach(function (fn) { fn(); });
  }

  function watchSticky(done) {
    // Bars come and go (the exam's clock bar appears when it starts): a feature that adds or removes one asks again.
    // The observer reports every element it is given once, after the next layout: measuring there, not now, reads
    // sizes the browser has just computed instead of forcing a layout of a page that is still being built.
    if (done) waiting.push(done);
    if (!observer && window.ResizeObserver) observer = new ResizeObserver(measured);
    var elements = document.querySelectorAll(".md-header, [data-sticky]");
    if (!observer || !elements.length) { measured(); return; }
    observer.disconnect();
    Array.prototype.forEach.call(elements, function (element) { observer.observe(element); });
    // An element with no size is not reported (a hidden bar, print): two frames on, the measurement happens anyway.
    afterFrames(2, function () { if (waiting.length) measured(); });
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

  function afterFrames(n, fn) {
    if (n <= 0) { fn(); return; }
    requestAnimationFrame(function () { afterFrames(n - 1, fn); });
  }

  /* ---------- the installable app ---------- */

  var appNotice = null;
  var updating = false; // the learner tapped "Update": the new worker's arrival reloads the page
  var keptAsked = null;

  function mb(bytes) { return (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0) + " MB"; }

  function notify(text, offerUpdate) {
    if (!appNotice) {
      appNotice = document.createElement("div");
      appNotice.className = "md-typeset guide-app-notice";
      appNotice.setAttribute("role", "status");
      appNotice.setAttribute("data-app-notice", "");
      appNotice.innerHTML = '<span data-app-notice-text></span> <button type="button" class="md-button md-button--primary" ' +
        'data-app-update hidden>Update</button> <button type="button" class="md-button" data-app-dismiss>OK</button>';
      document.body.appendChild(appNotice);
    }
    appNotice.querySelector("[data-app-notice-text]").textContent = text;
    /** @type {HTMLElement} */ (appNotice.querySelector("[data-app-update]")).hidden = !offerUpdate;
    appNotice.querySelector("[data-app-dismiss]").textContent = offerUpdate ? "Later" : "OK";
    appNotice.hidden = false;
  }

  function offerUpdate() {
    notify("A new version of the guide is ready.", true);
  }

  /** Ask the worker in charge whether it serves every script and style this page runs. */
  function current(done) {
    var worker = navigator.serviceWorker.controller;
    if (!worker || typeof MessageChannel !== "function") { done(true); return; }
    var urls = [];
    Array.prototype.forEach.call(document.querySelectorAll("script[src], link[rel=stylesheet][href], link[rel=preload][href]"),
      function (element) { urls.push(element.src || element.href); });
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) { done(!!(event.data && event.data.has)); };
    worker.postMessage({ type: "has", urls: urls }, [channel.port2]);
  }

  function status(done) {
    var sw = "serviceWorker" in navigator ? navigator.serviceWorker : null;
    if (!sw || !sw.controller || typeof MessageChannel !== "function") { done(null); return; }
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) { done(event.data && event.data.files ? event.data : null); };
    sw.controller.postMessage({ type: "status" }, [channel.port2]);
  }

  function keep(done) {
    var storage = navigator.storage;
    if (!storage || typeof storage.persist !== "function" || offline()) { if (done) done(null); return; }
    if (!keptAsked) keptAsked = storage.persist().catch(function () { return false; });
    keptAsked.then(function (granted) { if (done) done(!!granted); });
  }

  function kept(done) {
    var storage = navigator.storage;
    if (!storage || typeof storage.persisted !== "function") { done(null); return; }
    storage.persisted().then(function (yes) { done(!!yes); }, function () { done(null); });
  }

  function watchRegistration(registration) {
    var sw = navigator.serviceWorker;
    if (registration.waiting && sw.controller) offerUpdate();
    registration.addEventListener("updatefound", function () {
      var next = registration.installing;
      if (!next) return;
      next.addEventListener("statechange", function () {
        if (next.state === "installed" && sw.controller) offerUpdate();
      });
    });
  }

  function startApp() {
    var manifest = document.querySelector('link[rel="manifest"]');
    if (!manifest || !("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
    var sw = navigator.serviceWorker;
    var controlled = !!sw.controller;
    sw.addEventListener("message", function (event) {
      var data = event.data;
      if (data && data.type === "ready") {
        notify("The guide is ready offline: " + data.pages + " pages and their questions, " + mb(data.bytes) +
          " kept on this device.", false);
      }
    });
    if (typeof sw.startMessages === "function") sw.startMessages(); // messages sent before this page loaded
    sw.addEventListener("controllerchange", function () {
      if (updating) { location.reload(); return; }
      // The first worker taking this page over serves the build the page came from: nothing to do.
      if (!controlled) { controlled = true; return; }
      current(function (ok) {
        if (ok) return;
        if (document.hidden) location.reload();
        else offerUpdate();
      });
    });
    var href = /** @type {HTMLLinkElement} */ (manifest).href;
    whenIdle(function () {
      // Offline, registering again would only fail to fetch the worker (and say so in the console): the one in
      // charge stays, and the browser looks for a new one at the next navigation online.
      var registered = navigator.onLine === false ? sw.getRegistration() :
        sw.register(new URL("sw.js", href).href, { scope: new URL("./", href).href, updateViaCache: "none" });
      registered.then(function (registration) { if (registration) watchRegistration(registration); },
        function () { /* no worker (storage off, a private mode): the site works online as before */ });
    });
  }

  function update() {
    var sw = navigator.serviceWorker;
    updating = true;
    sw.getRegistration().then(function (registration) {
      if (registration && registration.waiting) registration.waiting.postMessage("activate");
      else location.reload(); // already active (another tab took it): the reload brings this page up to date
    });
  }

  if (guide.boot) {
    guide.boot.on("click", "[data-app-update]", function () { update(); });
    guide.boot.on("click", "[data-app-dismiss]", function () { if (appNotice) appNotice.hidden = true; });
  }
  if ("serviceWorker" in navigator) {
    if (document.readyState === "complete") startApp();
    else if (guide.boot) guide.boot.on("load", null, startApp); // the window's own load: images' do not bubble
  }

  guide.browser = {
    loadScript: loadScript, whenIdle: whenIdle, idleEach: idleEach, hash: hash, rawHash: rawHash, address: address,
    offline: offline, copy: copy, download: download, readText: readText, canShareFiles: canShareFiles,
    shareFile: shareFile,
    query: query, setQuery: setQuery, page: page, replace: replace, siteRoot: siteRoot, later: later, every: every,
    afterFrames: afterFrames,
    sticky: { measure: watchSticky },
    app: { status: status, keep: keep, kept: kept }
  };
})();
