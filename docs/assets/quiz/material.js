// @ts-check
/*
 * The one adapter to Material for MkDocs' own markup (mkdocs-material 9.8.1, pinned in requirements.txt): the guide's
 * scripts read Material's footer and write its table of contents only through here, so a theme upgrade that renames
 * a class breaks this file alone, and the test named beside each function says so at once.
 *
 *   llmGuide.material.nextPage()           { href, title } of the footer's "next" link (the page after this one in
 *                                          the navigation), or null on the last page
 *                                          (tests/test_lessons.py::test_the_last_question_offers_the_next_lesson)
 *   llmGuide.material.markTocEntry(hash)   the table of contents' entry for #hash becomes the active one, as
 *                                          Material's scroll-spy marks it (md-nav__link--active); false when there is
 *                                          no such entry
 *                                          (tests/test_lessons.py::test_the_table_of_contents_marks_the_question_under_the_sticky_bars)
 *   on every page: Material's navigation toggles are named by their section (see nameToggle), its content buttons'
 *                                          icons hidden from the accessibility tree, and its code blocks' copy-button
 *                                          bars no navigation landmarks (see plainCodeBars)
 *                                          (tests/test_accessibility.py::test_materials_navigation_toggles_are_named)
 * Site-wide (mkdocs.yml), before quiz.js.
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || /** @type {LlmGuide} */ ({}));

  function nextPage() {
    var next = /** @type {HTMLAnchorElement | null} */ (document.querySelector(".md-footer__link--next"));
    if (!next) return null;
    var title = next.querySelector(".md-footer__title .md-ellipsis") || next.querySelector(".md-footer__title");
    return { href: next.href, title: title ? title.textContent.trim() : "" };
  }

  /** @param {string} hash */
  function markTocEntry(hash) {
    var toc = document.querySelector(".md-sidebar--secondary");
    if (!toc) return false;
    // Material rewrites the entries' addresses to absolute ones: compare their fragments.
    var link = /** @type {HTMLAnchorElement[]} */ (Array.prototype.slice.call(toc.querySelectorAll("a.md-nav__link")))
      .filter(function (a) { return a.hash === hash; })[0];
    if (!link) return false;
    if (link.classList.contains("md-nav__link--active")) return true;
    Array.prototype.forEach.call(toc.querySelectorAll(".md-nav__link--active"), function (other) {
      other.classList.remove("md-nav__link--active");
    });
    link.classList.add("md-nav__link--active");
    return true;
  }

  function section(label) {
    // The section a navigation toggle opens: its title, as the navigation shows it (without the progress marks).
    var item = label.closest(".md-nav__item--nested");
    var title = item && item.querySelector(".md-nav__container .md-ellipsis, .md-nav__link .md-ellipsis");
    return title ? title.textContent.trim() : "";
  }

  function nameToggle(label) {
    // With navigation.indexes a section's toggle is a <label tabindex="0"> holding only an icon: a keyboard stop with
    // no name (Material issue #4804), which also names the section's <nav> (aria-labelledby). It gets its section's
    // name as text, read by screen readers and not shown (site.css's visually-hidden rule): a <label> may take no role
    // and no aria-label (ARIA in HTML; axe and IBM's checker both hold to it), so Material's markup and handling stay
    // otherwise as they are.
    if (label.textContent.trim()) return;
    var name = document.createElement("span");
    name.className = "guide-toggle-name";
    name.textContent = section(label);
    label.appendChild(name);
  }

  function nameToggles() {
    Array.prototype.forEach.call(document.querySelectorAll("label.md-nav__link[for][tabindex='0']"), nameToggle);
    // The content's own buttons (edit, view source) are links named by their title; the icon inside says nothing
    // more, and an <svg> left in the accessibility tree without a name is reported (IBM's checker).
    Array.prototype.forEach.call(document.querySelectorAll(".md-content__button[title] > svg"), function (icon) {
      icon.setAttribute("aria-hidden", "true");
    });
  }

  function plainCodeBars() {
    // content.code.copy puts each code block's copy button in a <nav class="md-code__nav">: one unnamed navigation
    // landmark per block, so a page with two questions with code lists landmarks a screen reader cannot tell apart
    // (axe: landmark-unique). A bar of one button is not navigation.
    Array.prototype.forEach.call(document.querySelectorAll("nav.md-code__nav:not([role])"), function (bar) {
      bar.setAttribute("role", "none");
    });
  }

  guide.material = { nextPage: nextPage, markTocEntry: markTocEntry };
  // Every page's navigation, after instant navigation too; Material adds the code bars as it mounts the page, so they
  // are looked at again on the next frame.
  guide.boot.component("material-navigation", guide.boot.PAGE, function () {
    nameToggles();
    plainCodeBars();
    window.requestAnimationFrame(plainCodeBars);
  });
})();
