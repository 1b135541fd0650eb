// Wrong: the weights in a Float32Array (to save memory): every update is rounded to
// float32; right only where the data need no more than float32's 24 bits.
function train(X, y, epochs = 1) {
  const w = new Float32Array(X[0].length);
  let b = 0;
  for (let e = 0; e < epochs; e++) {
    for (let i = 0; i < X.length; i++) {
      let s = b;
      for (let j = 0; j < w.length; j++) s += w[j] * X[i][j];
      if (y[i] * s <= 0) {
        for (let j = 0; j < w.length; j++) w[j] += y[i] * X[i][j];
        b += y[i];
      }
    }
  }
  return { weights: Array.from(w), bias: b };
}

module.exports = { train };
