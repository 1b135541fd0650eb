"""The uids candidates run as, one per sandbox, and the processes each one owns.

When the harness is root, every sandbox borrows a uid of its own from :data:`UIDS` (gid the
same number, no supplementary groups): nothing else on the machine runs as it, so

* the kernel's per-uid process count (RLIMIT_NPROC) is the sandbox's alone: a fork bomb
  fills its own sandbox, not a neighbour's;
* "every process of this uid" is exactly what the sandbox started, whatever it did to hide
  (a new session, a double fork, a changed process group): :func:`members` finds them, and
  :func:`kill_all` ends them all, after the run and before the grader writes anything;
* its files are its own: no other sandbox's uid can read or write them.

A uid is lent by an exclusive ``flock`` on ``LEASES/<uid>.lock`` (a folder only root can
open), held for the sandbox's life, so concurrent graders (``grade --jobs``, several
``crosscheck`` processes) never share one; the kernel drops the lock if the holder dies.
A uid is skipped if the system names it (``/etc/passwd``) or any process runs as it.
``$PERCEPTRON_REF_UIDS`` (``FIRST-LAST``) sets another range.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import pwd
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

UIDS = range(64200, 64200 + 256)
"""Below 65536, so that a container whose user namespace maps only 0-65535 (rootless
Docker or Podman) still has them; above the range Debian gives to people (1000-59999)."""

PAGE = os.sysconf("SC_PAGE_SIZE")


def uids() -> range:
    """The range to lend from: ``$PERCEPTRON_REF_UIDS`` (``FIRST-LAST``), else :data:`UIDS`."""
    text = os.environ.get("PERCEPTRON_REF_UIDS", "")
    first, dash, last = text.partition("-")
    if dash and first.isdigit() and last.isdigit() and int(first) <= int(last):
        return range(int(first), int(last) + 1)
    return UIDS


@dataclass
class Lease:
    """One uid, lent until :meth:`release`."""

    uid: int
    fd: int

    @property
    def gid(self) -> int:
        return self.uid

    def release(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)  # the lock goes with the descriptor
            self.fd = -1


def _named(uid: int) -> bool:
    try:
        pwd.getpwuid(uid)
    except KeyError:
        return False
    return True


def lend(leases: Path) -> Lease:
    """The first free uid of :func:`uids`; ``leases`` is a folder only root can open."""
    for uid in uids():
        if uid == 0 or _named(uid):  # root, or someone's: never lent
            continue
        fd = os.open(leases / f"{uid}.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            continue
        if members(uid):  # a survivor of a harness that was killed: end it, then lend it
            kill_all(uid)
        return Lease(uid, fd)
    first, last = uids().start, uids().stop - 1
    raise OSError(f"no uid of {first}-{last} is free (each is a user's, or lent)")


def _owner(entry: str) -> tuple[int, bool]:
    """The real uid of process ``entry`` and whether it is a zombie (which holds nothing)."""
    uid, zombie, _ = _status(entry)
    return uid, zombie


def _status(entry: str) -> tuple[int, bool, int]:
    """The real uid of process ``entry``, whether it is a zombie, and its parent's PID."""
    with open(f"/proc/{entry}/status", "rb") as status:
        uid, zombie, parent = -1, False, -1
        for line in status:
            if line.startswith(b"State:"):
                zombie = line.split()[1] in (b"Z", b"X")
            elif line.startswith(b"PPid:"):
                parent = int(line.split()[1])
            elif line.startswith(b"Uid:"):
                uid = int(line.split()[1])
                break
        return uid, zombie, parent


