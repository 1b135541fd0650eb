"""The reference's work for one configuration, kept on disk and shared by a class's crosschecks.

Every hand-in of a class is tried on the same data sets (same options, seed and needs), so
drawing them, the float-exactness checks that select them and the reference's exact runs on
them are the same for all of them: done once, kept in an **entry**, and read back by the
crosschecks after the first (``grade``, the platforms' autograders).  An entry is keyed by
everything that shapes it: the package's version and a hash of its own source files, the
algorithm and the crosscheck options, the seed, the number of examples, the input kind, and
what the candidate itself selects (:class:`~perceptron_ref.crosscheck.data.needs.Needs`: float
or exact, vectorized, its bias found by probing, two classes, the dimension).

An entry is used only when its header names this version, this source hash and this key and
its payload has the SHA-256 the header gives; anything else (stale, foreign, cut short,
garbage) is ignored, computed again and rewritten, atomically (a temporary file, then
``os.replace``: graders working in parallel never read half an entry).  The payload is a
pickle read by an unpickler that knows only the classes of these values: a planted file can
name no other global, so it cannot run code.  The folder must be the grader's own and
closed to everyone else (0700): a candidate runs as another uid, or in a bubblewrap view
without it, and can neither read the expected answers in it nor change them.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import pickle
import stat
import tempfile
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

import numpy as np

import perceptron_ref
from perceptron_ref.crosscheck.candidates import packed
from perceptron_ref.crosscheck.candidates.outcomes import Data
from perceptron_ref.crosscheck.data.datasets import Case
from perceptron_ref.crosscheck.judge import oracle
from perceptron_ref.crosscheck.judge.kept import Run
from perceptron_ref.crosscheck.judge.replay import Scaled
from perceptron_ref.errors import InputError

FORMAT = 2
MAGIC = b"perceptron-ref reference cache\n"

_ALLOWED = {
    ("perceptron_ref.crosscheck.judge.cache", "Entry"),
    ("fractions", "Fraction"),
    ("perceptron_ref.crosscheck.data.datasets", "Case"),
    ("perceptron_ref.crosscheck.judge.replay", "Scaled"),
    ("perceptron_ref.crosscheck.judge.replay", "Replay"),
    ("perceptron_ref.crosscheck.judge.replay", "Step"),
    ("perceptron_ref.crosscheck.judge.families", "Stats"),
    ("perceptron_ref.crosscheck.judge.oracle", "Stats"),
    ("perceptron_ref.trace", "Trace"),
    ("perceptron_ref.trace", "Step"),
}
_NUMPY = {"_reconstruct", "_frombuffer", "scalar", "dtype", "ndarray"}


@dataclass(frozen=True)
class Entry:
    """The data sets drawn for one key, the reference's results on them, and the integer
    arrays of the large ones (by index: what a numpy candidate is sent,
    :mod:`~perceptron_ref.crosscheck.candidates.packed`)."""

    cases: tuple[Case, ...]
    runs: tuple[Run, ...]
    arrays: tuple[tuple[int, np.ndarray], ...] = ()


@functools.lru_cache(maxsize=1)
def source_hash() -> str:
    """SHA-256 of the package's own source files (their paths and bytes): an edited
    checkout with an unchanged version is another reference."""
    top = Path(perceptron_ref.__file__).parent
    h = hashlib.sha256()
    for path in sorted(top.rglob("*.py")):
        h.update(path.relative_to(top).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


def key(facts: Mapping[str, Any]) -> str:
    """The entry's key: the version, the source hash and ``facts`` (JSON-able)."""
    text = json.dumps(
        {"version": perceptron_ref.__version__, "source": source_hash(), "facts": facts},
        sort_keys=True,
        default=str,
    )
    return hashlib.sha256(text.encode()).hexdigest()


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        numpy = module.split(".")[0] == "numpy" and name in _NUMPY
        if (module, name) not in _ALLOWED and not numpy:
            raise pickle.UnpicklingError(f"{module}.{name} is not a value of the cache")
        return super().find_class(module, name)


def _pack(value: Any) -> Any:
    """A data set's integers in the narrowest integer type that holds them (the pixel data
    of ``realistic`` take an eighth of the room); :func:`_unpack` gives the int64 back."""
    if isinstance(value, Scaled) and value.X.dtype == np.int64:
        return replace(value, X=packed.narrow(value.X))
    return value


def _unpack(value: Any) -> Any:
    if isinstance(value, Scaled) and value.X.dtype in (np.uint8, np.int8, np.int16, np.int32):
        return replace(value, X=value.X.astype(np.int64))
    return value


class Results(Protocol):
    """Where a crosscheck keeps the reference's results by data set: the core's
    :data:`~perceptron_ref.crosscheck.judge.oracle.RESULTS`, a family's :class:`~perceptron_ref.
    crosscheck.judge.family_trial.ByData`."""

    def remember(self, sets: Sequence[Data], runs: Sequence[Run]) -> None: ...

    def remembered(self, sets: Sequence[Data]) -> list[Run]: ...


