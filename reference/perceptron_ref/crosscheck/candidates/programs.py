"""Programs that read and write files: how a hand-in such as CMU 10-601's is run.

A :class:`Program` is a command template, e.g. ``python perceptron.py {train} {test}
{train_out} {test_out} {metrics_out} {epochs}``, and the format of its data files
(:class:`Table`: CSV or TSV, a header row or not, the label's column and how labels are
written).  Each placeholder is a file of the run's folder or a value:

=================  ===================================  =========================
placeholder        what it is                           file name in the folder
=================  ===================================  =========================
``{train}``        the training data (written)          ``train.tsv`` / ``.csv``
``{test}``         the test data (written)              ``test.tsv`` / ``.csv``
``{train_out}``    one predicted label per line          ``train_out.labels``
``{test_out}``     one predicted label per line          ``test_out.labels``
``{metrics_out}``  the metrics lines                     ``metrics_out.txt``
``{weights_out}``  the learned weights                   ``weights_out.txt``
``{epochs}``       the number of passes                  (a number)
``{eta}``          the learning rate                     (a number, e.g. ``0.5``)
=================  ===================================  =========================

``stdin`` names an input whose file is the program's standard input instead, ``stdout`` an
output that is its standard output (Kattis style).  The program runs in the sandbox
(:mod:`~perceptron_ref.crosscheck.run.session`), in a fresh copy of its folder for every run,
with the data files beside it: ``python`` as the command's first word is the grader's Python
(numpy included).  :class:`Runs` keeps one sandboxed process for all runs of one hand-in
(a ``build`` command runs once in it); every run answers a :class:`Ran`.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.candidates.outcomes import Data, Failure
from perceptron_ref.crosscheck.run import sandbox
from perceptron_ref.crosscheck.run.session import Session
from perceptron_ref.errors import InputError
from perceptron_ref.vectors import Label

INPUTS = ("train", "test")
OUTPUTS = ("train_out", "test_out", "metrics_out", "weights_out")
VALUES = ("epochs", "eta")
PLACEHOLDERS = (*INPUTS, *OUTPUTS, *VALUES)
FILES = {
    "train_out": "train_out.labels",
    "test_out": "test_out.labels",
    "metrics_out": "metrics_out.txt",
    "weights_out": "weights_out.txt",
}
HARNESS = Path(__file__).with_name("program_harness.py")
BOOT = "import sys,json;exec(json.loads(sys.stdin.readline()))"
"""The sandboxed process's program: it runs the harness source sent as stdin's first line
(the argument holds no ``=`` or ``:``, which the sandbox would read as paths to map)."""
MARGIN = 5.0
"""Seconds the harness gets beyond the program's own time limit (copies, files, JSON)."""


@dataclass(frozen=True)
class Table:
    """How a data file is written: ``delimiter``, a ``header`` row (``x1 … xd label``), the
    label's column (``first`` or ``last``) and the text of the negative and positive label."""

    delimiter: str = "\t"
    header: bool = True
    label: str = "last"
    labels: tuple[str, str] = ("0", "1")

    @property
    def suffix(self) -> str:
        return ".tsv" if self.delimiter == "\t" else ".csv"

    def write(self, data: Data) -> str:
        """The file's text: one line per example, the label as written, numbers exact.

        >>> Table().write((((1, 0), (Fraction(1, 2), -3)), (1, -1)))
        'x1\\tx2\\tlabel\\n1\\t0\\t1\\n0.5\\t-3\\t0\\n'
        >>> Table(",", False, "first", ("-1", "1")).write((((2,),), (-1,)))
        '-1,2\\n'
        """
        X, y = data
        d = len(X[0]) if X else 0
        lines = []
        if self.header:
            lines.append(self._row([f"x{j + 1}" for j in range(d)], "label"))
        for x, t in zip(X, y, strict=True):
            lines.append(self._row([decimal(v) for v in x], self.labels[t > 0]))
        return "".join(line + "\n" for line in lines)

    def read(self, text: str, source: str) -> Data:
        """A data file in this format, numbers exact (the assignment's visible data); a bad
        line is an InputError naming ``source`` and the line."""
        from perceptron_ref.numbers import parse_rational

        rows = [(i, r) for i, r in enumerate(text.splitlines(), 1) if r.strip()]
        if self.header:
            rows = rows[1:]
        X: list[tuple[Fraction, ...]] = []
        y: list[Label] = []
        for i, row in rows:
            cells = [c.strip() for c in row.split(self.delimiter)]
            label, fields = (
                (cells[0], cells[1:]) if self.label == "first" else (cells[-1], cells[:-1])
            )
            value = self.label_of(label)
            if value is None:
                raise InputError(f"{source}:{i}: label {label!r} is not one of {list(self.labels)}")
            try:
                X.append(tuple(parse_rational(f) for f in fields))
            except (ValueError, InputError) as error:
                raise InputError(f"{source}:{i}: {error}") from None
            if not fields or (X and len(X[-1]) != len(X[0])):
                raise InputError(f"{source}:{i}: expected {len(X[0])} numbers and a label")
            y.append(1 if value > 0 else -1)
        if not X:
            raise InputError(f"{source}: no examples")
        return tuple(X), tuple(y)

    def _row(self, fields: list[str], label: str) -> str:
        cells = [label, *fields] if self.label == "first" else [*fields, label]
        return self.delimiter.join(cells)

    def label_of(self, text: str) -> int | None:
        """A label as a program wrote it: +1, -1, or None when it is neither label (a number
        equal to one is that label: ``1.0`` is ``1``)."""
        text = text.strip()
        for value, written in zip((-1, 1), self.labels, strict=True):
            if text == written or _same_number(text, written):
                return value
        return None


