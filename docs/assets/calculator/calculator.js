// @ts-check
/*
 * The GPU memory calculator page (docs/calculator.md): the form, the results and the stacked bar. The arithmetic is
 * llmGuide.calcCore (assets/calculator/calc-core.js); this file only reads and writes the page. Loaded by that page alone (its
 * front matter `scripts:`), after base/dom.js and calc-core.js.
 *
 * Contract with the page and the tests (see README, "The GPU memory calculator"):
 *   [data-calc]                       the mount point; data-calc-ready once mounted, data-calc-state = ok | invalid
 *   [data-calc-input=<name>]          the form's fields, one per address parameter (radios share a name)
 *   [data-calc-preset]                the model presets
 *   [data-calc-error=<name>]          what is wrong with a parameter (the results are not shown while there is one)
 *   [data-calc-warning=<name>]        what was left out or changes nothing (the results are shown)
 *   [data-calc-part=<part>]           weights | gradients | optimizer | activations, with data-bytes (exact bytes)
 *   [data-calc-total]                 the sum, with data-bytes
 *   [data-calc-bar]                   the stacked bar (a picture of the list above it, hidden from screen readers)
 *   [data-calc-link], [data-calc-copy] the address of this case, and a button that copies it
 *   [data-calc-learn=<part>]          in the page's Markdown: the lessons and questions for each part, copied into
 *                                     the results
 *   LoRA counter: [data-calc-lora-rank], [data-calc-lora-target=<module>], [data-calc-lora-kv],
 *                 [data-calc-lora-ffn], [data-calc-lora-count], [data-calc-lora-use]
 */
