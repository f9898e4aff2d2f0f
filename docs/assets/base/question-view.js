// @ts-check
/*
 * One question view for the pages that build questions in the browser, the practice exam and Review (topic pages
 * get the same rows from guide/render/templates/question.html.j2): the option rows, "how sure are you?" and the options
 * explained after an answer. DOM only, built with llmGuide.dom.h (assets/base/dom.js, loaded first); each caller
 * names the data-* attributes that are its contract with its tests, so those do not change with the view.
 *
 *   questionView.options(q, o)      <ol> of option rows, each a whole .quiz-option label (one large target):
 *     o = { name, listClass, rowClass, inputAttr, optionAttr, letterAttr, order, chosen }; `order` lists bank option
 *     indexes in the order shown (the bank's own when left out), letters follow the order, each input's value and
 *     optionAttr stay the bank's index, `chosen` are bank indexes ticked at once
 *   questionView.confidence(o)      <fieldset> of radio buttons, one per storeCore.CONFIDENCE level:
 *     o = { name, idPrefix, inputAttr, legend, className, attr, checked }
 *   questionView.explained(q, o)    <ol> of every option with its explanation, the learner's and the right ones
 *     tagged: o = { selected, order, itemAttr, letterAttr }
 */
(function () {
  "use strict";

  var guide = (window.llmGuide = window.llmGuide || /** @type {LlmGuide} */ ({}));
  if (guide.questionView) return;

  function h() { return guide.dom.h.apply(null, arguments); }

  // An option's letter: the answer core's, the one rule for the lesson pages, the exam and Review.
  function letter(position) { return guide.answerCore.letter(position); }

  function naturalOrder(q) { return q.options.map(function (option, i) { return i; }); }

  function options(q, o) {
    var multi = q.select > 1;
    var chosen = o.chosen || [];
    var list = h("ol", { class: o.listClass || null });
    (o.order || naturalOrder(q)).forEach(function (i, position) {
      var input = { type: multi ? "checkbox" : "radio", name: o.name, value: String(i), checked: chosen.indexOf(i) !== -1 };
      input[o.inputAttr] = true;
      var row = h("label", { class: "quiz-option" + (o.rowClass ? " " + o.rowClass : "") }, [h("input", input)]);
      // Option texts are the bank's HTML (code, emphasis), rendered by the build.
      row.insertAdjacentHTML("beforeend", letter(position) + ". " + q.options[i].text);
      var item = {};
      item[o.optionAttr] = String(i);
      if (o.letterAttr) item[o.letterAttr] = letter(position);
      list.appendChild(h("li", item, [row]));
    });
    return list;
  }

  function confidence(o) {
    var attrs = { class: o.className || null };
    if (o.attr) attrs[o.attr] = true;
    var set = h("fieldset", attrs, [h("legend", { text: o.legend })]);
    guide.storeCore.CONFIDENCE.forEach(function (level) {
      var id = o.idPrefix + level;
      var input = { type: "radio", name: o.name, id: id, value: level, checked: o.checked === level };
      input[o.inputAttr] = level;
      set.appendChild(h("span", { class: "exam-q__conf-choice" }, [
        h("input", input),
        h("label", { for: id, text: level.charAt(0).toUpperCase() + level.slice(1) })
      ]));
    });
    return set;
  }

  function explained(q, o) {
    var selected = o.selected || [];
    var list = h("ol", { class: "exam-review__options" });
    (o.order || naturalOrder(q)).forEach(function (i, position) {
      var mine = selected.indexOf(i) !== -1;
      var right = q.key.indexOf(i) !== -1;
      var tags = [mine ? "Your answer" : "", right ? "Correct answer" : ""].filter(Boolean).join(" · ");
      var item = { class: "exam-review__option" + (right ? " is-key" : "") + (mine ? " is-mine" : "") };
      if (o.itemAttr) item[o.itemAttr] = String(i);
      if (o.letterAttr) item[o.letterAttr] = letter(position);
      list.appendChild(h("li", item, [
        h("p", { class: "exam-review__option-text", html: "<strong>" + letter(position) + ".</strong> " + q.options[i].text }),
        tags ? h("p", { class: "exam-review__tags", text: tags }) : null,
        h("div", { class: "exam-review__why", html: q.options[i].explanation })
      ]));
    });
    return list;
  }

  guide.questionView = { options: options, confidence: confidence, explained: explained };
})();
