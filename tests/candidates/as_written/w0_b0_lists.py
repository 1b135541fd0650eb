"""Right: starts from the w0 and b0 it is given, plain lists."""


def train(X, y, w0, b0, epochs=1):
    w, b = list(w0), b0
    for _ in range(epochs):
        for x, t in zip(X, y):
            if t * (sum(a * c for a, c in zip(w, x)) + b) <= 0:
                w = [a + t * c for a, c in zip(w, x)]
                b += t
    return w, b
