"""Right: a class whose weights are named as nothing else would name them: read with
``--weights-attr coefficients,offset``."""


class Classifier:
    def __init__(self, rate=1.0, rounds=1):
        self.rate, self.rounds = rate, rounds
        self.coefficients = []
        self.offset = 0.0
        self.history = []

    def train(self, X, y):
        self.coefficients = [0.0] * len(X[0])
        self.offset = 0.0
        for _ in range(self.rounds):
            for x, t in zip(X, y):
                if t * (sum(c * v for c, v in zip(self.coefficients, x)) + self.offset) <= 0:
                    self.coefficients = [
                        c + self.rate * t * v for c, v in zip(self.coefficients, x)
                    ]
                    self.offset += self.rate * t
            self.history.append(list(self.coefficients))
