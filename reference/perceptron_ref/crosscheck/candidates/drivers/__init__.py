"""Programs in other languages without a wrapper: a driver of ours calls the candidate.

``FILE.js:NAME`` (also ``.mjs``, ``.cjs``), ``FILE.java:NAME``, ``FILE.c:NAME``,
``FILE.cpp:NAME`` (``.cc``, ``.cxx``) and ``FILE.rs:NAME`` name a class (a Java class with
fit or train, a JavaScript class, a Rust struct with ``new`` and ``fit``) or a function (a C,
C++, JavaScript or Rust function) that does no I/O of its own.  A driver describes it (its
parameters' names and types: JavaScript by reading its source, Java by reflection, C, C++
and Rust by reading the declaration), the call is planned as for Python
(:mod:`~perceptron_ref.crosscheck.candidates.parameters`), a compiled language is built once
(in the sandbox, whose only output is the program: :mod:`~perceptron_ref.crosscheck.
candidates.drivers.build`), and each data set is one sandboxed process of the driver.

A request carries the plan and the values, the data laid out as the candidate takes them
(:func:`values`); the answer is one line ``{"perceptron-ref": 1, "result": ...}`` among
whatever else the program prints, its numbers read as the doubles they denote.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

from perceptron_ref.crosscheck.candidates.layouts import Layout
from perceptron_ref.crosscheck.candidates.outcomes import (
    DECIMAL,
    Data,
    Failure,
    Outcome,
    Written,
    _died,
    bounded,
    from_worker,
)
from perceptron_ref.crosscheck.run.sandbox import Execution

HERE = Path(__file__).resolve().parent
LANGUAGES = {
    ".js": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
    ".java": "java",
    ".c": "c",
    ".cpp": "c++",
    ".cc": "c++",
    ".cxx": "c++",
    ".rs": "rust",
}
"""The file extensions a driver is shipped for, and their languages."""
MARK = '"perceptron-ref"'


def language(path: str) -> str:
    """The language of a candidate file ("" when no driver takes it)."""
    return LANGUAGES.get(Path(path).suffix.lower(), "")


def scratch() -> Path:
    """A folder for a driver and what it builds, readable in the sandbox (outside the
    package, which the sandbox may mask)."""
    folder = Path(tempfile.mkdtemp(prefix="perceptron-ref-driver-"))
    folder.chmod(0o755)
    return folder


def remove(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def _number(v: Fraction | int) -> int | float:
    return int(v) if Fraction(v).denominator == 1 else float(v)


def values(data: Data, layout: Layout, told: dict[str, Any]) -> dict[str, Any]:
    """What the plan's placeholders stand for: X and y as the candidate takes them (a
    column of ones first, labels 0/1, d × n, y as a row or column, together as rows with
    the label last or as pairs), d, the classes, and the step, passes and bias it is told
    (every number a JSON number that is exactly it: the data are float-exact)."""
    X = [[_number(v) for v in x] for x in data[0]]
    y = [int(t) for t in data[1]]
    if layout.bias == "column":
        X = [[1, *x] for x in X]
    if layout.labels == "01":
        y = [(t + 1) // 2 for t in y]
    d = len(X[0]) if X else 0
    together: Any = None
    if layout.data == "label-last":
        together = [[*x, t] for x, t in zip(X, y, strict=True)]
    elif layout.data == "pairs":
        together = [[x, t] for x, t in zip(X, y, strict=True)]
    Xs: Any = [list(c) for c in zip(*X, strict=True)] if layout.orientation == "columns" else X
    ys: Any = [y] if layout.y == "row" else [[t] for t in y] if layout.y == "column" else y
    epochs = told["epochs"]
    return {
        "X": Xs,
        "y": ys,
        "data": together,
        "d": d,
        "n": len(y),
        "classes": [0, 1] if layout.labels == "01" else [-1, 1],
        "eta": _number(Fraction(told["eta"])),
        "epochs": epochs,
        "passes": 1000 if epochs == "converge" else epochs,
        "bias": layout.told_bias,
        "zero": 0,  # a margin or threshold without a default: the notes' 0
    }


def _doubles(value: Any) -> Any:
    """A driver's numbers as "p/q" strings, each the double its JSON text denotes."""
    if isinstance(value, list):
        return [_doubles(v) for v in value]
    if isinstance(value, Written):
        if DECIMAL.fullmatch(value):
            f = float(value)
            finite = f == f and abs(f) != float("inf")
            return str(Fraction(f)) if finite else f"{value[:20]}, past float64's range"
        return str(int(value))
    return value


def line(ran: Execution) -> tuple[dict[str, Any] | None, str]:
    """The driver's answer line among the program's output, and the rest of its output."""
    text = b"\n".join((*ran.lines, ran.rest)).decode("utf-8", "replace")
    found, rest = None, []
    for raw in text.split("\n"):
        if MARK in raw and raw.lstrip().startswith("{"):
            try:
                parsed = json.loads(raw, parse_float=Written, parse_int=Written)
            except (ValueError, RecursionError):
                parsed = None
            if isinstance(parsed, dict):
                found = parsed
                continue
        if raw.strip():
            rest.append(raw)
    return found, "\n".join(rest)


