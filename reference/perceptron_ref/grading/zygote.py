"""Each hand-in in a process of its own, forked from one that has loaded the grader once.

A grading process (:mod:`~perceptron_ref.grading.child`) started afresh spends most of a
right hand-in's time before the hand-in runs: importing perceptron-ref and numpy, and
reading the class's cache entry (:mod:`~perceptron_ref.crosscheck.judge.cache`), the same
for every hand-in.  So ``grade`` starts one *zygote* per class: a process that imports the
grader and reads the entries it is named, then forks one process per hand-in.  Each fork
starts where the zygote stands and grades one job exactly as a fresh child would
(:func:`~perceptron_ref.grading.child.grade`): what one hand-in does to its grading process
never reaches another's, and the hand-in itself runs in its sandbox as before.

The protocol, between ``grade`` (:class:`Zygote`) and this module's :func:`main`, over the
zygote's stdin and stdout, one line each: ``grade`` writes the job to ``N.job`` in a private
folder and sends ``N``; the zygote answers ``start N PID`` when it has forked, and ``end N
STATUS`` (the wait status) when that process has ended, having written its JSON line to
``N.out`` and anything it printed to ``N.err``.  The zygote ends with ``grade`` (it watches
its parent, and kills its forks when that is gone), and each fork ends with the zygote.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

POLL = 0.25
"""Seconds between the zygote's looks at its parent and its forks."""


