"""Run an untrusted program under bubblewrap: no network, its own PID namespace, a read-only
view of only what it needs, a fresh scratch directory, resource limits, capped output.

Under ``bwrap`` (Debian package ``bubblewrap``) the program sees: the system's ``/usr``
(and its ``/bin``, ``/lib`` links), a few files of ``/etc`` for the dynamic loader, the
Python runtime and the virtual environment (for numpy, scikit-learn, river), the folders
of its own files (``share``), and the harness's worker at ``/harness`` -- all read-only --
with a size-capped tmpfs as ``/tmp`` (its working directory and ``HOME``).  It has its own
network namespace (no network, not even the harness's 127.0.0.1), its own PID namespace
(it cannot see or signal the harness; when its first process ends, or the harness dies
(``--die-with-parent``), every process it started ends with the namespace: a ``setsid``
daemon included), a new ``/proc`` showing only its own processes, no capabilities, and
bubblewrap's options come through a file descriptor, so its ``/proc/1/cmdline``
names only the command.  The reference itself is masked wherever a bound folder holds it
(an installed wheel sits in site-packages): a candidate cannot import it to answer.

When the harness is root, the program runs as uid and gid :data:`NOBODY`, not root, in a
user namespace of its own, at most :data:`PROCESSES` processes and threads: a fork bomb
fails at once.  Where a probe finds that impossible (:func:`weaker` says why), or for a
shared folder that uid cannot read, it runs as root inside the sandbox, with no process
limit, and one warning line says so (:data:`WEAKER`, :data:`UNREADABLE`).

Limits are set inside the sandbox, just before the program starts (:data:`LIMITER`):
address space (``memory`` bytes), CPU seconds, file size, processes, no core dumps.  The
parent waits
on a wall clock: ``timeout`` seconds for each line of output (a line is one data set's
result, so a slow but working batch is not cut off), then kills the process group (and so
the namespace).  It keeps at most ``MAX_OUTPUT`` bytes of stdout (more ends the run: the
verdict is "too much output") and the last ``STDERR_TAIL`` bytes of stderr.

Without bubblewrap, or where it cannot start (:func:`unavailable` says why), the program
runs as a plain child process with the same limits, its own process group and a scratch
directory: isolation is weaker (see :data:`WARNING`), and ``--require-sandbox`` refuses.
``PERCEPTRON_REF_BWRAP`` names the bwrap program to use (empty: none).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import selectors
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

MAX_OUTPUT = 4 * 1024 * 1024
STDERR_TAIL = 2000
MEMORY = 1024**3
"""Default address-space limit, 1 GiB: numpy, scikit-learn, river and node start inside it
(node needs more than 512 MiB of address space, Python with numpy less)."""
FILE_SIZE = 64 * 1024**2
SCRATCH_SIZE = 256 * 1024**2
"""The sandbox's ``/tmp`` (and ``/dev/shm``): a tmpfs of this size, gone with the run."""
PROCESSES = 128
"""At most this many processes and threads in one sandbox (RLIMIT_NPROC): a fork bomb fails
at once (EAGAIN) instead of running until the time limit; numpy (one thread here), node
(about a dozen) and a few helper processes fit."""
NOBODY = 65534
"""The host uid and gid ("nobody", no supplementary groups) a candidate runs as when the
harness is root: the kernel ignores RLIMIT_NPROC for uid 0.  It must be able to read what
the candidate sees (:func:`readable`)."""

HARNESS = "/harness"
"""Where the worker's files appear inside the sandbox (read-only)."""
PACKAGE = Path(__file__).resolve().parents[2]
"""This package: masked in the sandbox wherever a bound folder holds it."""
_CANDIDATES = PACKAGE / "crosscheck" / "candidates"
HARNESS_FILES = (_CANDIDATES / "worker.py", _CANDIDATES / "adapters.py")
ETC = (
    "alternatives",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "nsswitch.conf",
    "passwd",
    "group",
)
WARNING = (
    "perceptron-ref: warning: no sandbox ({why}): candidates run as plain processes "
    "(weaker isolation: they can read and write your files, use the network and leave "
    "processes behind); install bubblewrap (sudo apt-get install bubblewrap)"
)

WEAKER = (
    "perceptron-ref: warning: weaker sandbox ({why}): candidates run{as_root} with no limit "
    "on their processes (a fork bomb runs until the time limit)"
)
UNREADABLE = (
    "perceptron-ref: warning: {path} is not readable by uid {uid}: its candidate runs as "
    "root inside the sandbox, with no limit on its processes (chmod o+rX to lift this)"
)

