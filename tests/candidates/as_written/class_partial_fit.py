"""Right: a class with only ``partial_fit(X, y, classes=None)``: one pass per call, as
scikit-learn's online estimators have it; no bias."""

import numpy as np


class StreamingPerceptron:
    def __init__(self, eta0=1.0):
        self.eta0 = eta0
        self.coef_ = None

    def partial_fit(self, X, y, classes=None):
        if self.coef_ is None:
            if classes is None:
                raise ValueError("classes must be passed on the first call to partial_fit")
            self.classes_ = np.asarray(classes)
            self.coef_ = np.zeros(X.shape[1])
        for x, t in zip(X, y):
            if t * (self.coef_ @ x) <= 0:
                self.coef_ = self.coef_ + self.eta0 * t * x
        return self
