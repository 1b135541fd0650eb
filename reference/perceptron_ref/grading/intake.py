"""Intake: every entry of a class folder is a hand-in, copied into a snapshot of its own.

A hand-in is any entry of the folder but operating-system clutter
(:func:`~perceptron_ref.grading.archives.clutter`: ``.DS_Store``, ``__MACOSX/``, ...,
listed as skipped): a ``.py`` file, a Jupyter notebook (``.ipynb``), a ``.zip``, a
sub-folder holding any of these, or anything else, which gets its row with the reason it
cannot be graded.  Its name is the entry's name (without ``.py``, ``.ipynb`` or ``.zip``;
the whole name when two entries would share one), shown escaped (:func:`shown`); any file
name is accepted: spaces, quotes, a leading ``-`` or ``.``, bytes that are not UTF-8.

Each hand-in is copied (:mod:`~perceptron_ref.grading.archives`: regular files only, safe
names, size limits; a zip extracted safely; a notebook turned into a ``.py`` file by
:mod:`~perceptron_ref.crosscheck.notebooks`) into a folder of its own: a hand-in that runs
sees only its snapshot, read-only, and none can change another's or the class folder.  The
file to run is the one Python file, or, among several, the one defining the entry function
(read as text with ``ast``, never run here).  A hand-in that cannot be graded says why, in
words that start with what is wrong: ``empty``, ``no code``, ``syntax error``, ``no entry
function``, ``unreadable``, ``too large``, or the unsafe thing it holds.
"""

from __future__ import annotations

import ast
import functools
import re
import stat
import warnings
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from perceptron_ref.crosscheck import notebooks, toplevel
from perceptron_ref.errors import InputError
from perceptron_ref.grading import archives

KINDS = (".py", ".ipynb", ".zip")
REASONS = ("empty", "no code", "syntax error", "no entry function", "unreadable", "too large")
"""The words a reason starts with when a hand-in cannot be run (then ``: what exactly``)."""
DYNAMIC = re.compile(r"\b(?:globals|exec|setattr|vars|__dict__|__getattr__)\b|import\s+\*")
"""What can define a function that ``ast`` cannot see: then the hand-in is run to find out."""


@dataclass(frozen=True)
class Submission:
    """One hand-in: its name, its snapshot, the file to run there, or why none can run; and
    notes for the student (the lines of a notebook left out)."""

    name: str
    snapshot: Path
    entry: Path | None
    problem: str = ""
    notes: tuple[str, ...] = ()


def shown(name: str) -> str:
    """A file name as text, escaped: bytes that are not UTF-8 as ``\\xNN``, characters that
    do not print (a newline, a tab, ...) as Python writes them, a backslash doubled.

    >>> import os
    >>> shown(os.fsdecode(b"L\\xf6sung")), shown("a\\nb"), shown("perceptrón 🙂")
    ('L\\\\xf6sung', 'a\\\\nb', 'perceptrón 🙂')
    """
    out = []
    for c in name:
        if "\udc80" <= c <= "\udcff":  # a byte os.fsdecode could not decode
            out.append(f"\\x{ord(c) - 0xDC00:02x}")
        elif c == "\\" or not (c.isprintable() or c == " "):
            out.append(c.encode("unicode_escape").decode("ascii"))
        else:
            out.append(c)
    return "".join(out)


def entries(folder: str | Path) -> tuple[list[tuple[str, Path]], list[str]]:
    """(name, path) of every hand-in in ``folder``, by name, and the clutter skipped."""
    root = Path(folder)
    if not root.is_dir():
        raise InputError(f"{shown(str(folder))!r} is not a directory of submissions")
    found: list[Path] = []
    skipped: list[Path] = []
    for path in sorted(root.iterdir(), key=lambda p: p.name):
        (skipped if archives.clutter(path.name) else found).append(path)
    stems = [shown(p.stem if p.suffix.lower() in KINDS else p.name) for p in found]
    twice = {s for s, n in Counter(stems).items() if n > 1}
    names = [shown(p.name) if s in twice else s for s, p in zip(stems, found, strict=True)]
    seen: Counter[str] = Counter()
    unique = []
    for name in names:
        seen[name] += 1
        unique.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return list(zip(unique, found, strict=True)), [shown(p.name) for p in skipped]


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


def _notebooks(snapshot: Path) -> dict[Path, notebooks.Converted]:
    """Beside each notebook, its Python file (and the files its %%writefile cells write)."""
    converted: dict[Path, notebooks.Converted] = {}
    for notebook in sorted(snapshot.rglob("*.ipynb")):
        text = notebook.read_text(encoding="utf-8", errors="replace")
        if not text.strip():
            continue  # an empty file: choose() says "empty"
        try:
            done = notebooks.to_python(text, functools.partial(_present, notebook.parent))
        except InputError as error:
            raise InputError(f"{shown(notebook.name)}: {error}") from None
        budget = archives.Budget()
        for name, body in {**done.files, notebook.stem + ".py": done.source}.items():
            target = archives.place(notebook.parent, [name])
            archives.write_file(target, [body.encode("utf-8")], budget)
            if name == notebook.stem + ".py":
                converted[target] = done
    return converted


def _present(folder: Path, module: str) -> bool:
    """Can a notebook in ``folder`` import ``module``: a file beside it, or installed?"""
    top = module.split(".")[0]
    local = (folder / f"{top}.py").is_file() or (folder / top).is_dir()
    return local or toplevel.installed(module)


