"""Right: a class whose fit returns {"theta": ..., "theta0": ...} and keeps no weights; its
setting T is one number, which at d = 1 is no weight vector."""

import numpy as np


class Learner:
    def __init__(self, T=1):
        self.T = T

    def fit(self, X, y):
        th = np.zeros(X.shape[1])
        th0 = 0.0
        for _ in range(self.T):
            for x, t in zip(X, y):
                if t * (th @ x + th0) <= 0:
                    th = th + t * x
                    th0 += t
        return {"theta": th, "theta0": th0}
