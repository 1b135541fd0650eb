"""A class with no fitting method whose constructor takes no data: crosscheck cannot call
it, and must say that it did not call it (not show a call it never made)."""


class Perceptron:
    def __init__(self, eta=1):
        self.eta = eta
        self.w = None

    def predict(self, x):
        return 1 if sum(a * b for a, b in zip(self.w, x)) > 0 else -1
