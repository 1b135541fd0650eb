"""The bubblewrap layer: a private view of the file system and namespaces of its own.

Under ``bwrap`` (Debian package ``bubblewrap``) the program sees: the system's ``/usr``
(and its ``/bin``, ``/lib`` links), a few files of ``/etc`` for the dynamic loader, the
Python runtime and the virtual environment (for numpy, scikit-learn, river), the folders
of its own files (``share``), and the harness's files at ``/harness`` -- all read-only --
with a size-capped tmpfs as ``/tmp`` (its working directory and ``HOME``).  It has its own
network namespace (no network, not even the harness's 127.0.0.1), its own PID namespace
(it cannot see or signal the harness; when its first process ends, or the harness dies
(``--die-with-parent``), every process it started ends with the namespace: a ``setsid``
daemon included), a new ``/proc`` showing only its own processes, no capabilities, and
bubblewrap's options come through a file descriptor, so its ``/proc/1/cmdline``
names only the command.  The reference itself is masked wherever a bound folder holds it
(an installed wheel sits in site-packages): a candidate cannot import it to answer.

bubblewrap's options differ between versions: 0.6.1 (Ubuntu 22.04) has no ``--size``, so
the tmpfs size is asked for only where :func:`supports` finds the option (elsewhere the
harness watches the scratch folder's size itself).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

SCRATCH_SIZE = 256 * 1024**2
"""The sandbox's ``/tmp`` (and ``/dev/shm``): a tmpfs of this size, gone with the run."""
HARNESS = "/harness"
"""Where the harness's files (the worker, its adapters, the confinement) appear, read-only."""
PACKAGE = Path(__file__).resolve().parents[2]
"""This package: masked in the sandbox wherever a bound folder holds it."""
ETC = (
    "alternatives",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "nsswitch.conf",
    "passwd",
    "group",
    "ssl",
)
"""What of ``/etc`` a program sees: the dynamic loader's files, the time zone, the names of
users and groups, the public certificates and OpenSSL's configuration (node will not start
when it may not read them; private keys there are closed to other users)."""


def program() -> str | None:
    """The bubblewrap program: ``$PERCEPTRON_REF_BWRAP`` if set (empty: none), else on PATH."""
    chosen = os.environ.get("PERCEPTRON_REF_BWRAP")
    if chosen is not None:
        return chosen or None
    return shutil.which("bwrap")


def supports(bwrap: str, option: str) -> bool:
    """Whether this bubblewrap knows ``option`` (its ``--help`` lists it)."""
    return f"{option} " in _help(bwrap)


@functools.cache
def _help(bwrap: str) -> str:
    try:
        done = subprocess.run([bwrap, "--help"], capture_output=True, timeout=30, text=True)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout + done.stderr


def learn() -> None:
    """Read now what this machine's bubblewrap supports: a process that forks graders
    (:mod:`~perceptron_ref.grading.zygote`) spares each fork the ``--help`` it runs."""
    found = program()
    if found is not None:
        _help(found)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _unshare(drop: bool) -> list[str]:
    """The namespaces.  bubblewrap run by root maps only uid 0 into a user namespace of its
    own: to drop to the sandbox's uid (confine keeps CAP_SETUID and CAP_SETGID for that,
    and loses them with it) the sandbox stays in the host's user namespace."""
    if not drop:
        return ["--unshare-all", "--cap-drop", "ALL"]
    spaces = ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"]
    caps = ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    return [*spaces, "--unshare-cgroup-try", *caps]


def arguments(
    bwrap: str,
    share: Sequence[Path],
    harness: Sequence[Path],
    environment: dict[str, str],
    *,
    drop: bool = False,
    copies: dict[Path, Path] | None = None,
) -> list[str]:
    """bubblewrap's arguments (without the program): the sandbox described above.
    ``copies``: a readable copy to bind in place of a shared folder the sandbox's uid could
    not read."""
    copies = copies or {}
    sized = supports(bwrap, "--size")
    size = ["--size", str(SCRATCH_SIZE)] if sized else []
    args = [*_unshare(drop), "--die-with-parent", "--new-session"]
    # The scratch tmpfs first (open to all, as /tmp is): a shared folder under the host's
    # /tmp is bound over it.
    args += [*size, "--perms", "1777", "--tmpfs", "/tmp"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        top = Path("/", name)
        if top.is_symlink():
            args += ["--symlink", os.readlink(top), str(top)]
        elif top.is_dir():
            args += ["--ro-bind", str(top), str(top)]
    args += ["--perms", "0755", "--dir", "/etc"]  # else 0700 (see below): the uid's node fails
    for name in ETC:
        args += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    runtime = {Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve()}
    runtime.add(Path(sys.executable).resolve().parent)
    wanted = runtime | set(share) | {Path("/usr")}
    bound = sorted(p for p in wanted if not any(_inside(p, q) for q in wanted - {p}))
    # bubblewrap makes the folders above a bound one mode 0700: the uid could not pass them.
    above = {a for p in [*bound, Path(HARNESS, "x")] for a in p.parents} - {Path("/")}
    for folder in sorted(above - set(bound)):
        args += ["--perms", "0755", "--dir", str(folder)]
    args += ["--ro-bind", "/usr", "/usr"]
    for path in bound:
        if path != Path("/usr"):
            args += ["--ro-bind", str(copies.get(path, path)), str(path)]
    for path in sorted(set(share) - set(bound)):  # a copy inside a bound folder: over it
        if path in copies:
            args += ["--ro-bind", str(copies[path]), str(path)]
    for hidden in (PACKAGE, PACKAGE.parent / "perceptron_ref_proofs"):
        if hidden.is_dir() and any(_inside(hidden, p) for p in bound):
            args += ["--perms", "0755", "--tmpfs", str(hidden), "--remount-ro", str(hidden)]
    for file in harness:
        args += ["--ro-bind", str(file), f"{HARNESS}/{file.name}"]
    args += ["--proc", "/proc", "--dev", "/dev", *size]
    args += ["--perms", "1777", "--tmpfs", "/dev/shm", "--remount-ro", "/dev"]
    args += ["--remount-ro", "/"]
    args += ["--chdir", "/tmp", "--clearenv"]
    for key, value in environment.items():
        args += ["--setenv", key, value]
    return args
