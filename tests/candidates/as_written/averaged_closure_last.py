"""Wrong: an averaged perceptron written by hand that computes the average but returns a
predict with the last w (the average it made is never used)."""

import numpy as np


def train(X, y, epochs=1):
    n, d = X.shape
    w = np.zeros(d)
    w_sum = np.zeros(d)
    for _ in range(epochs):
        for i in range(n):
            if y[i] * (w @ X[i]) <= 0:
                w = w + y[i] * X[i]
            w_sum += w
    w_avg = w_sum / (n * epochs)
    print("average:", w_avg)

    def predict(Z):
        return np.where(Z @ w > 0, 1, -1)

    return predict
