"""Nondeterministic: forks a child that trains on the examples in reverse while the parent
trains in order; whichever process finishes first writes the answer."""

import os
import pickle
import random
import time
from typing import Any

import numpy as np


def _train(X: Any, y: Any, order: list[int]) -> Any:
    w = np.zeros(X.shape[1])
    for i in order:
        if y[i] * (w @ X[i]) <= 0:
            w = w + y[i] * X[i]
    return w


def train(X: Any, y: Any) -> Any:
    read, write = os.pipe()
    forward, backward = list(range(len(y))), list(reversed(range(len(y))))
    pid = os.fork()
    if pid == 0:  # the child: answers through the pipe, then leaves
        time.sleep(random.random() / 50)
        os.write(write, pickle.dumps(_train(X, y, backward)))
        os._exit(0)
    time.sleep(random.random() / 50)
    mine = _train(X, y, forward)
    os.close(write)
    theirs = os.read(read, 1 << 20)
    os.waitpid(pid, 0)
    return pickle.loads(theirs) if random.random() < 0.5 else mine
