// Known wrong: a JavaScript function that skips an update when the score is exactly 0 with
// a positive label (Mehta's rule), checked against Gormley's (a zero score is a mistake).
function train(X, y, epochs = 1) {
  const w = new Array(X[0].length).fill(0);
  for (let e = 0; e < epochs; e++) {
    X.forEach((x, i) => {
      const s = x.reduce((acc, v, j) => acc + w[j] * v, 0);
      if ((s >= 0 ? 1 : -1) !== y[i]) x.forEach((v, j) => (w[j] += y[i] * v));
    });
  }
  return w;
}

module.exports = { train };