LIMITER = (
    "import os, resource, sys\n"
    "m, c, f, n, u = (int(a) for a in sys.argv[1:6])\n"
    "if u >= 0:\n"
    "    try:\n"
    "        os.setgroups([])\n"
    "        os.setresgid(u, u, u)\n"
    "        os.setresuid(u, u, u)\n"
    "    except OSError as error:\n"
    "        sys.exit(f'cannot become uid {u}: {error.strerror}')\n"
    "if n > 0:\n"
    "    import ctypes\n"
    "    if ctypes.CDLL(None, use_errno=True).unshare(0x10000000) != 0:\n"
    "        sys.exit(f'cannot make a user namespace: {os.strerror(ctypes.get_errno())}')\n"
    "    resource.setrlimit(resource.RLIMIT_NPROC, (n, n))\n"
    "resource.setrlimit(resource.RLIMIT_AS, (m, m))\n"
    "resource.setrlimit(resource.RLIMIT_CPU, (c, c + 1))\n"
    "resource.setrlimit(resource.RLIMIT_FSIZE, (f, f))\n"
    "resource.setrlimit(resource.RLIMIT_CORE, (0, 0))\n"
    "try:\n"
    "    os.execvp(sys.argv[6], sys.argv[6:])\n"
    "except OSError as error:\n"
    "    sys.exit(f'cannot run {sys.argv[6]}: {error.strerror}')\n"
)
"""Runs first inside the sandbox: becomes uid and gid ``u`` with no groups (when ``u`` >= 0:
the harness is root), makes a user namespace of its own and sets at most ``n`` processes
(when ``n`` > 0), sets the other limits, then becomes the program (exec).

Why a user namespace: the kernel counts RLIMIT_NPROC per user namespace and host uid, and
every candidate runs as the same uid; in a namespace of its own, a candidate's count is its
own, so a fork bomb cannot starve another candidate running beside it.  (A process made so
holds no capability outside it, and loses the ones inside at exec: its uid there is unmapped.)
RLIMIT_NPROC counts threads too, and is ignored for host uid 0: hence the drop to ``u``."""

_SHARED: ContextVar[tuple[Path, ...] | None] = ContextVar("shared", default=None)


@dataclass(frozen=True)
class Execution:
    """What came back from one run of an untrusted program."""

    lines: tuple[bytes, ...]  # complete stdout lines, in order
    rest: bytes  # stdout after the last newline
    stderr: str  # the tail of stderr
    returncode: int | None  # None when we killed it; -N: killed by signal N
    timed_out: bool
    overflow: bool  # stdout exceeded MAX_OUTPUT

    def death(self) -> tuple[str, str] | None:
        """How the process ended, if abnormally: (kind, detail) for a timeout, too much
        output, or a signal (the CPU limit sends SIGXCPU; the kernel's OOM killer SIGKILL)."""
        if self.timed_out:
            return "hang", "no result within the time limit (killed)"
        if self.overflow:
            return "too much output", f"more than {MAX_OUTPUT} bytes (killed)"
        code = self.returncode
        if code is not None and code < 0:
            name = signal.Signals(-code).name
            why = {"SIGXCPU": " (CPU time limit)", "SIGKILL": " (e.g. out of memory)"}
            return "crash", f"killed by {name}{why.get(name, '')}"
        return None


def bwrap() -> str | None:
    """The bubblewrap program: ``$PERCEPTRON_REF_BWRAP`` if set (empty: none), else on PATH."""
    chosen = os.environ.get("PERCEPTRON_REF_BWRAP")
    if chosen is not None:
        return chosen or None
    return shutil.which("bwrap")


@functools.cache
def _trial(program: str | None) -> str | None:
    if program is None:
        return "bubblewrap (bwrap) is not installed"
    return _probe(program, limited=False)


@functools.cache
def _contained(program: str) -> str | None:
    """None when candidates run under the process limit here (as :data:`NOBODY` when we are
    root), else why not: e.g. no unprivileged user namespaces (Ubuntu 24.04's AppArmor)."""
    return _probe(program, limited=True)


