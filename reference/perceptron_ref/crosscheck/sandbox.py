"""Run an untrusted program: its own process group, limits, a scratch directory, capped output.

The candidate is a separate process started with ``resource.setrlimit`` in ``preexec_fn``:
address space (``memory`` bytes), CPU seconds, file size and no core dumps; a fresh
temporary directory as its working directory and ``HOME``; a minimal environment.  The
parent waits on a wall clock: ``timeout`` seconds for each line of output (a line is one
data set's result, so a slow but working batch is not cut off), then kills the whole
process group.  It keeps at most ``MAX_OUTPUT`` bytes of stdout (more ends the run: the
verdict is "too much output") and the last ``STDERR_TAIL`` bytes of stderr.
"""

from __future__ import annotations

import contextlib
import os
import resource
import selectors
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

MAX_OUTPUT = 4 * 1024 * 1024
STDERR_TAIL = 2000
MEMORY = 1024**3
"""Default address-space limit, 1 GiB: numpy, scikit-learn, river and node start inside it
(node needs more than 512 MiB of address space, Python with numpy less)."""


@dataclass(frozen=True)
class Execution:
    """What came back from one run of an untrusted program."""

    lines: tuple[bytes, ...]  # complete stdout lines, in order
    rest: bytes  # stdout after the last newline
    stderr: str  # the tail of stderr
    returncode: int | None  # None when we killed it
    timed_out: bool
    overflow: bool  # stdout exceeded MAX_OUTPUT

    def death(self) -> tuple[str, str] | None:
        """How the process ended, if abnormally: (kind, detail) for a timeout, too much
        output, or a signal (the CPU limit sends SIGXCPU; the kernel's OOM killer SIGKILL)."""
        if self.timed_out:
            return "hang", "no result within the time limit (killed)"
        if self.overflow:
            return "too much output", f"more than {MAX_OUTPUT} bytes (killed)"
        code = self.returncode
        if code is not None and code < 0:
            name = signal.Signals(-code).name
            why = {"SIGXCPU": " (CPU time limit)", "SIGKILL": " (e.g. out of memory)"}
            return "crash", f"killed by {name}{why.get(name, '')}"
        return None


def _limits(memory: int, cpu_seconds: int) -> Callable[[], None]:
    def apply() -> None:  # runs in the child between fork and exec
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
        resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024**2, 64 * 1024**2))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    return apply


def environment(scratch: str) -> dict[str, str]:
    """A minimal environment: no secrets of ours, one thread per numeric library."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": scratch, "LANG": "C.UTF-8"}
    env |= {k: "1" for k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")}
    env["PYTHONHASHSEED"] = "0"
    return env


def execute(
    argv: Sequence[str],
    stdin: bytes,
    *,
    timeout: float,
    memory: int = MEMORY,
    cpu_seconds: int = 60,
) -> Execution:
    """Run ``argv`` with ``stdin`` under the limits; ``timeout`` is per line of output."""
    with tempfile.TemporaryDirectory(prefix="crosscheck-") as scratch:
        process = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=scratch,
            env=environment(scratch),
            preexec_fn=_limits(memory, cpu_seconds),
            start_new_session=True,  # its own process group: we kill all it spawns
        )
        return _communicate(process, stdin, timeout)


def _communicate(process: subprocess.Popen[bytes], stdin: bytes, timeout: float) -> Execution:
    assert process.stdin and process.stdout and process.stderr
    try:
        process.stdin.write(stdin)
        process.stdin.close()
    except BrokenPipeError:
        pass  # it exited without reading: what it printed decides
    out, err = bytearray(), bytearray()
    timed_out = overflow = False
    deadline = time.monotonic() + timeout
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ, out)
        selector.register(process.stderr, selectors.EVENT_READ, err)
        while selector.get_map():
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            for key, _ in selector.select(left):
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(key.fileobj)
                    continue
                buffer: bytearray = key.data
                if buffer is out and b"\n" in chunk:
                    deadline = time.monotonic() + timeout  # a result arrived: the clock restarts
                buffer += chunk
                if buffer is err:
                    del buffer[:-STDERR_TAIL]
            if len(out) > MAX_OUTPUT:
                overflow = True
                break
    if timed_out or overflow:
        _kill(process)
    returncode = process.wait()
    _kill(process)  # anything it left behind in its process group
    *lines, rest = bytes(out[: MAX_OUTPUT + 1]).split(b"\n")
    return Execution(
        tuple(lines),
        rest,
        err.decode("utf-8", "replace"),
        None if timed_out or overflow else returncode,
        timed_out,
        overflow,
    )


def _kill(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
        os.killpg(process.pid, signal.SIGKILL)
    for stream in (process.stdout, process.stderr):
        if stream:
            stream.close()