def _same_number(a: str, b: str) -> bool:
    from perceptron_ref.numbers import parse_rational

    try:
        return parse_rational(a) == parse_rational(b)
    except (ValueError, InputError):
        return False


def decimal(v: Fraction | int) -> str:
    """A number as a data file holds it: an integer, or a decimal that ends (the drawn data
    are integers; a shrunk or given file may hold halves).

    >>> decimal(3), decimal(Fraction(-1, 8)), decimal(Fraction(1, 3))
    ('3', '-0.125', '1/3')
    """
    q = Fraction(v)
    if q.denominator == 1:
        return str(q.numerator)
    for places in range(1, 40):
        if (q * 10**places).denominator == 1:
            digits = str(abs(int(q * 10**places))).rjust(places + 1, "0")
            sign = "-" if q < 0 else ""
            return f"{sign}{digits[:-places]}.{digits[-places:]}"
    return str(q)


@dataclass(frozen=True)
class Program:
    """A program hand-in's command template and files (see the module docstring)."""

    command: tuple[str, ...]
    table: Table = Table()
    stdin: str = ""
    stdout: str = ""
    build: tuple[str, ...] = ()

    @classmethod
    def parse(cls, command: str, table: Table = Table(), **rest: Any) -> Program:
        """A template from its text; a placeholder that is not known is an InputError."""
        try:
            argv = tuple(shlex.split(command))
        except ValueError as error:
            raise InputError(f"command {command!r}: {error}") from None
        if not argv:
            raise InputError("command: empty")
        program = cls(argv, table, **rest)
        for name in program.placeholders:
            if name not in PLACEHOLDERS:
                known = ", ".join("{" + p + "}" for p in PLACEHOLDERS)
                raise InputError(f"command {command!r}: unknown placeholder {{{name}}} ({known})")
        for where, name in (("stdin", program.stdin), ("stdout", program.stdout)):
            allowed = INPUTS if where == "stdin" else OUTPUTS
            if name and name not in allowed:
                raise InputError(f"{where} = {name!r}: expected one of {', '.join(allowed)}")
        if not program.outputs:
            raise InputError(f"command {command!r}: it writes no output ({{train_out}}, ...)")
        return program

    @property
    def placeholders(self) -> tuple[str, ...]:
        """The placeholders the command and its stdin/stdout name, in order, once each."""
        found: list[str] = []
        for word in self.command:
            for name in _named(word):
                if name not in found:
                    found.append(name)
        return tuple(found) + tuple(n for n in (self.stdin, self.stdout) if n and n not in found)

    @property
    def outputs(self) -> tuple[str, ...]:
        return tuple(p for p in self.placeholders if p in OUTPUTS)

    def files(self) -> dict[str, str]:
        """Placeholder → file name in the run's folder."""
        names = {"train": "train" + self.table.suffix, "test": "test" + self.table.suffix}
        return names | FILES

    def argv(self, values: dict[str, str]) -> list[str]:
        """The command line of one run: files by their names, values as given."""
        given = self.files() | values
        return [_fill(word, given) for word in self.command]

    def shown(self, values: dict[str, str]) -> str:
        """The command line as a student types it."""
        return shlex.join(self.argv(values))

    @property
    def file(self) -> str:
        """The program's own file, as the command names it (``perceptron.py``), or ""."""
        for word in self.command[1:]:
            if not _named(word) and not word.startswith("-") and "." in Path(word).name:
                return word
        return ""


def _named(word: str) -> list[str]:
    return re.findall(r"\{(\w*)\}", word)


def _fill(word: str, values: dict[str, str]) -> str:
    for name, value in values.items():
        word = word.replace("{" + name + "}", value)
    return word