class Shared:
    """One crosscheck's use of a store (``folder`` None: none): its data sets, read or drawn,
    and then the reference's results on them (``results``: the core's oracle unless told),
    kept when it computed new ones."""

    def __init__(
        self, folder: str | Path | None, facts: Mapping[str, Any], results: Results | None = None
    ) -> None:
        self.results: Results = oracle.RESULTS if results is None else results
        self.store = None if folder is None else Store(folder)
        self.key = "" if folder is None else key(facts)
        self.known = -1  # results read with the entry (-1: none was read)
        self.cases: tuple[Case, ...] = ()

    def draw(self, draw: Callable[[], tuple[Case, ...]]) -> tuple[Case, ...]:
        """The data sets of the entry, its results taken by the oracle; else ``draw()``'s."""
        entry = None if self.store is None else self.store.load(self.key)
        if entry is None:
            self.cases = draw()
        else:
            self.cases = entry.cases
            self.results.remember([c.data for c in entry.cases], entry.runs)
            _keep_arrays(entry)
            self.known = len(entry.runs)
        return self.cases

    def keep(self, only: Callable[[Run], bool] | None = None) -> None:
        """Write the entry when this crosscheck computed results it did not have (``only``:
        those results alone), in an order that makes the same bytes for the same work."""
        if self.store is not None:
            runs = [
                r
                for r in self.results.remembered([c.data for c in self.cases])
                if not only or only(r)
            ]
            runs.sort(key=lambda r: (r[0], repr(r[1])))
            if len(runs) > self.known:
                arrays = ((i, packed.array(c.data)) for i, c in enumerate(self.cases))
                kept = tuple((i, X) for i, X in arrays if X is not None)
                self.store.save(self.key, Entry(self.cases, tuple(runs), kept))


class Ahead:
    """The entry of a guessed key read in a thread while the candidate starts: the key holds
    the needs that probing the candidate finds (its bias, its label coding), so crosscheck
    guesses them first (those of most code) and reads that entry meanwhile, on the other
    core the sandbox's start leaves idle; :meth:`Store.load` of the same key then finds it
    read (:data:`_READ`).  A wrong guess costs only that thread's work."""

    def __init__(self, folder: str | Path | None, facts: Mapping[str, Any]) -> None:
        self.key = "" if folder is None else key(facts)
        self.thread: threading.Thread | None = None
        if folder is not None and entry_path(folder, self.key).is_file():
            self.thread = threading.Thread(target=self._read, args=(folder,), daemon=True)
            self.thread.start()

    def _read(self, folder: str | Path) -> None:
        try:
            Store(folder).load(self.key)
        except Exception:  # e.g. a folder crosscheck refuses: it says so itself, later
            return

    def settle(self, key: str | None = None) -> None:
        """Wait for the read if ``key`` is the one guessed (None: whatever it is, as
        crosscheck ends: no thread outlives it)."""
        if self.thread is not None and (key is None or key == self.key):
            self.thread.join()


def entry_path(folder: str | Path, key: str) -> Path:
    """Where the entry of ``key`` lies in ``folder``."""
    return Path(folder, f"reference-{key[:40]}.bin")


READ_SIZE = 4
"""Entries a process keeps as read (a class's configuration has one or two)."""
_READ: dict[Path, tuple[tuple[tuple[object, ...], str], Entry]] = {}
_TOUCHED: set[Path] = set()
"""The entries this process has read or written."""
_HOLDING = threading.Lock()  # _READ, from crosscheck's thread and an Ahead's


def _signature(path: Path) -> tuple[object, ...]:
    """What changes when a file is replaced or written: its inode (``os.replace`` gives a new
    one), size and change time, and its header, which holds its payload's SHA-256 (two
    writes within one tick of the clock keep the times)."""
    with path.open("rb") as f:
        st = os.fstat(f.fileno())
        head = f.read(len(MAGIC) + 1024)
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, head)


def _hold(path: Path, key: str, entry: Entry, seen: tuple[object, ...] | None = None) -> None:
    """Keep ``entry`` as this process read it at ``path`` (:data:`_READ`)."""
    _TOUCHED.add(path)
    try:
        held = ((seen or _signature(path), key), entry)
    except OSError:
        return
    with _HOLDING:
        _READ[path] = held
        while len(_READ) > READ_SIZE:
            del _READ[next(iter(_READ))]


def held_in(folder: str | Path) -> list[Path]:
    """The entries of ``folder`` this process has read or written."""
    folder = Path(folder)
    return sorted(p for p in _TOUCHED if p.parent == folder)


