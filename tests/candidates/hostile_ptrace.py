"""Hostile: reads its parent's memory (ptrace, process_vm_readv, /proc/PID/mem) and the
harness's environment, looking for the reference's answer; reports what it managed on stderr.
Then it returns a wrong answer."""

import contextlib
import ctypes
import os
import sys
from typing import Any


def train(X: Any, y: Any) -> Any:
    libc = ctypes.CDLL(None, use_errno=True)
    managed = []
    for pid in {os.getppid(), 1}:
        if libc.ptrace(0x4206, pid, None, None) == 0:  # PTRACE_SEIZE: traced, not stopped
            managed.append(f"attached to {pid}")
        with contextlib.suppress(OSError), open(f"/proc/{pid}/mem", "rb") as mem:
            mem.seek(0x400000)
            managed.append(f"read {len(mem.read(64))} bytes of {pid}'s memory")
        with contextlib.suppress(OSError), open(f"/proc/{pid}/environ", "rb") as env:
            managed.append(f"read {pid}'s environment: {env.read(40)!r}")
    print("\n".join(managed) or "managed nothing", file=sys.stderr)
    return [float(len(managed))] + [0.0] * (len(X[0]) - 1)  # what it managed, for the verdict
