"""Right: 6.036's ``perceptron(data, labels, params={}, hook=None)``: data d × n, labels
1 × n, T passes from ``params``, returns (theta of shape (d, 1), theta_0 of shape (1, 1));
update iff y (theta.x + theta_0) <= 0."""

import numpy as np


def positive(x, th, th0):
    return np.sign(th.T @ x + th0)


def perceptron(data, labels, params={}, hook=None):
    # if T not in params, default to 100
    T = params.get("T", 100)
    (d, n) = data.shape
    theta = np.zeros((d, 1))
    theta_0 = np.zeros((1, 1))
    for t in range(T):
        for i in range(n):
            x = data[:, i : i + 1]
            y = labels[0, i]
            if y * positive(x, theta, theta_0) <= 0.0:
                theta = theta + y * x
                theta_0 = theta_0 + y
                if hook:
                    hook((theta, theta_0))
    return theta, theta_0
