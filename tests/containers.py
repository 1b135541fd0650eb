"""Run a command as the platforms' Docker containers run their graders: root, but with only
Docker's default capabilities and under a seccomp filter like Docker's default profile, which
refuses new namespaces (so bubblewrap cannot start) and mounts.

``python tests/containers.py COMMAND [ARG ...]`` -- it sets the filter (without
``no_new_privs``, as Docker does not), drops every capability outside Docker's default set
from the bounding set (an exec then keeps only those), and execs COMMAND.  The grader started
so must find its own sandbox, as it would on Gradescope or PrairieLearn."""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path

import pyseccomp as sc

DOCKER_CAPABILITIES = {0, 1, 3, 4, 5, 6, 7, 8, 10, 13, 18, 27, 29, 31}
"""CHOWN, DAC_OVERRIDE, FOWNER, FSETID, KILL, SETGID, SETUID, SETPCAP, NET_BIND_SERVICE,
NET_RAW, SYS_CHROOT, MKNOD, AUDIT_WRITE, SETFCAP: moby's defaults (no SYS_ADMIN, no
SYS_PTRACE)."""
NAMESPACES = 0x7E020080  # every CLONE_NEW* flag
REFUSED = (
    *("unshare", "setns", "mount", "umount2", "pivot_root", "move_mount", "open_tree"),
    *("fsopen", "fsmount", "fspick", "keyctl", "add_key", "request_key", "bpf"),
    *("perf_event_open", "kexec_load", "init_module", "finit_module", "delete_module"),
    *("open_by_handle_at", "reboot", "swapon", "swapoff", "acct"),
)
PR_CAPBSET_DROP = 24


def main(argv: list[str]) -> None:
    f = sc.SyscallFilter(sc.ALLOW)
    f.set_attr(sc.Attr.CTL_NNP, 0)  # Docker leaves no_new_privs off
    for name in REFUSED:
        f.add_rule(sc.ERRNO(1), name)
    f.add_rule(sc.ERRNO(1), "clone", sc.Arg(0, sc.MASKED_EQ, NAMESPACES, NAMESPACES))
    for flag in range(32):
        if NAMESPACES & (1 << flag):
            f.add_rule(sc.ERRNO(1), "clone", sc.Arg(0, sc.MASKED_EQ, 1 << flag, 1 << flag))
    f.add_rule(sc.ERRNO(38), "clone3")  # ENOSYS, as Docker's profile answers it
    f.load()
    libc = ctypes.CDLL(None, use_errno=True)
    last = int(Path("/proc/sys/kernel/cap_last_cap").read_text())
    for cap in range(last + 1):
        if cap not in DOCKER_CAPABILITIES and libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            sys.exit(f"containers.py: cannot drop capability {cap}")
    os.execvp(argv[0], argv)


if __name__ == "__main__":
    main(sys.argv[1:])