def members(uid: int) -> list[int]:
    """Every live process whose real uid is ``uid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):  # it ended meanwhile
                owner, zombie = _owner(entry)
                if owner == uid and not zombie:
                    found.append(int(entry))
    return found


class Members:
    """:func:`members` of ``uid``, kept up to date cheaply, for a watch that asks every few
    milliseconds: each call lists ``/proc`` and reads again the owner of only the processes
    it has not met before, or that were root's (a sandbox's first process is root's until it
    drops to its uid; no other process's real uid changes but by root's doing), kernel
    threads aside; a PID is not used again before the kernel has gone through the others."""

    def __init__(self, uid: int) -> None:
        self.uid = uid
        self.known: dict[str, bool] = {}  # PID -> whether it is one of uid's
        self.since = _ticks() - 1  # a process started before the sandbox is none of its

    def __call__(self) -> list[int]:
        listed = [e for e in os.listdir("/proc") if e.isdigit()]
        known, found = {}, []
        for entry in listed:
            mine = self.known.get(entry)
            if mine is None:
                try:
                    owner, zombie, parent = _status(entry)
                except (OSError, ValueError, IndexError):  # it ended meanwhile
                    continue
                mine = owner == self.uid and not zombie
                if mine or owner != 0 or parent == 2 or entry == "2" or self._older(entry):
                    known[entry] = mine  # settled for good
            else:
                known[entry] = mine
            if mine:
                found.append(int(entry))
        self.known = known
        return found

    def _older(self, entry: str) -> bool:
        """Whether process ``entry`` started before this sandbox did."""
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                return int(stat.read().rpartition(b")")[2].split()[19]) < self.since
        except (OSError, ValueError, IndexError):
            return False


def _ticks() -> int:
    """Clock ticks since boot, as ``/proc/PID/stat`` counts a process's start."""
    with open("/proc/uptime", "rb") as uptime:
        return int(float(uptime.read().split()[0]) * os.sysconf("SC_CLK_TCK"))


def kill_all(uid: int, *, patience: float = 10.0) -> bool:
    """SIGKILL every process of ``uid`` until none is left (a fork bomb's children too:
    each round kills what the last one missed, and RLIMIT_NPROC bounds how many there
    can be).  False if some survived ``patience`` seconds (it cannot happen to a process
    of another uid than root's, which is why the sandbox never runs as root)."""
    deadline = time.monotonic() + patience
    while pids := members(uid):
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def memory(pids: list[int]) -> int:
    """Bytes of memory these processes hold of their own: anonymous and shared-memory pages
    (RssAnon + RssShmem, from ``/proc/PID/status``, readable without ptrace rights), not
    the files they map, which the page cache shares with every other process."""
    total = 0
    for pid in pids:
        with (
            contextlib.suppress(OSError, ValueError, IndexError),
            open(f"/proc/{pid}/status", "rb") as status,
        ):
            for line in status:
                if line.startswith((b"RssAnon:", b"RssShmem:")):
                    total += int(line.split()[1]) * 1024
    return total


def reap(leases: Path) -> list[int]:
    """Kill the processes of every lendable uid that no one holds (their harness died: a
    grading process killed at its time budget leaves its sandboxes' processes behind);
    the uids whose processes it killed.  A uid still lent is left alone: its sandbox runs."""
    owners: set[int] = set()
    lendable = uids()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                owner, zombie = _owner(entry)
                if owner in lendable and not zombie:
                    owners.add(owner)
    reaped = []
    for uid in sorted(owners):
        try:
            fd = os.open(leases / f"{uid}.lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            kill_all(uid)
            reaped.append(uid)
        except BlockingIOError:
            pass
        finally:
            os.close(fd)
    return reaped


def proportional(pids: list[int]) -> int | None:
    """Bytes of memory these processes hold, each shared page counted once in all: the sum
    of their proportional set sizes (anonymous and shared memory, ``Pss_Anon`` and
    ``Pss_Shmem`` of ``/proc/PID/smaps_rollup``).  A fork's pages are its parent's until
    written: :func:`memory` counts them in both, this once.  None if a process's figures
    may not be read here (they need the rights to trace it: see :class:`~perceptron_ref.
    crosscheck.run.monitor.Watch`)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup", "rb") as rollup:
                fields = dict(line.split(b":", 1) for line in rollup if b":" in line)
        except FileNotFoundError:
            continue  # it ended meanwhile
        except OSError:
            return None
        with contextlib.suppress(ValueError, IndexError):
            parts = [b"Pss_Anon", b"Pss_Shmem"] if b"Pss_Anon" in fields else [b"Pss"]
            total += sum(int(fields[k].split()[0]) for k in parts if k in fields) * 1024
    return total


@contextlib.contextmanager
def lent(leases: Path) -> Iterator[Lease]:
    """A uid for the block; every process of it is killed when the block ends."""
    lease = lend(leases)
    try:
        yield lease
    finally:
        kill_all(lease.uid)
        lease.release()
