"""Candidates: what ``--candidate TARGET`` names, and how each is called in its sandbox.

``path/to/file.py:NAME`` and ``module:NAME``
    a function, a class, an instance or a factory, described and then called by
    :mod:`~perceptron_ref.crosscheck.candidates.worker` in a sandboxed Python process as
    :mod:`~perceptron_ref.crosscheck.candidates.parameters` plans it, its data laid out as
    :mod:`~perceptron_ref.crosscheck.candidates.layouts` found by probing, all data sets of a
    batch in one process; a file whose top level does more than define is loaded as its
    definitions only (:mod:`~perceptron_ref.crosscheck.candidates.scripts`);
``path/to/notebook.ipynb:NAME``
    the same, with the notebook's imports, definitions and constants as the module
    (:mod:`~perceptron_ref.crosscheck.candidates.notebooks`; the lines left out are in ``notes``);
``FILE.js:NAME``, ``FILE.java:NAME``, ``FILE.c:NAME``, ``FILE.cpp:NAME``, ``FILE.rs:NAME``
    code in another language, called by a driver of ours, one process per data set
    (:mod:`~perceptron_ref.crosscheck.candidates.drivers`);
``cmd:COMMAND …``
    any program: one process per data set, one JSON object in and one protocol line out
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

import json
import shlex
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal, Protocol

from perceptron_ref import extras
from perceptron_ref.crosscheck.candidates import (
    drivers,
    layouts,
    packed,
    parameters,
    sources,
    toplevel,
)
from perceptron_ref.crosscheck.candidates.commands import command, jvm, runtime_shares, shared_paths
from perceptron_ref.crosscheck.candidates.drivers import languages
from perceptron_ref.crosscheck.candidates.outcomes import (
    Data,
    Failure,
    Outcome,
    Returned,
    from_command,
    from_worker,
)
from perceptron_ref.crosscheck.judge.kept import Kept
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


Kind = Literal["file", "module", "cmd", "sklearn", "river", "driver"]
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
    language: str = "python"  # a driver's: javascript, java, c, c++, rust

    @property
    def floats(self) -> bool:
        """Does it compute in floats?  Then it gets only data exact in float64."""
        return self.kind in ("sklearn", "river", "driver") or self.input != "fractions"

    @property
    def vectorized(self) -> bool:
        """Does it take numpy arrays, or is it scikit-learn or compiled?  Then it gets the
        largest data (cut to its speed when it is slower)."""
        return self.kind in ("sklearn", "driver") or (
            self.kind in ("file", "module") and self.input == "numpy"
        )

    @property
    def two_classes(self) -> bool:
        """scikit-learn refuses data with one class: give it both (see adapters)."""
        return self.kind == "sklearn"


def parse(target: str, *, input: Input = "numpy", entry: str | None = None) -> Candidate:
    """Parse TARGET; a missing file or a malformed target is a usage error (InputError)."""
    if target in ("sklearn", "river") and not extras.has(target):
        raise extras.MissingExtra("crosscheck", what=f"--candidate {target}")
    if target == "sklearn":
        return Candidate(target, "sklearn", input)
    if target == "river":
        return Candidate(target, "river", input)
    if target.startswith("cmd:"):
        argv = tuple(shlex.split(target[4:]))
        if not argv:
            raise InputError("cmd: needs a command, e.g. 'cmd:node perceptron.js'")
        return Candidate(target, "cmd", input, argv=command(argv))
    where, colon, function = target.rpartition(":")
    if not colon:
        where, function = target, entry or _entry(target)
    if not where or not function.isidentifier():
        raise InputError(
            f"candidate {target!r}: expected FILE.py:NAME, NOTEBOOK.ipynb:NAME, MODULE:NAME, "
            "FILE.js:NAME, FILE.java:NAME, FILE.c:NAME, FILE.cpp:NAME, FILE.rs:NAME, "
            "cmd:COMMAND, sklearn or river"
        )
    # a path, or a file here whatever its name (train.txt: Python in another suffix), is a
    # file; a dotted name that is no file is a module
    if (
        where.endswith((".py", ".ipynb", *drivers.LANGUAGES))
        or "/" in where
        or Path(where).is_file()
    ):
        if not Path(where).is_file():
            raise InputError(f"candidate file {where!r} does not exist")
        path = str(Path(where).resolve())
        if where.endswith(".ipynb"):
            return _notebook(target, input, path, function)
        if drivers.language(path):
            return Candidate(
                target,
                "driver",
                "lists",
                path=path,
                function=function,
                language=drivers.language(path),
            )
        return _script(target, input, path, function)
    return Candidate(target, "module", input, module=where, function=function)


def _entry(target: str) -> str:
    """The function a Python file named alone is checked through (:func:`sources.entry`);
    "" (a usage error follows) for anything else; a file that defines several and none
    that says it trains: one line naming them."""
    path = Path(target)
    if not (target.endswith(".py") and path.is_file()):
        return ""
    found, names = sources.entry(path.read_text("utf-8", errors="replace"))
    if found is None:
        defined = f"it defines {', '.join(names)}" if names else "it defines no function"
        raise InputError(
            f"candidate {target!r}: which function or class? {defined}: name one as "
            f"{target}:NAME (or --entry NAME)"
        )
    return found


def _present(folder: Path) -> Any:
    def present(module: str) -> bool:  # an import of a file beside it stays
        top = module.split(".")[0]
        return (
            (folder / f"{top}.py").is_file()
            or (folder / top).is_dir()
            or toplevel.installed(module)
        )

    return present


def _script(target: str, input: Input, path: str, function: str) -> Candidate:
    """A .py file: as it is, or its definitions only when its top level does more
    (:mod:`~perceptron_ref.crosscheck.candidates.scripts`)."""
    from perceptron_ref.crosscheck.candidates import scripts

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return Candidate(target, "file", input, path=path, function=function)
    kept, left = scripts.definitions(text, _present(Path(path).parent), function)
    if kept == text:
        return Candidate(target, "file", input, path=path, function=function)
    notes = (scripts.note(Path(path).name, left),) if left else ()
    return Candidate(target, "file", input, path=path, function=function, source=kept, notes=notes)


def definitions_of(path: Path) -> str:
    """The source a ``.py`` hand-in is loaded from when its functions are called one by one
    (an assignment's step, predict and state parts), as :func:`_script` loads it for a
    crosscheck: its definitions only when its top level does more ("" when it is loaded as
    it is); a demo that reads input(), loads files or trains must not run, nor hang, there."""
    from perceptron_ref.crosscheck.candidates import scripts

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    kept, _ = scripts.definitions(text, _present(Path(path).parent))
    return "" if kept == text else kept


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


def _array_json(data: Data) -> dict[str, Any]:
    """For a float candidate: a large integer data set as its array's bytes (the worker
    makes the same float64 array for numpy, the same rows of ints for plain lists:
    :mod:`~perceptron_ref.crosscheck.candidates.packed`), else :func:`_numbers_json`'s
    numbers."""
    X = packed.to_json(data)
    return _numbers_json(data) if X is None else {"X": X, "y": list(data[1])}


_TEXTS = Kept(512)
"""The JSON each data set is sent as, by data set and whether its array is kept."""


def encoded(data: Data) -> bytes:
    """:func:`_array_json` of ``data`` as JSON (bytes), written once a process (every hand-in
    of a class is sent the same data sets; a grading zygote writes them before it forks:
    :func:`preencode`).  Kept for that very object, and with its array kept or not."""
    kept = packed.array(data) is not None
    text: bytes = _TEXTS.get(
        data, (kept,), lambda: json.dumps(_array_json(data), default=_number).encode()
    )
    return text


def preencode(datasets: Iterable[Data]) -> None:
    """Write the JSON each data set is sent as, now (see :func:`encoded`)."""
    for data in datasets:
        encoded(data)


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
    ``with`` block, so that the process ends with it.

    A Python candidate is first described (:meth:`prepare`: what TARGET names, its
    parameters) and its call planned (:mod:`~perceptron_ref.crosscheck.candidates.parameters`);
    the data go in the :class:`~perceptron_ref.crosscheck.candidates.layouts.Layout` found
    for it (:attr:`layout`, set once probed)."""

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
        told: parameters.Told | None = None,
        family: Calls | None = None,
    ) -> None:
        self.candidate, self.bias, self.epochs, self.eta = candidate, bias, epochs, eta
        self.family = family
        self.timeout, self.memory = timeout, memory
        self.clock = clock or Clock()
        self.calls = 0
        self._counting = threading.Lock()  # fresh processes may be asked from two threads
        self.told = told or parameters.Told(eta=eta, epochs=epochs, bias=bias)
        self.layout = layouts.Layout(bias="inside" if bias else "none")
        self.plan: parameters.Plan | None = None
        self.failed: Failure | None = None  # a load error found while describing it
        self.folder: Path | None = None  # a driver's, and what it builds
        self.language: drivers.Language | None = None
        if candidate.kind == "driver":
            self.folder = drivers.scratch()
            self.language = languages.for_language(
                candidate.language, self.folder, candidate.path, candidate.function, memory
            )
        self.session = self._session()

    def _session(self) -> Session:
        # The worker is bound read-only at sandbox.HARNESS; the candidate sees the folder of
        # its file (or, when grading, its submission's snapshot: sandbox.sharing).
        c = self.candidate
        share = sandbox.shared([Path(c.path).parent] if c.path else [])
        worker = f"{sandbox.HARNESS}/{WORKER.name}"
        return Session([sys.executable, "-I", worker], memory=self.memory, share=share)

    def prepare(self) -> parameters.Plan | None:
        """Describe a Python candidate and plan its call (None for the others, and when it
        cannot be loaded: then every call is that load error).  An unknown ``--param`` is
        an InputError."""
        c = self.candidate
        if c.kind not in ("file", "module", "driver") or self.plan is not None or self.failed:
            return self.plan
        if c.kind == "driver":
            return self._prepare_driver()
        request = {"target": self._target(), "describe": True}
        timeout, _ = self._timeout()
        ran = self.session.exchange(json.dumps(request).encode(), 1, timeout)
        line = _line(ran)
        if line is None or "describe" not in line:
            got = from_worker(ran, [(((0,),), (1,))], False)[0]
            self.failed = (
                got if isinstance(got, Failure) else Failure("load error", "no description")
            )
            return None
        try:
            described = parameters.from_json(line["describe"])
        except (KeyError, TypeError, ValueError):
            self.failed = Failure("load error", "its description could not be read")
            return None
        self.plan = parameters.plan(described, self.told)
        if self.plan.problem:
            self.failed = Failure("load error", self.plan.problem)
        return self.plan

    def _prepare_driver(self) -> parameters.Plan | None:
        assert self.language is not None
        try:
            raw = self.language.describe(self._execute)
        except OSError as error:  # the sandbox could not be made for it
            raw = Failure("load error", f"it cannot be run in the sandbox: {error}")
        if isinstance(raw, Failure):
            self.failed = raw
            return None
        try:
            alternatives = (
                [raw | {"call": call} for call in raw["calls"]] if "calls" in raw else [raw]
            )
            plans = [
                parameters.plan(parameters.from_json(a, self.candidate.language), self.told)
                for a in alternatives
            ]
        except (KeyError, TypeError, ValueError):
            self.failed = Failure("load error", "its description could not be read")
            return None
        self.plan = next((p for p in plans if not p.problem), plans[0])
        if self.plan.problem:
            self.failed = Failure("load error", self.plan.problem)
            return None
        built = self.language.build(self.plan, self._execute)
        if built is not None:
            self.failed = built
        return self.plan

    def _execute(self, argv: Sequence[str], stdin: bytes, timeout: float) -> sandbox.Execution:
        """Run a driver's command in the candidate's sandbox: it sees the candidate's folder
        (or its snapshot, when grading) and the driver's."""
        assert self.folder is not None and self.language is not None
        share = (
            *sandbox.shared([Path(self.candidate.path).parent]),
            self.folder,
            *runtime_shares(argv),
            *self.language.shares(),
        )
        return sandbox.execute(
            jvm(argv, self.memory),
            stdin,
            timeout=timeout,
            memory=self.memory,
            cpu_seconds=int(timeout) + 1,
            share=share,
        )

    def _target(self) -> dict[str, Any]:
        c = self.candidate
        target: dict[str, Any] = {
            "kind": c.kind,
            "function": c.function,
            "path": c.path,
            "module": c.module,
        }
        if c.source:
            target |= {"source": c.source, "files": dict(c.files)}
        return target

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

    def faster_with(self, input: Input, data: Data) -> float | None:
        """How many times faster it answers ``data`` given ``input`` instead (None when it
        cannot answer so, or either time is not known)."""
        mine = self._run([data], 1, self.session)[0]
        candidate = self.candidate
        try:
            self.candidate = replace(candidate, input=input)
            other = self._run([data], 1, self.session)[0]
        finally:
            self.candidate = candidate
        if not (isinstance(mine, Returned) and isinstance(other, Returned)):
            return None
        if mine.seconds is None or not other.seconds:
            return None
        return mine.seconds / other.seconds

    def probe(self, datasets: Sequence[Data], layout: layouts.Layout) -> list[object]:
        """The raw answers (each a worker line, or a Failure) in another layout."""
        saved = self.layout
        self.layout = layout
        try:
            return self._run(datasets, 1, self.session, raw=True)  # type: ignore[return-value]
        finally:
            self.layout = saved

    def _run(
        self, datasets: Sequence[Data], repeat: int, session: Session, raw: bool = False
    ) -> list[Outcome]:
        c = self.candidate
        expanded = [d for d in datasets for _ in range(repeat)]
        if not datasets:
            return []
        if self.clock.out:
            return _budget(expanded)
        if c.kind in ("file", "module", "driver") and self.family is None:
            self.prepare()  # a family's candidate is called plainly (see worker.answer)
        if self.failed is not None:
            return [self.failed] * len(expanded)
        with self._counting:
            self.calls += len(expanded)
        layout = self.layout
        if c.kind in ("cmd", "driver"):
            return self._commands(expanded, raw)
        family = self.family
        request: dict[str, Any] = {
            "target": self._target(),
            "input": c.input,
            "bias": layout.told_bias,
            "epochs": self.epochs,
            "eta": str(self.eta),
            "repeat": repeat,
        }
        if self.plan is not None:
            request |= {"plan": self.plan.json(), "layout": layout.json()}
        text: bytes | list[bytes]
        if family is None and c.input != "fractions":  # the data sets' JSON, written once
            head = json.dumps(request, default=_number)[:-1] + ', "datasets": ['
            text = [head.encode()]
            for k, d in enumerate(datasets):
                if k:
                    text.append(b", ")
                text.append(encoded(d))
            text.append(b"]}")
        else:
            encode = _dataset_json if c.input == "fractions" else _array_json
            extra = family.extra if family else lambda d: {}
            request["datasets"] = [encode(d) | extra(d) for d in datasets]
            text = json.dumps(request, default=_number).encode()
        timeout, cut = self._timeout()
        ran = session.exchange(text, len(expanded), timeout, self.clock.deadline)
        cut = cut or self.clock.out  # the budget ended the wait, mid-batch
        if raw:
            return _raw(ran, expanded, layout)  # type: ignore[return-value]
        read = family.read if family else None
        outcomes = from_worker(ran, expanded, layout.reference_bias, layout.extras, read)
        if cut and ran.timed_out:  # the budget ran out, not the candidate's time
            done = len(ran.lines)
            return outcomes[:done] + _budget(expanded[done:])
        return outcomes

    def _commands(self, datasets: list[Data], raw: bool = False) -> list[Outcome]:
        outcomes: list[Outcome] = []
        for i, d in enumerate(datasets):
            timeout, cut = self._timeout()
            if timeout <= 0:
                return outcomes + _budget(datasets[i:])
            if self.language is not None:
                got = self._driver(d, timeout, raw)
            else:
                options = (self.bias, self.epochs, timeout, self.memory, self.eta, self.family)
                got = _call_command(self.candidate, d, *options)
            if isinstance(got, Failure) and got.kind == "hang":
                if cut:
                    return outcomes + _budget(datasets[i:])
                return outcomes + [got] * (len(datasets) - i)  # the first hang settles it
            outcomes.append(got)
        return outcomes

    def _driver(self, data: Data, timeout: float, raw: bool) -> Outcome:
        assert self.language is not None and self.plan is not None
        told = {"eta": self.eta, "epochs": self.epochs}
        request = self.language.request(self.plan, drivers.values(data, self.layout, told))
        try:
            ran = self._execute(self.language.run(), request, timeout)
        except OSError as error:
            return Failure("crash", f"the sandbox could not run it: {error}")
        return drivers.answer(ran, data, self.layout, raw=raw)  # type: ignore[no-any-return]

    def __enter__(self) -> Runner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.session.close()
        if self.folder is not None:
            drivers.remove(self.folder)


