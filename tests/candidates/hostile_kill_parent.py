"""Hostile: sends SIGKILL to its parent and to process 1 (the harness, if it could reach it),
then returns a wrong answer."""

import contextlib
import os
import signal
from typing import Any


def train(X: Any, y: Any) -> Any:
    for pid in (os.getppid(), 1):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return [0.0] * len(X[0])
