#!/usr/bin/env node
// A crosscheck candidate in JavaScript: Gormley's Algorithm 1 (Online), slide 31
// (update iff y·(w·x) <= 0, "tie -> mistake"), in exact rational arithmetic (BigInt).
// Protocol: spec/protocol/candidate-{input,output}.schema.json. Try it:
//   perceptron-ref crosscheck perceptron/gormley-online --input fractions \
//       --candidate 'cmd:node spec/protocol/examples/perceptron.js'
"use strict";

const gcd = (a, b) => { while (b) [a, b] = [b, a % b]; return a < 0n ? -a : a; };
function q(n, d = 1n) {               // a rational n/d in lowest terms, d > 0
  if (d < 0n) { n = -n; d = -d; }
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}
const parse = (s) => { const [n, d = "1"] = s.split("/"); return q(BigInt(n), BigInt(d)); };
const add = (a, b) => q(a.n * b.d + b.n * a.d, a.d * b.d);
const mul = (a, b) => q(a.n * b.n, a.d * b.d);
const show = (a) => (a.d === 1n ? `${a.n}` : `${a.n}/${a.d}`);

let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const { X, y, bias, epochs, eta = "1" } = JSON.parse(input);
  const xs = X.map((row) => (bias ? ["1", ...row] : row).map(parse));
  const step = parse(eta);                 // the step it is told (absent: 1)
  let w = xs[0].map(() => q(0n));
  for (let epoch = 1; epochs === "converge" || epoch <= epochs; epoch++) {
    let mistakes = 0;
    xs.forEach((x, i) => {
      const label = q(BigInt(y[i]));
      const update = mul(step, label);
      const s = x.reduce((acc, v, j) => add(acc, mul(w[j], v)), q(0n));
      if (mul(label, s).n <= 0n) {          // y·(w·x) <= 0: a mistake
        w = w.map((wj, j) => add(wj, mul(update, x[j])));
        mistakes++;
      }
    });
    if (epochs === "converge" && mistakes === 0) break;
  }
  process.stdout.write(JSON.stringify({ weights: w.map(show) }) + "\n");
});
