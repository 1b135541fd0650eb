"""Right: a model made at the top level of the file (the target is the instance); the rest
of the file trains it on data the grader does not have."""

import numpy as np


class Perceptron:
    def __init__(self, lr=1.0, epochs=1):
        self.lr, self.epochs = lr, epochs

    def fit(self, X, y):
        self.w = np.zeros(X.shape[1])
        for _ in range(self.epochs):
            for x, t in zip(X, y):
                if t * (self.w @ x) <= 0:
                    self.w = self.w + self.lr * t * x
        return self


model = Perceptron(lr=1.0, epochs=1)
X_train = np.loadtxt("train.csv", delimiter=",")
model.fit(X_train[:, :-1], X_train[:, -1])
