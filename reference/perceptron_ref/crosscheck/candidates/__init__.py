"""Candidates: what ``--candidate TARGET`` names, and how each is called in its sandbox.

``path/to/file.py:function`` and ``module:function``
    called as ``function(X, y)`` by :mod:`~perceptron_ref.crosscheck.candidates.worker` in a
    sandboxed Python process, all data sets of a batch in one process;
``path/to/notebook.ipynb:function``
    the same, with the notebook's imports, definitions and constants as the module
    (:mod:`~perceptron_ref.crosscheck.candidates.notebooks`; the lines left out are in ``notes``);
``cmd:COMMAND …``
    any program: one process per data set, one JSON object in and one out
    (``spec/protocol/candidate-{input,output}.schema.json``);
``sklearn``, ``river``
    the libraries' perceptrons, set up by :mod:`~perceptron_ref.crosscheck.candidates.adapters`.

Every call returns one :class:`~perceptron_ref.crosscheck.candidates.outcomes.Outcome` per data set.
A :class:`Clock` caps a whole crosscheck (``--budget``): an answer that the budget, not the
per-answer ``timeout``, cut short is a ``Failure`` of kind ``budget`` (nothing is judged on
it), never a hang.  A command that hangs settles the verdict: the data sets after it are not
run (they would cost a timeout each).
"""

from __future__ import annotations

import importlib.util
import json
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal, Protocol

from perceptron_ref.crosscheck.candidates import toplevel
from perceptron_ref.crosscheck.candidates.outcomes import (
    Data,
    Failure,
    Outcome,
    from_command,
    from_worker,
)
from perceptron_ref.crosscheck.run import sandbox
from perceptron_ref.crosscheck.run.session import Session
from perceptron_ref.errors import InputError
from perceptron_ref.runner import Epochs

Input = Literal["numpy", "fractions", "lists"]


class Calls(Protocol):
    """How a family's candidate is called and read (:mod:`~perceptron_ref.crosscheck.
    judge.family_trial`): what each data set's request adds, and how an answer is read."""

    def extra(self, data: Data) -> dict[str, Any]: ...

    def read(self, raw: Any, data: Data) -> Outcome: ...

    def command(self, ran: sandbox.Execution, data: Data) -> Outcome: ...


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
    source: str = ""  # a notebook's Python; empty for a .py file
    files: tuple[tuple[str, str], ...] = ()  # (name, text) its %%writefile cells write
    notes: tuple[str, ...] = ()  # what the student is told of how it was read

    @property
    def floats(self) -> bool:
        """Does it compute in floats?  Then it gets only data exact in float64."""
        return self.kind in ("sklearn", "river") or self.input != "fractions"

    @property
    def vectorized(self) -> bool:
        """Does it take numpy arrays (or is it scikit-learn)?  Then it gets the largest data."""
        return self.kind == "sklearn" or (self.kind in ("file", "module") and self.input == "numpy")

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
            f"candidate {target!r}: expected FILE.py:FUNCTION, NOTEBOOK.ipynb:FUNCTION, "
            "MODULE:FUNCTION, "
            "cmd:COMMAND, sklearn or river"
        )
    if where.endswith((".py", ".ipynb")) or "/" in where:
        if not Path(where).is_file():
            raise InputError(f"candidate file {where!r} does not exist")
        path = str(Path(where).resolve())
        if where.endswith(".ipynb"):
            return _notebook(target, input, path, function)
        return Candidate(target, "file", input, path=path, function=function)
    return Candidate(target, "module", input, module=where, function=function)


def _notebook(target: str, input: Input, path: str, function: str) -> Candidate:
    from perceptron_ref.crosscheck.candidates import notebooks

    folder = Path(path).parent

    def present(module: str) -> bool:  # an import of a file beside the notebook stays
        top = module.split(".")[0]
        return (folder / f"{top}.py").is_file() or toplevel.installed(module)

    try:
        text = Path(path).read_text(encoding="utf-8")
        done = notebooks.to_python(text, present)
    except (OSError, UnicodeDecodeError, InputError) as error:
        raise InputError(f"candidate notebook {Path(path).name!r}: {error}") from None
    notes = (done.note(),) if done.left_out else ()
    files = tuple(sorted(done.files.items()))
    return Candidate(target, "file", input, path=path, function=function, source=done.source,
                     files=files, notes=notes)  # fmt: skip


def _dataset_json(data: Data) -> dict[str, Any]:
    X, y = data
    return {"X": [[str(v) for v in x] for x in X], "y": list(y)}


def _numbers_json(data: Data) -> dict[str, Any]:
    """For a float candidate: JSON numbers, each exactly its value (the data are float-exact;
    Python writes the shortest decimal that reads back as the same float)."""
    return {"X": data[0], "y": list(data[1])}  # ints pass as they are; see _number


def _number(v: Any) -> int | float:
    """A Fraction as JSON: an int, or the float it equals (float data are float-exact)."""
    return int(v) if v.denominator == 1 else float(v)


