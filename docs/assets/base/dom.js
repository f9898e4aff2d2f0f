// @ts-check
/*
 * Small DOM helpers shared by the pages that build their interface in the browser (practice exam, review,
 * instructors), loaded by those pages only (`scripts:` in their front matter), before their own script.
 *   llmGuide.dom.h(tag, attrs, children)  an element; attrs.text sets its text, attrs.html build-time HTML only
 *   llmGuide.dom.sources(refs, className) a question's references as "Sources: a; b", links set as data, not HTML
 *   llmGuide.dom.tableWrap(table)         the table in Material's own wrappers for Markdown tables
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || /** @type {LlmGuide} */ ({}));
  if (guide.dom) return;

  /**
   * @param {string} tag
   * @param {{ [name: string]: any }} [attrs]
   * @param {(Node | string | null | undefined | false)[]} [children]
   * @returns {HTMLElement}
   */
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
      var a = /** @type {HTMLAnchorElement} */ (h("a", { rel: "noopener", text: ref.title }));
      a.href = ref.url;
      line.appendChild(a);
    });
    return line;
  }

  /**
   * @param {HTMLElement} table
   * @returns {HTMLElement}
   */
  function tableWrap(table) {
    // Material's own wrapper for Markdown tables: a narrow screen scrolls the table, not the page.
    return h("div", { class: "md-typeset__scrollwrap" }, [h("div", { class: "md-typeset__table" }, [table])]);
  }

  guide.dom = { h: h, sources: sources, tableWrap: tableWrap };
})();
