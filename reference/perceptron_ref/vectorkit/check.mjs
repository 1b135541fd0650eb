// A perceptron in JavaScript (BigInt rationals), checked against perceptron-ref's test vectors.
// Usage: node check.mjs FILE.json ...  (the additive perceptrons: blum, mehta, gormley-online,
// gormley-batch, press, ssbd).  Prints one line per failing test; exit status 1 if any fails.
import { readFileSync } from "node:fs";

const gcd = (a, b) => { while (b) [a, b] = [b, a % b]; return a < 0n ? -a : a; };
const q = (n, d = 1n) => { const g = gcd(n, d) * (d < 0n ? -1n : 1n); return [n / g, d / g]; };
const parse = (s) => { const [n, d = "1"] = s.split("/"); return q(BigInt(n), BigInt(d)); };
const show = ([n, d]) => (d === 1n ? `${n}` : `${n}/${d}`);
const add = ([a, b], [c, d]) => q(a * d + c * b, b * d);
const mul = ([a, b], [c, d]) => q(a * c, b * d);
const dot = (u, v) => u.reduce((s, ui, i) => add(s, mul(ui, v[i])), q(0n));
const PLUS = { "tie-positive": (s, y) => s >= 0n, "tie-negative": (s, y) => s > 0n,
               "tie-mistake": (s, y) => (s === 0n ? y < 0 : s > 0n) };  // at 0: -y, a mistake

function train(X, y, g, rule) {
  const xs = X.map((x) => (g.bias ? ["1", ...x] : x).map(parse)), eta = parse(g.eta);
  let w = xs[0].map(() => q(0n)), k = 0;
  const seen = new Map([[w.map(show).join(), 0]]), steps = [];
  for (let e = 1; ; e++) {
    let clean = true;
    xs.forEach((x, i) => {
      const s = dot(w, x), prediction = PLUS[rule](s[0], y[i]) ? 1 : -1, mistake = prediction !== y[i];
      if (mistake) { w = w.map((wj, j) => add(wj, mul(mul(eta, q(BigInt(y[i]))), x[j]))); k++; clean = false; }
      steps.push({ epoch: e, index: i, score: show(s), prediction, label: y[i], mistake, weights: w.map(show) });
    });
    const key = w.map(show).join(), done = (status, cycle = null) =>
      ({ dimension: w.length, mistakes: k, epochs: e, status, weights: w.map(show), cycle, steps });
    if (typeof g.epochs === "number") { if (e === g.epochs) return done("online"); continue; }
    if (clean) return done("converged");
    if (seen.has(key)) return done("cycled", [seen.get(key), e]);
    seen.set(key, e);
    if (g.maxEpochs !== null && e >= g.maxEpochs) return done("max_epochs");
  }
}

let failed = 0, passed = 0;
for (const file of process.argv.slice(2)) {
  const doc = JSON.parse(readFileSync(file, "utf8"));
  for (const g of doc.testGroups) for (const t of g.tests) {
    const { steps, ...got } = train(t.X, t.y, g, doc.zeroScore);
    const want = { ...t.result, steps: t.steps }, ok = JSON.stringify({ ...got, steps }) === JSON.stringify(want);
    if (ok) passed++; else { failed++; console.log(`FAIL ${doc.algorithm} tcId ${t.tcId}: ${t.comment}`); }
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed || passed === 0 ? 1 : 0);