def _probe(program: str, limited: bool) -> str | None:
    try:
        done, init = _spawn(
            [sys.executable, "-I", "-S", "-c", "pass"],
            program,
            (),
            256 * 1024**2,
            5,
            limited=limited,
        )
        _, err = done.communicate(timeout=60)
        if init is not None:
            os.close(init)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"{program} cannot run: {error}"
    if done.returncode != 0:
        last = err.decode("utf-8", "replace").strip().splitlines()
        return f"{program} fails here: {last[-1] if last else f'status {done.returncode}'}"
    return None


def unavailable() -> str | None:
    """None when candidates run sandboxed; else why not (one phrase).  Tried once."""
    return _trial(bwrap())


def weaker() -> str | None:
    """None when sandboxed candidates run under the process limit (as :data:`NOBODY` when we
    are root); else why not (one phrase).  Tried once."""
    program = bwrap()
    if program is None or unavailable() is not None:
        return "no sandbox"
    return _contained(program)


def warning() -> str | None:
    """The one-line warning to print when there is no sandbox, or a weaker one (no process
    limit, candidates root inside it when we are root), else None."""
    why = unavailable()
    if why is not None:
        return WARNING.format(why=why)
    why = weaker()
    as_root = " as root inside it" if os.geteuid() == 0 else ""
    return None if why is None else WEAKER.format(why=why, as_root=as_root)


def announce(required: bool) -> None:
    """For a command line: print :func:`warning` on stderr when there is no sandbox or a
    weaker one, or, when one is ``required`` (``--require-sandbox``) and there is none,
    refuse with an InputError (exit 2)."""
    said = warning()
    if said is None:
        return
    if required and unavailable() is not None:
        from perceptron_ref.errors import InputError

        raise InputError(f"--require-sandbox: {unavailable()}")
    print(said, file=sys.stderr)


@contextlib.contextmanager
def sharing(*folders: str | Path) -> Iterator[None]:
    """Within the block, candidates see these folders (read-only) instead of the folder of
    their own file: a graded submission sees its whole snapshot, and nothing beside it."""
    token = _SHARED.set(tuple(Path(f).resolve() for f in folders))
    try:
        yield
    finally:
        _SHARED.reset(token)


def shared(default: Sequence[str | Path]) -> tuple[Path, ...]:
    """The folders a candidate sees: those of :func:`sharing`, else ``default``."""
    chosen = _SHARED.get()
    return chosen if chosen is not None else tuple(Path(f).resolve() for f in default)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def readable(path: Path) -> bool:
    """Whether :data:`NOBODY` may read ``path`` (and list it, a folder): the folder or file
    itself, bound into the sandbox; its parents there are bubblewrap's, open to all."""
    try:
        st = path.stat()
    except OSError:
        return True  # bubblewrap says what is wrong with it
    need = 0o005 if path.is_dir() else 0o004
    return st.st_uid == NOBODY or st.st_mode & need == need


def _unshare(drop: bool) -> list[str]:
    """The namespaces.  bubblewrap run by root maps only uid 0 into a user namespace of its
    own: to drop to :data:`NOBODY` (the LIMITER keeps CAP_SETUID and CAP_SETGID for that,
    and loses them with it) the sandbox stays in the host's user namespace."""
    if not drop:
        return ["--unshare-all", "--cap-drop", "ALL"]
    spaces = ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"]
    caps = ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    return [*spaces, "--unshare-cgroup-try", *caps]


