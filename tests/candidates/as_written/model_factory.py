"""Right: a factory that returns the configured (unfitted) model; the model fits in place."""


class Perceptron:
    def __init__(self, passes):
        self.passes = passes

    def fit(self, X, y):
        w = [0.0] * len(X[0])
        for _ in range(self.passes):
            for x, t in zip(X, y):
                if t * sum(a * b for a, b in zip(w, x)) <= 0:
                    w = [a + t * b for a, b in zip(w, x)]
        self.weights = w
        return self


def make_model():
    return Perceptron(passes=1)
