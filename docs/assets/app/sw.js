// @ts-check
/*
 * The guide's service worker: the whole guide kept on the device after one visit, and updates that never mix versions.
 *
 * The post-build step (guide/outputs/serviceworker.py) moves this file to the site's root (a worker controls only the
 * pages under its own folder) and puts the build's list in front of it:
 *   self.GUIDE_OFFLINE = { version, bytes, pages, files: [[path, digest, bytes], ...] }
 * every page, script, style, question script, figure, icon and the search index, each with the first hex digits of
 * the SHA-256 of its bytes: the same digests as the pages' `?v=` addresses. A changed file changes this file, which
 * is how the browser learns of a deploy.
 *
 * - Install fetches what the cache does not hold yet, checks each body against its digest and stores it under a key
 *   that names the digest (`<path>?offline=<digest>`). A body that differs (a deploy landed while installing) fails the
 *   install: the browser tries again with the newer worker, and nothing half-new is ever kept.
 * - A worker answers only with its own keys, so pages and their scripts come from one build. While a new worker
 *   waits, the old one keeps answering with the old keys, which stay in the cache until the new one activates.
 * - A `?v=<digest>` address this worker does not list goes to the network and is handed over only when its body has
 *   that digest: an old page never gets a newer script under an old address (it fails to load instead, and the page
 *   reloads, assets/base/browser.js).
 * - A new worker activates when a page asks ("activate": the learner tapped the notice), or on a reload when this is
 *   the only page open: that reload is answered from the network, a page of the new build.
 * Messages: "activate"; {type: "has", urls} (does this worker serve every one of these addresses? answered on the
 * port); {type: "status"} (answered with {ready, version, bytes, pages, files}). It tells pages {type: "ready", ...}
 * when it first holds the guide.
 */
