"""Right: an estimator with scikit-learn's interface (``max_iter``, ``eta0``,
``fit_intercept``; ``coef_`` of shape (1, d), ``intercept_`` of shape (1,)) written by hand:
update iff y (w.x + b) <= 0."""

import numpy as np


class SimplePerceptron:
    def __init__(self, max_iter=100, eta0=1.0, fit_intercept=True):
        self.max_iter = max_iter
        self.eta0 = eta0
        self.fit_intercept = fit_intercept

    def fit(self, X, y):
        X = np.asarray(X, dtype=float)
        w = np.zeros(X.shape[1])
        b = 0.0
        for _ in range(self.max_iter):
            for xi, yi in zip(X, y):
                if yi * (xi @ w + b) <= 0:
                    w += self.eta0 * yi * xi
                    if self.fit_intercept:
                        b += self.eta0 * yi
        self.coef_ = w.reshape(1, -1)
        self.intercept_ = np.array([b])
        return self

    def predict(self, X):
        return np.where(np.asarray(X) @ self.coef_[0] + self.intercept_[0] > 0, 1, -1)
