"""The averaged perceptron as MIT 6.036 writes it: data d × n (one example per column), labels
a 1 × n row, the passes in a params dict (``params.get("T", 100)``) and a hook, (θ, θ₀)
returned as (d, 1) and (1, 1) arrays; the mean of θ after every example."""

from typing import Any

import numpy as np


def averaged_perceptron(data: Any, labels: Any, params: Any = {}, hook: Any = None) -> Any:  # noqa: B006
    T = params.get("T", 100)
    (d, n) = data.shape
    theta = np.zeros((d, 1))
    theta_0 = np.zeros((1, 1))
    theta_sum = theta.copy()
    theta_0_sum = theta_0.copy()
    for _t in range(T):
        for i in range(n):
            x = data[:, i : i + 1]
            y = labels[0, i]
            if y * (np.dot(theta.T, x) + theta_0) <= 0.0:
                theta = theta + y * x
                theta_0 = theta_0 + y
                if hook:
                    hook((theta, theta_0))
            theta_sum = theta_sum + theta
            theta_0_sum = theta_0_sum + theta_0
    theta_avg = theta_sum / (T * n)
    theta_0_avg = theta_0_sum / (T * n)
    return theta_avg, theta_0_avg
