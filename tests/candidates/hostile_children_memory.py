"""Hostile: four children of 400 MiB each (1.6 GiB in all), each within a 1 GiB limit on one
process: only a bound on the hand-in as a whole stops them.  Then a wrong answer."""

import os
import time
from typing import Any

MiB = 1024**2


def train(X: Any, y: Any) -> Any:
    children = []
    for _ in range(4):
        pid = os.fork()
        if pid == 0:
            held = bytearray(400 * MiB)  # zeroed: every page touched, resident
            held[::4096] = b"x" * len(held[::4096])
            time.sleep(20)
            os._exit(0)
        children.append(pid)
    for pid in children:
        os.waitpid(pid, 0)
    return [0.0] * len(X[0])
