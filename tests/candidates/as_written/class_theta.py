"""Right: a class in 6.036's notation: ``theta`` and ``theta_0``, T passes, update iff
y (theta.x + theta_0) <= 0."""

import numpy as np


class Perceptron:
    def __init__(self, T=100):
        self.T = T

    def fit(self, X, y):
        self.theta = np.zeros(X.shape[1])
        self.theta_0 = 0.0
        for t in range(self.T):
            for i in range(len(y)):
                if y[i] * (self.theta @ X[i] + self.theta_0) <= 0:
                    self.theta = self.theta + y[i] * X[i]
                    self.theta_0 = self.theta_0 + y[i]
        return self
