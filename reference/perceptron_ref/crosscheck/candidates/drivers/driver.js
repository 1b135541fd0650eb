// perceptron-ref's driver for a JavaScript candidate: a class (with fit, train, ...) or a
// function, called with no wrapper (reference/perceptron_ref/crosscheck/candidates/drivers/).
//
//   node driver.js describe FILE NAME   what NAME is: its parameters, its methods'
//   node driver.js run FILE NAME        one call: a request on stdin, one answer line
//
// The request is {"plan": ..., "values": {...}} (parameters.Plan and the data as the
// candidate takes them); the answer one line {"perceptron-ref": 1, "result": ...} (or
// "error", or "describe"), the numbers as JSON writes them (the shortest decimal that reads
// back as the same double).  The candidate's console output goes to stderr; whatever it
// writes to stdout itself is set aside by the harness.
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");

const write = process.stdout.write.bind(process.stdout);
for (const k of ["log", "info", "debug", "warn", "table", "dir"]) console[k] = console.error;

function answer(object) {
  write("\n" + JSON.stringify({ "perceptron-ref": 1, ...object }) + "\n");
}

function load(file, name) {
  // CommonJS (module.exports), an ES module's export (its keyword dropped), or a script
  // whose top level declares NAME.
  let source = fs.readFileSync(file, "utf8").replace(/^#!.*/, "");
  source = source
    .replace(/^\s*export\s+default\s+(?=(class|function|async)\b)/gm, "")
    .replace(/^\s*export\s+(?=(class|function|const|let|var|async)\b)/gm, "")
    .replace(/^\s*export\s*\{[^}]*\}\s*;?/gm, "")
    .replace(/^\s*export\s+default\s+/gm, "module.exports.default = ");
  const module = { exports: {} };
  const wrapped =
    "(function (exports, require, module, __filename, __dirname) {" + source +
    `\n;return typeof ${name} !== "undefined" ? ${name} : undefined;\n})`;
  const run = vm.runInThisContext(wrapped, { filename: file });
  const local = run(module.exports, require, module, file, path.dirname(file));
  const e = module.exports;
  const found =
    (e && typeof e === "object" && e[name]) ||
    (typeof e === "function" && (e.name === name || !local) ? e : undefined) ||
    local || (e && e.default);
  if (found === undefined) throw new Error(`no ${name} in ${path.basename(file)}`);
  return found;
}

function splitTop(text) {
  // split a parameter list at its top-level commas
  const parts = [];
  let depth = 0, start = 0, quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) { if (c === quote && text[i - 1] !== "\\") quote = null; continue; }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === "," && depth === 0) { parts.push(text.slice(start, i)); start = i + 1; }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p);
}

function paramList(source, head) {
  // the text between the parentheses after `head` (a regex source), or null
  const m = new RegExp(head + "\\s*\\(").exec(source);
  if (!m) return null;
  let depth = 1, i = m.index + m[0].length;
  const start = i;
  for (; i < source.length && depth; i++) {
    if (source[i] === "(") depth++;
    else if (source[i] === ")") depth--;
  }
  return source.slice(start, i - 1);
}

