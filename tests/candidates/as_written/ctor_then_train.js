// Right: given its data by its constructor, it runs them with train() (no data of its
// own); weights kept in this.weights, the bias folded in as weights[0]; Blum's rule.
class PLA {
  constructor(data, labels, maxIter = 100) {
    this.data = data.map((x) => [1, ...x]);
    this.labels = labels;
    this.maxIter = maxIter;
    this.weights = new Array(this.data[0].length).fill(0);
  }

  train() {
    for (let t = 0; t < this.maxIter; t++) {
      let mistakes = 0;
      this.data.forEach((x, i) => {
        const s = x.reduce((acc, v, j) => acc + v * this.weights[j], 0);
        const guess = s > 0 ? 1 : -1;
        if (guess !== this.labels[i]) {
          this.weights = this.weights.map((w, j) => w + this.labels[i] * x[j]);
          mistakes++;
        }
      });
      if (mistakes === 0) break;
    }
    return this.weights;
  }
}

module.exports = { PLA };