class Zygote:
    """The ``grade`` side: a zygote started with the cache entries it pre-reads
    (``preload``: their paths), and :meth:`run` for each job, from any thread."""

    def __init__(self, preload: Sequence[str | Path] = ()) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="perceptron-ref-zygote-"))  # 0700
        command = [sys.executable, "-I", "-m", "perceptron_ref.grading.zygote", str(os.getpid())]
        self.process = subprocess.Popen(
            [*command, str(self.folder), *map(str, preload)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        self.lock = threading.Lock()
        self.count = 0
        self.pids: dict[int, int] = {}
        self.abandoned: set[int] = set()  # jobs past their budget, their fork killed
        self.ended: dict[int, int] = {}
        self.changed = threading.Condition(self.lock)
        self.gone = False  # the zygote ended (then every job still waiting ends too)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            what, n, value = line.decode().split()
            with self.changed:
                (self.pids if what == "start" else self.ended)[int(n)] = int(value)
                if what == "start" and int(n) in self.abandoned:  # forked after its time
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(int(value), signal.SIGKILL)
                self.changed.notify_all()
        with self.changed:  # the zygote is gone: every job still running ends with it
            self.gone = True
            self.changed.notify_all()

    def run(self, job: dict[str, Any], budget: float) -> subprocess.CompletedProcess[bytes]:
        """Grade ``job`` in a fork: as ``subprocess.run`` of a fresh child would
        (``TimeoutExpired`` once ``budget`` seconds have passed, the fork killed)."""
        with self.lock:
            self.count += 1
            n = self.count
        (self.folder / f"{n}.job").write_text(json.dumps(job), encoding="utf-8")
        assert self.process.stdin is not None
        with self.lock:
            self.process.stdin.write(f"{n}\n".encode())
            self.process.stdin.flush()
            finished = self.changed.wait_for(lambda: n in self.ended or self.gone, budget)
            if not finished:
                self.abandoned.add(n)
                pid = self.pids.get(n)
                if pid is not None:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                raise subprocess.TimeoutExpired("grade", budget)
            status = self.ended.pop(n, None)
            self.pids.pop(n, None)
        code = -signal.SIGKILL if status is None else os.waitstatus_to_exitcode(status)
        out, err = (self._take(f"{n}.{kind}") for kind in ("out", "err"))
        (self.folder / f"{n}.job").unlink(missing_ok=True)
        return subprocess.CompletedProcess(["grade", str(n)], code, out, err)

    def _take(self, name: str) -> bytes:
        path = self.folder / name
        try:
            return path.read_bytes()
        except OSError:
            return b""
        finally:
            path.unlink(missing_ok=True)

    def close(self) -> None:
        """End the zygote (its forks have ended: every job was waited for) and its folder."""
        with contextlib.suppress(OSError):
            assert self.process.stdin is not None
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.reader.join(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Zygote:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class Here:
    """Forks from this very process, which has loaded the grader: a platform's container
    grades one hand-in, where a zygote would cost the start it saves (the autograder has
    imported the grader already; a fresh child would import it again).  :meth:`run` as
    :meth:`Zygote.run`."""

    def __init__(self) -> None:
        self.gone = False  # (always here: the process is this one)
        self.last: int | None = None  # the pid of the last fork

    def __enter__(self) -> Here:
        return self

    def __exit__(self, *_: object) -> None:
        pass

    def run(self, job: dict[str, Any], budget: float) -> subprocess.CompletedProcess[bytes]:
        from perceptron_ref.grading import child  # before forking: the fork finds it loaded

        folder = Path(tempfile.mkdtemp(prefix="perceptron-ref-fork-"))  # 0700
        try:
            (folder / "1.job").write_text(json.dumps(job), encoding="utf-8")
            pid = self.last = _fork_job(1, folder, os.getpid(), child)
            code = os.waitstatus_to_exitcode(_wait(pid, budget))
            out, err = ((folder / f"1.{kind}") for kind in ("out", "err"))
            return subprocess.CompletedProcess(["grade", "1"], code, _bytes(out), _bytes(err))
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def _wait(pid: int, budget: float) -> int:
    """The wait status of child ``pid`` once it ends; past ``budget`` seconds it is killed,
    reaped, and :class:`subprocess.TimeoutExpired` raised.  Woken by the child's end through
    a pidfd; where the kernel has none (before Linux 5.3, or a filter refuses it), fifty
    wake-ups a second, which cost nothing beside a grading."""
    deadline = time.monotonic() + budget
    try:
        fd = os.pidfd_open(pid)
    except OSError:
        fd = -1
    ended = select.poll()  # (not select.select, which takes no descriptor past 1023)
    if fd >= 0:
        ended.register(fd, select.POLLIN)  # readable once the child has ended
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return status
            left = deadline - time.monotonic()
            if left <= 0:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise subprocess.TimeoutExpired("grade", budget)
            if fd >= 0:
                ended.poll(left * 1000)
            else:
                time.sleep(min(0.02, left))
    finally:
        if fd >= 0:
            os.close(fd)


def _bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _fork_job(n: int, folder: Path, parent: int, child: Any, close: Sequence[int] = ()) -> int:
    """Fork the process that grades job ``n`` of ``folder`` (``N.job``; it writes ``N.out``
    and what it prints to ``N.err``), ending with ``parent``; its pid, in the parent."""
    # What the forking process holds (the grader's modules, the class's entry) is kept out
    # of the collector's reach first: a fork's collections would walk all of it, and by
    # writing to each object's header copy every page of it (copy-on-write).
    gc.freeze()
    pid = os.fork()
    if pid:
        return pid
    code = 1
    try:  # the fork: job n, and nothing else of the parent's
        signal.set_wakeup_fd(-1)  # the zygote's wake-up pipe, closed below, is not its own
        for fd in close:
            os.close(fd)
        err = os.open(folder / f"{n}.err", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(err, 1)  # anything printed on the way goes to N.err
        os.dup2(err, 2)
        # (and what Python prints: its streams may not be those descriptors, e.g. under pytest)
        sys.stdout = sys.stderr = open(err, "w", encoding="utf-8", errors="backslashreplace")  # noqa: SIM115
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        threading.Thread(target=child._watch, args=(parent,), daemon=True).start()
        job = json.loads((folder / f"{n}.job").read_text(encoding="utf-8"))
        text = json.dumps(child.grade(job), ensure_ascii=False) + "\n"
        partial = folder / f".{n}.out"
        # (a lone surrogate, from a candidate's error message, escaped: it is no UTF-8)
        partial.write_text(text, encoding="utf-8", errors="backslashreplace")
        partial.replace(folder / f"{n}.out")
        code = 0
    except BaseException:  # as a fresh child would: the trace on its stderr, a failing status
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _fork(n: int, folder: Path, channel: int, wake: tuple[int, int]) -> int:
    """Fork the process that grades job ``n``; its pid (in the zygote)."""
    from perceptron_ref.grading import child

    return _fork_job(n, folder, os.getpid(), child, (channel, *wake))


def _ready(path: str) -> None:
    """Read the entry at ``path`` and write the JSON its data sets are sent to a candidate
    as: once here, for every fork (each would read and write the same)."""
    from perceptron_ref.crosscheck import candidates
    from perceptron_ref.crosscheck.judge import cache

    if cache.preread(path) and (entry := cache.held(path)) is not None:
        candidates.preencode(c.data for c in entry.cases)


def main(argv: list[str]) -> None:
    parent, folder, preload = int(argv[0]), Path(argv[1]), argv[2:]
    # the grading child's imports, and the entries every hand-in reads: done once, here
    from perceptron_ref import registry
    from perceptron_ref.crosscheck.candidates import scripts  # noqa: F401
    from perceptron_ref.crosscheck.run import bwrap
    from perceptron_ref.engine import driver  # noqa: F401  (the reference's replays)
    from perceptron_ref.grading import child  # noqa: F401

    for algorithm in registry.IDS:  # imported when first asked for: by every fork, else
        registry.module(algorithm)

    for path in preload:
        _ready(path)
    bwrap.learn()
    channel = os.dup(1)
    os.dup2(2, 1)  # nothing printed here may reach the channel
    wake = os.pipe()  # a fork's end wakes the loop at once (SIGCHLD writes a byte here)
    os.set_blocking(wake[1], False)
    signal.set_wakeup_fd(wake[1])
    signal.signal(signal.SIGCHLD, lambda *_: None)
    forks: dict[int, int] = {}  # pid → job
    pending = b""
    open_ = True

    def say(text: str) -> None:
        os.write(channel, text.encode())

    while open_ or forks:
        if os.getppid() != parent:  # grade is gone: its jobs go with it
            for pid in forks:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            os._exit(3)
        ready = select.select([wake[0], 0] if open_ else [wake[0]], [], [], POLL)[0]
        if wake[0] in ready:
            os.read(wake[0], 4096)
        if 0 in ready:
            chunk = os.read(0, 4096)
            open_ = bool(chunk)
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for path in preload:  # a hand-in's new results rewrote it: read again, once
                _ready(path)
            for line in lines:
                n = int(line)
                pid = _fork(n, folder, channel, wake)
                forks[pid] = n
                say(f"start {n} {pid}\n")
        while forks:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            say(f"end {forks.pop(pid)} {status}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
