"""A sandboxed process that answers many requests: one Python candidate, loaded once.

Starting Python, numpy and a library for every try of the shrinker would cost most of a
crosscheck's time.  A :class:`Session` keeps one worker process (the same sandbox, limits,
scratch directory and environment as :func:`~perceptron_ref.crosscheck.run.sandbox.execute`;
a fresh sandbox for each process, so nothing carries over a restart) and sends
it one JSON request per line; it reads the expected number of result lines, each within
``timeout`` seconds.  When the process dies, hangs or floods its output, that exchange
reports it as :func:`execute` would, the process is killed, and the next exchange starts
a fresh one.  (The candidate's own state may persist between requests of a session, as it
does between the data sets of one request.)
"""

from __future__ import annotations

import math
import os
import selectors
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from perceptron_ref.crosscheck.run.sandbox import MAX_OUTPUT, STDERR_TAIL, Execution, Sandboxed


class Session:
    def __init__(
        self,
        argv: Sequence[str],
        *,
        memory: int,
        cpu_seconds: int = 600,
        share: Sequence[str | Path] = (),
    ) -> None:
        self.argv, self.memory, self.cpu_seconds = list(argv), memory, cpu_seconds
        self.share = tuple(share)
        self.box: Sandboxed | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.out, self.err = bytearray(), bytearray()
        self.times: list[float] = []  # (see Execution.times)
        self.sent = 0.0  # when the last request was sent (time.monotonic())

    def _start(self) -> subprocess.Popen[bytes]:
        self.out, self.err = bytearray(), bytearray()
        self.box = Sandboxed(
            self.argv, share=self.share, memory=self.memory, cpu_seconds=self.cpu_seconds
        )
        self.process = self.box.process
        return self.process

    def exchange(
        self,
        request: bytes | Sequence[bytes],
        expect: int,
        timeout: float,
        until: float | None = None,
    ) -> Execution:
        """Send one request line (or the pieces it is made of, written in turn: a class's
        data sets are kept written, and never copied into one line); wait for ``expect``
        result lines, ``timeout`` each, and never past ``until`` (a ``time.monotonic()``
        deadline: the whole run's budget)."""
        process = self.process or self._start()
        assert process.stdin and process.stdout and process.stderr
        sent = self.sent = time.monotonic()
        # lines already here came before the request: in no time (see Execution.times)
        self.times = [0.0] * self.out.count(b"\n")
        try:
            for piece in [request] if isinstance(request, bytes) else request:
                process.stdin.write(piece)
            process.stdin.write(b"\n")
            process.stdin.flush()
        except BrokenPipeError:
            return self._end(timed_out=False, overflow=False)
        end = math.inf if until is None else until
        deadline = min(time.monotonic() + timeout, end)
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ, self.out)
            selector.register(process.stderr, selectors.EVENT_READ, self.err)
            while self.out.count(b"\n") < expect:
                left = deadline - time.monotonic()
                if left <= 0:
                    return self._end(timed_out=True, overflow=False)
                for key, _ in selector.select(left):
                    chunk = os.read(key.fd, 65536)
                    if not chunk:
                        if key.data is self.out:
                            return self._end(timed_out=False, overflow=False)
                        selector.unregister(key.fileobj)
                        continue
                    if key.data is self.out and b"\n" in chunk:
                        now = time.monotonic()
                        self.times += [now - sent] * chunk.count(b"\n")
                        deadline = min(now + timeout, end)
                    key.data.extend(chunk)
                    del self.err[:-STDERR_TAIL]
                if len(self.out) > MAX_OUTPUT:
                    return self._end(timed_out=False, overflow=True)
        *lines, rest = bytes(self.out).split(b"\n")
        self.out = bytearray(rest)  # anything beyond the answer waits for the next request
        stderr = self.err.decode("utf-8", "replace")
        times = tuple(self.times[:expect])
        return Execution(tuple(lines[:expect]), b"", stderr, 0, False, False, times=times)

    def _end(self, *, timed_out: bool, overflow: bool) -> Execution:
        """The process died, hung or flooded: kill it, report, start afresh next time."""
        process, box = self.process, self.box
        assert process is not None and box is not None
        if timed_out or overflow:
            box.kill()
        try:  # let a dying process finish writing, then read what it left
            rest, tail = process.communicate(timeout=1)
        except (subprocess.TimeoutExpired, ValueError):
            rest, tail = b"", b""
        self.out += (rest or b"")[: MAX_OUTPUT + 1]
        self.err = (self.err + (tail or b""))[-STDERR_TAIL:]
        late = self.out[: MAX_OUTPUT + 1].count(b"\n") - len(self.times)  # read just now
        self.times += [time.monotonic() - self.sent] * max(late, 0)
        returncode = box.returncode(process.wait())
        self.close()
        *lines, rest = bytes(self.out[: MAX_OUTPUT + 1]).split(b"\n")
        code = None if timed_out or overflow else returncode
        stderr = self.err.decode("utf-8", "replace")
        times = tuple(self.times[: len(lines)])
        return Execution(
            tuple(lines), rest, stderr, code, timed_out, overflow, box.exceeded(), times
        )

    def close(self) -> None:
        if self.process is not None and self.box is not None:
            self.box.kill()
            if self.process.stdin:
                self.process.stdin.close()
            self.process.wait()
            self.box.cleanup()
        self.process = self.box = None

    def __enter__(self) -> Session:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
