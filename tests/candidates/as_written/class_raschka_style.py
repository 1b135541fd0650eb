"""Right: a scikit-learn-style class, as textbooks write it: ``Perceptron(eta, n_iter).fit``,
the weights in ``w_`` with the bias first, ``errors_`` per pass, labels ±1, an update of
eta (target − prediction): Mehta's rule (+ at a zero score) with a step of 2 eta."""

import numpy as np


class Perceptron:
    """Rosenblatt's perceptron.

    eta: learning rate in (0, 1]; n_iter: passes over the training set;
    random_state: seed of the generator (kept for the interface)."""

    def __init__(self, eta=0.01, n_iter=50, random_state=1):
        self.eta = eta
        self.n_iter = n_iter
        self.random_state = random_state

    def fit(self, X, y):
        self.w_ = np.zeros(1 + X.shape[1])
        self.errors_ = []
        for _ in range(self.n_iter):
            errors = 0
            for xi, target in zip(X, y):
                update = self.eta * (target - self.predict(xi))
                self.w_[1:] += update * xi
                self.w_[0] += update
                errors += int(update != 0.0)
            self.errors_.append(errors)
        return self

    def net_input(self, X):
        return np.dot(X, self.w_[1:]) + self.w_[0]

    def predict(self, X):
        return np.where(self.net_input(X) >= 0.0, 1, -1)
