// @ts-check
/*
 * The home page's progress table and "continue" link, and the "Your progress" page: export to a JSON file (answers
 * with their Review schedules, practice exam results, the last exam's full result, an unfinished exam, the exam date),
 * import one (merged by question, newer attempt wins; exam results added; the newer last result kept; the file's
 * unfinished exam only when none is in progress here; this browser's exam date kept: progress-file.js says how), and
 * reset everything the learner recorded, the exam date
 * aside (asks first, says what goes and what stays, undo until the page is left).
 * Loaded by the home and progress pages only (their front matter `scripts:`), after progress-file.js, review-core.js
 * and the topics' question ids (assets/generated/topic-ids.js).
 *
 * Contract: [data-progress-table] [data-progress-continue] [data-progress-controls] [data-progress-export]
 * [data-progress-import] [data-progress-message] [data-progress-reset-all] [data-progress-confirm].
 */
(function () {
  "use strict";

  var guide = window.llmGuide || {};
  if (guide.progressPage || !guide.store || !guide.progressCore || !guide.progressFile) return;
  var store = guide.store;
  var core = guide.progressCore;
  var io = guide.progressFile;
  var undo = null; // { records, docs } as they were before "Reset all progress", until the page is left
  var DOCS = guide.storeCore.DOCS; // the practice exam's documents and Review's settings
  var HISTORY = DOCS.examHistory;
  var LAST = DOCS.examLast;
  var CURRENT = DOCS.examCurrent;
  var SETTINGS = DOCS.reviewSettings;
  // What "Reset all progress" clears besides the answers: past results, the last result, an unfinished exam.
  var EXAM_DOCS = [HISTORY, LAST, CURRENT];

  function topics() {
    // Each topic's question ids in study order: topic-ids.js lists them lesson by lesson.
    var ids = guide.topicQuestions || {};
    return (guide.topics || []).map(function (t) {
      var groups = ids[t.id] || [];
      return { id: t.id, title: t.title, url: t.url, questions: [].concat.apply([], groups) };
    });
  }

  function tagTopics() {
    // Answers recorded before attempts carried their topic get it now, so every page's markers count them.
    topics().forEach(function (t) {
      t.questions.forEach(function (id) {
        var tagged = core.withTopic(store.question(id), t.id);
        if (tagged) store.saveQuestion(id, tagged);
      });
    });
  }

  function allIds() {
    var ids = [];
    topics().forEach(function (t) { ids = ids.concat(t.questions); });
    return ids;
  }

  function topicHref(topic, id) {
    var url = new URL(topic.url, guide.browser.siteRoot());
    if (id) url.hash = "q-" + id;
    return url.href;
  }

  function cell(row, tag, text) {
    var c = document.createElement(tag);
    c.textContent = text;
    row.appendChild(c);
    return c;
  }

  // The home page's summary fits a phone's screen: the topics started, at most this many, and the totals; every topic
  // is on Your progress.
  var HOME_ROWS = 5;

  function renderTable(box) {
    var home = !box.closest("[data-progress-page]");
    var table = document.createElement("table");
    table.className = "guide-progress__table";
    var caption = document.createElement("caption");
    caption.textContent = home ? "Your answers in this browser, in the topics you started" : "Your answers in this browser, by topic";
    table.appendChild(caption);
    var head = document.createElement("tr");
    // Short headings, so the table fits a 360 px screen.
    ["Topic", "Answered", "Right first time", "Questions"].forEach(function (t) {
      cell(head, "th", t).setAttribute("scope", "col");
    });
    var thead = document.createElement("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    var body = document.createElement("tbody");
    var totals = { answered: 0, firstRight: 0, total: 0 };
    var left = 0;
    topics().forEach(function (topic) {
      var s = core.summarize(topic.questions, store.question);
      totals.answered += s.answered; totals.firstRight += s.firstRight; totals.total += s.total;
      if (home && (!s.answered || body.rows.length >= HOME_ROWS)) {
        if (s.answered) left += 1;
        return;
      }
      var row = document.createElement("tr");
      row.setAttribute("data-progress-topic", topic.id);
      var name = document.createElement("th");
      name.setAttribute("scope", "row");
      var link = document.createElement("a");
      link.href = topicHref(topic);
      link.textContent = topic.title;
      name.appendChild(link);
      row.appendChild(name);
      cell(row, "td", String(s.answered));
      cell(row, "td", String(s.firstRight));
      cell(row, "td", String(s.total));
      body.appendChild(row);
    });
    var sum = document.createElement("tr");
    cell(sum, "th", "All topics").setAttribute("scope", "row");
    cell(sum, "td", String(totals.answered));
    cell(sum, "td", String(totals.firstRight));
    cell(sum, "td", String(totals.total));
    body.appendChild(sum);
    table.appendChild(body);
    box.textContent = "";
    // Material's wrapper for wide tables: on a narrow phone the table scrolls, not the page.
    var wrap = document.createElement("div");
    wrap.className = "md-typeset__scrollwrap";
    var inner = document.createElement("div");
    inner.className = "md-typeset__table";
    inner.appendChild(table);
    wrap.appendChild(inner);
    box.appendChild(wrap);
    if (home && left) {
      var more = document.createElement("p");
      more.textContent = "And " + left + " more topic" + (left === 1 ? "" : "s") + " started: see them all on Your progress.";
      box.appendChild(more);
    }
  }

  function renderContinue(box) {
    var next = io.latest(topics(), store.question);
    box.hidden = !next;
    box.textContent = "";
    if (!next) return;
    box.appendChild(document.createTextNode(next.done ? "Every question of your latest topic is answered: " : "Continue where you left off: "));
    var link = document.createElement("a");
    var place = whereIs(next.topic, next.id);
    link.href = place.href;
    link.textContent = next.topic.title + (place.lesson ? ": " + place.lesson + (place.started ? ", question " + place.number : "")
      : ", question " + next.number);
    box.appendChild(link);
  }

  function whereIs(topic, id) {
    // The lesson page that holds question `id`, and its number there (topic-ids.js lists each topic's ids lesson by
    // lesson, in the order of topics.js's lessons).
    var meta = (guide.topics || []).filter(function (t) { return t.id === topic.id; })[0];
    var groups = (guide.topicQuestions || {})[topic.id] || [];
    for (var i = 0; i < groups.length; i++) {
      var at = groups[i].indexOf(id);
      var lesson = meta && meta.lessons && meta.lessons[i];
      if (at !== -1 && lesson) {
        // A lesson not started yet opens at its notes, where it starts; a started one at the question to go on with.
        var started = groups[i].some(function (q) { return !!store.question(q).first; });
        return { href: topicHref({ url: lesson.url }, started ? id : ""), lesson: lesson.title, number: at + 1,
          started: started };
      }
    }
    return { href: topicHref(topic, id), lesson: "", number: 0, started: true };
  }

  function renderStart(box) {
    // The home page's first screen: where to begin (or go on), the practice exam, and Review once there is history.
    var begin = box.querySelector("[data-start-lesson]");
    var next = io.latest(topics(), store.question);
    if (begin && next && !next.done) {
      var place = whereIs(next.topic, next.id);
      begin.href = place.href;
      // It says where it lands: a new lesson's notes, or the question to go on with (the lesson's score bar has a
      // Notes link back to the start).
      begin.textContent = "Continue: " + (place.lesson || next.topic.title) +
        (place.started && place.number ? ", question " + place.number : "");
    }
    // An unfinished practice exam comes back from the first screen, as far as it got and with the time it has left.
    var practice = box.querySelector("[data-start-exam]");
    var resume = practice ? io.resumeText(store.get(guide.storeCore.DOCS.examCurrent)) : null;
    if (practice && resume) {
      practice.textContent = resume;
      practice.setAttribute("data-start-exam", "resume");
      practice.classList.add("md-button--primary");
    }
    var review = box.querySelector("[data-start-review]");
    var rc = guide.reviewCore;
    if (!review || !rc) return;
    var ids = allIds();
    /** @type {{ [id: string]: QuestionRecord }} */
    var records = {};
    ids.forEach(function (id) { records[id] = store.question(id); });
    var settings = store.get(SETTINGS) || {};
    var exam = rc.parseExamDate(settings.examDate || "");
    var q = rc.queue(ids, records, exam, Date.now());
    var any = q.due.length + q.later.length;
    review.hidden = !any;
    review.textContent = q.due.length ? "Review: " + q.due.length + " due" : "Review: nothing due today";
    review.setAttribute("data-due", String(q.due.length));
  }

  function render() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-guide-start]"), renderStart);
    Array.prototype.forEach.call(document.querySelectorAll("[data-progress-table]"), renderTable);
    Array.prototype.forEach.call(document.querySelectorAll("[data-progress-continue]"), renderContinue);
    Array.prototype.forEach.call(document.querySelectorAll("[data-progress-controls]"), function (c) { c.hidden = false; });
  }

  function message(text) {
    var box = document.querySelector("[data-progress-message]");
    if (box) box.textContent = text;
  }

  function snapshot() {
    /** @type {{ [id: string]: QuestionRecord }} */
    var records = {};
    store.questionIds().forEach(function (id) { records[id] = store.question(id); });
    return records;
  }

  function exportFile() {
    var settings = store.get(SETTINGS) || {};
    var doc = io.exportDocument(snapshot(), Date.now(), {
      history: store.get(HISTORY), last: store.get(LAST), current: store.get(CURRENT), examDate: settings.examDate
    });
    var name = "llm-guide-progress-" + doc.exported.slice(0, 10) + ".json";
    guide.browser.download(name, JSON.stringify(doc, null, 1), "application/json");
    var answered = Object.keys(doc.questions).length;
    var results = doc.exam.history.length;
    message("Exported " + answered + " answered question" + (answered === 1 ? "" : "s") + " and " + results +
      " practice exam result" + (results === 1 ? "" : "s") + (doc.review.examDate ? ", with your exam date," : "") +
      " to " + name + "." + examParts(doc.exam));
  }

  function examParts(exam) {
    var parts = [];
    if (exam.last) parts.push("your last exam's full result");
    if (exam.current) {
      parts.push("your unfinished exam (at question " + (exam.current.current + 1) + " of " + exam.current.ids.length + ")");
    }
    return parts.length ? " It also holds " + parts.join(" and ") + "." : "";
  }

  function importFile(input) {
    var file = input.files && input.files[0];
    if (!file) return;
    guide.browser.readText(file, function (text) {
      input.value = "";
      if (text === null) { message("That file could not be read. Nothing was changed."); return; }
      var result = io.parseImport(text, allIds());
      if (!result.ok) { message(result.error + " Nothing was changed."); return; }
      var ids = Object.keys(result.records);
      ids.forEach(function (id) { store.saveQuestion(id, io.merge(store.question(id), result.records[id])); });
      tagTopics(); // a file from before attempts carried their topic
      // Exam results are added to this browser's, never replace them; its exam date, when it has one, stays.
      var merged = io.mergeHistory(store.get(HISTORY), result.history);
      if (merged.added) store.set(HISTORY, merged.history);
      var settings = store.get(SETTINGS);
      var here = settings && typeof settings.examDate === "string" && settings.examDate ? settings.examDate : null;
      if (result.examDate && !here) store.set(SETTINGS, { examDate: result.examDate });
      // The last result when it is newer; the unfinished exam when none is in progress here.
      var exam = io.mergeExam({ last: store.get(LAST), current: store.get(CURRENT) }, result);
      if (exam.last) store.set(LAST, exam.last);
      if (exam.current) store.set(CURRENT, exam.current);
      var said = "Imported " + ids.length + " question" + (ids.length === 1 ? "" : "s") +
        (merged.added ? " and " + merged.added + " practice exam result" + (merged.added === 1 ? "" : "s") : "") + ".";
      if (result.skipped.length) {
        said += " Skipped " + result.skipped.length + " this guide does not have: " + result.skipped.join(", ") + ".";
      }
      if (result.damaged.length) {
        said += " Left out " + result.damaged.length + " damaged practice exam result" +
          (result.damaged.length === 1 ? "" : "s") + " (number " + result.damaged.join(", ") + " in the file).";
      }
      if (result.examDate && !here) said += " Your exam date is now " + result.examDate + ".";
      else if (result.examDate && here !== result.examDate) {
        said += " This browser's exam date (" + here + ") was kept; the file's was " + result.examDate + ".";
      }
      if (exam.notes.length) said += " " + exam.notes.join(" ");
      message(said);
      render();
    });
  }

  function confirmBox() {
    return document.querySelector("[data-progress-confirm]");
  }

  function askReset() {
    var box = confirmBox();
    if (!box) return;
    guide.confirm.ask(box, {
      text: "Clear all progress in this browser: every answer in every topic (first attempts included) with its " +
        "Review schedule, your practice exam results and any unfinished exam? Your exam date for Review is kept.",
      yes: "Clear all progress", yesAttr: "data-progress-reset-yes", onYes: resetAll,
      no: "Keep it", noAttr: "data-progress-reset-no", onNo: closeBox
    });
  }

  function resetAll() {
    var docs = {};
    EXAM_DOCS.forEach(function (name) { docs[name] = store.get(name); });
    undo = { records: snapshot(), docs: docs };
    Object.keys(undo.records).forEach(function (id) { store.saveQuestion(id, null); });
    EXAM_DOCS.forEach(function (name) { if (docs[name] !== null) store.set(name, null); });
    message("All progress cleared. Undo is available until you leave this page.");
    render();
    guide.confirm.done(confirmBox(), {
      text: "All progress cleared: answers, Review schedules and practice exam results. Your exam date was kept.",
      undoAttr: "data-progress-undo", onUndo: undoReset
    });
  }

  function undoReset() {
    var saved = undo || { records: {}, docs: {} };
    undo = null;
    Object.keys(saved.records).forEach(function (id) { store.saveQuestion(id, saved.records[id]); });
    Object.keys(saved.docs).forEach(function (name) {
      if (saved.docs[name] !== null) store.set(name, saved.docs[name]);
    });
    message("All progress restored.");
    render();
    closeBox();
  }

  function closeBox() {
    guide.confirm.close(confirmBox());
    var button = /** @type {HTMLElement} */ (document.querySelector("[data-progress-reset-all]"));
    if (button) button.focus();
  }

  function onClick(event) {
    var t = event.target;
    if (t.closest("[data-progress-export]")) exportFile();
    else if (t.closest("[data-progress-reset-all]")) askReset();
  }

  function onChange(event) {
    if (event.target && event.target.matches && event.target.matches("[data-progress-import]")) importFile(event.target);
  }

  function mount() {
    undo = null; // a new page: the undo offer ends when the page is left
    tagTopics();
    render();
  }

  guide.progressPage = { mount: mount };
  guide.boot.on("click", "[data-progress-page], [data-progress-home]", onClick);
  guide.boot.on("change", "[data-progress-import]", onChange);
  // The home page's table and the progress page (base/boot.js), on each visit to either.
  guide.boot.component("progress-page", "[data-progress-home], [data-progress-page]", mount);
})();
