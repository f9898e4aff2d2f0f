// @ts-check
/*
 * The GPU memory calculator's arithmetic, with no DOM: reading a case from the address or the form, naming what is
 * wrong with it, and the bytes per GPU of one training step (weights, gradients, optimizer states, activations),
 * each with the formula it used. docs/assets/calculator/calculator.js only reads and writes the page; tests/js/calculator.test.js
 * checks everything here under Node against the ZeRO paper's worked example and the question bank's own figures.
 *
 * Conventions (stated on docs/calculator.md, which must say the same):
 * - Mixed precision: 2-byte (BF16/FP16) working weights and gradients; the optimizer keeps FP32 master weights and
 *   its moments: K = 12 bytes per trained parameter for AdamW, 6 for 8-bit AdamW, 8 for SGD with momentum. Full
 *   fine-tuning with AdamW is therefore 2 + 2 + 12 = 16 bytes per parameter (Rajbhandari et al., 2020, ZeRO).
 * - ZeRO over N data-parallel GPUs: stage 1 divides optimizer states by N, stage 2 also gradients, stage 3 also the
 *   weights (PyTorch FSDP's FULL_SHARD is stage 3). Stage 0 is plain data parallelism: every GPU holds everything.
 * - LoRA: the frozen base in BF16 (2 bytes per parameter, no gradients, no optimizer state); the adapters are trained
 *   parameters like any other: 2 (weights) + 2 (gradients) + K bytes each.
 * - QLoRA: the frozen base in 4-bit NF4 with double-quantized constants, as the QLoRA paper counts them: 4 bits per
 *   weight plus 8/64 + 32/(64·256) ≈ 0.127 bits of constants (blocks of 64 weights, 8-bit constants in blocks of
 *   256); every base parameter is counted as quantized. Adapters as in LoRA.
 * - Activations (Korthikanti et al., 2022, 16-bit, no parallelism, standard attention): each layer stores
 *   s·b·h·(34 + 5·a·s/h) bytes. With full activation checkpointing only each layer's input is kept (2·s·b·h bytes
 *   per layer) and one layer's activations are rebuilt at a time during the backward pass.
 * - Does it fit (gpu=, the memory of one GPU in GB): the total per GPU is compared with the GPU's memory less an
 *   allowance of RESERVE (10%) for the CUDA context, temporary buffers and the allocator's fragmentation, which the
 *   parts above do not count.
 */
