"""Right: ``Perceptron(learning_rate, epochs)`` whose ``train`` keeps ``weights`` and a
separate ``bias``: Blum's rule (predict + iff w.x + b > 0)."""


class Perceptron:
    def __init__(self, learning_rate=0.01, epochs=100):
        self.learning_rate = learning_rate
        self.epochs = epochs
        self.weights = None
        self.bias = 0.0

    def activation(self, x):
        total = self.bias + sum(w * v for w, v in zip(self.weights, x))
        return 1 if total > 0 else -1

    def train(self, X, y):
        self.weights = [0.0] * len(X[0])
        self.bias = 0.0
        for _ in range(self.epochs):
            for x, target in zip(X, y):
                if self.activation(x) != target:
                    self.weights = [
                        w + self.learning_rate * target * v for w, v in zip(self.weights, x)
                    ]
                    self.bias += self.learning_rate * target
