"""Wrong: a class with fit/predict whose loop counts its passes from 1 (range(1, n_epochs)):
one pass fewer than asked, none at all when asked for one."""

import numpy as np


class Perceptron:
    def __init__(self, n_epochs=10, eta=1.0):
        self.n_epochs = n_epochs
        self.eta = eta

    def fit(self, X, y):
        self.w_ = np.zeros(X.shape[1])
        self.b_ = 0.0
        for epoch in range(1, self.n_epochs):
            for xi, target in zip(X, y):
                if target * (self.w_ @ xi + self.b_) <= 0:
                    self.w_ += self.eta * target * xi
                    self.b_ += self.eta * target
        return self

    def predict(self, X):
        return np.where(X @ self.w_ + self.b_ > 0, 1, -1)