def _line(ran: Any) -> dict[str, Any] | None:
    if not ran.lines:
        return None
    try:
        line = json.loads(ran.lines[0])
    except (ValueError, RecursionError):
        return None
    return line if isinstance(line, dict) else None


def _raw(ran: Any, datasets: list[Data], layout: layouts.Layout) -> list[object]:
    """Each data set's worker line as a dict, or the Failure it ended in."""
    read = from_worker(ran, datasets, layout.reference_bias, layout.extras)
    out: list[object] = []
    for i, o in enumerate(read):
        line = None
        if i < len(ran.lines):
            try:
                line = json.loads(ran.lines[i])
            except (ValueError, RecursionError):
                line = None
        out.append(line if isinstance(line, dict) and "result" in line else o)
    return out


CORE_OPTIONS = ("epochs", "bias", "eta")
"""A command reads these at the request's top level (the core's schema), not in "options"."""
DERIVED = ("n_classes", "n_features")
"""Told a Python candidate, not a command: what a program reads off the data (the multiclass
number of classes K is its labels' count, d its rows' length; the family's schema has no
such option)."""


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
        request["options"] = {
            k: _unwrapped(v) for k, v in told if k not in CORE_OPTIONS and k not in DERIVED
        }
        if "probes" in extra:
            request["probes"] = extra["probes"]
    stdin = json.dumps(request).encode()
    # It sees the folders its command line names (parse made them absolute).
    ran = sandbox.execute(
        jvm(candidate.argv, memory),
        stdin,
        timeout=timeout,
        memory=memory,
        cpu_seconds=int(timeout) + 1,
        share=(*sandbox.shared(shared_paths(candidate.argv)), *runtime_shares(candidate.argv)),
    )
    return from_command(ran, data, bias) if family is None else family.command(ran, data)
