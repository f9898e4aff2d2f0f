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
 * On a phone, "Send my progress" ([data-progress-share], shown where the system's share sheet takes files) sends the
 * same file through it: to a chat, a mail or a drive, for the other device to import. [data-app-status] says whether
 * the guide is kept offline here and whether the browser agreed to keep the answers (assets/base/browser.js).
 *
 * Contract: [data-progress-table] [data-progress-continue] [data-progress-controls] [data-progress-export]
 * [data-progress-share] [data-progress-import] [data-progress-message] [data-progress-reset-all]
 * [data-progress-confirm] [data-app-status].
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
    var records = Object.create(null); // by question id, which may be any slug ("constructor")
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
    renderFootprint();
  }

  function message(text) {
    var box = document.querySelector("[data-progress-message]");
    if (box) box.textContent = text;
  }

  /** @param {string[]} ids */
  function snapshot(ids) {
    /** @type {{ [id: string]: QuestionRecord }} */
    var records = Object.create(null);
    ids.forEach(function (id) { records[id] = store.question(id); });
    return records;
  }

  function renderFootprint() {
    // What the guide keeps in this browser, measured from storage itself, so a learner can see it stays small.
    var box = /** @type {HTMLElement | null} */ (document.querySelector("[data-progress-footprint]"));
    if (!box) return;
    var history = store.get(HISTORY);
    var fp = store.footprint();
    box.textContent = io.footprintText(fp, Array.isArray(history) ? history.length : 0);
    box.setAttribute("data-bytes", String(fp.total));
    box.hidden = false;
  }

  /** The progress file, as Export saves it and Send shares it. */
  function progressFile() {
    // Everything that can be read goes into the file, also when storage is full or half broken; what cannot be read
    // is named, so a learner never trusts a backup that is quietly missing part of their work.
    var inv = store.inventory(allIds());
    var settings = store.get(SETTINGS) || {};
    var doc = io.exportDocument(snapshot(inv.ids), Date.now(), {
      history: store.get(HISTORY), last: store.get(LAST), current: store.get(CURRENT), examDate: settings.examDate
    });
    return { inv: inv, doc: doc, name: "llm-guide-progress-" + doc.exported.slice(0, 10) + ".json" };
  }

  function exportFile() {
    var file = progressFile();
    var inv = file.inv, doc = file.doc, name = file.name;
    guide.browser.download(name, JSON.stringify(doc, null, 1), "application/json");
    var answered = Object.keys(doc.questions).length;
    var results = doc.exam.history.length;
    message("Exported " + answered + " answered question" + (answered === 1 ? "" : "s") + " and " + results +
      " practice exam result" + (results === 1 ? "" : "s") + (doc.review.examDate ? ", with your exam date," : "") +
      " to " + name + "." + examParts(doc.exam) + io.unreadText(inv, "not in the file"));
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
      // The summary says what was stored, from what each write returned: with the storage nearly full, a part that
      // did not fit is named, not promised (it lasts for this visit only, as the storage notice says).
      var unsaved = [];
      ids.forEach(function (id) {
        if (!store.saveQuestion(id, io.merge(store.question(id), result.records[id]))) unsaved.push(id);
      });
      tagTopics(); // a file from before attempts carried their topic
      // Exam results are added to this browser's, never replace them; its exam date, when it has one, stays.
      var merged = io.mergeHistory(store.get(HISTORY), result.history);
      var kept = { history: true, date: true, last: true, current: true };
      if (merged.added || merged.dropped) kept.history = store.set(HISTORY, merged.history);
      var settings = store.get(SETTINGS);
      var here = settings && typeof settings.examDate === "string" && settings.examDate ? settings.examDate : null;
      if (result.examDate && !here) kept.date = store.set(SETTINGS, guide.storeCore.reviewSettings(result.examDate));
      // The last result when it is newer; the unfinished exam when none is in progress here.
      var exam = io.mergeExam({ last: store.get(LAST), current: store.get(CURRENT) }, result);
      if (exam.last) kept.last = store.set(LAST, exam.last);
      if (exam.current) kept.current = store.set(CURRENT, exam.current);
      var said = "Imported " + ids.length + " question" + (ids.length === 1 ? "" : "s") +
        (merged.added ? " and " + merged.added + " practice exam result" + (merged.added === 1 ? "" : "s") : "") + ".";
      if (result.skipped.length) {
        said += " Skipped " + result.skipped.length + " this guide does not have: " + io.idList(result.skipped) + ".";
      }
      if (result.dropped.length) {
        said += " Left out what the guide does not keep (a damaged Review schedule starts afresh): " +
          io.idList(result.dropped, 200) + ".";
      }
      if (merged.dropped) {
        said += " The oldest " + merged.dropped + " practice exam result" + (merged.dropped === 1 ? " was" : "s were") +
          " left out: the guide keeps the last " + io.MAX_HISTORY + ".";
      }
      if (result.damaged.length) {
        said += " Left out " + result.damaged.length + " damaged practice exam result" +
          (result.damaged.length === 1 ? "" : "s") + " (number " + io.idList(result.damaged) + " in the file).";
      }
      if (result.examDate && !here && kept.date) said += " Your exam date is now " + result.examDate + ".";
      else if (result.examDate && here && here !== result.examDate) {
        said += " This browser's exam date (" + here + ") was kept; the file's was " + result.examDate + ".";
      }
      if (exam.notes.length) said += " " + exam.notes.join(" ");
      var lost = [];
      if (unsaved.length) lost.push(unsaved.length + " of the questions");
      if (!kept.history) lost.push("the practice exam results");
      if (!kept.date) lost.push("the exam date");
      if (!kept.last) lost.push("the last exam's full result");
      if (!kept.current) lost.push("the unfinished exam");
      if (lost.length) {
        said += " Not stored, so kept for this visit only (" + guide.storeCore.notKeptCause(store.status()) + "): " +
          lost.join(", ") + ".";
      }
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
    // Clears what storage holds (damaged records too) and says exactly what went, counted from the writes that
    // worked: a storage that refuses a removal is named, not reported as cleared.
    var inv = store.inventory(allIds());
    var docs = {};
    EXAM_DOCS.forEach(function (name) { docs[name] = store.get(name); });
    undo = { records: snapshot(inv.ids), docs: docs };
    // With no storage at all, answers lived in this visit's memory only: clearing that is clearing all of it.
    var stored = store.status().available;
    var done = function (ok) { return ok || !stored; };
    var cleared = { answers: 0, schedules: 0, damaged: 0, refused: /** @type {string[]} */ ([]), docs: /** @type {string[]} */ ([]) };
    inv.ids.forEach(function (id) {
      var schedule = !!(undo.records[id].extra && undo.records[id].extra.review);
      if (done(store.saveQuestion(id, null))) { cleared.answers += 1; if (schedule) cleared.schedules += 1; }
      else cleared.refused.push(id);
    });
    inv.unreadable.forEach(function (id) {
      if (done(store.saveQuestion(id, null))) cleared.damaged += 1; else cleared.refused.push(id);
    });
    EXAM_DOCS.forEach(function (name) {
      if (docs[name] === null && inv.unreadableDocs.indexOf(name) === -1) return;
      if (done(store.set(name, null))) cleared.docs.push(name); else cleared.refused.push(name);
    });
    var history = Array.isArray(docs[HISTORY]) ? docs[HISTORY].length : 0;
    var said = io.resetText(cleared, history);
    message(said + " Undo is available until you leave this page.");
    render();
    guide.confirm.done(confirmBox(), { text: said, undoAttr: "data-progress-undo", onUndo: undoReset });
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

  function shareProgress() {
    var file = progressFile();
    guide.browser.shareFile(file.name, JSON.stringify(file.doc, null, 1), "application/json", "My progress in the LLM fine-tuning guide")
      .then(function (outcome) {
        if (outcome === "shared") message("Sent. On the other device, open this page and import the file.");
        else if (outcome === "failed") exportFile(); // the share sheet refused the file: save it instead
      });
  }

  function showDevice() {
    var share = /** @type {HTMLElement | null} */ (document.querySelector("[data-progress-share]"));
    if (share) share.hidden = !guide.browser.canShareFiles();
    var box = document.querySelector("[data-app-status]");
    if (!box || !guide.browser.app) return;
    var app = guide.browser.app;
    var lines = { offline: "", kept: "" };
    function draw() { box.textContent = [lines.offline, lines.kept].filter(Boolean).join(" "); }
    if (guide.browser.offline()) lines.offline = "This copy was opened from a file: it is offline already.";
    else {
      lines.offline = "Not kept offline yet: the guide keeps itself on this device once a page has been open for a " +
        "moment with a connection (it cannot in a private window).";
      app.status(function (status) {
        if (status) {
          lines.offline = "The whole guide is kept on this device for offline use: " + status.pages + " pages and " +
            "their questions, " + (status.bytes / 1e6).toFixed(1) + " MB.";
        }
        draw();
      });
    }
    app.kept(function (kept) {
      if (kept === true) lines.kept = "The browser has agreed to keep your answers until you clear them.";
      else if (kept === false) {
        lines.kept = "The browser may clear your answers if the device runs short of space (it asks to keep them once " +
          "you have answered something; an installed guide is kept): export or send them now and then.";
      }
      draw();
    });
    draw();
  }

  function onClick(event) {
    var t = event.target;
    if (t.closest("[data-progress-share]")) shareProgress();
    else if (t.closest("[data-progress-export]")) exportFile();
    else if (t.closest("[data-progress-reset-all]")) askReset();
  }

  function onChange(event) {
    if (event.target && event.target.matches && event.target.matches("[data-progress-import]")) importFile(event.target);
  }

  function mount() {
    undo = null; // a new page: the undo offer ends when the page is left
    tagTopics();
    render();
    showDevice();
  }

  guide.progressPage = { mount: mount };
  guide.boot.on("click", "[data-progress-page], [data-progress-home]", onClick);
  guide.boot.on("change", "[data-progress-import]", onChange);
  // The home page's table and the progress page (base/boot.js), on each visit to either.
  guide.boot.component("progress-page", "[data-progress-home], [data-progress-page]", mount);
})();
