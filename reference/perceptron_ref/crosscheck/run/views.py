"""What a sandbox's uid may see outside bubblewrap: its runtime and its files, as copies.

Without bubblewrap there is no private view of the file system to bind things into: the
candidate runs as a uid of its own (:mod:`~perceptron_ref.crosscheck.run.accounts`) on the
machine's own files, so it must be able to reach what it runs, and nothing of the grader.

* :func:`runtime`: this Python and its site-packages, **without perceptron-ref** (a
  candidate must not import the reference to answer).  The virtual environment (or the
  installation) is mirrored under :func:`home`, file by file as hard links (copies across
  file systems), its ``perceptron_ref*`` entries left out; the interpreter and its
  standard library too when a folder above them is closed to other users (pyenv under
  ``/root``).  Built once per runtime and kept: a key of the runtime's paths and its
  site-packages' entries names it, so an upgraded package makes a new one.
* :func:`copy_shares`: each folder the candidate may read, copied into its sandbox's own
  folder, owned by root with the sandbox's gid (0750/0640): the sandbox's uid can read
  them, no other sandbox's can, and none can change them.

Everything lives in :func:`home`, ``$TMPDIR/perceptron-ref-sandbox-UID`` (0711: others may
pass, not list), checked to be root's and not a link before it is used.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import sys
import sysconfig
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

FORMAT = "2"  # part of the runtime's key: a change of layout here makes new mirrors
HIDDEN = ("perceptron_ref", "perceptron-ref")
"""Site-packages entries left out of the mirror: the package, its proofs, its metadata and an
editable install's ``.pth`` and finder (whose names all hold one of these, case aside)."""
SHARE_FILES = 20_000
SHARE_BYTES = 512 * 1024**2


class ViewError(OSError):
    """A view could not be made (one line, for the instructor)."""


def home() -> Path:
    """The folder of the sandboxes' views, leases and scratch folders: made 0711 and root's
    (the harness's) on first use; refused if someone else made it or it is a link."""
    path = Path(tempfile.gettempdir()) / f"perceptron-ref-sandbox-{os.geteuid()}"
    try:
        path.mkdir(mode=0o711, exist_ok=True)
        st = path.lstat()
    except OSError as error:
        raise ViewError(f"cannot make {path}: {error.strerror}") from None
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid() or st.st_mode & 0o022:
        raise ViewError(f"{path} is not a folder of uid {os.geteuid()} closed to writes")
    os.chmod(path, 0o711)
    for sub, mode in (("leases", 0o700), ("boxes", 0o711)):
        (path / sub).mkdir(mode=mode, exist_ok=True)
    return path


def reachable(path: Path, uid: int, gid: int) -> bool:
    """Whether uid/gid (no other groups) may open ``path``: every folder above it passable,
    the file (or folder) itself readable -- the kernel's own test, made on the modes."""
    path = Path(os.path.abspath(path))
    try:
        for folder in [*reversed(path.parents), path]:
            st = folder.stat()
            shift = 6 if st.st_uid == uid else 3 if st.st_gid == gid else 0
            need = 0o5 if stat.S_ISDIR(st.st_mode) else 0o4
            if folder != path:
                need = 0o1
            if (st.st_mode >> shift) & need != need:
                return False
    except OSError:
        return False
    return True


