"""Programs on a command line: what a ``cmd:`` command and a driver's tools need to run
in the sandbox.

A command's files and folders, and a class path's entries, are made absolute (it runs in a
scratch directory) and shown to it read-only; a JVM and node get the flags that start them
within the memory limit (an address-space limit of 1 GiB and 128 processes refuse a JVM's
default heap, class space and collector threads, and node's collector threads); the folders
outside /usr that a runtime's own files link to (Debian's JDK keeps its configuration in
/etc/java-17-openjdk) are shared too.

>>> jvm(["node", "a.js"], 1024**3)
['node', '--single-threaded-gc', '--max-old-space-size=512', 'a.js']
"""

from __future__ import annotations

import functools
import shutil
from collections.abc import Sequence
from pathlib import Path

CLASS_PATH = ("-cp", "-classpath", "--class-path", "-p", "--module-path")


def command(argv: Sequence[str]) -> tuple[str, ...]:
    """A ``cmd:`` command line as it runs in the sandbox's scratch directory: the files and
    folders it names (relative here) made absolute, a class path's too (``-cp lib:classes``),
    and a JVM given flags that start it within the memory limit (see :func:`jvm`)."""
    out: list[str] = []
    for i, a in enumerate(argv):
        if i > 0 and argv[i - 1] in CLASS_PATH:
            parts = a.split(":")
            a = ":".join(str(Path(p).resolve()) if p and Path(p).exists() else p for p in parts)
        elif i > 0 and (Path(a).is_file() or Path(a).is_dir()):
            a = str(Path(a).resolve())
        out.append(a)
    return tuple(out)


def jvm(argv: Sequence[str], memory: int) -> list[str]:
    """``java ...`` and ``node ...`` with their own flags, unless they set their heap
    themselves: a JVM reserves a heap of a quarter of the machine's memory, a 1 GiB class
    space and a collector thread per core, node's collector threads reserve memory too,
    which an address-space limit of 1 GiB and 128 processes refuse."""
    name = Path(argv[0]).name if argv else ""
    if name == "java" and not any(a.startswith("-Xmx") for a in argv):
        return [argv[0], *jvm_flags(memory), *argv[1:]]
    if name == "node" and not any(a.startswith("--max-old-space-size") for a in argv):
        heap = max(64, memory // 2 // 1024**2)
        return [argv[0], "--single-threaded-gc", f"--max-old-space-size={heap}", *argv[1:]]
    return list(argv)


@functools.cache
def runtime_folders(program: str) -> tuple[Path, ...]:
    """Folders outside /usr that a runtime's own files link to: Debian's JDK keeps its
    configuration (``conf/security/java.security``, ``jvm.cfg``) in /etc/java-17-openjdk,
    which the sandbox does not show unless it is shared (read-only)."""
    found = shutil.which(program)
    if found is None:
        return ()
    home = Path(found).resolve().parent.parent
    folders: set[Path] = set()
    for sub in (home, home / "conf", home / "lib", home / "conf" / "security"):
        try:
            entries = list(sub.iterdir()) if sub.is_dir() else []
        except OSError:
            continue
        for entry in entries:
            if entry.is_symlink():
                target = entry.resolve()
                if target.exists() and Path("/usr") not in target.parents:
                    folders.add(target if target.is_dir() else target.parent)
    return tuple(sorted(folders))


def runtime_shares(argv: Sequence[str]) -> list[Path]:
    """What a ``java``/``javac`` command needs shared besides its own files."""
    name = Path(argv[0]).name if argv else ""
    return list(runtime_folders(name)) if name in ("java", "javac") else []


def jvm_flags(memory: int, prefix: str = "") -> list[str]:
    """A JVM's flags for an address-space limit of ``memory`` bytes (``prefix`` "-J" for javac)."""
    heap = max(64, memory // 4 // 1024**2)
    flags = [
        f"-Xmx{heap}m",
        "-Xss1m",
        "-XX:+UseSerialGC",
        "-XX:ReservedCodeCacheSize=32m",
        "-XX:CompressedClassSpaceSize=64m",
        "-XX:MaxMetaspaceSize=128m",
        "-XX:TieredStopAtLevel=1",
        "-XX:CICompilerCount=1",
    ]
    return [prefix + f for f in flags]


def shared_paths(argv: Sequence[str]) -> list[Path]:
    """The folders a command line names (read-only in the sandbox): those of its files, the
    folders themselves, and a class path's entries."""
    found: list[Path] = []
    for i, a in enumerate(argv):
        parts = a.split(":") if i > 0 and argv[i - 1] in CLASS_PATH else [a]
        for p in parts:
            path = Path(p)
            if not path.is_absolute() or path == Path("/"):
                continue
            if path.is_file():
                found.append(path.parent)
            elif path.is_dir():
                found.append(path)
    return found