def preread(path: str | Path) -> bool:
    """Read the entry at ``path`` (checked as :meth:`Store.load` checks it) so that this
    process and the processes it forks have it (:mod:`~perceptron_ref.grading.zygote`);
    whether it was a valid entry."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            head = f.read(len(MAGIC) + 4096)
        claimed = json.loads(head[len(MAGIC) :].partition(b"\n")[0])["key"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    store = Store(path.parent)
    if not isinstance(claimed, str) or store.path(claimed) != path:
        return False
    entry = store.load(claimed)
    if entry is not None:
        _keep_arrays(entry)  # as a crosscheck that reads it does
    return entry is not None


def _keep_arrays(entry: Entry) -> None:
    """Keep each array of ``entry`` as its data set's bytes (:func:`packed.keep`)."""
    for i, X in entry.arrays:
        packed.keep(entry.cases[i].data, X)


def held(path: str | Path) -> Entry | None:
    """The entry this process has read at ``path`` (:func:`preread`), or None."""
    with _HOLDING:
        found = _READ.get(Path(path))
    return None if found is None else found[1]


class Store:
    """A folder of entries, the grader's own (made 0700; refused if another user's)."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            st = self.folder.lstat()
            if stat.S_ISDIR(st.st_mode) and st.st_uid == os.geteuid():
                os.chmod(self.folder, 0o700)  # no one else reads the expected answers
        except OSError as error:
            raise InputError(f"--cache {folder}: {error.strerror}") from None
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid():
            raise InputError(f"--cache {folder}: not a folder of uid {os.geteuid()}")

    def path(self, key: str) -> Path:
        return entry_path(self.folder, key)

    def load(self, key: str) -> Entry | None:
        """The entry of ``key``, or None when it is missing, stale, foreign or damaged; read
        once a process while its file stays the same (:data:`_READ`)."""
        path = self.path(key)
        try:
            seen = _signature(path)
        except OSError:
            return None
        known = _READ.get(path)
        if known is not None and known[0] == (seen, key):
            return known[1]
        entry = self._read(key)
        if entry is not None:
            _hold(path, key, entry, seen)
        return entry

    def _read(self, key: str) -> Entry | None:
        try:
            blob = self.path(key).read_bytes()
            if not blob.startswith(MAGIC):
                return None
            line, _, payload = blob[len(MAGIC) :].partition(b"\n")
            header = json.loads(line)
            if header != _header(key, payload):
                return None
            entry = _Unpickler(io.BytesIO(payload)).load()
        except Exception:  # garbage bytes (a damaged pickle fails in any constructor): missing
            return None
        if not _well_formed(entry):
            return None
        runs = tuple((i, tail, _unpack(v)) for i, tail, v in entry.runs)
        return Entry(entry.cases, runs, entry.arrays)

    def save(self, key: str, entry: Entry) -> None:
        """Write the entry whole or not at all (never fails the grading: a full disk only
        loses the cache)."""
        narrow = Entry(entry.cases, tuple((i, t, _pack(v)) for i, t, v in entry.runs), entry.arrays)
        payload = pickle.dumps(narrow, protocol=5)
        header = json.dumps(_header(key, payload), sort_keys=True).encode()
        name = ""
        try:
            fd, name = tempfile.mkstemp(dir=self.folder, prefix=".partial-")  # 0600
            with os.fdopen(fd, "wb") as out:
                out.write(MAGIC + header + b"\n" + payload)
            os.replace(name, self.path(key))
            _TOUCHED.add(self.path(key))  # not held: its values are this process's own
        except OSError:
            if name:
                Path(name).unlink(missing_ok=True)


def _header(key: str, payload: bytes) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": perceptron_ref.__version__,
        "source": source_hash(),
        "key": key,
        "sha256": hashlib.sha256(payload).hexdigest(),
    }


def _well_formed(entry: object) -> bool:
    if not isinstance(entry, Entry) or not isinstance(entry.cases, tuple):
        return False
    if not all(isinstance(c, Case) for c in entry.cases) or not isinstance(entry.runs, tuple):
        return False
    n = len(entry.cases)
    runs = all(
        isinstance(r, tuple) and len(r) == 3 and type(r[0]) is int and 0 <= r[0] < n
        for r in entry.runs
    )
    return (
        runs
        and isinstance(entry.arrays, tuple)
        and all(_array_of(a, entry.cases) for a in entry.arrays)
    )


def _array_of(kept: object, cases: tuple[Case, ...]) -> bool:
    """Is ``kept`` (index, array) an integer array of the shape of its case's rows?"""
    if not (isinstance(kept, tuple) and len(kept) == 2 and type(kept[0]) is int):
        return False
    i, X = kept
    if not (0 <= i < len(cases) and isinstance(X, np.ndarray) and X.dtype.kind in "iu"):
        return False
    rows = cases[i].data[0]
    return bool(rows) and X.shape == (len(rows), len(rows[0]))
