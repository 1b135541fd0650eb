"""Wrong: it turns the labels into 0/1 inside and updates with w + t * x, so a negative
example (t = 0) never moves w."""


def train(X, y, epochs=1):
    labels = [1 if v > 0 else 0 for v in y]
    w = [0.0] * len(X[0])
    for _ in range(epochs):
        for x, t in zip(X, labels):
            guess = 1 if sum(a * b for a, b in zip(w, x)) > 0 else 0
            if guess != t:
                w = [a + t * b for a, b in zip(w, x)]
    return w