def _arguments(share: Sequence[Path], drop: bool = False) -> list[str]:
    """bubblewrap's arguments (without the program): the sandbox described above."""
    args = [*_unshare(drop), "--die-with-parent", "--new-session"]
    # The scratch tmpfs first (open to all, as /tmp is): a shared folder under the host's
    # /tmp is bound over it.
    args += ["--size", str(SCRATCH_SIZE), "--perms", "1777", "--tmpfs", "/tmp"]
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        top = Path("/", name)
        if top.is_symlink():
            args += ["--symlink", os.readlink(top), str(top)]
        elif top.is_dir():
            args += ["--ro-bind", str(top), str(top)]
    args += ["--perms", "0755", "--dir", "/etc"]  # else 0700 (see below): NOBODY's node fails
    for name in ETC:
        args += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    runtime = {Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve()}
    runtime.add(Path(sys.executable).resolve().parent)
    wanted = runtime | set(share) | {Path("/usr")}
    bound = sorted(p for p in wanted if not any(_inside(p, q) for q in wanted - {p}))
    # bubblewrap makes the folders above a bound one mode 0700: NOBODY could not pass them.
    above = {a for p in [*bound, Path(HARNESS, "x")] for a in p.parents} - {Path("/")}
    for folder in sorted(above - set(bound)):
        args += ["--perms", "0755", "--dir", str(folder)]
    args += ["--ro-bind", "/usr", "/usr"]
    for path in bound:
        if path != Path("/usr"):
            args += ["--ro-bind", str(path), str(path)]
    for hidden in (PACKAGE, PACKAGE.parent / "perceptron_ref_proofs"):
        if hidden.is_dir() and any(_inside(hidden, p) for p in bound):
            args += ["--perms", "0755", "--tmpfs", str(hidden), "--remount-ro", str(hidden)]
    for file in HARNESS_FILES:
        args += ["--ro-bind", str(file), f"{HARNESS}/{file.name}"]
    args += ["--proc", "/proc", "--dev", "/dev", "--size", str(SCRATCH_SIZE)]
    args += ["--perms", "1777", "--tmpfs", "/dev/shm", "--remount-ro", "/dev"]
    args += ["--remount-ro", "/"]
    args += ["--chdir", "/tmp", "--clearenv"]
    for key, value in environment("/tmp").items():
        args += ["--setenv", key, value]
    return args


def _launcher(
    argv: Sequence[str], memory: int, cpu_seconds: int, processes: int = 0, uid: int = -1
) -> list[str]:
    limits = [str(memory), str(cpu_seconds), str(FILE_SIZE), str(processes), str(uid)]
    return [sys.executable, "-I", "-S", "-c", LIMITER, *limits, *argv]


def _spawn(
    argv: Sequence[str],
    program: str | None,
    share: Sequence[Path],
    memory: int,
    cpu_seconds: int,
    scratch: str = "",
    limited: bool = False,
) -> tuple[subprocess.Popen[bytes], int | None]:
    """Start ``argv`` under ``program`` (bwrap), or plainly in ``scratch`` when None;
    ``limited``: under the process limit, as :data:`NOBODY` when we are root."""
    drop = limited and os.geteuid() == 0
    uid = NOBODY if drop else -1
    command = _launcher(argv, memory, cpu_seconds, PROCESSES if limited else 0, uid)
    PIPE = subprocess.PIPE
    if program is None:
        harness = Path(scratch, ".harness")
        harness.mkdir(exist_ok=True)
        for file in HARNESS_FILES:  # its own copy: rewriting it changes no later run
            shutil.copy(file, harness / file.name)
        command = [
            str(harness) + a[len(HARNESS) :] if a.startswith(HARNESS) else a for a in command
        ]
        plain = subprocess.Popen(
            command,
            stdin=PIPE,
            stdout=PIPE,
            stderr=PIPE,
            cwd=scratch,
            env=environment(scratch),
            start_new_session=True,
        )
        return plain, None
    # The options go through a file descriptor: /proc/1/cmdline shows only the command.
    # bubblewrap tells the host PID of the namespace's init on another (--info-fd).
    fd = os.memfd_create("bwrap-args")
    info, told = os.pipe()
    try:
        options = [*_arguments(share, drop), "--info-fd", str(told)]
        os.write(fd, "".join(a + "\0" for a in options).encode())
        os.lseek(fd, 0, os.SEEK_SET)
        return subprocess.Popen(
            [program, "--args", str(fd), "--", *command],
            pass_fds=(fd, told),
            cwd="/",
            env={"PATH": "/usr/bin:/bin"},
            start_new_session=True,  # its own process group
            stdin=PIPE,
            stdout=PIPE,
            stderr=PIPE,
        ), _init(info, told)
    finally:
        os.close(fd)
        os.close(info)


def _init(info: int, told: int) -> int | None:
    """A pidfd of the sandbox's init, from bubblewrap's --info-fd (None if it failed)."""
    os.close(told)
    data = b""
    while chunk := os.read(info, 4096):  # bubblewrap closes it once written, or on failure
        data += chunk
    try:
        return os.pidfd_open(int(json.loads(data)["child-pid"]))
    except (ValueError, KeyError, TypeError, OSError):
        return None


