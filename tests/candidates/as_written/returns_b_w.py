"""Right: returns the bias first, then the weights, (b, w), as some notes write θ₀ first."""


def perceptron(X, y, T=1):
    d = len(X[0])
    theta = [0.0] * d
    theta0 = 0.0
    for _ in range(T):
        for x, label in zip(X, y):
            if label * (sum(t * v for t, v in zip(theta, x)) + theta0) <= 0:
                theta = [t + label * v for t, v in zip(theta, x)]
                theta0 += label
    return theta0, theta
