"""Safe copies of a hand-in: a folder or a .zip into a snapshot, within limits, names made safe.

Only regular files are copied: a symbolic link (in a folder or a zip) refuses the hand-in
(followed, it could hand in any file the grader can read), and a device, FIFO or socket is
left out.  A zip member with an absolute path, a ``..`` component or a drive letter, or an
encrypted one, refuses the hand-in; operating-system clutter (:func:`clutter`:
``__MACOSX/``, ``.DS_Store``, ``Thumbs.db``, ...) is left out.  Sizes are counted
as the bytes are copied (a zip's own header may lie): more than ``MAX_FILES`` files or
``MAX_BYTES`` bytes in all refuses the hand-in (a zip bomb stops there).

Each path component is made safe (:func:`safe_name`): letters, digits (any script), ``_``,
``.`` and ``-`` are kept, anything else (a space, a quote, a colon, a newline) becomes
``_``, a leading ``.`` or ``-`` too.  Python can import only modules named so anyway, so no
import breaks, and every path handed on (to the sandbox, to crosscheck) is plain.

>>> safe_name("my perceptron: v2.py"), safe_name("-rf"), safe_name("perceptrón.py")
('my_perceptron__v2.py', '_rf', 'perceptrón.py')
"""

from __future__ import annotations

import os
import re
import stat
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath

from perceptron_ref.errors import InputError

MAX_FILES = 1000
MAX_BYTES = 32 * 1024**2
MAX_NAME = 100
CLUTTER = frozenset(
    {"__MACOSX", ".DS_Store", "__pycache__", ".git", ".ipynb_checkpoints", "Thumbs.db",
     "desktop.ini", ".Spotlight-V100", ".Trashes", ".fseventsd", ".localized",
     # a project zipped whole: installed packages and tools' caches are nobody's hand-in
     ".venv", "site-packages", "node_modules", ".mypy_cache", ".pytest_cache", ".ruff_cache"}
)  # fmt: skip


def clutter(name: str) -> bool:
    """Is this entry what an operating system, git or Jupyter leaves behind, not a hand-in?
    (Also macOS's AppleDouble ``._NAME`` files.)

    >>> [clutter(n) for n in (".DS_Store", "__MACOSX", "._alice.py", ".alice.py", "_a.py")]
    [True, True, True, False, False]
    """
    return name in CLUTTER or name.startswith("._")


NESTED = 3
"""Zips inside a hand-in (a folder's, or a zip's) are extracted up to this depth, all within
the hand-in's one size budget."""


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


def safe_name(name: str) -> str:
    """One path component, safe to name a file and to write in a command line."""
    name = re.sub(r"[^\w.-]", "_", name)
    name = re.sub(r"^[.-]", "_", name) or "_"
    if len(name) > MAX_NAME:
        stem, dot, suffix = name.rpartition(".")
        name = stem[: MAX_NAME - len(suffix) - 1] + dot + suffix if dot else name[:MAX_NAME]
    return name


class Budget:
    """Counts files and bytes copied into one snapshot; over a limit is an InputError."""

    def __init__(self) -> None:
        self.files = self.bytes = 0

    def file(self) -> None:
        self.files += 1
        if self.files > MAX_FILES:
            raise InputError(f"too large: more than {MAX_FILES} files")

    def add(self, count: int) -> None:
        self.bytes += count
        if self.bytes > MAX_BYTES:
            raise InputError(f"too large: more than {MAX_BYTES // 1024**2} MiB")


def place(root: Path, parts: list[str]) -> Path:
    """root / the safe parts, de-duplicated against what is already there."""
    path = root
    for i, part in enumerate(parts):
        name = safe_name(part)
        last = i == len(parts) - 1
        candidate, n = path / name, 1
        while candidate.exists() and (last or not candidate.is_dir()):
            n += 1
            stem, dot, suffix = name.rpartition(".")
            candidate = path / (f"{stem}_{n}.{suffix}" if dot and stem else f"{name}_{n}")
        path = candidate
    return path


def write_file(target: Path, chunks: Iterable[bytes], budget: Budget) -> None:
    budget.file()
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "wb") as out:
        for chunk in chunks:
            budget.add(len(chunk))
            out.write(chunk)


def _read(fd: int) -> Iterator[bytes]:
    while chunk := os.read(fd, 1 << 16):
        yield chunk


def _link(name: str) -> InputError:
    return InputError(
        f"it holds a symbolic link {name[:80]!r} (links are not followed: hand in the files)"
    )


def copy_file(source: Path, target: Path, budget: Budget) -> bool:
    """Copy one file if it is a regular file; say if it was.  A symbolic link or an
    unreadable file is an InputError saying so."""
    try:
        fd = os.open(source, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as error:
        if source.is_symlink():
            raise _link(source.name) from None
        raise InputError(f"unreadable: cannot read {source.name!r} ({error.strerror})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        write_file(target, _read(fd), budget)
        return True
    finally:
        os.close(fd)


def copy_folder(source: Path, into: Path, budget: Budget) -> None:
    """Copy a folder's regular files (no links followed) into ``into``, names made safe."""

    def refuse(error: OSError) -> None:
        raise InputError(f"unreadable: cannot read {error.filename!r} ({error.strerror})")

    for folder, dirs, files in os.walk(source, onerror=refuse, followlinks=False):
        relative = Path(folder).relative_to(source).parts
        for name in dirs:
            if Path(folder, name).is_symlink():
                raise _link(str(Path(*relative, name)))
        dirs[:] = sorted(d for d in dirs if not clutter(d))
        for name in sorted(files):
            if not clutter(name):
                copy_file(Path(folder, name), place(into, [*relative, name]), budget)


def _parts(member: zipfile.ZipInfo) -> list[str]:
    """The member's path components; an unsafe path is an InputError."""
    name = member.filename.replace("\\", "/")
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or re.match(r"^[A-Za-z]:", name):
        raise InputError(f"the zip holds an unsafe path {name[:80]!r}")
    return [p for p in path.parts if p not in ("", ".")]


def extract(archive: Path, into: Path, budget: Budget) -> None:
    """Extract a zip's regular files into ``into`` safely (see the module docstring)."""
    try:
        with zipfile.ZipFile(archive) as zipped:
            for member in zipped.infolist():
                parts = _parts(member)
                mode = member.external_attr >> 16
                if any(clutter(p) for p in parts):
                    continue
                if stat.S_ISLNK(mode):
                    raise _link(member.filename)
                if member.is_dir() or not parts:
                    continue
                if member.flag_bits & 0x1:
                    raise InputError(f"the zip's {parts[-1][:60]!r} is encrypted")
                with zipped.open(member) as data:
                    write_file(place(into, parts), iter(lambda: data.read(1 << 16), b""), budget)
    except InputError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError) as error:
        raise InputError(f"not a readable zip file ({error})") from None
    except (OSError, ValueError, RuntimeError) as error:  # a corrupt member, a bad CRC
        raise InputError(f"the zip cannot be extracted ({error})") from None
