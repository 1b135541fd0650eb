"""Intake: every hand-in of a class folder, each copied into its own snapshot before anything runs.

A hand-in is an entry of the folder: a ``.py`` file, a Jupyter notebook (``.ipynb``), a
``.zip``, or a sub-folder holding any of these.  Its name is the entry's name without the
suffix (the whole name when two entries would share one); any file name is accepted
(spaces, quotes, commas, newlines, a leading ``-``, a ``:``, bytes that are not UTF-8).
Entries starting with ``.``, and files of other kinds, are left out (:func:`entries` says
which).

Each hand-in is copied (:mod:`~perceptron_ref.grading.archives`: regular files only, safe
names, size limits; a zip extracted safely; a notebook turned into a ``.py`` file by
:mod:`~perceptron_ref.grading.notebooks`) into a folder of its own: a hand-in that runs
sees only its snapshot, read-only, and none can change another's or the class folder.  The
file to run is the one Python file, or, among several, the one defining the entry function
(read as text with ``ast``, never run here).
"""

from __future__ import annotations

import ast
import re
import warnings
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from perceptron_ref.errors import InputError
from perceptron_ref.grading import archives, notebooks

KINDS = (".py", ".ipynb", ".zip")


@dataclass(frozen=True)
class Submission:
    """One hand-in: its name, its snapshot, the file to run there, or why none can run."""

    name: str
    snapshot: Path
    entry: Path | None
    problem: str = ""


def shown(name: str) -> str:
    """A file name as text: bytes that are not UTF-8 become U+FFFD."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def entries(folder: str | Path) -> tuple[list[tuple[str, Path]], list[str]]:
    """(name, path) of every hand-in in ``folder``, by name, and the entries left out."""
    root = Path(folder)
    if not root.is_dir():
        raise InputError(f"{shown(str(folder))!r} is not a directory of submissions")
    found, left_out = [], []
    for path in sorted(root.iterdir(), key=lambda p: p.name):
        if path.name.startswith(".") or path.name in archives.SKIPPED:
            continue
        if path.is_dir() or (path.is_file() and path.suffix.lower() in KINDS):
            found.append(path)
        else:
            left_out.append(shown(path.name))
    stems = [shown(p.stem if p.is_file() else p.name) for p in found]
    twice = {s for s, n in Counter(stems).items() if n > 1}
    names = [shown(p.name) if s in twice else s for s, p in zip(stems, found, strict=True)]
    seen: Counter[str] = Counter()
    unique = []
    for name in names:
        seen[name] += 1
        unique.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return list(zip(unique, found, strict=True)), left_out


def defines(source: str, function: str) -> bool:
    """Does this Python source define ``function`` at its top level?"""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning: an invalid escape, ...
            tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return bool(re.search(rf"^\s*def\s+{re.escape(function)}\s*\(", source, re.MULTILINE))
    for node in tree.body:
        names: list[str] = []
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names = [node.name]
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.asname or a.name.split(".")[0] for a in node.names]
        if function in names:
            return True
    return False


def _notebooks(snapshot: Path) -> None:
    """Beside each notebook, its Python file (and the files its %%writefile cells write)."""
    for notebook in sorted(snapshot.rglob("*.ipynb")):
        text = notebook.read_text(encoding="utf-8", errors="replace")
        try:
            source, files = notebooks.to_python(text)
        except InputError as error:
            raise InputError(f"{shown(notebook.name)}: {error}") from None
        budget = archives.Budget()
        for name, body in {**files, notebook.stem + ".py": source}.items():
            target = archives.place(notebook.parent, [name])
            archives.write_file(target, [body.encode("utf-8")], budget)


def choose(snapshot: Path, function: str) -> Path:
    """The file to run: the one Python file, or the one of several that defines ``function``."""
    files = sorted(snapshot.rglob("*.py"))
    if not files:
        raise InputError("no Python file (.py or .ipynb)")
    if len(files) == 1:
        return files[0]
    found = [f for f in files if defines(f.read_text("utf-8", errors="replace"), function)]
    if len(found) == 1:
        return found[0]
    if not found:
        raise InputError(f"none of its {len(files)} Python files defines {function}()")
    names = ", ".join(str(f.relative_to(snapshot)) for f in found[:5])
    raise InputError(f"{len(found)} files define {function}(): {names}")


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
        else:
            # "Perceptron.PY" is a .py file: the suffix in lower case, for choose().
            target = into / archives.safe_name(source.stem + source.suffix.lower())
            if not archives.copy_file(source, target, budget):
                raise InputError("not a regular file")
        _unzip(into, budget)
        _notebooks(into)
        _open_to_all(into)
        return Submission(name, into, choose(into, function))
    except InputError as error:
        return Submission(name, into, None, f"load error: {error}")
    except OSError as error:  # unreadable: the row says so, the class goes on
        return Submission(name, into, None, f"load error: cannot read it ({error.strerror})")


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
