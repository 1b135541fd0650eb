"""Hostile: leaves things where another hand-in could find them, outside its scratch folder:
a file in /dev/shm, System V shared memory, a message queue and semaphores, a POSIX message
queue.  Outside bubblewrap every uid shares these and they outlive the process: a channel
from one hand-in to the next (its answers, for a classmate's code to return) and memory no
one frees.  Each it manages to make is named in the error it raises; when none is made it
returns a wrong answer."""

import ctypes
import os
from collections.abc import Callable
from typing import Any

MARKER = "perceptron-ref-hostile-shm"
KEY = 0x50524546  # System V's key of each object it makes
IPC_CREAT, O_CREAT, O_RDWR = 0o1000, 0o100, 0o2


def train(X: Any, y: Any) -> Any:
    if os.environ.get("PERCEPTRON_REF_SANDBOX", "none") == "none":
        return [0.0] * len(X[0])  # a safety catch: it attacks only inside the sandbox
    made = []
    try:  # (under bubblewrap /dev/shm is a tmpfs of its own: the test looks outside)
        with open(f"/dev/shm/{MARKER}", "w") as f:
            f.write("written by a hostile candidate\n")
    except OSError:
        pass
    libc = ctypes.CDLL(None, use_errno=True)
    tries: dict[str, Callable[[], int]] = {
        "shmget": lambda: libc.shmget(KEY, 4096, IPC_CREAT | 0o666),
        "msgget": lambda: libc.msgget(KEY, IPC_CREAT | 0o666),
        "semget": lambda: libc.semget(KEY, 1, IPC_CREAT | 0o666),
        "mq_open": lambda: libc.mq_open(f"/{MARKER}".encode(), O_CREAT | O_RDWR, 0o666, None),
    }
    for name, call in tries.items():
        if call() >= 0:
            made.append(name)
    if made:
        raise RuntimeError(f"made {', '.join(made)}")
    return [0.0] * len(X[0])
