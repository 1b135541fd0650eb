"""Right: takes the data as (x, y) pairs, plain lists, ``epochs`` passes: Mehta's rule."""


def train(data, epochs=1):
    w = [0] * len(data[0][0])
    for _ in range(epochs):
        for x, y in data:
            guess = 1 if sum(a * b for a, b in zip(w, x)) >= 0 else -1
            if guess != y:
                w = [a + y * b for a, b in zip(w, x)]
    return w