function literal(text) {
  try { return JSON.parse(text); } catch (_) { }
  try { return JSON.parse(text.replace(/'/g, '"')); } catch (_) { return { $repr: text.slice(0, 60) }; }
}

function params(list) {
  if (list === null) return [];
  return splitTop(list).map((p) => {
    if (p.startsWith("...")) return { name: p.slice(3), kind: "varargs", required: false };
    const eq = p.search(/=(?!>)/);
    const left = (eq < 0 ? p : p.slice(0, eq)).trim();
    const right = eq < 0 ? null : p.slice(eq + 1).trim();
    if (left.startsWith("{")) {  // an options object: its keys are its parameters
      const keys = splitTop(left.slice(1, -1)).map((k) => {
        const kq = k.search(/=(?!>)/);
        const key = (kq < 0 ? k : k.slice(0, kq)).split(":")[0].trim();
        return kq < 0 ? { name: key, required: false } : { name: key, required: false, default: literal(k.slice(kq + 1).trim()) };
      });
      return { name: "options", kind: "options", required: right === null, keys };
    }
    return right === null ? { name: left, kind: "positional", required: true }
      : { name: left, kind: "positional", required: false, default: literal(right) };
  });
}

const FITTING = ["fit", "train", "partial_fit", "partialFit", "learn", "training"];

function describe(found, name) {
  const text = Function.prototype.toString.call(found);
  const isClass = /^class\b/.test(text);
  const proto = found.prototype ? Object.getOwnPropertyNames(found.prototype) : [];
  const methods = {};
  let klass = found;
  const names = [];
  while (klass && klass.prototype) {  // its methods and its parents'
    for (const m of Object.getOwnPropertyNames(klass.prototype)) if (!names.includes(m)) names.push(m);
    klass = Object.getPrototypeOf(klass);
  }
  // its fitting methods first, then its other public ones: a class given its data by its
  // constructor may run them with run() or solve() (parameters.RUNS picks)
  const fitting = (m) => FITTING.includes(m) || /fit|train/i.test(m);
  const ordered = [...names.filter(fitting), ...names.filter((m) => !fitting(m) && !m.startsWith("_"))];
  for (const m of ordered) {
    if (m === "constructor") continue;
    let f;
    for (let k = found; k && k.prototype && f === undefined; k = Object.getPrototypeOf(k)) {
      const own = Object.getOwnPropertyDescriptor(k.prototype, m);  // a getter is not run
      if (own) f = own.value;
    }
    if (typeof f !== "function") continue;
    methods[m] = params(paramList(Function.prototype.toString.call(f), "^[^(]*"));
  }
  if (isClass || Object.keys(methods).some(fitting) || proto.length > 1) {
    const ctor = isClass ? paramList(text, "constructor") : paramList(text, "^[^(]*");
    return { kind: "class", name, call: params(ctor), methods, source: text.slice(0, 200000) };
  }
  return { kind: "function", name, call: params(paramList(text, "^[^(]*")), source: text.slice(0, 200000) };
}

function fill(v, values) {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === "$harness") return v.$harness === "default" ? undefined : values[v.$harness];
    const out = {};
    for (const k of keys) out[k] = fill(v[k], values);
    return out;
  }
  if (Array.isArray(v)) return v.map((u) => fill(u, values));
  return v;
}

function numeric(v) {
  if (typeof v === "number") return true;
  if (ArrayBuffer.isView(v)) return true;
  return Array.isArray(v) && v.length > 0 && v.every(numeric);
}

function size(v) {
  if (ArrayBuffer.isView(v) || Array.isArray(v)) return Array.from(v).reduce((s, u) => s + size(u), 0);
  return 1;
}

function plain(v) {
  if (ArrayBuffer.isView(v)) return Array.from(v);
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === "bigint") return v.toString();
  return v;
}

function weights(model, names, d) {
  // a field, a getter, a method of no arguments, or getWeights() / get_weights()
  const read = (n) => { try { const v = model[n]; return typeof v === "function" ? v.call(model) : v; } catch (_) { return undefined; } };
  const getter = (n) => ["get" + n[0].toUpperCase() + n.slice(1), "get_" + n].find((g) => typeof model[g] === "function");
  const get = (n) => { const v = read(n); return v !== undefined || !getter(n) ? v : read(getter(n)); };
  let w = names.w.find((n) => numeric(get(n)));
  if (w === undefined && names.forced) throw new Error(`the fitted object has no numeric ${names.w[0]}`);
  if (w === undefined) {
    const near = Object.keys(model).filter((n) => numeric(model[n]) && [d, d + 1].includes(size(model[n])) &&
      !/error|loss|cost|hist|mistake|label|class|pred|acc|score|epoch|iter|rate|eta|lr/i.test(n));
    if (near.length !== 1) return null;
    w = near[0];
  }
  const b = names.b.find((n) => n !== w && typeof get(n) === "number" || (numeric(get(n)) && size(get(n)) === 1 && n !== w));
  if (names.forced && names.b.length && b === undefined) throw new Error(`the fitted object has no numeric ${names.b[0]}`);
  return b === undefined ? [plain(get(w)), w] : [[plain(get(w)), plain(get(b))], `${w},${b}`];
}

function call(found, request) {
  const { plan, values } = request;
  const order = (c) => (c.order || []).map((v) => fill(v, values));
  let returned, model = null;
  if (plan.kind === "function") {
    returned = found(...order(plan.call));
    if (returned && typeof returned === "object" && !Array.isArray(returned) && !ArrayBuffer.isView(returned)) model = returned;
  } else {
    model = new found(...order(plan.construct || { order: [] }));
    const times = !plan.method ? 0 : plan.repeat ? values.passes : 1;  // none: it trained
    for (let i = 0; i < times; i++) returned = model[plan.method](...order(plan.call));
  }
  if (model) {
    const read = weights(model, plan.weights, values.d);
    if (read) return read;
    if (returned === undefined || returned === model) throw new Error("cannot find the fitted object's weights (name them with --weights-attr)");
  }
  return [plain(returned), ""];
}

function main() {
  const [mode, file, name] = process.argv.slice(2);
  let found;
  try {
    found = load(file, name);
  } catch (error) {
    answer({ load_error: `${error.name}: ${error.message}` });
    return;
  }
  if (mode === "describe") {
    answer({ describe: describe(found, name) });
    return;
  }
  const request = JSON.parse(fs.readFileSync(0, "utf8"));
  const began = process.hrtime.bigint();
  try {
    const [result, from] = call(found, request);
    const seconds = Number(process.hrtime.bigint() - began) / 1e9;
    answer({ result, from, seconds });
  } catch (error) {
    answer({ error: `${error && error.name}: ${error && error.message}`.slice(0, 500), memory: error instanceof RangeError && /memory|allocation/i.test(String(error.message)) });
  }
}

main();
