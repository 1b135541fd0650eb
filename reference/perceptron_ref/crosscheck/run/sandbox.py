"""Run an untrusted program in a sandbox of layers, each used where the machine allows it.

=============  ==========================================================================
layer          what it stops
=============  ==========================================================================
``bwrap``      bubblewrap (:mod:`~perceptron_ref.crosscheck.run.bwrap`): a private view of
               the file system (read-only runtime and own files, a fresh tmpfs /tmp), no
               network, its own PID namespace, no capabilities.  Needs namespaces: a
               default Docker container (Gradescope, PrairieLearn) refuses them.
``uid``        when the harness is root: a uid and gid of its own for each sandbox, no other
               groups (:mod:`~perceptron_ref.crosscheck.run.accounts`): it cannot read or
               write what is not open to all, nor signal or trace the grader; its processes
               are counted (RLIMIT_NPROC) and, after the run, every one is killed.  Outside
               bubblewrap it runs a mirror of the Python runtime without the reference, and
               copies of its own files, private to its gid
               (:mod:`~perceptron_ref.crosscheck.run.views`).
``seccomp``    a seccomp filter: no socket but AF_UNIX, no ptrace, no reading another
               process's memory, no mount or new namespace, no keyring, perf, BPF or
               io_uring (:mod:`~perceptron_ref.crosscheck.run.confine`).
``landlock``   Landlock, where the kernel has it: it reads and runs only its runtime and
               its own files, writes only its scratch folder; no TCP; no signal or abstract
               socket outside its own processes (kernels with Landlock's scopes).
=============  ==========================================================================

Every sandbox also has resource limits (address space, CPU time, file size, processes, no
core dumps) set just before the program starts, a bound on the memory of all its processes
together and on its scratch space (:mod:`~perceptron_ref.crosscheck.run.monitor`), and a
wall clock: ``timeout`` seconds for each line of output (a line is one data set's result,
so a slow but working batch is not cut off).  At most ``MAX_OUTPUT`` bytes of stdout are
kept (more ends the run: "too much output") and the last ``STDERR_TAIL`` bytes of stderr.

:func:`plan` finds, once, which layers hold here (each is tried for real) and why the others
do not; :attr:`Plan.name` names them (``bwrap+uid+seccomp+landlock``,
``uid+seccomp+landlock``, ..., ``none``), for the reports.  :attr:`Plan.strong`: bubblewrap,
or a uid of its own, the seccomp filter and Landlock -- below that ``--require-sandbox``
refuses.  ``PERCEPTRON_REF_BWRAP`` names the bwrap program to use (empty: none).
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
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from perceptron_ref.crosscheck.run import accounts, bwrap, monitor, views
from perceptron_ref.crosscheck.run.bwrap import HARNESS as HARNESS
from perceptron_ref.crosscheck.run.bwrap import PACKAGE as PACKAGE
from perceptron_ref.crosscheck.run.bwrap import SCRATCH_SIZE

MAX_OUTPUT = 4 * 1024 * 1024
STDERR_TAIL = 2000
MEMORY = 1024**3
"""Default memory limit, 1 GiB: of each process's address space, and of the resident memory
of all its processes together (numpy, scikit-learn, river and node start inside it)."""
FILE_SIZE = 64 * 1024**2
PROCESSES = 128
"""At most this many processes and threads in one sandbox (RLIMIT_NPROC): a fork bomb fails
at once (EAGAIN) instead of running until the time limit; numpy (one thread here), node
(about a dozen) and a few helper processes fit."""

BWRAP, UID, SECCOMP, LANDLOCK = "bwrap", "uid", "seccomp", "landlock"
CONFINE = Path(__file__).with_name("confine.py")
_CANDIDATES = PACKAGE / "crosscheck" / "candidates"
HARNESS_FILES = (_CANDIDATES / "worker.py", _CANDIDATES / "adapters.py", CONFINE)
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
DEVICES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom")
WORLD_WRITABLE = ("/tmp", "/var/tmp", "/dev/shm")
MASKED = (PACKAGE, PACKAGE.parent / "perceptron_ref_proofs")
"""The reference: never shown to a candidate, whatever folder of its holds it."""

_SHARED: ContextVar[tuple[Path, ...] | None] = ContextVar("shared", default=None)


@dataclass(frozen=True)
class Plan:
    """The sandbox this machine gives: the ``layers`` that hold, and for each layer that does
    not, why (``failed``: (layer, reason, fix) triples)."""

    layers: tuple[str, ...]
    failed: tuple[tuple[str, str, str], ...] = ()

    @property
    def name(self) -> str:
        return "+".join(self.layers) or "none"

    def json(self) -> dict[str, object]:
        return {"layers": list(self.layers), "failed": [list(f) for f in self.failed]}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Plan:
        layers = data.get("layers", [])
        failed = data.get("failed", [])
        assert isinstance(layers, list) and isinstance(failed, list)
        return cls(tuple(map(str, layers)), tuple((str(a), str(b), str(c)) for a, b, c in failed))

    @property
    def strong(self) -> bool:
        """Enough to grade strangers' code: bubblewrap, or a uid of its own, seccomp and
        Landlock.  Without Landlock a uid of its own still reads every file open to all, the
        reference's own installation among them: a hand-in could import it and return its
        answers."""
        return BWRAP in self.layers or {UID, SECCOMP, LANDLOCK} <= set(self.layers)


@dataclass(frozen=True)
class Execution:
    """What came back from one run of an untrusted program."""

    lines: tuple[bytes, ...]  # complete stdout lines, in order
    rest: bytes  # stdout after the last newline
    stderr: str  # the tail of stderr
    returncode: int | None  # None when we killed it; -N: killed by signal N
    timed_out: bool
    overflow: bool  # stdout exceeded MAX_OUTPUT
    exceeded: tuple[str, str] | None = None  # (kind, detail): a bound the watch enforced
    # Seconds from the request (a run: its start) to each complete line, as this process
    # saw them arrive (a run's last line without its newline: to the run's end, one more
    # than the lines): a bound on the time the program spent on it that the
    # program cannot move, where the times it reports itself come from a clock its own code
    # can replace (a candidate patching time.perf_counter to look slow, so that its large
    # data sets are cut to a size on which its wrong loop answers right).
    times: tuple[float, ...] = ()

    def death(self) -> tuple[str, str] | None:
        """How the process ended, if abnormally: (kind, detail) for a timeout, too much
        output, a bound on the whole sandbox, or a signal (the CPU limit sends SIGXCPU; the
        kernel's OOM killer SIGKILL)."""
        if self.timed_out:
            return "hang", "no result within the time limit (killed)"
        if self.overflow:
            return "too much output", f"more than {MAX_OUTPUT} bytes (killed)"
        if self.exceeded is not None:
            return self.exceeded
        code = self.returncode
        if code is not None and code < 0:
            name = signal.Signals(-code).name
            why = {"SIGXCPU": " (CPU time limit)", "SIGKILL": " (e.g. out of memory)"}
            return "crash", f"killed by {name}{why.get(name, '')}"
        return None


# -- What holds here --------------------------------------------------------------------


def _libraries() -> tuple[list[str], list[tuple[str, str, str]]]:
    """The confining layers this harness can set up (seccomp, Landlock), and why not."""
    layers, failed = [], []
    try:
        import pyseccomp

        pyseccomp.SyscallFilter(pyseccomp.ALLOW)  # loads the system's libseccomp
        layers.append(SECCOMP)
    except (ImportError, OSError, RuntimeError) as error:
        fix = "install libseccomp2 (apt-get install libseccomp2) and perceptron-ref[grading]"
        failed.append((SECCOMP, f"no seccomp filter ({error})", fix))
    try:
        from py_landlock import get_abi_version

        get_abi_version()
        layers.append(LANDLOCK)
    except ImportError as error:
        failed.append((LANDLOCK, f"no Landlock ({error})", "install perceptron-ref[grading]"))
    except Exception as error:  # not in this kernel, or disabled at boot
        fix = "a kernel of 5.13 or later with Landlock enabled (lsm=landlock)"
        failed.append((LANDLOCK, f"no Landlock in this kernel ({error})", fix))
    return layers, failed


PROBE = ("/bin/sh", "-c", "exit 0")


def _probe(layers: Sequence[str]) -> str | None:
    """Run a trivial program with these layers: None if it ran, else the last line it said."""
    try:
        box = Sandboxed(PROBE, share=(), memory=256 * 1024**2, cpu_seconds=5, layers=layers)
    except (OSError, views.ViewError) as error:
        return str(error)
    try:
        _, err = box.process.communicate(timeout=60)
        code = box.returncode(box.process.returncode)
    except subprocess.TimeoutExpired:
        return "it did not answer within a minute"
    finally:
        box.kill()
        box.cleanup()
    if code == 0:
        return None
    said = err.decode("utf-8", "replace").strip().splitlines()
    return said[-1] if said else f"status {code}"


_ADOPTED: list[Plan] = []


def adopt(chosen: Plan) -> None:
    """Use ``chosen`` as this process's plan: a grading child takes its parent's, found once
    for the class, instead of trying every layer again."""
    _ADOPTED[:] = [chosen]


def plan() -> Plan:
    """Which layers hold here, tried for real once per process (or :func:`adopt`-ed); a
    second thread asking while the first tries waits for its answer."""
    if _ADOPTED:
        return _ADOPTED[0]
    with _FINDING:
        return _found()


_FINDING = threading.Lock()


@functools.cache
def _found() -> Plan:
    root = os.geteuid() == 0
    inner, failed = _libraries()
    base = [UID] if root else []  # as root, a uid of its own: never root inside any sandbox
    if root and (why := _lendable()) is not None:
        fix = "set PERCEPTRON_REF_UIDS=FIRST-LAST to uids no one uses"
        failed.append((UID, f"no uid of its own ({why})", fix))
        base = []
    program = bwrap.program()
    if program is None:
        failed.append((BWRAP, "bubblewrap is not installed", "apt-get install bubblewrap"))
    else:
        layers, why = _settle([BWRAP, *base], inner, failed)
        if why is None:
            return Plan(tuple(layers), tuple(failed))
        # As root (a container), nothing is to be fixed: the uid layer stands in for it.
        fix = "" if root else "allow unprivileged user namespaces, or grade as root"
        failed.append((BWRAP, f"{program} cannot make its namespaces here ({why})", fix))
    layers, why = _settle(base, inner, failed)
    if why is not None:  # not even a uid of its own: seccomp and Landlock alone, if they hold
        failed.append((UID, f"no uid of its own ({why})", ""))
        layers, why = _settle([], inner, failed)
    return Plan(tuple(layers) if why is None else (), tuple(failed))


def _lendable() -> str | None:
    """None if a uid can be lent here, else why not."""
    try:
        accounts.lend(views.home() / "leases").release()
    except OSError as error:
        return str(error)
    return None


STEPS = {
    "become the sandbox's uid": UID,
    "apply Landlock": LANDLOCK,
    "apply the seccomp filter": SECCOMP,
}
"""confine's steps (its message ``sandbox: cannot STEP: ...``) and the layer each makes."""


def _settle(
    base: list[str], inner: list[str], failed: list[tuple[str, str, str]]
) -> tuple[list[str], str | None]:
    """``base`` and as many of ``inner`` as hold with it: a failing inner layer is left out
    (and said in ``failed``); (the layers, None), or (..., why) when ``base`` fails."""
    inner = list(inner)
    while True:
        why = _probe([*base, *inner])
        if why is None:
            return [*base, *inner], None
        step = next((s for s in STEPS if f"cannot {s}" in why), None)
        culprit = STEPS.get(step or "")
        if culprit not in inner:
            return base, why
        inner.remove(culprit)
        where = " inside bubblewrap" if BWRAP in base else ""
        failed.append((culprit, f"{culprit} fails{where} ({why})", ""))


def forget() -> None:
    """Find the plan again on next use (the machine changed: a test's fake bubblewrap)."""
    _ADOPTED.clear()
    _found.cache_clear()


def reap() -> None:
    """Kill what sandboxes whose harness died left behind (outside bubblewrap, where no
    namespace ends with its first process): every process of a uid no live harness holds."""
    if os.geteuid() == 0:
        with contextlib.suppress(OSError):
            accounts.reap(views.home() / "leases")


def unavailable() -> str | None:
    """None when candidates run in a strong sandbox (:attr:`Plan.strong`); else why not."""
    p = plan()
    if p.strong:
        return None
    return "; ".join(why for _, why, _ in p.failed) or "no sandbox"


def warning() -> str | None:
    """One line for the person running the harness, or None: a warning when the sandbox is
    weak (what holds, what failed, the fix); a note when a stronger one is a fix away (e.g.
    installing bubblewrap).  Nothing where the strongest the machine allows holds (in a
    container, bubblewrap cannot make namespaces: the uid layer stands in for it)."""
    p = plan()
    said = "; ".join(f"{why}: {fix}" if fix else why for _, why, fix in p.failed)
    if not p.strong:
        can = (
            "can read every file open to all users, the reference's own installation among "
            "them (a hand-in could return its answers)"
            if UID in p.layers
            else "can read and write what you can and use the network"
        )
        return (
            f"perceptron-ref: warning: weak sandbox ({p.name}): candidates {can}; "
            f"{said or 'nothing else holds here'}"
        )
    if any(fix for _, _, fix in p.failed):
        fixes = "; ".join(f"{why}: {fix}" for _, why, fix in p.failed if fix)
        return f"perceptron-ref: note: sandbox {p.name}; {fixes}"
    return None


def announce(required: bool) -> None:
    """For a command line: print :func:`warning` on stderr, or, when a strong sandbox is
    ``required`` (``--require-sandbox``) and there is none, refuse with an InputError."""
    if required and unavailable() is not None:
        from perceptron_ref.errors import InputError

        raise InputError(f"--require-sandbox: no strong sandbox here ({unavailable()})")
    said = warning()
    if said is not None:
        print(said, file=sys.stderr)


# -- What a candidate sees --------------------------------------------------------------


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


def environment(scratch: str, layers: Sequence[str] = ()) -> dict[str, str]:
    """A minimal environment: no secrets of ours, one thread per numeric library, and
    ``PERCEPTRON_REF_SANDBOX``, the sandbox's ``layers`` (as :attr:`Plan.name` writes them)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": scratch, "LANG": "C.UTF-8"}
    env |= {"TMPDIR": scratch}
    env |= {k: "1" for k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")}
    env["PYTHONHASHSEED"] = "0"
    env["PERCEPTRON_REF_SANDBOX"] = "+".join(layers) or "none"
    return env


def _landlock_outside(
    runtime: Sequence[str], own: Sequence[str], scratch: str
) -> dict[str, list[str]]:
    """Landlock's rules outside bubblewrap: the system, the runtime and its own files.  It
    writes only its scratch folder: not ``/dev/shm``, which outside bubblewrap (where it is
    a tmpfs of the sandbox's own) every uid shares and nothing empties, a channel from one
    hand-in to the next and memory the watch does not count."""
    etc = [f"/etc/{name}" for name in bwrap.ETC]
    return {
        "rx": [*SYSTEM, *runtime, *own],
        "r": ["/proc", "/sys", *[e for e in etc if os.path.isdir(e)], *_java_etc()],
        "files_r": [*[e for e in etc if os.path.isfile(e)], *DEVICES],
        "rw": [scratch],
        "files_rw": ["/dev/null", "/dev/full"],
    }


def _java_etc() -> list[str]:
    return [str(p) for p in Path("/etc").glob("java*") if p.is_dir()]


LANDLOCK_INSIDE = {
    "rx": ["/"],
    "rw": ["/tmp", "/dev/shm"],
    "files_r": list(DEVICES),
    "files_rw": ["/dev/null", "/dev/full"],
}
"""Inside bubblewrap the view is already its own: Landlock adds the network and the scopes."""


# -- One sandboxed process ----------------------------------------------------------------


class Sandboxed:
    """One sandboxed process, its uid (when the harness is root) and its folders."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        share: Sequence[str | Path],
        memory: int,
        cpu_seconds: int,
        layers: Sequence[str] | None = None,
    ) -> None:
        self.layers = tuple(plan().layers if layers is None else layers)
        self.init: int | None = None  # a pidfd of bubblewrap's first process
        self.lease: accounts.Lease | None = None
        self.folder: Path | None = None  # this sandbox's own folder outside bubblewrap
        self.watch: monitor.Watch | None = None
        self.memory = memory
        paths = tuple(Path(p).resolve() for p in share)
        limits = {"memory": memory, "cpu": cpu_seconds, "fsize": FILE_SIZE}
        try:
            if UID in self.layers:
                self.lease = accounts.lend(views.home() / "leases")
            if BWRAP in self.layers:
                self._bubblewrap(argv, paths, limits)
            else:
                self._outside(argv, paths, limits)
        except BaseException:
            self.kill()
            self.cleanup()
            raise

    @property
    def sandboxed(self) -> bool:
        return BWRAP in self.layers

    def _config(
        self, limits: dict[str, int], landlock: dict[str, list[str]], *, userns: bool = False
    ) -> str:
        """What :mod:`~perceptron_ref.crosscheck.run.confine` is to do, as its JSON."""
        config: dict[str, object] = {"limits": limits, "seccomp": SECCOMP in self.layers}
        config["userns"] = userns
        if self.lease is not None:
            config |= {"uid": self.lease.uid, "gid": self.lease.gid}
        if LANDLOCK in self.layers:
            config["landlock"] = landlock
        return json.dumps(config)

    def _bubblewrap(
        self, argv: Sequence[str], share: Sequence[Path], limits: dict[str, int]
    ) -> None:
        program = bwrap.program()
        assert program is not None
        copies: dict[Path, Path] = {}
        if self.lease is not None:
            # A folder the sandbox's uid may not read is copied, readable to its gid, and the
            # copy bound in its place: the candidate never runs as root.
            closed = [p for p in share if not _open_to(p, self.lease.uid)]
            if closed:
                self.folder = Path(tempfile.mkdtemp(dir=views.home() / "boxes"))
                made = views.copy_shares(closed, self.folder / "share", self.lease.gid, MASKED)
                copies = {Path(k): Path(v) for k, v in made.items()}
            limits = limits | {"nproc": PROCESSES}
            config = self._config(limits, LANDLOCK_INSIDE)
        else:
            # Not root: the kernel counts RLIMIT_NPROC per user namespace and uid; in a
            # namespace of its own, a candidate's count is its own.
            limits = limits | {"nproc": PROCESSES}
            config = self._config(limits, LANDLOCK_INSIDE, userns=True)
        command = [sys.executable, "-I", f"{HARNESS}/{CONFINE.name}", config, *argv]
        # The options go through a file descriptor: /proc/1/cmdline shows only the command.
        # bubblewrap tells the host PID of the namespace's init on another (--info-fd).
        fd = os.memfd_create("bwrap-args")
        info, told = os.pipe()
        try:
            env = environment("/tmp", self.layers)
            options = bwrap.arguments(
                program, share, HARNESS_FILES, env, drop=self.lease is not None, copies=copies
            )
            options += ["--info-fd", str(told)]
            os.write(fd, "".join(a + "\0" for a in options).encode())
            os.lseek(fd, 0, os.SEEK_SET)
            self.process = subprocess.Popen(
                [program, "--args", str(fd), "--", *command],
                pass_fds=(fd, told),
                cwd="/",
                env={"PATH": "/usr/bin:/bin"},
                start_new_session=True,  # its own process group
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            self.init, pid = _init(info, told)
        finally:
            os.close(fd)
            os.close(info)
        if self.lease is not None:
            members: Callable[[], list[int]] = accounts.Members(self.lease.uid)
        elif pid is not None:
            members = monitor.in_namespace(pid)
        else:
            return
        scratch = None
        if not bwrap.supports(program, "--size"):  # no tmpfs size: the watch bounds it
            scratch = functools.partial(_tmp_of, members)
        owner = None if self.lease is None else self.lease.uid
        self.watch = monitor.Watch(members, self.memory, scratch, SCRATCH_SIZE, owner)

    def _outside(self, argv: Sequence[str], share: Sequence[Path], limits: dict[str, int]) -> None:
        self.folder = Path(tempfile.mkdtemp(dir=views.home() / "boxes"))
        os.chmod(self.folder, 0o711)
        scratch = self.folder / "scratch"
        scratch.mkdir(mode=0o700)
        harness = self.folder / "harness"
        harness.mkdir(mode=0o755)
        for file in HARNESS_FILES:  # its own copy: rewriting it changes no later run
            shutil.copy(file, harness / file.name)
            os.chmod(harness / file.name, 0o644)
        seen = {HARNESS: str(harness)}
        env = environment(str(scratch), self.layers)
        runtime = [sys.prefix, sys.base_prefix, str(Path(sys.executable).resolve().parent)]
        own = [str(harness), *map(str, share)]
        if self.lease is not None:
            uid, gid = self.lease.uid, self.lease.gid
            os.chown(scratch, uid, gid)
            made = views.copy_shares(share, self.folder / "share", gid, masked=MASKED)
            seen |= made
            own = [str(harness), *made.values()]
            mirror = views.runtime(uid, gid)
            runtime = list(mirror.folders)
            env |= dict(mirror.env)
            seen[sys.executable] = mirror.python
            limits = limits | {"nproc": PROCESSES}
            if len(made):
                env["PERCEPTRON_REF_VIEW"] = json.dumps(made)
        config = self._config(limits, _landlock_outside(runtime, own, str(scratch)))
        command = [views.translate(a, seen) for a in argv]
        self.process = subprocess.Popen(
            [sys.executable, "-I", str(CONFINE), config, *command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=scratch,
            env=env,
            start_new_session=True,
        )
        if self.lease is not None:
            members: Callable[[], list[int]] = accounts.Members(self.lease.uid)
        else:
            members = monitor.in_session(self.process.pid)
        owner = None if self.lease is None else self.lease.uid
        self.watch = monitor.Watch(members, self.memory, scratch, SCRATCH_SIZE, owner)

    def exceeded(self) -> tuple[str, str] | None:
        """The bound on the whole sandbox that the watch enforced, as (kind, detail)."""
        why = self.watch.exceeded if self.watch is not None else None
        if why == "memory":
            mib = self.memory // 1024**2
            return "memory", f"its processes together held more than {mib} MiB (killed)"
        if why == "scratch":
            mib = SCRATCH_SIZE // 1024**2
            return "crash", f"wrote more than {mib} MiB to its scratch folder (killed)"
        return None

    def returncode(self, code: int) -> int:
        """The program's status: bwrap reports death by signal N as 128 + N."""
        if self.sandboxed and 128 < code < 128 + signal.NSIG:
            return -(code - 128)
        return code

    def kill(self) -> None:
        """End everything it started: under bubblewrap, killing the namespace's init makes
        the kernel kill every process of the namespace (bubblewrap exits once they are
        gone: we wait for that; a pidfd cannot hit a reused PID); with a uid of its own,
        every process of that uid; then the process group."""
        if self.init is not None:
            with contextlib.suppress(ProcessLookupError, OSError):
                signal.pidfd_send_signal(self.init, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired, AttributeError):
                self.process.wait(timeout=10)  # bubblewrap exits once the namespace is empty
        if self.lease is not None:
            accounts.kill_all(self.lease.uid)
        elif self.watch is not None and not self.sandboxed:
            for pid in self.watch.members():
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
        process = getattr(self, "process", None)
        if process is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone
            os.killpg(process.pid, signal.SIGKILL)
        for stream in (process.stdout, process.stderr):
            if stream:
                stream.close()

    def cleanup(self) -> None:
        if self.watch is not None:
            self.watch.stop()
        if self.init is not None:
            os.close(self.init)
            self.init = None
        if self.lease is not None:
            accounts.kill_all(self.lease.uid)
            if LANDLOCK not in self.layers and not self.sandboxed:
                _sweep(self.lease.uid)  # what it left where everyone may write
            self.lease.release()
            self.lease = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def _open_to(path: Path, uid: int) -> bool:
    """Whether ``uid`` (no groups) may read ``path`` once bound into bubblewrap (which makes
    the folders above it open to all): the folder (read and list) or file (read) itself."""
    try:
        st = path.stat()
    except OSError:
        return True  # bubblewrap says what is wrong with it
    need = 0o005 if path.is_dir() else 0o004
    return st.st_uid == uid or st.st_mode & need == need


def _tmp_of(members: Callable[[], list[int]]) -> Path | None:
    """The sandbox's /tmp, seen from outside: through one of its processes' root."""
    return next((Path(f"/proc/{pid}/root/tmp") for pid in members()), None)


def _sweep(uid: int) -> None:
    """Remove what ``uid`` made in the folders open to all (two levels down)."""
    for top in dict.fromkeys([tempfile.gettempdir(), *WORLD_WRITABLE]):
        for entry in _entries(Path(top), depth=2):
            with contextlib.suppress(OSError):
                if entry.lstat().st_uid == uid:
                    if entry.is_dir() and not entry.is_symlink():
                        shutil.rmtree(entry, ignore_errors=True)
                    else:
                        entry.unlink()


def _entries(folder: Path, depth: int) -> list[Path]:
    found: list[Path] = []
    with contextlib.suppress(OSError):
        for entry in folder.iterdir():
            found.append(entry)
            open_to_all = entry.is_dir() and entry.lstat().st_mode & 0o002  # lstat: no link
            if depth > 1 and open_to_all and not entry.is_symlink():
                found += _entries(entry, depth - 1)
    return found


def _init(info: int, told: int) -> tuple[int | None, int | None]:
    """A pidfd of the sandbox's init and its host PID, from bubblewrap's --info-fd."""
    os.close(told)
    data = b""
    while chunk := os.read(info, 4096):  # bubblewrap closes it once written, or on failure
        data += chunk
    try:
        pid = int(json.loads(data)["child-pid"])
        return os.pidfd_open(pid), pid
    except (ValueError, KeyError, TypeError, OSError):
        return None, None


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
    times: list[float] = []
    timed_out = overflow = False
    started = time.monotonic()
    deadline = started + timeout
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
                    now = time.monotonic()
                    times += [now - started] * chunk.count(b"\n")
                    deadline = now + timeout  # a result arrived: the clock restarts
                buffer += chunk
                if buffer is err:
                    del buffer[:-STDERR_TAIL]
            if len(out) > MAX_OUTPUT:
                overflow = True
                break
    if timed_out or overflow:
        box.kill()
    returncode = box.returncode(process.wait())
    box.kill()  # anything it left behind
    *lines, rest = bytes(out[: MAX_OUTPUT + 1]).split(b"\n")
    times = times[: len(lines)]
    if rest:  # a last line without its newline: read by its end
        times.append(time.monotonic() - started)
    return Execution(
        tuple(lines),
        rest,
        err.decode("utf-8", "replace"),
        None if timed_out or overflow else returncode,
        timed_out,
        overflow,
        box.exceeded(),
        tuple(times),
    )