(function (root) {
  "use strict";

  var GB = 1e9;
  var GIB = 1024 * 1024 * 1024;
  var WEIGHT_BYTES = 2;
  var GRADIENT_BYTES = 2;
  // QLoRA paper, section 3: 4-bit codes, FP8 constants per 64 weights, FP32 second-level constants per 256 of those.
  var NF4_BITS = 4 + 8 / 64 + 32 / (64 * 256);
  var NF4_BYTES = NF4_BITS / 8;

  var METHODS = {
    full: "full fine-tuning",
    lora: "LoRA",
    qlora: "QLoRA"
  };
  var OPTIMIZERS = {
    adamw: { label: "AdamW in mixed precision", bytes: 12, detail: "4 (FP32 master weights) + 4 (momentum) + 4 (variance)" },
    adamw8bit: { label: "8-bit AdamW", bytes: 6, detail: "4 (FP32 master weights) + 1 (8-bit momentum) + 1 (8-bit variance)" },
    sgd: { label: "SGD with momentum", bytes: 8, detail: "4 (FP32 master weights) + 4 (momentum)" }
  };
  // The address's parameters, in the order links are written.
  var NAMES = ["params", "method", "trainable", "optimizer", "gpus", "gpu", "zero", "layers", "hidden", "heads", "seq",
    "batch", "checkpointing"];
  var SHAPE = ["layers", "hidden", "heads", "seq", "batch"];
  var DEFAULTS = { method: "full", optimizer: "adamw", gpus: "1", zero: "0", checkpointing: "0" };
  // The starting case when the address holds none: a 7B-class full fine-tune on one GPU.
  var START = { params: "7B", method: "full", optimizer: "adamw", gpus: "1", zero: "0" };
  var LIMITS = {
    params: 1e15, trainable: 1e15, gpus: 1e6, gpu: 10000, layers: 10000, hidden: 1e6, heads: 1e5, seq: 1e8, batch: 1e6
  };
  // The share of each GPU's memory kept back for what the parts do not count: the CUDA context, temporary buffers
  // and the allocator's fragmentation. A round allowance, stated with every verdict.
  var RESERVE = 0.1;
  // Common training GPUs and their memory (GB as the vendors state it).
  var GPUS = [
    { id: "a100-40", label: "A100 40 GB", gb: 40 },
    { id: "a100-80", label: "A100 80 GB", gb: 80 },
    { id: "h100-80", label: "H100 80 GB", gb: 80 },
    { id: "l40s", label: "L40S 48 GB", gb: 48 },
    { id: "rtx-4090", label: "RTX 4090 24 GB", gb: 24 }
  ];
  var LABELS = {
    params: "Parameters", trainable: "Trainable parameters", gpus: "Data-parallel GPUs", gpu: "GPU memory", layers: "Layers",
    hidden: "Hidden size", heads: "Attention heads", seq: "Sequence length", batch: "Micro-batch",
    method: "Method", optimizer: "Optimizer", zero: "ZeRO stage", checkpointing: "Activation checkpointing"
  };
  var SUFFIX = { k: 1e3, m: 1e6, b: 1e9, g: 1e9, t: 1e12 };

  // Well-known open models: parameter counts and shapes from each model's config.json (counts match the shapes:
  // embeddings, untied output layer, attention, MLP, norms; Qwen2.5 adds its q/k/v biases).
  var PRESETS = [
    { id: "llama-2-7b", label: "Llama 2 7B", params: 6738415616, layers: 32, hidden: 4096, heads: 32, kvHeads: 32,
      ffn: 11008, source: "https://huggingface.co/meta-llama/Llama-2-7b-hf" },
    { id: "llama-2-13b", label: "Llama 2 13B", params: 13015864320, layers: 40, hidden: 5120, heads: 40, kvHeads: 40,
      ffn: 13824, source: "https://huggingface.co/meta-llama/Llama-2-13b-hf" },
    { id: "llama-3.1-8b", label: "Llama 3.1 8B", params: 8030261248, layers: 32, hidden: 4096, heads: 32, kvHeads: 8,
      ffn: 14336, source: "https://huggingface.co/meta-llama/Llama-3.1-8B" },
    { id: "llama-3.1-70b", label: "Llama 3.1 70B", params: 70553706496, layers: 80, hidden: 8192, heads: 64,
      kvHeads: 8, ffn: 28672, source: "https://huggingface.co/meta-llama/Llama-3.1-70B" },
    { id: "mistral-7b", label: "Mistral 7B v0.1", params: 7241732096, layers: 32, hidden: 4096, heads: 32, kvHeads: 8,
      ffn: 14336, source: "https://huggingface.co/mistralai/Mistral-7B-v0.1" },
    { id: "qwen2.5-7b", label: "Qwen2.5 7B", params: 7615616512, layers: 28, hidden: 3584, heads: 28, kvHeads: 4,
      ffn: 18944, source: "https://huggingface.co/Qwen/Qwen2.5-7B" }
  ];
  var LORA_TARGETS = ["q", "k", "v", "o", "gate", "up", "down"];

  function hasOwn(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key);
  }

  function shown(raw) {
    // A value as it is quoted back in a message: trimmed, and short, so a hostile address cannot flood the page.
    var text = String(raw).trim();
    return "“" + (text.length > 40 ? text.slice(0, 39) + "…" : text) + "”";
  }

  /* ---------- reading numbers ---------- */

  function parseCount(raw) {
    // "7000000000", "7e9", "7.5B", "14M", "6,738,415,616": a count of parameters; null when it is not one.
    var text = String(raw === undefined || raw === null ? "" : raw).trim().replace(/[,_\s]/g, "");
    var match = /^(\d+(?:\.\d+)?|\.\d+)(?:e([+-]?\d{1,3}))?([kmbgt])?$/i.exec(text);
    if (!match) return null;
    var value = parseFloat(match[1]) * Math.pow(10, match[2] ? parseInt(match[2], 10) : 0);
    if (match[3]) value *= SUFFIX[match[3].toLowerCase()];
    return isFinite(value) ? Math.round(value) : null;
  }

  function parseWhole(raw) {
    var text = String(raw === undefined || raw === null ? "" : raw).trim();
    return /^\d{1,9}$/.test(text) ? parseInt(text, 10) : null;
  }

  function formatCount(n) {
    // 7500000000 -> "7.5B", 14000000 -> "14M": the short form used in formulas.
    /** @type {[number, string][]} */
    var units = [[1e12, "T"], [1e9, "B"], [1e6, "M"], [1e3, "K"]];
    for (var i = 0; i < units.length; i++) {
      if (n >= units[i][0]) return trim((n / units[i][0]).toFixed(3)) + units[i][1];
    }
    return String(n);
  }

  function readableCount(n) {
    // A preset's count as a person writes it: 70553706496 -> "70.6B", 13015864320 -> "13B".
    if (n >= 1e9) return trim((n / 1e9).toFixed(1)) + "B";
    return formatCount(n);
  }

  function trim(fixed) {
    return fixed.indexOf(".") === -1 ? fixed : fixed.replace(/0+$/, "").replace(/\.$/, "");
  }

  function formatUnits(bytes, unit) {
    // One decimal from 1 up (the ZeRO paper's 31.4 GB, 1.9 GB); two significant digits below, so small parts do not
    // read as zero.
    var value = bytes / unit;
    if (value === 0) return "0";
    if (value >= 1) return value.toFixed(1);
    return String(Number(value.toPrecision(2)));
  }

  function formatGB(bytes) {
    return formatUnits(bytes, GB) + " GB";
  }

  function formatGiB(bytes) {
    return formatUnits(bytes, GIB) + " GiB";
  }

  /* ---------- the address ---------- */

  function parseQuery(search) {
    // What a link holds: the raw text of each known parameter (the first, if one is given twice), and the names it
    // holds that the calculator does not know. Nothing is checked here; validate() names what is wrong.
    var params = new URLSearchParams(search || "");
    var out = { raw: {}, unknown: [], repeated: [], any: false };
    var seen = {};
    params.forEach(function (value, name) {
      if (NAMES.indexOf(name) === -1) {
        if (out.unknown.indexOf(name) === -1) out.unknown.push(name.slice(0, 40));
        return;
      }
      out.any = true;
      if (seen[name]) {
        if (out.repeated.indexOf(name) === -1) out.repeated.push(name);
        return;
      }
      seen[name] = true;
      out.raw[name] = value;
    });
    return out;
  }

  function buildQuery(raw) {
    // The address of a case: every parameter that holds something other than its default, in a fixed order, so equal
    // cases give equal links.
    var parts = [];
    NAMES.forEach(function (name) {
      if (!hasOwn(raw, name)) return;
      var value = String(raw[name] === null || raw[name] === undefined ? "" : raw[name]).trim();
      if (value === "" || value === DEFAULTS[name]) return; // defaults stay out, so links stay short
      if (name === "trainable" && raw.method === "full") return; // full fine-tuning trains every parameter
      if (name === "checkpointing" && !SHAPE.some(function (s) { return String(raw[s] || "").trim() !== ""; })) return;
      parts.push(name + "=" + encodeURIComponent(value).replace(/%2C/g, ","));
    });
    return parts.length ? "?" + parts.join("&") : "";
  }

  /* ---------- checking a case ---------- */

  function validate(raw, extra) {
    // raw: parameter name -> text (from the address or the form). Returns the case as numbers, the errors that stop
    // the arithmetic and the warnings that do not, each naming its parameter and the value it got.
    var errors = [];
    var warnings = [];
    var input = {};
    var given = function (name) { return hasOwn(raw, name) && String(raw[name]).trim() !== ""; };
    var value = function (name) { return given(name) ? String(raw[name]).trim() : DEFAULTS[name]; };
    var fail = function (name, message) { errors.push({ name: name, message: LABELS[name] + " (" + name + "): " + message }); };
    var warn = function (name, message) { warnings.push({ name: name, message: message }); };

    if (extra) {
      // Each unknown name once, up to five, then how many more: an address of ten thousand made-up names is one
      // line more, not ten thousand warnings.
      var unknown = extra.unknown || [];
      unknown.slice(0, 5).forEach(function (name) {
        warn(name, "The address holds “" + name + "”, which the calculator does not know; it was left out. Known: " +
          NAMES.join(", ") + ".");
      });
      if (unknown.length > 5) {
        warn("more", "The address holds " + (unknown.length - 5) + " more names the calculator does not know; they were left out.");
      }
      (extra.repeated || []).forEach(function (name) {
        warn(name, "The address gives “" + name + "” more than once; the first value was used.");
      });
    }

    function count(name, required) {
      if (!given(name)) {
        if (required) fail(name, "missing; give a count such as 7B, 7.5e9 or 7000000000.");
        return null;
      }
      var n = parseCount(raw[name]);
      if (n === null) fail(name, shown(raw[name]) + " is not a number of parameters; write it as 7B, 7.5e9 or 7000000000.");
      else if (n < 1) fail(name, shown(raw[name]) + " is less than one parameter.");
      else if (n > LIMITS[name]) fail(name, shown(raw[name]) + " is more than 10¹⁵ parameters, far beyond any model.");
      else return n;
      return null;
    }

    function whole(name, min, limit) {
      var text = value(name);
      var n = parseWhole(text);
      if (n === null) fail(name, shown(text) + " is not a whole number.");
      else if (n < min) fail(name, shown(text) + " is less than " + min + ".");
      else if (n > limit) fail(name, shown(text) + " is more than " + limit.toLocaleString("en-US") + ".");
      else return n;
      return null;
    }

    input.params = count("params", true);

    var method = value("method");
    if (hasOwn(METHODS, method)) input.method = method;
    else fail("method", shown(method) + " is not a method; use full, lora or qlora.");

    if (input.method === "lora" || input.method === "qlora") {
      if (!given("trainable")) {
        fail("trainable", "missing: " + METHODS[input.method] + " trains only its adapters; give their parameter count " +
          "(or count them from a rank).");
      } else {
        input.trainable = count("trainable", true);
        if (input.trainable !== null && input.params !== null && input.trainable > input.params) {
          fail("trainable", shown(raw.trainable) + " is more than the model’s " + formatCount(input.params) +
            " parameters; adapters are a small share of the model.");
          input.trainable = null;
        }
      }
    } else if (input.method === "full" && given("trainable")) {
      warn("trainable", "Trainable parameters (trainable) " + shown(raw.trainable) + " were left out: full fine-tuning " +
        "trains every parameter.");
    }

    var optimizer = value("optimizer");
    if (hasOwn(OPTIMIZERS, optimizer)) input.optimizer = optimizer;
    else fail("optimizer", shown(optimizer) + " is not an optimizer; use adamw, adamw8bit or sgd.");

    input.gpus = whole("gpus", 1, LIMITS.gpus);
    input.gpuGB = null;
    if (given("gpu")) {
      var gb = String(raw.gpu).trim().replace(/\s*gb$/i, "");
      var memory = /^\d+(\.\d+)?$/.test(gb) ? parseFloat(gb) : NaN;
      if (!(memory > 0)) fail("gpu", shown(raw.gpu) + " is not an amount of memory in GB; write it as 80 or 24.");
      else if (memory > LIMITS.gpu) fail("gpu", shown(raw.gpu) + " GB is more than any GPU holds.");
      else input.gpuGB = memory;
    }
    var zero = value("zero");
    if (/^[0-3]$/.test(zero)) input.zero = parseInt(zero, 10);
    else fail("zero", shown(zero) + " is not a ZeRO stage; use 0, 1, 2 or 3 (FSDP’s full sharding is 3).");

    var shapeGiven = SHAPE.filter(given);
    if (shapeGiven.length) {
      var missing = SHAPE.filter(function (name) { return !given(name); });
      if (missing.length) {
        missing.forEach(function (name) {
          fail(name, "missing: activations need layers, hidden, heads, seq and batch together.");
        });
      }
      input.shape = {};
      shapeGiven.forEach(function (name) { input.shape[name] = whole(name, 1, LIMITS[name]); });
      var s = input.shape;
      if (s.hidden && s.heads && s.hidden % s.heads !== 0) {
        fail("heads", shown(raw.heads) + " attention heads do not divide the hidden size " + s.hidden +
          " into equal heads.");
      }
      if (missing.length) input.shape = null;
    } else {
      input.shape = null;
    }
    var checkpointing = value("checkpointing");
    if (checkpointing === "0" || checkpointing === "1") input.checkpointing = checkpointing === "1";
    else fail("checkpointing", shown(checkpointing) + " is not 0 (off) or 1 (on).");
    if (!shapeGiven.length && given("checkpointing")) {
      warn("checkpointing", "Activation checkpointing (checkpointing) changes only the activations, which need the " +
        "model’s shape: layers, hidden, heads, seq and batch.");
    }
    if (input.zero > 0 && input.gpus === 1) {
      warn("zero", "ZeRO stage " + input.zero + " on one GPU shards nothing: every part is divided by 1.");
    }
    return { ok: errors.length === 0, input: errors.length ? null : input, errors: errors, warnings: warnings };
  }

  /* ---------- the arithmetic ---------- */

  function activationsPerLayer(shape) {
    // Korthikanti et al. (2022), eq. 1: bytes one transformer layer keeps for its backward pass.
    var s = shape.seq, b = shape.batch, h = shape.hidden, a = shape.heads;
    return s * b * h * (34 + 5 * a * s / h);
  }

  function compute(input) {
    // Bytes per GPU for one training step of a validated case, part by part, each with its formula.
    var P = input.params;
    var N = input.gpus;
    var stage = input.zero;
    var optimizer = OPTIMIZERS[input.optimizer];
    var full = input.method === "full";
    var trained = full ? P : input.trainable;
    var sharded = function (from) { return stage >= from && N > 1; };
    var over = function (from) { return sharded(from) ? " ÷ " + N + " GPUs" : ""; };
    var divide = function (bytes, from) { return sharded(from) ? bytes / N : bytes; };
    var parts = [];

    var weights;
    var weightsFormula;
    if (full) {
      weights = WEIGHT_BYTES * P;
      weightsFormula = "2 bytes × " + formatCount(P) + " parameters (BF16)";
    } else {
      var base = input.method === "qlora" ? NF4_BYTES * P : WEIGHT_BYTES * P;
      weights = base + WEIGHT_BYTES * trained;
      weightsFormula = (input.method === "qlora"
        ? "4.127 bits (NF4 + constants) × " + formatCount(P) + " frozen parameters"
        : "2 bytes × " + formatCount(P) + " frozen parameters (BF16)") +
        " + 2 bytes × " + formatCount(trained) + " adapter parameters";
    }
    parts.push({
      id: "weights", label: "Weights", bytes: divide(weights, 3),
      formula: (sharded(3) ? "(" + weightsFormula + ")" : weightsFormula) + over(3),
      note: sharded(3) ? "ZeRO-3 shards the weights; each is gathered when a layer needs it." : ""
    });
    parts.push({
      id: "gradients", label: "Gradients", bytes: divide(GRADIENT_BYTES * trained, 2),
      formula: "2 bytes × " + formatCount(trained) + (full ? " parameters" : " adapter parameters") + over(2),
      note: full ? "" : "The frozen base has no gradients."
    });
    parts.push({
      id: "optimizer", label: "Optimizer states", bytes: divide(optimizer.bytes * trained, 1),
      formula: optimizer.bytes + " bytes × " + formatCount(trained) + (full ? " parameters" : " adapter parameters") +
        over(1),
      note: optimizer.label + ": " + optimizer.detail + " bytes per trained parameter."
    });

    var activations = 0;
    var activationsFormula = "";
    if (input.shape) {
      var s = input.shape;
      var layer = activationsPerLayer(s);
      var inner = s.seq + "·" + s.batch + "·" + s.hidden + "·(34 + 5·" + s.heads + "·" + s.seq + "/" + s.hidden + ")";
      if (input.checkpointing) {
        activations = 2 * s.seq * s.batch * s.hidden * s.layers + layer;
        activationsFormula = "2·s·b·h × " + s.layers + " layers (kept inputs) + s·b·h·(34 + 5·a·s/h) (one layer rebuilt) = 2·" +
          s.seq + "·" + s.batch + "·" + s.hidden + " × " + s.layers + " + " + inner + " bytes";
      } else {
        activations = layer * s.layers;
        activationsFormula = s.layers + " layers × s·b·h·(34 + 5·a·s/h) = " + s.layers + " × " + inner + " bytes";
      }
    }
    parts.push({
      id: "activations", label: "Activations", bytes: activations, counted: !!input.shape,
      formula: input.shape ? activationsFormula : "not counted: give layers, hidden, heads, seq and batch",
      note: input.shape ? "Data parallelism and ZeRO do not divide activations: each GPU keeps those of its own micro-batch." : ""
    });

    var total = parts.reduce(function (sum, part) { return sum + part.bytes; }, 0);
    return { parts: parts, total: total, modelStates: total - activations };
  }

  /**
   * Does the total per GPU fit one GPU of `gpuGB` GB, after the RESERVE allowance? null without a GPU size.
   * @param {number} totalBytes
   * @param {number | null} gpuGB
   * @returns {{ fits: boolean, marginBytes: number, usableBytes: number, reserveBytes: number, text: string,
   *   allowance: string } | null}
   */
  function verdict(totalBytes, gpuGB) {
    if (!(gpuGB > 0)) return null;
    var memory = gpuGB * GB;
    var reserve = memory * RESERVE;
    var usable = memory - reserve;
    var margin = usable - totalBytes;
    var fits = margin >= 0;
    var size = trim(gpuGB.toFixed(1)) + " GB";
    return {
      fits: fits, marginBytes: margin, usableBytes: usable, reserveBytes: reserve,
      text: fits ? "Fits on each " + size + " GPU with " + formatGB(margin) + " to spare."
        : "Does not fit on a " + size + " GPU: over by " + formatGB(-margin) + ".",
      allowance: "Counted against " + formatGB(usable) + " of each " + size + ": " + formatGB(reserve) + " (" +
        Math.round(RESERVE * 100) + "%) is kept for the CUDA context, temporary buffers and fragmentation."
    };
  }

  function evaluate(raw, extra) {
    // validate() and compute() together: what the page shows for one case, with the verdict when a GPU size is given.
    var checked = validate(raw, extra);
    var result = checked.ok ? compute(checked.input) : null;
    return { ok: checked.ok, input: checked.input, errors: checked.errors, warnings: checked.warnings,
      result: result, verdict: result ? verdict(result.total, checked.input.gpuGB) : null };
  }

  /* ---------- counting LoRA's parameters ---------- */

  function loraTrainable(options) {
    // LoRA adds r·(d + k) parameters to each adapted d×k matrix (Hu et al., 2021). Attention's q and o are h×h; k and v
    // are h×(kv heads · head size), smaller under grouped-query attention; the MLP's gate, up and down are h×ffn.
    // Returns { count } or { error } naming what is missing.
    var r = options.rank, L = options.layers, h = options.hidden, a = options.heads;
    var kv = options.kvHeads || a;
    var targets = options.targets || [];
    if (!(r >= 1)) return { error: "Give the rank r, a whole number of 1 or more." };
    if (!(L >= 1 && h >= 1 && a >= 1)) return { error: "Give the model’s layers, hidden size and attention heads first." };
    if (h % a !== 0) return { error: "The attention heads do not divide the hidden size." };
    if (!targets.length) return { error: "Tick at least one target module." };
    var mlp = targets.some(function (t) { return t === "gate" || t === "up" || t === "down"; });
    if (mlp && !(options.ffn >= 1)) return { error: "Give the MLP’s intermediate size to adapt gate, up or down." };
    if (kv > a || a % kv !== 0) return { error: "The key-value heads must divide the attention heads." };
    var kvWidth = kv * (h / a);
    var shapes = { q: [h, h], k: [h, kvWidth], v: [h, kvWidth], o: [h, h], gate: [h, options.ffn], up: [h, options.ffn],
      down: [options.ffn, h] };
    var perLayer = 0;
    for (var i = 0; i < targets.length; i++) {
      if (!hasOwn(shapes, targets[i])) return { error: "Unknown target module “" + targets[i] + "”." };
      perLayer += r * (shapes[targets[i]][0] + shapes[targets[i]][1]);
    }
    return { count: perLayer * L };
  }

  var core = {
    GB: GB, GIB: GIB, NF4_BITS: NF4_BITS, NF4_BYTES: NF4_BYTES, METHODS: METHODS, OPTIMIZERS: OPTIMIZERS, NAMES: NAMES,
    SHAPE: SHAPE, DEFAULTS: DEFAULTS, START: START, LABELS: LABELS, PRESETS: PRESETS, LORA_TARGETS: LORA_TARGETS,
    parseCount: parseCount, parseWhole: parseWhole, formatCount: formatCount, formatGB: formatGB, formatGiB: formatGiB,
    parseQuery: parseQuery, buildQuery: buildQuery, validate: validate, compute: compute, evaluate: evaluate,
    activationsPerLayer: activationsPerLayer, loraTrainable: loraTrainable,
    RESERVE: RESERVE, GPUS: GPUS, verdict: verdict, readableCount: readableCount
  };
  root.llmGuide = root.llmGuide || {};
  root.llmGuide.calcCore = core;
  if (typeof module !== "undefined" && module.exports) module.exports = core;
})(typeof window !== "undefined" ? window : globalThis);
