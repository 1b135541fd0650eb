"""Hostile: floods stdout and its protocol channel with 100 MB, then returns."""

import os
from typing import Any


def train(X: Any, y: Any) -> Any:
    block = b"9" * (1024 * 1024)
    print("x" * 10_000_000)
    for fd in os.listdir("/proc/self/fd"):
        for _ in range(100):
            try:
                os.write(int(fd), block)
            except OSError:
                break
    return [0.0] * len(X[0])
