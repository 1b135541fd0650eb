#!/usr/bin/env node
// Correct, in doubles: Gormley's online rule (update iff y(w.x) <= 0), speaking the protocol.
// JSON.stringify writes each weight as the shortest decimal that reads back as the same
// double: 2^-24 is 5.960464477539063e-8, which is not 2^-24 read as a decimal.
"use strict";

const toNumber = (s) => {
  const [n, d = "1"] = String(s).split("/");
  return Number(n) / Number(d);
};

let input = "";
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const { X, y, bias, epochs, eta = "1" } = JSON.parse(input);
  const xs = X.map((row) => (bias ? [1, ...row.map(toNumber)] : row.map(toNumber)));
  const step = toNumber(eta);
  let w = xs[0].map(() => 0);
  for (let epoch = 1; epochs === "converge" || epoch <= epochs; epoch++) {
    let mistakes = 0;
    xs.forEach((x, i) => {
      const s = x.reduce((acc, v, j) => acc + w[j] * v, 0);
      if (y[i] * s <= 0) {
        w = w.map((wj, j) => wj + step * y[i] * x[j]);
        mistakes++;
      }
    });
    if (epochs === "converge" && mistakes === 0) break;
  }
  process.stdout.write(JSON.stringify({ weights: w }) + "\n");
});
