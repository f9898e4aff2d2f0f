/*
 * Small DOM helpers shared by the pages that build their interface in the browser (practice exam, review,
 * instructors), loaded by those pages only (`scripts:` in their front matter), before their own script.
 *   llmGuide.dom.h(tag, attrs, children)  an element; attrs.text sets its text, attrs.html build-time HTML only
 *   llmGuide.dom.sources(refs, className) a question's references as "Sources: a; b", links set as data, not HTML
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || {});
  if (guide.dom) return;

  function h(tag, attrs, children) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === false || value === null || value === undefined) return;
      if (name === "text") el.textContent = value;
      else if (name === "html") el.innerHTML = value; // only build-time HTML from the renderer, already escaped
      else el.setAttribute(name, value === true ? "" : value);
    });
    (children || []).forEach(function (child) {
      if (child) el.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return el;
  }

  function sources(refs, className) {
    var line = h("p", { class: className }, ["Sources: "]);
    refs.forEach(function (ref, i) {
      if (i) line.appendChild(document.createTextNode("; "));
      var a = h("a", { rel: "noopener", text: ref.title });
      a.href = ref.url;
      line.appendChild(a);
    });
    return line;
  }

  guide.dom = { h: h, sources: sources };
})();
