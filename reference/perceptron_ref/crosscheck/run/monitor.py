"""Bounds on a sandbox as a whole, kept by watching it: memory and scratch space.

RLIMIT_AS bounds each process; four children of 400 MiB would still hold 1.6 GiB together.
A :class:`Watch` looks at every process of the sandbox (all of its uid when it has one of
its own, else all of its PID namespace, else its session) every :data:`PERIOD` seconds, and
kills them all when together they hold more than the memory limit, or when its scratch
folder grows past its size (where no tmpfs size bounds it: outside bubblewrap, or
bubblewrap 0.6.1 without ``--size``).  What it did is kept in :attr:`Watch.exceeded`, for
the verdict.

Memory is first counted cheaply, each process's own resident pages
(:func:`~perceptron_ref.crosscheck.run.accounts.memory`); only past the limit is it counted
exactly, each page shared after a fork once
(:func:`~perceptron_ref.crosscheck.run.accounts.proportional`): a fork bomb of small
processes is not a memory hog.  Reading those figures takes the rights to trace the
processes, which a root in a container lacks (no CAP_SYS_PTRACE): the watch's thread takes
the sandbox's uid as its file-system uid (``setfsuid``, one thread's alone) to read them as
their owner does.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import threading
from collections.abc import Callable
from pathlib import Path

from perceptron_ref.crosscheck.run import accounts

PERIOD = 0.05
SCRATCH_EVERY = 10  # look at the scratch folder's size once in this many periods
SCRATCH_ENTRIES = 100_000  # more files than this in the scratch folder: over, whatever size


def in_namespace(init: int) -> Callable[[], list[int]]:
    """The processes of the PID namespace whose first process is host PID ``init``."""
    try:
        space = os.stat(f"/proc/{init}/ns/pid").st_ino
    except OSError:
        return lambda: []

    def found() -> list[int]:
        pids = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                with contextlib.suppress(OSError):
                    if os.stat(f"/proc/{entry}/ns/pid").st_ino == space:
                        pids.append(int(entry))
        return pids

    return found


def in_session(leader: int) -> Callable[[], list[int]]:
    """The processes of session ``leader`` (a process that starts a session of its own
    escapes it: the weakest of the three, used only where there is nothing better)."""

    def found() -> list[int]:
        pids = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                with contextlib.suppress(OSError, ValueError, IndexError):
                    with open(f"/proc/{entry}/stat", "rb") as stat:
                        fields = stat.read().rpartition(b")")[2].split()
                    if int(fields[3]) == leader:  # state ppid pgrp session
                        pids.append(int(entry))
        return pids

    return found


def size(folder: Path) -> int:
    """Bytes of the files under ``folder``; past :data:`SCRATCH_ENTRIES` entries, -1."""
    total = entries = 0
    stack = [str(folder)]
    while stack:
        with contextlib.suppress(OSError), os.scandir(stack.pop()) as listing:
            for entry in listing:
                entries += 1
                if entries > SCRATCH_ENTRIES:
                    return -1
                with contextlib.suppress(OSError):
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
                    else:
                        total += entry.stat(follow_symlinks=False).st_blocks * 512
    return total


class Watch:
    """A thread that keeps the sandbox within ``memory`` bytes (and its ``scratch`` folder,
    when given, within ``scratch_size``) until :meth:`stop`."""

    def __init__(
        self,
        members: Callable[[], list[int]],
        memory: int,
        scratch: Path | Callable[[], Path | None] | None = None,
        scratch_size: int = 0,
        owner: int | None = None,
    ) -> None:
        self.members, self.memory, self.owner = members, memory, owner
        self.scratch, self.scratch_size = scratch, scratch_size
        self.exceeded: str | None = None  # "memory" or "scratch", once it killed them
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sandbox-watch", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        if self.owner is not None:  # this thread only: read the sandbox's figures as it
            libc = ctypes.CDLL(None, use_errno=True)
            libc.setfsgid(self.owner)
            libc.setfsuid(self.owner)
        tick = 0
        while not self._stop.wait(PERIOD):
            pids = self.members()
            if pids and accounts.memory(pids) > self.memory:
                exact = accounts.proportional(pids)
                if exact is None or exact > self.memory:
                    self._kill("memory")
                    return
            tick += 1
            folder = self.scratch() if callable(self.scratch) else self.scratch
            if folder is not None and tick % SCRATCH_EVERY == 0:
                used = size(folder)
                if used < 0 or used > self.scratch_size:
                    self._kill("scratch")
                    return

    def _kill(self, why: str) -> None:
        self.exceeded = why
        for _ in range(100):  # each round kills what the last one missed
            pids = self.members()
            if not pids:
                return
            for pid in pids:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