@dataclass(frozen=True)
class Ran:
    """One run: the text of each output file (None: not written), or how it failed."""

    outputs: dict[str, str | None]
    failure: Failure | None = None
    stderr: str = ""
    seconds: float = 0.0


class Runs:
    """Runs one program hand-in (its ``folder``) in one sandboxed process, a run per data
    set; use it in a ``with`` block."""

    def __init__(
        self, program: Program, folder: Path, *, timeout: float, memory: int = sandbox.MEMORY
    ) -> None:
        self.program, self.folder, self.timeout = program, Path(folder), timeout
        share = sandbox.shared([self.folder])
        argv = [sys.executable, "-I", "-c", BOOT, str(self.folder.resolve())]
        self.session = Session(argv, memory=memory, share=share)
        self.source = json.dumps(HARNESS.read_text(encoding="utf-8"))
        self.count = 0

    def __call__(
        self, train: Data, test: Data, values: dict[str, str], *, timeout: float | None = None
    ) -> Ran:
        p = self.program
        names = p.files()
        files = {names["train"]: p.table.write(train), names["test"]: p.table.write(test)}
        wait = self.timeout if timeout is None else timeout
        request = {
            "files": files,
            "argv": p.argv(values),
            "stdin": names[p.stdin] if p.stdin else "",
            "stdout": names[p.stdout] if p.stdout else "",
            "outputs": [names[o] for o in p.outputs],
            "timeout": wait,
            "build": list(p.build),
        }
        line = json.dumps(request)
        if self.session.process is None:  # a new process: the harness first
            line = self.source + "\n" + line
        self.count += 1
        ran = self.session.exchange(line.encode(), 1, wait + MARGIN + (30 if p.build else 0))
        return _read(ran, {names[o]: o for o in p.outputs})

    def __enter__(self) -> Runs:
        return self

    def __exit__(self, *exc: object) -> None:
        self.session.close()


def _read(ran: sandbox.Execution, names: dict[str, str]) -> Ran:
    """The harness's answer: outputs by placeholder, or the failure."""
    none: dict[str, str | None] = dict.fromkeys(names.values())
    death = ran.death()
    if death is not None or not ran.lines:
        kind, detail = death or ("crash", f"the harness ended with status {ran.returncode}")
        if kind == "hang":
            detail = "no answer within the time limit (killed)"
        return Ran(none, Failure(kind, detail), ran.stderr[-400:])
    try:
        said = json.loads(ran.lines[0])
        assert isinstance(said, dict)
    except (ValueError, AssertionError):
        return Ran(none, Failure("crash", "the harness's answer is unreadable"))
    if "error" in said:
        return Ran(none, Failure("crash", str(said["error"])[:400]))
    outputs = {names[k]: v for k, v in said["outputs"].items() if k in names}
    stderr, seconds = str(said.get("stderr", "")), float(said.get("seconds", 0.0))
    if said["timed_out"]:
        return Ran(outputs, Failure("hang", "no result within the time limit (killed)"), stderr)
    code = said["returncode"]
    if code != 0:
        last = stderr.strip().splitlines()[-1:] or ["no message"]
        how = f"killed by signal {-code}" if code < 0 else f"exited with status {code}"
        return Ran(outputs, Failure("crash", f"it {how} ({last[0][:200]})"), stderr, seconds)
    return Ran(outputs, None, stderr, seconds)


def locate(folder: Path, program: Program) -> tuple[Path, Path | None, str]:
    """Where the program is: the folder to run it in (the one holding the file the command
    names, at any depth); the file to copy to that name when the hand-in has it under
    another (the only file of its kind), with a note saying so; an InputError says why
    none can be run."""
    name = program.file
    if not name:
        return folder, None, ""
    wanted = Path(name)
    depth = len(wanted.parts) - 1
    found = sorted(p for p in folder.rglob(wanted.name) if p.is_file())
    found = [p for p in found if len(p.relative_to(folder).parts) > depth]
    if found:
        return found[0].parents[depth], None, ""
    kind = wanted.suffix
    same = sorted(p for p in folder.rglob("*" + kind) if p.is_file()) if kind else []
    if len(same) == 1 and depth == 0:
        note = f"Note: {same[0].name} was run as {wanted.name} (the command names {wanted.name})."
        return same[0].parent, same[0], note
    files = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file())
    if not files:
        raise InputError("empty: no files in it")
    listed = ", ".join(files[:4]) + (", ..." if len(files) > 4 else "")
    raise InputError(
        f"no program: {wanted.name} is not among its {len(files)} "
        f"file{'s' * (len(files) != 1)}: {listed}"
    )
