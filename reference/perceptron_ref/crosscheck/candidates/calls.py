"""Calling a hand-in's functions one by one, as an assignment's parts name them.

A part checks one function on its own: a step function ``perceptron_update(x, y, w)`` on the
reference's own states, a ``predict(w, x)``, or a state API (``initial_state()``,
``predict(state, kernel, x)``, ``update_state(state, kernel, eta, x, y)``) over one pass.
:class:`Calls` keeps one sandboxed process for a hand-in's file (the same sandbox as every
candidate's: :mod:`~perceptron_ref.crosscheck.run.session`), where
:mod:`~perceptron_ref.crosscheck.candidates.call_harness` loads the file once and makes the
calls; what comes back is read as :mod:`~perceptron_ref.crosscheck.candidates.worker` reads a
returned value (every number exact).  A failure (a crash, a hang, too much memory, a load
error) is a :class:`~perceptron_ref.crosscheck.candidates.outcomes.Failure`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.candidates.outcomes import Failure
from perceptron_ref.crosscheck.candidates.programs import BOOT
from perceptron_ref.crosscheck.run import sandbox
from perceptron_ref.crosscheck.run.session import Session

HARNESS = Path(__file__).with_name("call_harness.py")
WORKER = Path(__file__).with_name("worker.py")
Arg = dict[str, Any]
Answer = Any  # the returned value, numbers as exact "p/q" strings, nesting kept; or a Failure


def vector(v: Sequence[Fraction | int]) -> Arg:
    return {"vector": [str(Fraction(a)) for a in v]}


def matrix(rows: Sequence[Sequence[Fraction | int]]) -> Arg:
    return {"matrix": [[str(Fraction(a)) for a in r] for r in rows]}


def votes(pairs: Sequence[tuple[Sequence[Fraction | int], int]]) -> Arg:
    """The voted perceptron's list of (v, c): each v as a vector, c an integer."""
    return {"votes": [[[str(Fraction(a)) for a in v], int(c)] for v, c in pairs]}


def number(q: Fraction | int) -> Arg:
    return {"number": str(Fraction(q))}


def label(y: int) -> Arg:
    return {"label": int(y)}


def kernel(degree: int, c: Fraction) -> Arg:
    return {"kernel": {"degree": degree, "c": str(c)}}


class Calls:
    """One hand-in's file, loaded once in its sandbox; use it in a ``with`` block."""

    def __init__(
        self,
        path: Path,
        *,
        input: str = "numpy",
        timeout: float = 10.0,
        memory: int = sandbox.MEMORY,
        source: str = "",
        files: dict[str, str] | None = None,
    ) -> None:
        self.path, self.input, self.timeout = Path(path).resolve(), input, timeout
        self.target: dict[str, Any] = {"kind": "file", "path": str(self.path), "function": ""}
        if source:
            self.target |= {"source": source, "files": dict(files or {})}
        share = sandbox.shared([self.path.parent])
        worker = f"{sandbox.HARNESS}/{WORKER.name}"
        argv = [sys.executable, "-I", "-c", BOOT, worker]
        self.session = Session(argv, memory=memory, share=share)
        self.source = json.dumps(HARNESS.read_text(encoding="utf-8"))
        self.loaded: Failure | None = None

    def _exchange(self, request: dict[str, Any], expect: int) -> sandbox.Execution:
        line = json.dumps(request | {"target": self.target, "input": self.input})
        if self.session.process is None:
            line = self.source + "\n" + line
        return self.session.exchange(line.encode(), expect, self.timeout)

    def call(self, function: str, calls: Sequence[Sequence[Arg]]) -> list[Answer]:
        """Call ``function`` with each list of arguments: one answer each, in order (after a
        death, hang or load error, every later call has that failure)."""
        if not calls:
            return []
        if self.loaded is not None:
            return [self.loaded] * len(calls)
        ran = self._exchange({"plan": "calls", "function": function, "calls": calls}, len(calls))
        answers: list[Answer] = []
        for i in range(len(calls)):
            if i >= len(ran.lines):
                return answers + [_died(ran)] * (len(calls) - i)
            line = _line(ran.lines[i])
            if isinstance(line, Failure):
                if line.kind == "load error":
                    self.loaded = line
                return answers + [line] * (len(calls) - i)
            answers.append(line)
        return answers

    def state(self, request: dict[str, Any]) -> tuple[dict[str, Any], Failure | None]:
        """One pass of a state API (see the harness): the labels it gave (``initial``,
        ``online``, ``after``: as far as it got), and how it failed, if it did."""
        if self.loaded is not None:
            return {}, self.loaded
        ran = self._exchange({"plan": "state"} | request, 1)
        if not ran.lines:
            return {}, _died(ran)
        line = _line(ran.lines[0], state=True)
        if isinstance(line, Failure):
            if line.kind == "load error":
                self.loaded = line
            return {}, line
        if "error" in line:
            kind = "missing" if line.get("missing") else "memory" if line.get("memory") else "crash"
            where = f" (in {line['at']})" if "at" in line else ""
            failure = Failure(
                kind, f"{'' if kind == 'missing' else 'raised '}{str(line['error'])[:300]}{where}"
            )
            return {k: line.get(k, []) for k in ("initial", "online")}, failure
        return line, None

    def __enter__(self) -> Calls:
        return self

    def __exit__(self, *exc: object) -> None:
        self.session.close()


def _died(ran: sandbox.Execution) -> Failure:
    death = ran.death()
    if death is not None:
        return Failure(*death)
    tail = ran.stderr.strip().splitlines()[-1:] or ["no message"]
    return Failure("crash", f"exited with status {ran.returncode}, no result ({tail[0][:200]})")


def _line(raw: bytes, *, state: bool = False) -> Any:
    try:
        line = json.loads(raw)
        assert isinstance(line, dict)
    except (ValueError, AssertionError, RecursionError):
        return Failure("unparsable", "an answer that is not one JSON object")
    if "load_error" in line:
        return Failure("load error", str(line["load_error"])[:300])
    if state:
        return line
    if "error" in line and line.get("missing"):
        return Failure("missing", str(line["error"])[:300])
    if "error" in line:
        kind = "memory" if line.get("memory") else "crash"
        return Failure(kind, f"raised {str(line['error'])[:300]}")
    return line.get("result")
