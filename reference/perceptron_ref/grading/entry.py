"""The file to run in a hand-in's snapshot, and why a hand-in cannot run, said plainly.

Read as text with ``ast``, never run: among several Python files, the one that defines the
entry function (:func:`choose`); then :func:`check` refuses, with a reason that starts with
what is wrong (:data:`REASONS`), a file that is empty, does not parse, or cannot define the
function.  :func:`to_utf8` first makes Python files that are not UTF-8 readable.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Collection
from pathlib import Path

from perceptron_ref.crosscheck.candidates import notebooks
from perceptron_ref.errors import InputError
from perceptron_ref.grading.archives import NESTED, shown

REASONS = (
    "empty",
    "no code",
    "no program",
    "syntax error",
    "no entry function",
    "unreadable",
    "too large",
)
"""The words a reason starts with when a hand-in cannot be run (then ``: what exactly``)."""
DYNAMIC = re.compile(r"\b(?:globals|exec|setattr|vars|__dict__|__getattr__)\b|import\s+\*")
"""What can define a function that ``ast`` cannot see: then the hand-in is run to find out."""


def _parse(source: str | bytes) -> ast.Module:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SyntaxWarning: an invalid escape, ...
        return ast.parse(source)


def defines(source: str, function: str) -> bool:
    """Does this Python source define ``function`` at its top level (also inside a top-level
    ``if``, ``try`` or ``with``)?  Unparsable source is read as text."""
    try:
        tree = _parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return bool(re.search(rf"^\s*def\s+{re.escape(function)}\s*\(", source, re.MULTILINE))
    return function in _bound(tree.body)


def _bound(body: list[ast.stmt]) -> set[str]:
    """The names a module's top level binds."""
    names: set[str] = set()
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {a.asname or a.name.split(".")[0] for a in node.names}
        for field in ("body", "orelse", "finalbody", "handlers"):
            if isinstance(node, ast.If | ast.Try | ast.With | ast.ExceptHandler):
                names |= _bound(getattr(node, field, []))
    return names


def _listing(snapshot: Path) -> str:
    files = sorted(str(p.relative_to(snapshot)) for p in snapshot.rglob("*") if p.is_file())
    names = ", ".join(shown(f) for f in files[:4]) + (", ..." if len(files) > 4 else "")
    return f"{len(files)} file{'s' if len(files) != 1 else ''}: {names}"


Names = str | tuple[str, ...]
"""The entry function, or the functions of an assignment's parts (a file defining any of
them is the one to run)."""


def _names(function: Names) -> tuple[str, ...]:
    return (function,) if isinstance(function, str) else function


def _said(function: Names) -> str:
    return " or ".join(f"{n}()" for n in _names(function))


def choose(snapshot: Path, function: Names, converted: Collection[Path] = ()) -> Path:
    """The file to run: the one Python file, or the one of several that defines ``function``
    (any of several names); among several, the one .py file handed in beats files
    ``converted`` from notebooks (a notebook and the .py exported from it)."""
    files = sorted(snapshot.rglob("*.py"))
    if not files:
        if not any(p.is_file() for p in snapshot.rglob("*")):
            raise InputError("empty: no files in it")
        deep = any(p.suffix.lower() == ".zip" for p in snapshot.rglob("*"))
        why = f" (zips inside zips are opened to {NESTED} levels, not deeper)" if deep else ""
        raise InputError(f"no code: no Python file (.py) or notebook (.ipynb) among its "
                         f"{_listing(snapshot)}{why}")  # fmt: skip
    if len(files) == 1:
        return files[0]
    found = [
        f
        for f in files
        if any(defines(f.read_text("utf-8", errors="replace"), n) for n in _names(function))
    ]
    handed = [f for f in found if f not in converted]
    if len(found) == 1 or (found and len(handed) == 1):
        return handed[0] if len(handed) == 1 else found[0]
    if not found:
        raise InputError(
            f"no entry function: none of its {len(files)} Python files defines {_said(function)}"
        )
    names = ", ".join(shown(str(f.relative_to(snapshot))) for f in found[:5])
    raise InputError(f"{len(found)} files define {_said(function)}: {names}")


def check(entry: Path, function: Names, notebook: notebooks.Converted | None) -> None:
    """Refuse, with the reason, an entry file that is empty, does not parse, or cannot define
    ``function``: running it would say so less plainly."""
    source = entry.read_text("utf-8", errors="replace")
    errors = [line for line in (notebook.left_out if notebook else ()) if "a syntax error" in line]
    if not source.strip() or (notebook and not notebook.source.replace("#", "").strip()):
        raise InputError(f"empty: {shown(entry.name)} holds no code" if not notebook else
                         "empty: the notebook has no code cells")  # fmt: skip
    try:
        tree = _parse(entry.read_bytes())  # bytes: as Python reads them, coding line and all
        compile(tree, entry.name, "exec")
    except SyntaxError as error:
        raise InputError(f"syntax error: {error.msg} (line {error.lineno} of "
                         f"{shown(entry.name)})") from None  # fmt: skip
    except ValueError as error:  # a NUL byte
        raise InputError(f"syntax error: {error} ({shown(entry.name)})") from None
    bound = _bound(tree.body)
    if any(n in bound for n in _names(function)) or DYNAMIC.search(source):
        return
    if errors:
        raise InputError(f"syntax error: {_said(function)} cannot be read, {errors[0]}")
    functions = sorted(
        n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    )
    it_has = f" (it defines {', '.join(functions[:5])})" if functions else ""
    raise InputError(f"no entry function: {shown(entry.name)} defines no {_said(function)}{it_has}")


CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.MULTILINE)


def to_utf8(snapshot: Path) -> str:
    """Python files that are not UTF-8 and do not say their coding (a Windows editor's
    ``# Lösung`` in cp1252) are read as cp1252 and written as UTF-8: Python would refuse
    them, for an accent in a comment.  The note to the student says which."""
    recoded = []
    for path in sorted(snapshot.rglob("*.py")):
        data = path.read_bytes()
        try:
            data.decode("utf-8")
            continue
        except UnicodeDecodeError:
            if CODING.search(b"\n".join(data.splitlines()[:2])):
                continue  # it says what it is: Python reads it so
        path.write_text(data.decode("cp1252", errors="replace"), encoding="utf-8")
        recoded.append(shown(str(path.relative_to(snapshot))))
    if not recoded:
        return ""
    return (f"Note: {', '.join(recoded)} {'is' if len(recoded) == 1 else 'are'} not UTF-8 "
            "(Python's encoding for source files): read as Windows-1252.")  # fmt: skip
