"""The first thing a sandboxed program runs: confine this process, then become the program.

``python -I confine.py CONFIG PROGRAM [ARG ...]`` -- CONFIG is one JSON object; every key
is optional:

``uid``, ``gid``
    become this uid and gid, with no supplementary groups (the harness is root); the real,
    effective and saved ids all change, so nothing can change them back;
``userns``
    then make a user namespace of its own (under bubblewrap, where the kernel counts
    RLIMIT_NPROC per namespace and uid);
``limits``
    ``{"memory", "cpu", "fsize", "nproc"}``: RLIMIT_AS, RLIMIT_CPU, RLIMIT_FSIZE and, when
    above 0, RLIMIT_NPROC; core dumps are always off;
``landlock``
    ``{"rx": [...], "r": [...], "rw": [...], "files_r": [...], "files_rw": [...]}``:
    folders it may read and run, read, or read and write, and single files (Landlock,
    through ``py-landlock``); everything else on every file system is closed to it,
    TCP bind and connect too, and, where the kernel has scopes, abstract UNIX sockets and
    signals to processes outside;
``seccomp``
    true: a seccomp filter (through ``pyseccomp``, over the system's libseccomp) refuses
    every socket but AF_UNIX, ptrace and reading or writing other processes' memory,
    mount and namespaces, System V IPC and POSIX message queues, the kernel keyring, perf,
    BPF, io_uring and the like
    (:data:`REFUSED`).

It sets ``no_new_privs`` (a set-uid program gains nothing), then execs PROGRAM (a script
for this interpreter, the worker, it runs in this process instead: :func:`run_here`).  Any step
that fails ends it with status 125 and one line on stderr naming the step: the harness
never runs a program less confined than it asked for.

This file runs as a script, never imported by the package: under bubblewrap the package
is hidden from the sandbox (only this file and the worker are bound at ``/harness``), and
it must start without it.  Its libraries come from the runtime's site-packages.
"""

from __future__ import annotations

import json
import os
import resource
import sys
from collections.abc import Callable
from typing import Any

REFUSED = (
    # other processes
    *("ptrace", "process_vm_readv", "process_vm_writev", "pidfd_getfd", "process_madvise"),
    "kcmp",
    # file systems and namespaces
    *("mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "move_mount"),
    *("open_tree", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr"),
    *("open_by_handle_at", "name_to_handle_at", "fanotify_init"),
    # System V IPC and POSIX message queues: outside an IPC namespace (bubblewrap's) every
    # uid's meet there, and they outlive the process: a channel to the next hand-in, and
    # memory no one frees
    *("shmget", "shmat", "shmdt", "shmctl", "msgget", "msgsnd", "msgrcv", "msgctl"),
    *("semget", "semop", "semtimedop", "semctl"),
    *("mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify", "mq_getsetattr"),
    # the kernel's keyring, tracing and queues
    *("keyctl", "add_key", "request_key", "perf_event_open", "bpf", "userfaultfd"),
    *("io_uring_setup", "io_uring_enter", "io_uring_register"),
    # the machine
    *("kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module"),
    *("swapon", "swapoff", "reboot", "acct", "quotactl", "syslog", "vhangup"),
    *("lookup_dcookie", "iopl", "ioperm", "settimeofday", "clock_settime"),
    *("clock_adjtime", "adjtimex", "sethostname", "setdomainname", "uselib"),
)
"""Refused with EPERM.  The rest of the kernel's interface stays open: the point is to shut
what lets a program leave its uid, its files or its machine, not to list what it may do."""

AF_UNIX = 1
CLONE_NAMESPACES = (
    0x00020000,  # CLONE_NEWNS
    0x00000080,  # CLONE_NEWTIME
    0x02000000,  # CLONE_NEWCGROUP
    0x04000000,  # CLONE_NEWUTS
    0x08000000,  # CLONE_NEWIPC
    0x10000000,  # CLONE_NEWUSER
    0x20000000,  # CLONE_NEWPID
    0x40000000,  # CLONE_NEWNET
)
TIOCSTI, TIOCLINUX = 0x5412, 0x541C  # push input into a terminal; the console's commands
EPERM, ENOSYS = 1, 38


def fail(step: str, error: BaseException) -> None:
    sys.stderr.write(f"sandbox: cannot {step}: {error}\n")
    sys.stderr.flush()
    os._exit(125)


def become(uid: int, gid: int) -> None:
    import ctypes

    os.setgroups([])
    os.setresgid(gid, gid, gid)
    os.setresuid(uid, uid, uid)
    # Killed with the harness (a change of uid clears the setting: hence here, after it).
    PR_SET_PDEATHSIG = 1
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, 9, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))