(function () {
  "use strict";

  // llmGuide.dom.h (assets/base/dom.js, loaded before this script), read when mounting: if that file failed to load,
  // the page keeps its "needs JavaScript" notice, as when its other scripts are missing, instead of throwing here.
  var h = null;
  var TEXT_FIELDS = ["params", "trainable", "gpus", "gpu", "layers", "hidden", "heads", "seq", "batch"];
  var HINTS = {
    params: "For example 7B, 7.5e9 or 6738415616.",
    trainable: "LoRA’s and QLoRA’s adapter parameters, for example 14M.",
    gpus: "GPUs that each hold a replica, or a shard under ZeRO.",
    gpu: "One GPU’s memory, for the verdict: 80 for an H100 80 GB.",
    seq: "Tokens per sequence.",
    batch: "Sequences per GPU per step."
  };

  function core() { return window.llmGuide.calcCore; }

  function field(name, label, attrs) {
    var id = "calc-" + name;
    var help = HINTS[name] ? h("span", { class: "calc-form__help", id: id + "-help", text: HINTS[name] }) : null;
    var input = h("input", Object.assign({
      type: "text", id: id, name: name, autocomplete: "off", spellcheck: "false", inputmode: "decimal",
      "data-calc-input": name, "aria-describedby": help ? id + "-help" : null
    }, attrs || {}));
    return h("p", { class: "calc-form__field", "data-calc-field": name }, [
      h("label", { for: id, text: label }), input, help
    ]);
  }

  function radios(name, legend, choices) {
    var set = h("fieldset", { class: "calc-form__choices", "data-calc-field": name }, [h("legend", { text: legend })]);
    choices.forEach(function (choice) {
      var id = "calc-" + name + "-" + choice[0];
      set.appendChild(h("div", { class: "calc-form__choice" }, [
        h("input", { type: "radio", name: "calc-" + name, id: id, value: choice[0], "data-calc-input": name }),
        h("label", { for: id, text: choice[1] })
      ]));
    });
    return set;
  }

  function buildForm() {
    var c = core();
    var form = h("form", { class: "calc-form", "aria-label": "The case to calculate", "data-calc-form": true });
    var preset = h("select", { id: "calc-preset", "data-calc-preset": true }, [
      h("option", { value: "", text: "Choose a model…" })
    ].concat(c.PRESETS.map(function (p) {
      return h("option", { value: p.id, text: p.label + " (" + c.formatCount(p.params) + ")" });
    })));
    form.appendChild(h("fieldset", { class: "calc-form__group" }, [
      h("legend", { text: "Model" }),
      h("p", { class: "calc-form__field" }, [h("label", { for: "calc-preset", text: "Preset" }), preset]),
      field("params", "Parameters")
    ]));
    form.appendChild(radios("method", "Method", [["full", "Full fine-tuning"], ["lora", "LoRA (BF16 base)"],
      ["qlora", "QLoRA (NF4 base)"]]));

    var lora = h("details", { class: "calc-lora", "data-calc-lora": true }, [
      h("summary", { text: "Count the adapter parameters from LoRA’s rank" }),
      h("p", { class: "calc-form__help", text: "Uses the layers, hidden size and heads under Activations." }),
      h("p", { class: "calc-form__field" }, [h("label", { for: "calc-lora-rank", text: "Rank r" }),
        h("input", { type: "text", inputmode: "numeric", id: "calc-lora-rank", value: "16", autocomplete: "off",
          "data-calc-lora-rank": true })])
    ]);
    var targets = h("fieldset", { class: "calc-form__choices calc-form__choices--row" }, [
      h("legend", { text: "Target modules" })
    ]);
    c.LORA_TARGETS.forEach(function (t) {
      var id = "calc-lora-" + t;
      targets.appendChild(h("div", { class: "calc-form__choice" }, [
        h("input", { type: "checkbox", id: id, value: t, checked: true, "data-calc-lora-target": t }),
        h("label", { for: id, text: t + "_proj" })
      ]));
    });
    lora.appendChild(targets);
    lora.appendChild(h("p", { class: "calc-form__field" }, [h("label", { for: "calc-lora-kv", text: "Key-value heads" }),
      h("input", { type: "text", inputmode: "numeric", id: "calc-lora-kv", autocomplete: "off", "data-calc-lora-kv": true,
        "aria-describedby": "calc-lora-kv-help" }),
      h("span", { class: "calc-form__help", id: "calc-lora-kv-help", text: "Fewer than the heads under grouped-query attention; empty: as many." })]));
    lora.appendChild(h("p", { class: "calc-form__field" }, [h("label", { for: "calc-lora-ffn", text: "MLP intermediate size" }),
      h("input", { type: "text", inputmode: "numeric", id: "calc-lora-ffn", autocomplete: "off", "data-calc-lora-ffn": true })]));
    lora.appendChild(h("p", {}, [
      h("output", { for: "calc-lora-rank calc-layers calc-hidden calc-heads", "data-calc-lora-count": true }), " ",
      h("button", { type: "button", class: "md-button", "data-calc-lora-use": true, text: "Use this count" })
    ]));
    form.appendChild(h("div", { class: "calc-form__group", "data-calc-trainable": true }, [
      field("trainable", "Trainable parameters"), lora
    ]));

    form.appendChild(radios("optimizer", "Optimizer", Object.keys(c.OPTIMIZERS).map(function (id) {
      return [id, c.OPTIMIZERS[id].label + " (" + c.OPTIMIZERS[id].bytes + " bytes per trained parameter)"];
    })));
    // The GPU the case must fit: a preset fills its memory; the verdict compares the total per GPU with it.
    var gpuPreset = h("select", { id: "calc-gpu-preset", "data-calc-gpu-preset": true }, [
      h("option", { value: "", text: "Choose a GPU…" })
    ].concat(c.GPUS.map(function (g) { return h("option", { value: g.id, text: g.label }); })));
    form.appendChild(h("fieldset", { class: "calc-form__group" }, [
      h("legend", { text: "Data parallelism" }),
      field("gpus", "Data-parallel GPUs", { inputmode: "numeric" }),
      h("p", { class: "calc-form__field" }, [h("label", { for: "calc-gpu-preset", text: "GPU" }), gpuPreset]),
      field("gpu", "GPU memory (GB)"),
      radios("zero", "ZeRO stage", [["0", "0: every GPU holds everything (plain data parallelism)"],
        ["1", "1: optimizer states sharded"], ["2", "2: optimizer states and gradients sharded"],
        ["3", "3: weights too (FSDP full sharding)"]])
    ]));
    var shape = h("fieldset", { class: "calc-form__group calc-form__shape" }, [
      h("legend", { text: "Activations (optional: the model’s shape and the batch)" })
    ]);
    [["layers", "Layers"], ["hidden", "Hidden size"], ["heads", "Attention heads"], ["seq", "Sequence length"],
      ["batch", "Micro-batch"]].forEach(function (f) { shape.appendChild(field(f[0], f[1], { inputmode: "numeric" })); });
    shape.appendChild(h("div", { class: "calc-form__choice", "data-calc-field": "checkpointing" }, [
      h("input", { type: "checkbox", id: "calc-checkpointing", value: "1", "data-calc-input": "checkpointing" }),
      h("label", { for: "calc-checkpointing", text: "Activation checkpointing (keep each layer’s input, recompute the rest)" })
    ]));
    form.appendChild(shape);
    return form;
  }

  function buildResults() {
    return h("section", { class: "calc-results", "aria-labelledby": "calc-results-title", "data-calc-results": true }, [
      h("h2", { id: "calc-results-title", text: "Memory per GPU" }),
      h("div", { "data-calc-problems": true }),
      h("div", { "data-calc-output": true }),
      h("p", { class: "calc-results__link" }, [
        h("a", { href: "", "data-calc-link": true, text: "Link to this case" }), " ",
        h("button", { type: "button", class: "md-button", "data-calc-copy": true, text: "Copy link" }), " ",
        h("span", { role: "status", "data-calc-copy-status": true })
      ])
    ]);
  }

  /* ---------- reading and writing the form ---------- */

  function readForm(form, raw) {
    var out = {};
    Object.keys(raw).forEach(function (k) { out[k] = raw[k]; });
    TEXT_FIELDS.forEach(function (name) { out[name] = form.querySelector("[data-calc-input=" + name + "]").value; });
    ["method", "optimizer", "zero"].forEach(function (name) {
      var checked = form.querySelector("[data-calc-input=" + name + "]:checked");
      if (checked) out[name] = checked.value; // none checked: keep what the address said, so its error stays named
    });
    var box = form.querySelector("[data-calc-input=checkpointing]");
    if (box.hasAttribute("data-calc-touched") || raw.checkpointing === "0" || raw.checkpointing === "1" ||
      raw.checkpointing === undefined) {
      out.checkpointing = box.checked ? "1" : "0";
    }
    return out;
  }

  function writeForm(form, raw) {
    var c = core();
    TEXT_FIELDS.forEach(function (name) {
      form.querySelector("[data-calc-input=" + name + "]").value = raw[name] === undefined ? "" : raw[name];
    });
    ["method", "optimizer", "zero"].forEach(function (name) {
      var value = raw[name] === undefined ? c.DEFAULTS[name] : String(raw[name]).trim();
      Array.prototype.forEach.call(form.querySelectorAll("[data-calc-input=" + name + "]"), function (input) {
        input.checked = input.value === value;
      });
    });
    form.querySelector("[data-calc-input=checkpointing]").checked = String(raw.checkpointing).trim() === "1";
  }

  /* ---------- showing a result ---------- */

  function learnLinks(part) {
    // The lessons and questions listed for this part in the page's Markdown, where MkDocs made their addresses right
    // for this copy of the guide (folders online, .html files offline).
    var source = document.querySelector("[data-calc-learn=" + part + "]");
    if (!source) return null;
    var links = source.querySelectorAll("a[href]");
    if (!links.length) return null;
    var list = h("span", { class: "calc-part__learn" }, ["Learn: "]);
    Array.prototype.forEach.call(links, function (a, i) {
      if (i) list.appendChild(document.createTextNode(", "));
      list.appendChild(h("a", { href: a.getAttribute("href"), text: a.textContent }));
    });
    return list;
  }

  function amount(bytes) {
    var c = core();
    return c.formatGB(bytes) + " (" + c.formatGiB(bytes) + ")";
  }

  function renderProblems(box, out) {
    box.textContent = "";
    if (out.errors.length) {
      box.appendChild(h("div", { class: "admonition failure", "data-calc-errors": true }, [
        h("p", { class: "admonition-title", text: "This case cannot be calculated" }),
        h("ul", {}, out.errors.map(function (e) {
          return h("li", { id: "calc-error-" + e.name, "data-calc-error": e.name, text: e.message });
        }))
      ]));
    }
    if (out.warnings.length) {
      box.appendChild(h("div", { class: "admonition note", "data-calc-warnings": true }, [
        h("ul", {}, out.warnings.map(function (w) {
          return h("li", { "data-calc-warning": w.name, text: w.message });
        }))
      ]));
    }
  }

  function renderOutput(box, out) {
    box.textContent = "";
    if (!out.ok) return;
    var r = out.result;
    var list = h("ol", { class: "calc-parts" });
    r.parts.forEach(function (part) {
      list.appendChild(h("li", { class: "calc-part calc-part--" + part.id, "data-calc-part": part.id,
        "data-bytes": String(Math.round(part.bytes)) }, [
        h("span", { class: "calc-part__swatch", "aria-hidden": "true" }),
        h("div", { class: "calc-part__body" }, [
          h("span", { class: "calc-part__name", text: part.label + ": " }),
          h("strong", { class: "calc-part__amount",
            text: part.id === "activations" && !part.counted ? "not counted" : amount(part.bytes) }),
          h("span", { class: "calc-part__formula" }, [h("code", { text: part.formula })]),
          part.note ? h("span", { class: "calc-part__note", text: part.note }) : null,
          learnLinks(part.id)
        ])
      ]));
    });
    box.appendChild(h("p", { class: "calc-total", "data-calc-total": true, "data-bytes": String(Math.round(r.total)) }, [
      "Total per GPU: ", h("strong", { text: amount(r.total) }),
      r.parts[3].counted ? "" : " (model states only)"
    ]));
    if (out.verdict) {
      box.appendChild(h("p", { class: "calc-verdict", "data-calc-verdict": true, "data-calc-fits": out.verdict.fits ? "yes" : "no" }, [
        h("strong", { text: out.verdict.text }), " ", h("span", { class: "calc-form__help", text: out.verdict.allowance })
      ]));
    }
    var bar = h("div", { class: "calc-bar", "aria-hidden": "true", "data-calc-bar": true });
    r.parts.forEach(function (part) {
      if (!(part.bytes > 0)) return;
      bar.appendChild(h("span", { class: "calc-bar__part calc-part--" + part.id, "data-calc-bar-part": part.id,
        style: "flex-grow:" + (part.bytes / r.total).toFixed(6), title: part.label + ": " + core().formatGB(part.bytes) }));
    });
    box.appendChild(bar);
    box.appendChild(list);
    box.appendChild(h("p", { class: "calc-form__help", text: "1 GB = 10⁹ bytes; 1 GiB = 2³⁰ bytes (what nvidia-smi and " +
      "PyTorch report). Real runs add temporary buffers, the CUDA context and allocator fragmentation." }));
  }

  function renderSummary(box, out) {
    // The total and the verdict, stuck to the bottom of the screen while the form is edited (calculator.css), so a
    // phone shows the answer without scrolling to the results.
    box.textContent = "";
    if (!out.ok) {
      box.appendChild(h("a", { href: "#calc-results-title", text: "This case cannot be calculated: see why" }));
      return;
    }
    box.appendChild(h("a", { href: "#calc-results-title" }, [
      "Total per GPU: ", h("strong", { text: core().formatGB(out.result.total) }),
      out.verdict ? " · " + (out.verdict.fits ? "fits, " + core().formatGB(out.verdict.marginBytes) + " to spare"
        : "does not fit, over by " + core().formatGB(-out.verdict.marginBytes)) : ""
    ]));
  }

  function mark(form, out) {
    Array.prototype.forEach.call(form.querySelectorAll("[data-calc-input]"), function (input) {
      var name = input.getAttribute("data-calc-input");
      var bad = out.errors.some(function (e) { return e.name === name; });
      if (bad) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
      var help = input.id + "-help";
      var described = [document.getElementById(help) ? help : null, bad ? "calc-error-" + name : null].filter(Boolean);
      if (input.type === "radio") return;
      if (described.length) input.setAttribute("aria-describedby", described.join(" "));
      else input.removeAttribute("aria-describedby");
    });
  }

  function mount(root) {
    var c = core();
    h = window.llmGuide && window.llmGuide.dom ? window.llmGuide.dom.h : null;
    if (!h || !c || root.hasAttribute("data-calc-ready")) return;
    root.setAttribute("data-calc-ready", "");
    root.textContent = "";
    var query = c.parseQuery(window.llmGuide.browser.query());
    var raw = query.any ? query.raw : Object.assign({}, c.START);
    var extra = query;
    var form = buildForm();
    var results = buildResults();
    var summary = h("p", { class: "calc-summary", "data-calc-summary": true });
    root.appendChild(form);
    root.appendChild(summary);
    root.appendChild(results);
    writeForm(form, raw);

    function loraKey() {
      return Array.prototype.map.call(form.querySelectorAll("[data-calc-lora] input"), function (input) {
        return input.type === "checkbox" ? input.checked : input.value;
      }).join("|");
    }

    function loraCount() {
      var n = function (sel) { return c.parseWhole(form.querySelector(sel).value); };
      var targets = Array.prototype.filter.call(form.querySelectorAll("[data-calc-lora-target]"), function (b) {
        return b.checked;
      }).map(function (b) { return b.value; });
      return c.loraTrainable({ rank: n("[data-calc-lora-rank]"), layers: n("#calc-layers"), hidden: n("#calc-hidden"),
        heads: n("#calc-heads"), kvHeads: n("[data-calc-lora-kv]"), ffn: n("[data-calc-lora-ffn]"), targets: targets });
    }

    var shown = null;

    function update(fromForm) {
      if (fromForm) {
        raw = readForm(form, raw);
        extra = null; // the address's unknown names were reported once; the form holds none
      }
      // A text field's change event arrives on blur, after its input events: when nothing changed, leave the results
      // alone, or a link in them clicked at that moment would be replaced under the pointer.
      var key = JSON.stringify([raw, extra, loraKey()]);
      if (key === shown) return;
      shown = key;
      var out = c.evaluate(raw, extra);
      root.setAttribute("data-calc-state", out.ok ? "ok" : "invalid");
      var method = out.input ? out.input.method : raw.method;
      form.querySelector("[data-calc-trainable]").hidden = method === "full" || method === undefined;
      renderProblems(results.querySelector("[data-calc-problems]"), out);
      renderOutput(results.querySelector("[data-calc-output]"), out);
      renderSummary(summary, out);
      mark(form, out);
      var counted = loraCount();
      form.querySelector("[data-calc-lora-count]").textContent = counted.error ? counted.error :
        "= " + counted.count.toLocaleString("en-US") + " adapter parameters (" + c.formatCount(counted.count) + ")";
      form.querySelector("[data-calc-lora-use]").disabled = !!counted.error;
      var search = c.buildQuery(raw);
      results.querySelector("[data-calc-link]").setAttribute("href", search || window.llmGuide.browser.page());
      // Some browsers refuse to change a file:// page's address; the link above still holds the case.
      if (fromForm) window.llmGuide.browser.setQuery(search);
    }

    function onInput(event) {
      if (event.target.hasAttribute("data-calc-input")) event.target.setAttribute("data-calc-touched", "");
      update(true);
    }

    function onChange(event) {
      var target = event.target;
      if (target.hasAttribute("data-calc-input")) target.setAttribute("data-calc-touched", "");
      if (target.hasAttribute("data-calc-preset") && target.value) {
        var p = c.PRESETS.filter(function (x) { return x.id === target.value; })[0];
        var set = function (sel, v) { form.querySelector(sel).value = String(v); };
        set("#calc-params", c.readableCount(p.params)); // "70.6B", as a person writes it
        set("#calc-layers", p.layers);
        set("#calc-hidden", p.hidden);
        set("#calc-heads", p.heads);
        set("[data-calc-lora-kv]", p.kvHeads);
        set("[data-calc-lora-ffn]", p.ffn);
        if (!form.querySelector("#calc-seq").value) set("#calc-seq", 2048);
        if (!form.querySelector("#calc-batch").value) set("#calc-batch", 1);
      }
      if (target.hasAttribute("data-calc-gpu-preset") && target.value) {
        var g = c.GPUS.filter(function (x) { return x.id === target.value; })[0];
        form.querySelector("#calc-gpu").value = String(g.gb);
      }
      var trainable = form.querySelector("#calc-trainable");
      if (target.getAttribute("data-calc-input") === "method" && target.value !== "full" && !trainable.value.trim()) {
        // LoRA or QLoRA with no adapter count yet: the counter's (rank 16, every module) when it can count, so the
        // case is calculated at once; the field says it and can be changed.
        var counted = loraCount();
        if (!counted.error) trainable.value = c.formatCount(counted.count);
      }
      update(true);
    }

    function onClick(event) {
      if (event.target.closest("[data-calc-lora-use]")) {
        var counted = loraCount();
        if (counted.error) return;
        form.querySelector("#calc-trainable").value = String(counted.count);
        update(true);
        form.querySelector("#calc-trainable").focus();
      } else if (event.target.closest("[data-calc-copy]")) {
        var status = results.querySelector("[data-calc-copy-status]");
        var url = results.querySelector("[data-calc-link]").href;
        var done = function (ok) { status.textContent = ok ? "Link copied." : "Copying was refused: copy the link “Link to this case” instead."; };
        window.llmGuide.browser.copy(url).then(done);
      }
    }

    calculators.set(root, { onInput: onInput, onChange: onChange, onClick: onClick });
    update(false);
  }

  // The calculator on the page, by its mount point, for the delegated events below; it goes with its element.
  var calculators = new WeakMap();

  function route(handler) {
    return function (event, root) {
      var calculator = calculators.get(root);
      if (calculator) calculator[handler](event);
    };
  }

  // Through the one delegated event layer (base/boot.js), registered once for the visit.
  window.llmGuide.boot.on("input", "[data-calc]", route("onInput"));
  window.llmGuide.boot.on("change", "[data-calc]", route("onChange"));
  window.llmGuide.boot.on("click", "[data-calc]", route("onClick"));
  window.llmGuide.boot.on("submit", "[data-calc]", function (event) { event.preventDefault(); });

  // The calculator page's [data-calc] (base/boot.js).
  window.llmGuide.boot.component("calculator", "[data-calc]", mount);
})();