def _link(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:  # another file system, or a file we may not link: a copy
        shutil.copy2(source, target)


def _mirror(source: Path, target: Path, skip: Iterable[str] = ()) -> None:
    """``source``'s tree at ``target``: folders made, files linked, relative links kept;
    entries whose names hold one of ``skip`` (case aside) left out: folders at the top, files
    anywhere (a ``__pycache__`` of theirs)."""
    target.mkdir(parents=True, exist_ok=True)
    os.chmod(target, 0o755)
    skipped = tuple(s.lower() for s in skip)
    for top, folders, files in os.walk(source):
        here = Path(top)
        there = target / here.relative_to(source)
        if here == source:
            folders[:] = [f for f in folders if not _hidden(f, skipped)]
        files = [f for f in files if not _hidden(f, skipped)]  # their __pycache__ too
        for name in [f for f in folders if (here / f).is_symlink()]:
            _symlink(here / name, there / name)
            folders.remove(name)
        for name in folders:
            (there / name).mkdir(mode=0o755, exist_ok=True)
        for name in files:
            if (here / name).is_symlink():
                _symlink(here / name, there / name)
            elif (here / name).is_file():
                _link(here / name, there / name)


def _hidden(name: str, skipped: tuple[str, ...]) -> bool:
    return any(s in name.lower() for s in skipped)


def _symlink(link: Path, at: Path) -> None:
    """A relative link is kept as it is; an absolute one becomes a copy of what it names."""
    pointed = os.readlink(link)
    if not os.path.isabs(pointed):
        os.symlink(pointed, at)
    elif Path(pointed).is_file():
        _link(Path(pointed), at)


@dataclass(frozen=True)
class Runtime:
    """A Python the sandbox's uid can run: ``python`` to exec, ``folders`` it must read and
    run (for Landlock), ``env`` to add (the shared library's folder of a mirrored Python)."""

    python: str
    folders: tuple[str, ...]
    env: tuple[tuple[str, str], ...] = ()


def _key(parts: Sequence[str], listed: Sequence[Path]) -> str:
    digest = hashlib.sha256("\0".join([FORMAT, sys.version, *parts]).encode())
    for folder in listed:
        with os.scandir(folder) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                when = entry.stat(follow_symlinks=False).st_mtime_ns
                digest.update(f"{entry.name}\0{when}\0".encode())
    return digest.hexdigest()[:20]


def runtime(uid: int, gid: int) -> Runtime:
    """This Python for ``uid``: its mirror (made now if it is not there yet)."""
    interpreter = Path(sys.executable).resolve()
    venv = Path(sys.prefix) if sys.prefix != sys.base_prefix else None
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    paths = sysconfig.get_paths()
    sites = [Path(p) for p in dict.fromkeys((paths["purelib"], paths["platlib"]))]
    sites = [p for p in sites if p.is_dir()]
    # The interpreter is mirrored when its files are out of uid's reach, or when there is no
    # virtual environment (its own site-packages may hold the reference).
    own_base = venv is None or not all(
        reachable(p, uid, gid) for p in (interpreter, stdlib / "os.py")
    )
    parts = [str(interpreter), sys.prefix, sys.base_prefix, str(own_base)]
    where = home() / f"runtime-{_key(parts, sites)}"
    if not where.is_dir():
        _build(where, interpreter, stdlib, venv, sites, own_base)
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    env: tuple[tuple[str, str], ...] = ()
    if own_base:
        python = where / "base" / "bin" / version
        if (where / "base" / "lib" / "shared").is_dir():
            env = (("LD_LIBRARY_PATH", str(where / "base" / "lib" / "shared")),)
    else:
        python = interpreter
    folders = [str(where)] + ([] if own_base else [str(interpreter.parent), str(stdlib)])
    if venv is not None:
        python = where / "venv" / "bin" / "python"
    return Runtime(str(python), tuple(folders), env)


def _build(
    where: Path,
    interpreter: Path,
    stdlib: Path,
    venv: Path | None,
    sites: Sequence[Path],
    own_base: bool,
) -> None:
    work = Path(tempfile.mkdtemp(prefix="building-", dir=where.parent))
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    try:
        os.chmod(work, 0o755)
        base = work / "base"
        if own_base:
            (base / "bin").mkdir(parents=True, mode=0o755)
            _link(interpreter, base / "bin" / version)
            # The standard library; its site-packages only when it is the one in use.
            skip = ("site-packages", "dist-packages") if venv is not None else ()
            _mirror(stdlib, base / "lib" / version, skip=skip)
            if venv is None:
                for site in sites:
                    _mirror(site, base / "lib" / version / site.name, skip=HIDDEN)
            library = sysconfig.get_config_var("LDLIBRARY")
            libdir = sysconfig.get_config_var("LIBDIR")
            if sysconfig.get_config_var("Py_ENABLE_SHARED") and library and libdir:
                (base / "lib" / "shared").mkdir(mode=0o755)
                for found in Path(libdir).glob(f"{library}*"):
                    _link(found.resolve(), base / "lib" / "shared" / found.name)
        if venv is not None:  # its links name the mirror's final place, not this one
            home_ = where / "base" / "bin" if own_base else interpreter.parent
            (work / "venv" / "bin").mkdir(parents=True, mode=0o755)
            named = home_ / (version if own_base else interpreter.name)
            os.symlink(named, work / "venv" / "bin" / "python")
            config = f"home = {home_}\ninclude-system-site-packages = false\n"
            (work / "venv" / "pyvenv.cfg").write_text(config)
            for site in sites:
                _mirror(site, work / "venv" / "lib" / version / "site-packages", skip=HIDDEN)
        work.rename(where)
    except FileExistsError:  # OSError ENOTEMPTY too: another harness made it meanwhile
        shutil.rmtree(work, ignore_errors=True)
    except OSError as error:
        shutil.rmtree(work, ignore_errors=True)
        if not where.is_dir():
            raise ViewError(f"cannot mirror the Python runtime into {where}: {error}") from None


def copy_shares(
    shares: Sequence[Path], into: Path, gid: int, masked: Sequence[Path] = ()
) -> dict[str, str]:
    """Copy each shared folder (or file) into ``into`` (root's, group ``gid``, read-only to
    it); the map from each original path to its copy's.  A folder of ``masked`` met on the
    way is copied empty (the reference, wherever a shared folder holds it); a symbolic link
    is left out (it could name anything on the machine)."""
    views: dict[str, str] = {}
    budget = [SHARE_FILES, SHARE_BYTES]
    _folder(into, gid)
    for n, share in enumerate(shares):
        slot = _folder(into / str(n), gid)
        copy = slot / (share.name or "root")
        if share.is_file():
            _file(share, copy, gid, budget, share)
        else:
            for top, folders, names in os.walk(share):
                here = Path(top)
                there = _folder(copy / here.relative_to(share), gid)
                folders[:] = [f for f in folders if not (here / f).is_symlink()]
                if here in masked:
                    folders[:], names = [], []
                for name in names:
                    if not (here / name).is_symlink() and (here / name).is_file():
                        _file(here / name, there / name, gid, budget, share)
        views[str(share)] = str(copy)
    return views


def _folder(path: Path, gid: int) -> Path:
    path.mkdir(mode=0o750, exist_ok=True)
    os.chown(path, 0, gid)
    return path


def _file(source: Path, target: Path, gid: int, budget: list[int], share: Path) -> None:
    """Copy one file (readable by ``gid``, runnable if it was), within the ``budget`` of
    files and bytes left."""
    budget[0] -= 1
    budget[1] -= source.stat().st_size
    if budget[0] < 0 or budget[1] < 0:
        raise ViewError(
            f"{share} is too large to copy into the sandbox (over {SHARE_FILES} files or "
            f"{SHARE_BYTES // 1024**2} MiB): give the candidate a folder of its own"
        )
    shutil.copyfile(source, target)
    os.chmod(target, 0o750 if source.stat().st_mode & 0o111 else 0o640)
    os.chown(target, 0, gid)


def translate(argument: str, views: dict[str, str]) -> str:
    """``argument`` with every path under a shared folder replaced by its copy's: the whole
    argument, each part of a ``:`` list (a class path), or what follows ``=``."""
    if "=" in argument and not argument.startswith("/"):
        key, _, value = argument.partition("=")
        return f"{key}={translate(value, views)}"
    if os.pathsep in argument:
        return os.pathsep.join(translate(part, views) for part in argument.split(os.pathsep))
    for original, copy in views.items():
        if argument == original or argument.startswith(original.rstrip("/") + "/"):
            return copy + argument[len(original.rstrip("/")) :]
    return argument