def own_user_namespace() -> None:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(0x10000000) != 0:
        raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))


def limit(limits: dict[str, int]) -> None:
    pairs = {
        resource.RLIMIT_AS: limits.get("memory"),
        resource.RLIMIT_FSIZE: limits.get("fsize"),
    }
    for which, value in pairs.items():
        if value is not None:
            resource.setrlimit(which, (value, value))
    if limits.get("cpu") is not None:
        cpu = limits["cpu"]
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))  # SIGXCPU, then SIGKILL
    if limits.get("nproc", 0) > 0:
        resource.setrlimit(resource.RLIMIT_NPROC, (limits["nproc"], limits["nproc"]))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def landlock(rules: dict[str, list[str]]) -> None:
    from py_landlock import AccessFs, Landlock

    read = AccessFs.READ_FILE | AccessFs.READ_DIR
    write = (
        AccessFs.WRITE_FILE
        | AccessFs.TRUNCATE
        | AccessFs.MAKE_REG
        | AccessFs.MAKE_DIR
        | AccessFs.MAKE_SYM
        | AccessFs.MAKE_FIFO
        | AccessFs.MAKE_SOCK
        | AccessFs.REMOVE_FILE
        | AccessFs.REMOVE_DIR
        | AccessFs.REFER
    )
    device = AccessFs.READ_FILE | AccessFs.IOCTL_DEV
    kinds = {
        "rx": read | AccessFs.EXECUTE,
        "r": read,
        "rw": read | write | AccessFs.EXECUTE,
        "files_r": device,
        "files_rw": device | AccessFs.WRITE_FILE | AccessFs.TRUNCATE,
    }
    # strict=False: a right this kernel's Landlock does not know is left out of the rule,
    # and is not handled either (nothing is refused that the kernel cannot refuse).
    ruleset = Landlock(strict=False)
    for kind, access in kinds.items():
        paths = [p for p in rules.get(kind, []) if os.path.exists(p)]
        if paths:
            ruleset.add_path_rule(*paths, access=access)
    ruleset.apply()  # no TCP bind or connect, scoped signals and abstract sockets: its defaults


def seccomp() -> None:
    import pyseccomp as sc

    refuse = sc.ERRNO(EPERM)
    rules: list[tuple[int, str, tuple[Any, ...]]] = [(refuse, name, ()) for name in REFUSED]
    rules += [
        (refuse, "socket", (sc.Arg(0, sc.NE, AF_UNIX),)),
        (refuse, "socketpair", (sc.Arg(0, sc.NE, AF_UNIX),)),
        # clone3 passes its flags in memory, where a filter cannot read them: ENOSYS makes
        # the C library fall back to clone, whose flags it can.
        (sc.ERRNO(ENOSYS), "clone3", ()),
    ]
    rules += [(refuse, "clone", (sc.Arg(0, sc.MASKED_EQ, f, f),)) for f in CLONE_NAMESPACES]
    # The kernel reads an ioctl's request as 32 bits: compare only those.
    for request in (TIOCSTI, TIOCLINUX):
        rules.append((refuse, "ioctl", (sc.Arg(1, sc.MASKED_EQ, 0xFFFFFFFF, request),)))
    f = sc.SyscallFilter(sc.ALLOW)  # another architecture's calls: killed (libseccomp's default)
    arch = sc.system_arch()
    for action, name, args in rules:
        if sc.resolve_syscall(arch, name) >= 0:  # a call this architecture does not have: none
            f.add_rule(action, name, *args)
    f.load()  # sets no_new_privs first


