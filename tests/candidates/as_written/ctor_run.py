"""Right: given its data by its constructor, it runs them with run() (no fitting method)."""


class PLA:
    def __init__(self, data, labels, T=10):
        self.data = [list(map(float, x)) for x in data]
        self.labels = list(labels)
        self.T = T
        self.theta = [0.0] * len(self.data[0])

    def run(self):
        for _ in range(self.T):
            for x, t in zip(self.data, self.labels):
                s = sum(a * b for a, b in zip(self.theta, x))
                if t * s <= 0:
                    self.theta = [a + t * b for a, b in zip(self.theta, x)]
        return self.theta
