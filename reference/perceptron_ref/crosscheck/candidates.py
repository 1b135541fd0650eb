"""Candidates: what ``--candidate TARGET`` names, and how each is called in its sandbox.

``path/to/file.py:function`` and ``module:function``
    called as ``function(X, y)`` by :mod:`~perceptron_ref.crosscheck.worker` in a sandboxed
    Python process, all data sets of a batch in one process;
``cmd:COMMAND …``
    any program: one process per data set, one JSON object in and one out
    (``spec/protocol/candidate-{input,output}.schema.json``);
``sklearn``, ``river``
    the libraries' perceptrons, set up by :mod:`~perceptron_ref.crosscheck.adapters`.

Every call returns one :class:`~perceptron_ref.crosscheck.outcomes.Outcome` per data set.
"""

from __future__ import annotations

import importlib.util
import json
import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from perceptron_ref.crosscheck import sandbox
from perceptron_ref.crosscheck.outcomes import Data, Outcome, from_command, from_worker
from perceptron_ref.crosscheck.session import Session
from perceptron_ref.errors import InputError
from perceptron_ref.runner import Epochs

Input = Literal["numpy", "fractions", "lists"]
Kind = Literal["file", "module", "cmd", "sklearn", "river"]
WORKER = Path(__file__).with_name("worker.py")


@dataclass(frozen=True)
class Candidate:
    """A parsed ``--candidate`` TARGET and how it takes its numbers."""

    text: str
    kind: Kind
    input: Input = "numpy"
    path: str = ""
    module: str = ""
    function: str = ""
    argv: tuple[str, ...] = ()

    @property
    def floats(self) -> bool:
        """Does it compute in floats?  Then it gets only data exact in float64."""
        return self.kind in ("sklearn", "river") or self.input != "fractions"

    @property
    def two_classes(self) -> bool:
        """scikit-learn refuses data with one class: give it both (see adapters)."""
        return self.kind == "sklearn"


def parse(target: str, *, input: Input = "numpy", entry: str | None = None) -> Candidate:
    """Parse TARGET; a missing file or a malformed target is a usage error (InputError)."""
    if target in ("sklearn", "river"):
        module = "sklearn" if target == "sklearn" else "river"
        if importlib.util.find_spec(module) is None:
            hint = "pip install 'perceptron-ref[crosscheck]'"
            raise InputError(
                f"the {target} adapter needs {module}, which is not installed ({hint})"
            )
    if target == "sklearn":
        return Candidate(target, "sklearn", input)
    if target == "river":
        return Candidate(target, "river", input)
    if target.startswith("cmd:"):
        argv = tuple(shlex.split(target[4:]))
        if not argv:
            raise InputError("cmd: needs a command, e.g. 'cmd:node perceptron.js'")
        # It runs in a scratch directory: name its files (here, relative) by absolute paths.
        argv = tuple(str(Path(a).resolve()) if Path(a).is_file() else a for a in argv)
        return Candidate(target, "cmd", input, argv=argv)
    where, colon, function = target.rpartition(":")
    if not colon:
        where, function = target, entry or ""
    if not where or not function.isidentifier():
        raise InputError(
            f"candidate {target!r}: expected FILE.py:FUNCTION, MODULE:FUNCTION, "
            "cmd:COMMAND, sklearn or river"
        )
    if where.endswith(".py") or "/" in where:
        if not Path(where).is_file():
            raise InputError(f"candidate file {where!r} does not exist")
        return Candidate(target, "file", input, path=str(Path(where).resolve()), function=function)
    return Candidate(target, "module", input, module=where, function=function)


def _dataset_json(data: Data) -> dict[str, Any]:
    X, y = data
    return {"X": [[str(v) for v in x] for x in X], "y": list(y)}


class Runner:
    """Calls one candidate with fixed options; a Python candidate keeps one worker process
    (a :class:`~perceptron_ref.crosscheck.session.Session`) for all calls.  Use it in a
    ``with`` block, so that the process ends with it."""

    def __init__(
        self, candidate: Candidate, *, bias: bool, epochs: Epochs, timeout: float, memory: int
    ) -> None:
        self.candidate, self.bias, self.epochs = candidate, bias, epochs
        self.timeout, self.memory = timeout, memory
        # The worker is bound read-only at sandbox.HARNESS; the candidate sees the folder of
        # its file (or, when grading, its submission's snapshot: sandbox.sharing).
        share = sandbox.shared([Path(candidate.path).parent] if candidate.path else [])
        worker = f"{sandbox.HARNESS}/{WORKER.name}"
        self.session = Session([sys.executable, "-I", worker], memory=memory, share=share)

    def __call__(self, datasets: Sequence[Data]) -> list[Outcome]:
        """Run the candidate on every data set; one outcome each, in order."""
        c = self.candidate
        if not datasets:
            return []
        if c.kind == "cmd":
            options = (self.bias, self.epochs, self.timeout, self.memory)
            return [_call_command(c, d, *options) for d in datasets]
        target = {"kind": c.kind, "function": c.function, "path": c.path, "module": c.module}
        request = {
            "target": target,
            "input": c.input,
            "bias": self.bias,
            "epochs": self.epochs,
            "datasets": [_dataset_json(d) for d in datasets],
        }
        ran = self.session.exchange(json.dumps(request).encode(), len(datasets), self.timeout)
        return from_worker(ran, datasets, self.bias)

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.session.close()


def _call_command(
    candidate: Candidate, data: Data, bias: bool, epochs: Epochs, timeout: float, memory: int
) -> Outcome:
    request = _dataset_json(data) | {"bias": bias, "epochs": epochs}
    stdin = json.dumps(request).encode()
    # It sees the folders of the files its command line names (parse made them absolute).
    files = [Path(a).parent for a in candidate.argv if Path(a).is_absolute() and Path(a).is_file()]
    ran = sandbox.execute(
        candidate.argv,
        stdin,
        timeout=timeout,
        memory=memory,
        cpu_seconds=int(timeout) + 1,
        share=sandbox.shared(files),
    )
    return from_command(ran, data, bias)