def _listing(snapshot: Path) -> str:
    files = sorted(str(p.relative_to(snapshot)) for p in snapshot.rglob("*") if p.is_file())
    names = ", ".join(shown(f) for f in files[:4]) + (", ..." if len(files) > 4 else "")
    return f"{len(files)} file{'s' if len(files) != 1 else ''}: {names}"


def choose(snapshot: Path, function: str) -> Path:
    """The file to run: the one Python file, or the one of several that defines ``function``."""
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
    found = [f for f in files if defines(f.read_text("utf-8", errors="replace"), function)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise InputError(
            f"no entry function: none of its {len(files)} Python files defines {function}()"
        )
    names = ", ".join(shown(str(f.relative_to(snapshot))) for f in found[:5])
    raise InputError(f"{len(found)} files define {function}(): {names}")


def check(entry: Path, function: str, notebook: notebooks.Converted | None) -> None:
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
    if function in bound or DYNAMIC.search(source):
        return
    if errors:
        raise InputError(f"syntax error: {function}() cannot be read, {errors[0]}")
    functions = sorted(
        n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    )
    it_has = f" (it defines {', '.join(functions[:5])})" if functions else ""
    raise InputError(f"no entry function: {shown(entry.name)} defines no {function}(){it_has}")


CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.MULTILINE)


def _to_utf8(snapshot: Path) -> str:
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


def _other(source: Path) -> InputError:
    """Why a file that is not .py, .ipynb or .zip cannot be graded."""
    mode = source.lstat().st_mode
    if not stat.S_ISREG(mode):
        kinds = {stat.S_ISFIFO: "a FIFO", stat.S_ISSOCK: "a socket", stat.S_ISCHR: "a device"}
        kind = next((k for test, k in kinds.items() if test(mode)), "not a regular file")
        return InputError(f"no code: {kind}, not a file")
    hint = ""
    if source.stat().st_size < archives.MAX_BYTES:
        with open(source, "rb") as handle:
            text = handle.read().decode("utf-8", "replace")
        if re.search(r"^\s*def\s+\w+\s*\(", text, re.MULTILINE):
            hint = ": it looks like Python, hand it in as a .py file"
    what = f"{source.suffix} file" if source.suffix else "file without a suffix"
    return InputError(
        f"no code: a {what}, not Python (.py), a notebook (.ipynb), a zip or a folder{hint}"
    )


def snapshot(source: Path, into: Path, name: str, function: str) -> Submission:
    """Copy one hand-in into ``into`` (a new folder) and find the file to run there."""
    into.mkdir(parents=True)
    budget = archives.Budget()
    try:
        if source.is_symlink():  # followed, it could hand in any file the grader can read
            raise InputError("a symbolic link (not followed: hand in the file itself)")
        source = source.parent.resolve() / source.name  # the folder resolved, not the entry
        if source.is_dir():
            archives.copy_folder(source, into, budget)
        elif source.suffix.lower() == ".zip":
            archives.extract(source, into, budget)
        elif source.suffix.lower() in KINDS:
            # "Perceptron.PY" is a .py file: the suffix in lower case, for choose().
            target = into / archives.safe_name(source.stem + source.suffix.lower())
            if not archives.copy_file(source, target, budget):
                raise _other(source)
        else:
            raise _other(source)
        _unzip(into, budget)
        converted = _notebooks(into)
        recoded = _to_utf8(into)
        _open_to_all(into)
        entry = choose(into, function)
        found = converted.get(entry)
        check(entry, function, found)
        notes = [found.note() if found else "", recoded]
        return Submission(name, into, entry, notes=tuple(n for n in notes if n))
    except InputError as error:
        return Submission(name, into, None, str(error))
    except OSError as error:  # unreadable: the row says so, the class goes on
        return Submission(name, into, None, f"unreadable: {error.strerror}")


NESTED = 3
"""Zips inside a hand-in (a folder's, or a zip's) are extracted up to this depth, all within
the hand-in's one size budget."""


def _unzip(snapshot: Path, budget: archives.Budget) -> None:
    """Extract every zip inside the snapshot where it lies (``hw.zip`` into ``hw/``), and the
    zips those hold, to :data:`NESTED` levels; deeper ones stay zips (and are not run)."""
    for _ in range(NESTED):
        found = sorted(p for p in snapshot.rglob("*") if p.suffix.lower() == ".zip")
        for zipped in found:
            archives.extract(zipped, archives.place(zipped.parent, [zipped.stem]), budget)
            zipped.unlink()
        if not found:
            return


def _open_to_all(snapshot: Path) -> None:
    """Folders 0755, files 0644, whatever the umask or the hand-in's modes: a harness run as
    root runs the candidate as an unprivileged uid, which must read its snapshot."""
    snapshot.chmod(0o755)
    for path in snapshot.rglob("*"):
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() else 0o644)


def intake(folder: str | Path, into: str | Path, function: str) -> list[Submission]:
    """Every hand-in of ``folder``, each in a snapshot under ``into``, sorted by name."""
    found, _ = entries(folder)
    return [
        snapshot(path, Path(into, f"{i:04d}"), name, function)
        for i, (name, path) in enumerate(found, 1)
    ]