(function (sw) {
  "use strict";

  var offline = sw.GUIDE_OFFLINE || { version: "", bytes: 0, pages: 0, files: [] };
  var CACHE = "llm-guide-offline";
  var CONCURRENCY = 6;
  var scope = sw.registration.scope;
  var keys = {}; // address under the scope, as pages ask for it (with its `?v=`) -> cache key
  var plain = {}; // the same file's address without its version (a script that names it so gets this build's)
  var pages = {}; // addresses of pages, which a query does not change (practice/?ids=...)
  offline.files.forEach(function (file) {
    var bare = file[0].split("?")[0];
    keys[file[0]] = key(bare, file[1]);
    if (bare !== file[0]) plain[bare] = keys[file[0]];
    if (/(^|\/|\.html)$/.test(file[0])) pages[file[0]] = true;
  });
  var wanted = {};
  Object.keys(keys).forEach(function (path) { wanted[keys[path]] = true; });
  var first = false; // no guide kept before this worker: it takes the open pages at once and says it is ready

  function key(path, digest) { return scope + path + "?offline=" + digest; }

  /** @param {string} url @returns {string | null} */
  function pathOf(url) {
    var bare = url.split("#")[0];
    if (bare.indexOf(scope) !== 0) return null;
    var path = bare.slice(scope.length);
    var query = path.indexOf("?");
    var file = query < 0 ? path : path.slice(0, query);
    if (/(^|\/)index\.html$/.test(file)) path = file.slice(0, -"index.html".length) + (query < 0 ? "" : path.slice(query));
    return path;
  }

  /** @param {string} path @returns {string | null} */
  function keyFor(path) {
    if (keys[path]) return keys[path];
    if (plain[path]) return plain[path];
    var file = path.split("?")[0];
    return pages[file] ? keys[file] : null;
  }

  /** @param {ArrayBuffer} body @returns {Promise<string>} */
  function digestOf(body) {
    return crypto.subtle.digest("SHA-256", body).then(function (hash) {
      return Array.prototype.map.call(new Uint8Array(hash), function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
    });
  }

  /** A response for `url` whose body has `digest`, or a rejection. @returns {Promise<Response>} */
  function fetchChecked(url, digest) {
    return fetch(url, { cache: "no-cache", credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error(url + ": " + response.status);
      return response.arrayBuffer().then(function (body) {
        return digestOf(body).then(function (hex) {
          if (hex.slice(0, digest.length) !== digest) throw new Error(url + ": not the version this build lists");
          var headers = new Headers();
          var type = response.headers.get("Content-Type");
          if (type) headers.set("Content-Type", type);
          return new Response(body, { status: 200, headers: headers });
        });
      });
    });
  }

  function install() {
    first = !sw.registration.active;
    return caches.open(CACHE).then(function (cache) {
      return cache.keys().then(function (requests) {
        var held = {};
        requests.forEach(function (request) { held[request.url] = true; });
        var missing = offline.files.filter(function (file) { return !held[keys[file[0]]]; });
        var next = 0;
        function worker() {
          if (next >= missing.length) return Promise.resolve();
          var file = missing[next++];
          return fetchChecked(scope + file[0], file[1]).then(function (response) {
            return cache.put(keys[file[0]], response);
          }).then(worker);
        }
        var workers = [];
        for (var i = 0; i < CONCURRENCY; i++) workers.push(worker());
        return Promise.all(workers);
      });
    });
  }

  function tellPages(message) {
    return sw.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (list) {
      list.forEach(function (client) { client.postMessage(message); });
    });
  }

  function status() {
    return { type: "ready", version: offline.version, bytes: offline.bytes, pages: offline.pages, files: offline.files.length };
  }

  function activate() {
    return caches.open(CACHE).then(function (cache) {
      return cache.keys().then(function (requests) {
        return Promise.all(requests.filter(function (request) { return !wanted[request.url]; }).map(function (request) {
          return cache.delete(request);
        }));
      });
    }).then(function () {
      if (!first) return undefined;
      return sw.clients.claim().then(function () { return tellPages(status()); });
    });
  }

  /** @param {string} cacheKey @param {Request} request */
  function fromCache(cacheKey, request) {
    return caches.open(CACHE).then(function (cache) { return cache.match(cacheKey); }).then(function (response) {
      return response || fetch(request);
    });
  }

  /** A reload with a new worker waiting and no other page open: the new build, from the network. */
  function reloadIntoUpdate(request, cacheKey) {
    function old() { return cacheKey ? fromCache(cacheKey, request) : fetch(request); }
    return sw.clients.matchAll({ type: "window" }).then(function (list) {
      if (list.length > 1) return old();
      return fetch(request, { cache: "no-cache" }).then(function (response) {
        if (!response.ok) return old();
        if (sw.registration.waiting) sw.registration.waiting.postMessage("activate");
        return response;
      }, old);
    });
  }

  sw.addEventListener("install", function (event) { event.waitUntil(install()); });
  sw.addEventListener("activate", function (event) { event.waitUntil(activate()); });

  sw.addEventListener("fetch", function (event) {
    var request = event.request;
    if (request.method !== "GET") return;
    var path = pathOf(request.url);
    if (path === null) return;
    var cacheKey = keyFor(path);
    if (request.mode === "navigate" && sw.registration.waiting) {
      event.respondWith(reloadIntoUpdate(request, cacheKey));
    } else if (cacheKey) {
      event.respondWith(fromCache(cacheKey, request));
    } else if (/[?&]v=[0-9a-f]+/.test(path)) {
      event.respondWith(fetchChecked(request.url, /[?&]v=([0-9a-f]+)/.exec(path)[1]).catch(function () {
        return new Response("", { status: 409, statusText: "Another version" });
      }));
    } else if (request.mode === "navigate" && keys["404.html"]) {
      event.respondWith(fetch(request).catch(function () { return fromCache(keys["404.html"], request); }));
    }
  });

  sw.addEventListener("message", function (event) {
    var data = event.data;
    if (data === "activate") {
      sw.skipWaiting();
    } else if (data && data.type === "has" && event.ports[0]) {
      var urls = Array.isArray(data.urls) ? data.urls : [];
      event.ports[0].postMessage({
        has: urls.every(function (url) { var path = pathOf(String(url)); return path !== null && !!keyFor(path); })
      });
    } else if (data && data.type === "status" && event.ports[0]) {
      event.ports[0].postMessage(status());
    }
  });
})(/** @type {any} */ (self));
