// @ts-check
/*
 * The one start-up: every feature registers here and is mounted on its elements, on every page and again after each
 * of Material's instant navigations, and unmounted when its element leaves the document.
 *
 *   llmGuide.boot.component(name, selector, mount)
 *     mount(element) runs once for each element matching `selector` (a page-wide feature uses boot.PAGE, the page's
 *     content element, which instant navigation replaces; not "article": each question is one); it may return
 *     { unmount() }, called when the element is gone.
 *     A mount that throws is reported and the other features still mount.
 *   llmGuide.boot.refresh()   look again now (a feature that adds elements other features mount on)
 *   llmGuide.boot.mounted(name)   how many elements `name` is mounted on now (tests check each page-wide feature
 *                                 is mounted once, and again once after instant navigation)
 *   llmGuide.boot.on(type, selector, handler)
 *     the one delegated event layer: handler(event, element) for each `type` event (click, change, submit, input,
 *     focusin, hashchange, scroll, pagehide, visibilitychange...) whose target is inside an element matching
 *     `selector` (the closest one), or for every such event when `selector` is null. One listener per type, on the
 *     window, for the whole visit: it outlives instant navigation, so features register once, when their script
 *     runs, and elements that a view adds later need nothing. A handler that throws is reported; the others run.
 *
 * When to look: on each emission of Material's document$, and once the document is parsed, because Material completes
 * document$ without emitting under file://. Mounting is by element, so looking twice mounts nothing twice. Page
 * scripts (front matter `scripts:`) can run before this file: they register (components and events) through the
 * queues that the head script in overrides/main.html sets up, drained here.
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || /** @type {LlmGuide} */ ({}));
  if (guide.boot && guide.boot.ready) return;
  var queued = (guide.boot && guide.boot.queue) || [];
  var queuedEvents = (guide.boot && guide.boot.events) || [];
  var components = [];
  var started = false;

  function report(name, error, what) {
    if (window.console && console.error) console.error("llm-guide: " + name + " " + (what || "did not start") + ":", error);
  }

  function look(c) {
    c.instances = c.instances.filter(function (instance) {
      if (instance.element.isConnected) return true;
      if (instance.handle && typeof instance.handle.unmount === "function") {
        try { instance.handle.unmount(); } catch (error) { report(c.name, error, "did not stop"); }
      }
      return false;
    });
    Array.prototype.forEach.call(document.querySelectorAll(c.selector), function (element) {
      for (var i = 0; i < c.instances.length; i++) if (c.instances[i].element === element) return;
      var instance = { element: element, handle: null };
      c.instances.push(instance); // first, so a mount that looks again (refresh) does not mount itself twice
      try { instance.handle = c.mount(element) || null; } catch (error) { report(c.name, error); }
    });
  }

  function refresh() {
    if (!started) return;
    components.forEach(look);
  }

  /**
   * @param {string} name
   * @param {string} selector
   * @param {(element: HTMLElement) => ({ unmount(): void } | null | void)} mount
   */
  function component(name, selector, mount) {
    var c = { name: name, selector: selector, mount: mount, instances: [] };
    components.push(c);
    if (started) look(c);
  }

  /**
   * @param {string} name
   * @returns {number}
   */
  function mounted(name) {
    var count = 0;
    components.forEach(function (c) {
      if (c.name === name) c.instances.forEach(function (i) { if (i.element.isConnected) count += 1; });
    });
    return count;
  }

  var handlers = {}; // type -> [{ selector, handler }]
  var PASSIVE = { scroll: true, touchstart: true, touchmove: true, wheel: true };

  /** @param {Event} event */
  function dispatch(event) {
    var list = handlers[event.type] || [];
    // Elements only: a window or document target (pagehide, visibilitychange) reaches only handlers without a selector.
    var target = event.target instanceof Element ? event.target : null;
    for (var i = 0; i < list.length; i++) {
      var element = list[i].selector === null ? target : target && target.closest(list[i].selector);
      if (list[i].selector !== null && !element) continue;
      try { list[i].handler(event, element); } catch (error) { report("a " + event.type + " handler", error, "failed"); }
    }
  }

  /**
   * @param {string} type
   * @param {string | null} selector
   * @param {(event: any, element: HTMLElement | null) => void} handler
   */
  function on(type, selector, handler) {
    if (!handlers[type]) {
      handlers[type] = [];
      window.addEventListener(type, dispatch, PASSIVE[type] ? { passive: true } : false);
    }
    handlers[type].push({ selector: selector || null, handler: handler });
  }

  guide.boot = {
    ready: true, PAGE: "article.md-content__inner", component: component, refresh: refresh, mounted: mounted, on: on
  };
  queued.forEach(function (args) { component(args[0], args[1], args[2]); });
  queuedEvents.forEach(function (args) { on(args[0], args[1], args[2]); });

  function start() {
    started = true;
    refresh();
  }
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function () { if (document.readyState !== "loading") start(); });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
