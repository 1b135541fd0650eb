"""Intake: every entry of a class folder is a hand-in, copied into a snapshot of its own.

A hand-in is any entry of the folder but operating-system clutter
(:func:`~perceptron_ref.grading.archives.clutter`: ``.DS_Store``, ``__MACOSX/``, ...,
listed as skipped): a ``.py`` file, a Jupyter notebook (``.ipynb``), a ``.zip``, a
sub-folder holding any of these, or anything else, which gets its row with the reason it
cannot be graded.  Its name is the entry's name (without ``.py``, ``.ipynb`` or ``.zip``;
the whole name when two entries would share one), shown escaped (:func:`shown`); any file
name is accepted: spaces, quotes, a leading ``-`` or ``.``, bytes that are not UTF-8.

Each hand-in is copied (:mod:`~perceptron_ref.grading.archives`: regular files only, safe names,
size limits; a zip extracted safely; a notebook turned into a ``.py`` file by
:mod:`~perceptron_ref.crosscheck.candidates.notebooks`) into a folder of its own: a hand-in that
runs sees only its snapshot, read-only, and none can change another's or the class folder. The
file to run is the one Python file, or, among several, the one defining the entry function
(:mod:`~perceptron_ref.grading.entry`: read with ``ast``, never run here). A hand-in that cannot
be graded says why, in words that start with what is wrong (``empty``, ``no code``, ``syntax
error``, ``no entry function``, ``unreadable``, ``too large``), or names the unsafe thing it
holds.
"""

from __future__ import annotations

import functools
import re
import stat
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from perceptron_ref.crosscheck.candidates import notebooks, programs, toplevel
from perceptron_ref.errors import InputError
from perceptron_ref.grading import archives, entry
from perceptron_ref.grading.archives import NESTED, shown

KINDS = (".py", ".ipynb", ".zip")


@dataclass(frozen=True)
class Submission:
    """One hand-in: its name, its snapshot, the file to run there, or why none can run; and
    notes for the student (the lines of a notebook left out)."""

    name: str
    snapshot: Path
    entry: Path | None
    problem: str = ""
    notes: tuple[str, ...] = ()


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


def snapshot(
    source: Path,
    into: Path,
    name: str,
    function: entry.Names,
    program: programs.Program | None = None,
) -> Submission:
    """Copy one hand-in into ``into`` (a new folder) and find the file to run there: the
    Python file defining ``function`` (or any of several names), or with ``program`` the
    file its command names (:func:`~perceptron_ref.crosscheck.candidates.programs.locate`)."""
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
        elif source.suffix.lower() in KINDS or (program is not None and source.is_file()):
            # "Perceptron.PY" is a .py file: the suffix in lower case, for choose().
            target = into / archives.safe_name(source.stem + source.suffix.lower())
            if not archives.copy_file(source, target, budget):
                raise _other(source)
        else:
            raise _other(source)
        _unzip(into, budget)
        converted = _notebooks(into)
        recoded = entry.to_utf8(into)
        _open_to_all(into)
        if program is not None:
            return _program(name, into, program, recoded)
        runs = entry.choose(into, function, converted)
        found = converted.get(runs)
        entry.check(runs, function, found)
        notes = [found.note() if found else "", recoded]
        return Submission(name, into, runs, notes=tuple(n for n in notes if n))
    except InputError as error:
        return Submission(name, into, None, str(error))
    except OSError as error:  # unreadable: the row says so, the class goes on
        return Submission(name, into, None, f"unreadable: {error.strerror}")


def _program(name: str, into: Path, program: programs.Program, recoded: str) -> Submission:
    """A program hand-in: the file its command names (copied to that name when it was handed
    in under another); a Python program that does not parse is refused here."""
    folder, alias, note = programs.locate(into, program)
    runs = folder / program.file if program.file else folder
    if alias is not None and not runs.exists():
        runs.write_bytes(alias.read_bytes())
        runs.chmod(0o644)
    if runs.suffix == ".py" and runs.is_file():
        handed = shown((alias or runs).name)
        try:
            compile(runs.read_bytes(), runs.name, "exec")
        except SyntaxError as error:
            raise InputError(
                f"syntax error: {error.msg} (line {error.lineno} of {handed})"
            ) from None
        except ValueError as error:  # a NUL byte
            raise InputError(f"syntax error: {error} ({handed})") from None
    notes = tuple(n for n in (note, recoded) if n)
    return Submission(name, into, runs, notes=notes)


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


def intake(
    folder: str | Path,
    into: str | Path,
    function: entry.Names,
    program: programs.Program | None = None,
) -> list[Submission]:
    """Every hand-in of ``folder``, each in a snapshot under ``into``, sorted by name."""
    found, _ = entries(folder)
    return [
        snapshot(path, Path(into, f"{i:04d}"), name, function, program)
        for i, (name, path) in enumerate(found, 1)
    ]
