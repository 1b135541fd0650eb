"""Press's PLA as a do-while with a flag, returning (mistakes, w): the count first, as
`return k, w` has it."""

import numpy as np


def pla(X, y):
    w = np.zeros(X.shape[1])
    k = 0
    while True:
        flag = False
        for i in range(len(y)):
            s = w @ X[i]
            if (y[i] == -1 and s >= 0) or (y[i] == 1 and s < 0):
                w = w + y[i] * X[i]
                k += 1
                flag = True
        if not flag:
            break
    return k, w
