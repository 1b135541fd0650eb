"""Right: a scikit-learn-like class on plain lists; it takes labels 0/1 (or ±1) and turns
them into ±1 inside; coef_ of shape (1, d) and intercept_ of shape (1,), as scikit-learn's."""


class LinearPerceptron:
    def __init__(self, max_iter=5, learning_rate=1.0):
        self.max_iter = max_iter
        self.learning_rate = learning_rate

    def fit(self, X, y):
        X = [list(map(float, row)) for row in X]
        signs = [1 if label == 1 else -1 for label in y]
        w = [0.0] * len(X[0])
        b = 0.0
        for _ in range(self.max_iter):
            for row, t in zip(X, signs):
                s = b + sum(wj * xj for wj, xj in zip(w, row))
                if t * s <= 0:
                    w = [wj + self.learning_rate * t * xj for wj, xj in zip(w, row)]
                    b += self.learning_rate * t
        self.coef_ = [w]
        self.intercept_ = [b]
        return self

    def predict(self, X):
        return [
            1 if self.intercept_[0] + sum(a * c for a, c in zip(self.coef_[0], r)) > 0 else 0
            for r in X
        ]
