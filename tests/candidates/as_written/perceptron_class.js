// Right: a JavaScript class as tutorials write it, no exports, no I/O of its own but logs:
// new Perceptron(learningRate, epochs).fit(X, y), weights and bias in fields, labels ±1,
// update = lr * (y - prediction): Mehta's rule (+ at a zero score) with a step of 2 lr.
class Perceptron {
  constructor(learningRate = 0.1, epochs = 10) {
    this.learningRate = learningRate;
    this.epochs = epochs;
    this.weights = [];
    this.bias = 0;
  }

  predict(x) {
    let s = this.bias;
    for (let i = 0; i < x.length; i++) s += this.weights[i] * x[i];
    return s >= 0 ? 1 : -1;
  }

  fit(X, y) {
    this.weights = new Array(X[0].length).fill(0);
    this.bias = 0;
    for (let e = 0; e < this.epochs; e++) {
      let errors = 0;
      for (let i = 0; i < X.length; i++) {
        const update = this.learningRate * (y[i] - this.predict(X[i]));
        if (update !== 0) {
          for (let j = 0; j < X[i].length; j++) this.weights[j] += update * X[i][j];
          this.bias += update;
          errors++;
        }
      }
      console.log(`epoch ${e}: ${errors} errors`);
    }
    return this;
  }
}

// a demo, run when the file is loaded
const p = new Perceptron(0.1, 5);
p.fit([[1, 2], [-1, -2]], [1, -1]);
console.log("weights", p.weights, "bias", p.bias);
