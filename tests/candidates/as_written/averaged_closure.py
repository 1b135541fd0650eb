"""Right: an averaged perceptron written by hand that returns the predict it made; its
closure holds both the last w and the average w_avg, and predicts with the average."""

import numpy as np


def train(X, y, epochs=1):
    n, d = X.shape
    w = np.zeros(d)
    w_sum = np.zeros(d)
    count = 0
    for _ in range(epochs):
        for i in range(n):
            if y[i] * (w @ X[i]) <= 0:
                w = w + y[i] * X[i]
            w_sum += w
            count += 1
    w_avg = w_sum / count

    def predict(Z):
        # w is kept for debugging; the average is the model
        print("last w:", w)
        return np.where(Z @ w_avg > 0, 1, -1)

    return predict