def answer(ran: Execution, data: Data, layout: Layout, *, raw: bool = False) -> Any:
    """One data set's outcome (``raw``: the answer line as a dict, or the Failure)."""
    found, rest = line(ran)
    if found is None:
        if ran.death() is not None or ran.returncode != 0:
            return _died(ran, "this data set")
        return Failure("unparsable", f"no answer from the driver (its output: {rest[:120]!r})")
    if "load_error" in found:
        return Failure("load error", str(found["load_error"])[:300])
    if "result" in found:
        found["result"] = _doubles(found["result"])
        said = float(found["seconds"]) if isinstance(found.get("seconds"), str) else None
        # no more than the whole run took, as this process saw it (the driver's clock is
        # in the candidate's process: see Execution.times); none seen, none believed
        found["seconds"] = bounded(said, ran.times[-1:], 0, 0.0) if ran.times else None
    if raw:
        return found if "result" in found else from_line(found, data, layout)
    got = from_line(found, data, layout)
    if rest and not isinstance(got, Failure):
        from dataclasses import replace

        got = replace(got, output=rest[:2000])
    return got


def from_line(found: dict[str, Any], data: Data, layout: Layout) -> Outcome:
    """A driver's answer read as the Python worker's line is."""
    text = json.dumps({k: v for k, v in found.items() if k != "perceptron-ref"})
    ran = Execution((text.encode(),), b"", "", 0, False, False)
    return from_worker(ran, [data], layout.reference_bias, layout.extras)[0]


def source(name: str) -> str:
    """A shipped driver's text."""
    return (HERE / name).read_text(encoding="utf-8")


Execute = Any
"""``execute(argv, stdin, timeout)``: run a command in the candidate's sandbox."""


def described(ran: Execution) -> dict[str, Any] | Failure:
    """A describing run's description, or why there is none."""
    if isinstance(ran, Failure):
        return ran
    found, rest = line(ran)
    if found is None:
        if ran.death() is not None or ran.returncode != 0:
            return _died(ran, "its description")
        return Failure("load error", f"the driver said nothing ({rest[:200]!r})")
    if "load_error" in found:
        return Failure("load error", str(found["load_error"])[:300])
    if not isinstance(found.get("describe"), dict):
        return Failure("load error", "the driver's description could not be read")
    return _plain(found["describe"])  # type: ignore[no-any-return]


def _plain(value: Any) -> Any:
    """JSON read with Written numbers, as plain ints and floats."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, Written):
        return float(value) if DECIMAL.fullmatch(value) else int(value)
    return value


class Language:
    """How one language's candidate is described, built and run."""

    def __init__(self, folder: Path, path: str, name: str, memory: int) -> None:
        self.folder, self.path, self.name, self.memory = folder, path, name, memory

    def describe(self, execute: Execute) -> dict[str, Any] | Failure:
        raise NotImplementedError

    def build(self, plan: Any, execute: Execute) -> Failure | None:
        """Build what runs it (compiled languages), in the sandbox; None when done."""
        return None

    def run(self) -> list[str]:
        raise NotImplementedError

    def shares(self) -> list[Path]:
        """Folders its tools need besides /usr (a Rust toolchain's)."""
        return []

    def request(self, plan: Any, values: dict[str, Any]) -> bytes:
        """One call's request, as the driver reads it (JSON: the plan and the values)."""
        return json.dumps({"plan": plan.json(), "values": values}).encode()

    rows_only = False  # generated drivers take X as n rows, and X and y apart


BUILD = r"""
import base64, io, json, os, subprocess, sys, tempfile, zipfile
out = tempfile.mkdtemp()
for argv in json.loads(sys.argv[1]):
    argv = [a.replace("{out}", out) for a in argv]
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode != 0:
        said = (done.stderr or done.stdout or f"status {done.returncode}").strip()
        print(json.dumps({"perceptron-ref": 1, "load_error": "it does not build: " + said[-1500:]}))
        sys.exit(0)
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
    for root, _, files in os.walk(out):
        for f in files:
            z.write(os.path.join(root, f), os.path.relpath(os.path.join(root, f), out))
print(json.dumps({"perceptron-ref": 1, "built": base64.b64encode(buffer.getvalue()).decode()}))
"""
"""Runs in the sandbox: the compiler commands (``{out}`` their output folder), then the
output as a zip, in base64, on the answer line: the only thing a build gives back."""
BUILD_SECONDS = 180


def build(execute: Execute, commands: list[list[str]]) -> bytes | Failure:
    """Run ``commands`` in the sandbox; the zip of what they wrote, or why they failed."""
    import base64
    import sys

    argv = [sys.executable, "-I", "-S", "-c", BUILD, json.dumps(commands)]
    try:
        ran = execute(argv, b"", BUILD_SECONDS)
    except OSError as error:  # e.g. a toolchain too large to copy into a sandbox
        return Failure("load error", f"it cannot be built in the sandbox: {error}")
    found, rest = line(ran)
    if found is None:
        if ran.death() is not None:
            return _died(ran, "its build")
        return Failure("load error", f"it does not build ({(rest or ran.stderr)[-300:]!r})")
    if "load_error" in found:
        return Failure("load error", str(found["load_error"])[:1500])
    try:
        return base64.b64decode(str(found["built"]), validate=True)
    except (KeyError, ValueError):
        return Failure("load error", "its build gave nothing readable")


def extract(zipped: bytes, member: str, to: Path) -> Failure | None:
    """Write one named member of a build's zip (nothing else, no path of its choosing)."""
    import io
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(zipped)) as z:
            to.write_bytes(z.read(member))
    except (KeyError, zipfile.BadZipFile, OSError) as error:
        return Failure("load error", f"its build gave no {member} ({error})")
    to.chmod(0o755)
    return None