class Clock:
    """The whole run's deadline (``--budget SECONDS``; None: no cap)."""

    def __init__(self, budget: float | None = None) -> None:
        self.budget = budget
        self.deadline = None if budget is None else time.monotonic() + budget

    def left(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.monotonic()

    @property
    def out(self) -> bool:
        left = self.left()
        return left is not None and left <= 0


def _budget(datasets: Sequence[Data]) -> list[Outcome]:
    return [Failure("budget", "not run: the --budget was spent")] * len(datasets)


class Runner:
    """Calls one candidate with fixed options; a Python candidate keeps one worker process
    (a :class:`~perceptron_ref.crosscheck.run.session.Session`) for all calls.  Use it in a
    ``with`` block, so that the process ends with it."""

    def __init__(
        self,
        candidate: Candidate,
        *,
        bias: bool,
        epochs: Epochs,
        timeout: float,
        memory: int,
        eta: Fraction = Fraction(1),
        clock: Clock | None = None,
        family: Calls | None = None,
    ) -> None:
        self.candidate, self.bias, self.epochs, self.eta = candidate, bias, epochs, eta
        self.family = family
        self.timeout, self.memory = timeout, memory
        self.clock = clock or Clock()
        self.calls = 0
        self.session = self._session()

    def _session(self) -> Session:
        # The worker is bound read-only at sandbox.HARNESS; the candidate sees the folder of
        # its file (or, when grading, its submission's snapshot: sandbox.sharing).
        c = self.candidate
        share = sandbox.shared([Path(c.path).parent] if c.path else [])
        worker = f"{sandbox.HARNESS}/{WORKER.name}"
        return Session([sys.executable, "-I", worker], memory=self.memory, share=share)

    def _timeout(self) -> tuple[float, bool]:
        """The wait for one answer, and whether the budget (not ``timeout``) set it."""
        left = self.clock.left()
        if left is not None and left < self.timeout:
            return max(left, 0.0), True
        return self.timeout, False

    def __call__(self, datasets: Sequence[Data], *, repeat: int = 1) -> list[Outcome]:
        """Run the candidate on every data set (``repeat`` times each, in a row); one outcome
        each, in order (data set by data set, the repeats together)."""
        return self._run(datasets, repeat, self.session)

    def fresh(self, datasets: Sequence[Data], *, repeat: int = 1) -> list[Outcome]:
        """The same, in a new process that has answered nothing before."""
        with self._session() as session:
            return self._run(datasets, repeat, session)

    def _run(self, datasets: Sequence[Data], repeat: int, session: Session) -> list[Outcome]:
        c = self.candidate
        expanded = [d for d in datasets for _ in range(repeat)]
        if not datasets:
            return []
        if self.clock.out:
            return _budget(expanded)
        self.calls += len(expanded)
        if c.kind == "cmd":
            return self._commands(expanded)
        target: dict[str, Any] = {
            "kind": c.kind,
            "function": c.function,
            "path": c.path,
            "module": c.module,
        }
        if c.source:
            target |= {"source": c.source, "files": dict(c.files)}
        encode = _dataset_json if c.input == "fractions" else _numbers_json
        family = self.family
        request = {
            "target": target,
            "input": c.input,
            "bias": self.bias,
            "epochs": self.epochs,
            "eta": str(self.eta),
            "datasets": [encode(d) | (family.extra(d) if family else {}) for d in datasets],
            "repeat": repeat,
        }
        timeout, cut = self._timeout()
        text = json.dumps(request, default=_number)
        ran = session.exchange(text.encode(), len(expanded), timeout)
        outcomes = from_worker(ran, expanded, self.bias, family.read if family else None)
        if cut and ran.timed_out:  # the budget ran out, not the candidate's time
            done = len(ran.lines)
            return outcomes[:done] + _budget(expanded[done:])
        return outcomes

    def _commands(self, datasets: list[Data]) -> list[Outcome]:
        outcomes: list[Outcome] = []
        for i, d in enumerate(datasets):
            timeout, cut = self._timeout()
            if timeout <= 0:
                return outcomes + _budget(datasets[i:])
            options = (self.bias, self.epochs, timeout, self.memory, self.eta, self.family)
            got = _call_command(self.candidate, d, *options)
            if isinstance(got, Failure) and got.kind == "hang":
                if cut:
                    return outcomes + _budget(datasets[i:])
                return outcomes + [got] * (len(datasets) - i)  # the first hang settles it
            outcomes.append(got)
        return outcomes

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.session.close()


CORE_OPTIONS = ("epochs", "bias", "eta")
"""A command reads these at the request's top level (the core's schema), not in "options"."""


def _unwrapped(value: Any) -> Any:
    """A told value as a command reads it: a rational as "p/q", a matrix as lists."""
    if isinstance(value, dict) and "number" in value:
        return value["number"]
    if isinstance(value, dict) and "rows" in value:
        return value["rows"]
    return value


def _call_command(
    candidate: Candidate,
    data: Data,
    bias: bool,
    epochs: Epochs,
    timeout: float,
    memory: int,
    eta: Fraction = Fraction(1),
    family: Calls | None = None,
) -> Outcome:
    request = _dataset_json(data) | {"bias": bias, "epochs": epochs}
    if eta != 1:  # the schema's optional key: absent means 1
        request["eta"] = str(eta)
    if family is not None:  # the algorithm's options and probe points (a family's schema)
        extra = family.extra(data)
        told = extra.get("told", {}).items()
        request["options"] = {k: _unwrapped(v) for k, v in told if k not in CORE_OPTIONS}
        if "probes" in extra:
            request["probes"] = extra["probes"]
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
    return from_command(ran, data, bias) if family is None else family.command(ran, data)