class Sandboxed:
    """One sandboxed process and its scratch directory (on the host only without bwrap)."""

    def __init__(
        self, argv: Sequence[str], *, share: Sequence[str | Path], memory: int, cpu_seconds: int
    ) -> None:
        program = None if unavailable() else bwrap()
        self.scratch = "" if program else tempfile.mkdtemp(prefix="crosscheck-")
        self.init: int | None = None
        self.sandboxed = program is not None
        paths = tuple(Path(p).resolve() for p in share)
        # Limited: under the process limit, as NOBODY when we are root (who must read it all).
        self.limited = program is not None and weaker() is None and _open_to_nobody(paths)
        try:
            self.process, self.init = _spawn(
                argv, program, paths, memory, cpu_seconds, self.scratch, self.limited
            )
        except BaseException:
            self.cleanup()
            raise

    def returncode(self, code: int) -> int:
        """The program's status: bwrap reports death by signal N as 128 + N."""
        if self.sandboxed and 128 < code < 128 + signal.NSIG:
            return -(code - 128)
        return code

    def kill(self) -> None:
        """End everything it started.  Killing the namespace's init makes the kernel kill
        every process of the namespace, and bubblewrap exits only once they are gone: we
        wait for that (a pidfd cannot hit a reused PID), then kill the process group."""
        if self.init is not None:
            with contextlib.suppress(ProcessLookupError, OSError):
                signal.pidfd_send_signal(self.init, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)  # bubblewrap exits once the namespace is empty
        with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
            os.killpg(self.process.pid, signal.SIGKILL)
        for stream in (self.process.stdout, self.process.stderr):
            if stream:
                stream.close()

    def cleanup(self) -> None:
        if self.init is not None:
            os.close(self.init)
            self.init = None
        if self.scratch:
            shutil.rmtree(self.scratch, ignore_errors=True)
            self.scratch = ""


def _open_to_nobody(paths: Sequence[Path]) -> bool:
    """Whether :data:`NOBODY` may read these shared folders and the harness's files (always,
    when we are not root); if not, one warning a folder, and the candidate runs as root."""
    if os.geteuid() != 0:
        return True
    closed = [p for p in (*paths, *HARNESS_FILES) if not readable(p)]
    for path in closed:
        _warn_unreadable(path)
    return not closed


@functools.cache
def _warn_unreadable(path: Path) -> None:
    print(UNREADABLE.format(path=path, uid=NOBODY), file=sys.stderr)


def environment(scratch: str) -> dict[str, str]:
    """A minimal environment: no secrets of ours, one thread per numeric library."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": scratch, "LANG": "C.UTF-8"}
    env |= {"TMPDIR": scratch}
    env |= {k: "1" for k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")}
    env["PYTHONHASHSEED"] = "0"
    return env


def execute(
    argv: Sequence[str],
    stdin: bytes,
    *,
    timeout: float,
    memory: int = MEMORY,
    cpu_seconds: int = 60,
    share: Sequence[str | Path] = (),
) -> Execution:
    """Run ``argv`` with ``stdin`` under the limits; ``timeout`` is per line of output;
    ``share``: folders (or files) it may read."""
    box = Sandboxed(argv, share=share, memory=memory, cpu_seconds=cpu_seconds)
    try:
        return _communicate(box, stdin, timeout)
    finally:
        box.cleanup()


def _communicate(box: Sandboxed, stdin: bytes, timeout: float) -> Execution:
    process = box.process
    assert process.stdin and process.stdout and process.stderr
    try:
        process.stdin.write(stdin)
        process.stdin.close()
    except BrokenPipeError:
        pass  # it exited without reading: what it printed decides
    out, err = bytearray(), bytearray()
    timed_out = overflow = False
    deadline = time.monotonic() + timeout
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ, out)
        selector.register(process.stderr, selectors.EVENT_READ, err)
        while selector.get_map():
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            for key, _ in selector.select(left):
                chunk = os.read(key.fd, 65536)
                if not chunk:
                    selector.unregister(key.fileobj)
                    continue
                buffer: bytearray = key.data
                if buffer is out and b"\n" in chunk:
                    deadline = time.monotonic() + timeout  # a result arrived: the clock restarts
                buffer += chunk
                if buffer is err:
                    del buffer[:-STDERR_TAIL]
            if len(out) > MAX_OUTPUT:
                overflow = True
                break
    if timed_out or overflow:
        box.kill()
    returncode = box.returncode(process.wait())
    box.kill()  # anything it left behind in its process group
    *lines, rest = bytes(out[: MAX_OUTPUT + 1]).split(b"\n")
    return Execution(
        tuple(lines),
        rest,
        err.decode("utf-8", "replace"),
        None if timed_out or overflow else returncode,
        timed_out,
        overflow,
    )
