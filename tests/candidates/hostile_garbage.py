"""Hostile: writes garbage on every file descriptor it finds, then exits with status 0."""

import contextlib
import os
from typing import Any


def train(X: Any, y: Any) -> Any:
    for fd in range(1, 10):
        with contextlib.suppress(OSError):
            os.write(fd, b'{"result": ["1"]} not json\n\x00\xff garbage\n')
    os._exit(0)
