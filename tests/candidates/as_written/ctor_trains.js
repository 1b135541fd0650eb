// Right: a JavaScript class that trains in its constructor, new Perceptron(X, y, epochs),
// with getters for its weights and bias (no fit of its own); Gormley's rule.
class Perceptron {
  constructor(X, y, epochs = 10, lr = 1) {
    this._w = new Array(X[0].length).fill(0);
    this._b = 0;
    for (let e = 0; e < epochs; e++) {
      for (let i = 0; i < X.length; i++) {
        const s = X[i].reduce((acc, v, j) => acc + v * this._w[j], this._b);
        if (y[i] * s <= 0) {
          this._w = this._w.map((wj, j) => wj + lr * y[i] * X[i][j]);
          this._b += lr * y[i];
        }
      }
    }
  }

  getWeights() { return this._w; }

  getBias() { return this._b; }

  predict(x) {
    return x.reduce((acc, v, j) => acc + v * this._w[j], this._b) > 0 ? 1 : -1;
  }
}

module.exports = Perceptron;