def sonames_first() -> None:
    """Let ``ctypes.util.find_library`` try the C library's and libseccomp's usual sonames
    before its search: the search starts ``ldconfig -p``, a process for each of the three
    look-ups the sandbox's libraries make, which cost a sandboxed process more than its
    filters do.  A soname the loader cannot open is looked for as before (musl's C library,
    another libseccomp), so the library found is the one the search would find."""
    import ctypes
    import ctypes.util

    search = ctypes.util.find_library
    sonames = {"c": "libc.so.6", "seccomp": "libseccomp.so.2"}

    def find(name: str) -> str | None:
        soname = sonames.get(name)
        if soname is not None:
            try:
                ctypes.CDLL(soname)
                return soname
            except OSError:
                pass
        return search(name)

    ctypes.util.find_library = find


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        fail("start", ValueError("usage: confine.py CONFIG PROGRAM [ARG ...]"))
    config = json.loads(argv[0])
    # Everything it will need is imported first, while the runtime's files are still
    # readable: after become(), a runtime in a folder closed to others is out of reach.
    try:
        sonames_first()

        if config.get("landlock") is not None:
            import py_landlock

            py_landlock.get_abi_version()  # finds and loads the C library now, as root
        if config.get("seccomp"):
            import pyseccomp  # noqa: F401
        if here(argv[1:]):
            import runpy  # noqa: F401
    except ImportError as error:
        fail("load the sandbox's libraries", error)
    uid, rules = config.get("uid"), config.get("landlock")
    steps: tuple[tuple[str, bool, Callable[[], None]], ...] = (
        ("become the sandbox's uid", uid is not None, lambda: become(uid, config["gid"])),
        ("make a user namespace", bool(config.get("userns")), own_user_namespace),
        ("set the limits", True, lambda: limit(config.get("limits", {}))),
        ("apply Landlock", rules is not None, lambda: landlock(rules)),
        ("apply the seccomp filter", bool(config.get("seccomp")), seccomp),
    )
    for step, wanted, do in steps:
        if wanted:
            try:
                do()
            except Exception as error:  # any failure: refuse to run the program
                fail(step, error)
    if here(argv[1:]):
        run_here(argv[1:])
        return
    try:
        os.execvp(argv[1], argv[1:])
    except OSError as error:
        sys.stderr.write(f"cannot run {argv[1]}: {error.strerror}\n")
        os._exit(127)


def here(program: list[str]) -> bool:
    """Whether PROGRAM is a script for this very interpreter, run as it runs
    (``python -I SCRIPT [ARG ...]``, the worker's command): then this process runs it."""
    return (
        len(program) >= 3
        and program[0] == sys.executable
        and program[1] == "-I"
        and program[2].endswith(".py")
        and bool(sys.flags.isolated)
    )


def run_here(program: list[str]) -> None:
    """Run the script in this process, confined as it is, as exec would have: a second
    interpreter's start (the C library, site's imports) is most of what a sandboxed
    worker costs before it loads the candidate.  What exec would reset is set as it sets
    it: the arguments, and, the uid having changed, the dumpable flag that lets the process
    read its own /proc files (exec clears it only for a set-uid program)."""
    import ctypes
    import runpy  # (imported in main, before the uid changed)

    PR_SET_DUMPABLE = 4
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) != 0:
        fail("run the program", OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno())))
    sys.argv = program[2:]
    runpy.run_path(program[2], run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
