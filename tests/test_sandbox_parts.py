"""The sandbox's parts outside bubblewrap, each against facts of the kernel: the uids lent
(``crosscheck/run/accounts.py``), the watch's view of a sandbox's processes and their memory
(``monitor.py``), the mirror of the runtime and the copies of shared folders (``views.py``).
As root (CI), a process really changes uid here; these tests need no bubblewrap."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from perceptron_ref.crosscheck.run import accounts, sandbox, views

root_only = pytest.mark.skipif(os.geteuid() != 0, reason="lending uids needs root (CI is)")
LEASES = views.home() / "leases"
"""The machine's own leases: sandboxes running beside these tests borrow from the same uids."""


@root_only
def test_a_uid_is_lent_to_one_holder_at_a_time_and_the_kernel_frees_it_with_the_holder(
    tmp_path: Path,
) -> None:
    first = accounts.lend(LEASES)
    second = accounts.lend(LEASES)
    assert first.uid != second.uid and first.uid in accounts.uids()
    held = subprocess.run(  # another process cannot take the lock first holds
        [sys.executable, "-c", f"import fcntl, os; fd = os.open({str(LEASES)!r} + "
         f"'/{first.uid}.lock', os.O_RDWR); fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert "BlockingIOError" in held.stderr
    first.release()
    free = subprocess.run(  # now it can
        [sys.executable, "-c", f"import fcntl, os; fd = os.open({str(LEASES)!r} + "
         f"'/{first.uid}.lock', os.O_RDWR); fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert free.returncode == 0, free.stderr
    second.release()


@root_only
def test_a_uid_someone_has_or_uid_0_is_never_lent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PERCEPTRON_REF_UIDS", "0-1")  # root, and daemon (Debian's uid 1)
    with pytest.raises(OSError, match="no uid of 0-1 is free"):
        accounts.lend(LEASES)


def _as(uid: int, code: str) -> subprocess.Popen[bytes]:
    """A process that starts as root and becomes ``uid`` after a while, as a sandbox does."""
    script = f"import os, time; time.sleep(0.3); os.setresgid({uid}, {uid}, {uid}); "
    script += f"os.setresuid({uid}, {uid}, {uid}); {code}"
    return subprocess.Popen([sys.executable, "-c", script])


@root_only
def test_the_watch_sees_a_process_that_becomes_the_uid_after_it_started_and_nothing_older(
    tmp_path: Path,
) -> None:
    lease = accounts.lend(LEASES)
    try:
        members = accounts.Members(lease.uid)
        process = _as(lease.uid, "time.sleep(5)")
        assert process.pid not in members()  # root's still
        deadline = time.monotonic() + 5
        while process.pid not in members() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert members() == accounts.members(lease.uid) == [process.pid]
        assert os.getpid() not in members()
        assert accounts.kill_all(lease.uid) and accounts.members(lease.uid) == []
        process.wait()
    finally:
        lease.release()


@root_only
def test_memory_counts_each_page_a_fork_shares_once_and_a_child_of_its_own_in_full(
    tmp_path: Path,
) -> None:
    MiB = 1024**2
    lease = accounts.lend(LEASES)
    code = (  # 200 MiB touched, then three forks: one writes its own copy, two only read
        "import os, time\n"
        f"held = bytearray({200 * MiB}); held[::4096] = b'x' * len(held[::4096])\n"
        "for n in range(3):\n"
        "    if os.fork() == 0:\n"
        "        if n == 0:\n"
        "            held[::4096] = b'y' * len(held[::4096])\n"
        "        print(n, flush=True); time.sleep(30)\n"
        "time.sleep(30)\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", f"import os; os.setresgid({lease.uid}, {lease.uid}, "
         f"{lease.uid}); os.setresuid({lease.uid}, {lease.uid}, {lease.uid})\n" + code],
        stdout=subprocess.PIPE,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        ready = sorted(process.stdout.readline() for _ in range(3))  # each child, once ready
        assert ready == [b"0\n", b"1\n", b"2\n"]
        pids = accounts.members(lease.uid)
        assert len(pids) == 4
        cheap, exact = accounts.memory(pids), accounts.proportional(pids)
        assert exact is not None
        assert cheap > 750 * MiB  # each of the four counted whole
        assert 390 * MiB < exact < 520 * MiB  # the parent's 200 and the writer's 200, once each
    finally:
        accounts.kill_all(lease.uid)
        process.wait()
        lease.release()


@root_only
def test_reap_kills_what_a_dead_holder_left_and_spares_a_lent_uid(tmp_path: Path) -> None:
    lent = accounts.lend(LEASES)
    left = accounts.lend(LEASES)
    orphan = _as(left.uid, "time.sleep(30)")
    running = _as(lent.uid, "time.sleep(30)")
    time.sleep(1)
    left.release()  # its holder died
    assert accounts.reap(LEASES) == [left.uid]
    assert orphan.wait(timeout=10) == -9
    assert running.poll() is None  # its sandbox still runs
    accounts.kill_all(lent.uid)
    running.wait()
    lent.release()


@root_only
def test_shared_folders_are_copied_private_to_the_gid_the_reference_and_links_left_out(
    tmp_path: Path,
) -> None:
    shared = tmp_path / "hand-in"
    (shared / "sub").mkdir(parents=True)
    (shared / "train.py").write_text("def train(X, y): ...\n")
    (shared / "run.sh").write_text("#!/bin/sh\n")
    (shared / "run.sh").chmod(0o755)
    (shared / "sub" / "data.csv").write_text("1,2\n")
    (shared / "secret").symlink_to("/etc/shadow")
    made = views.copy_shares([shared], tmp_path / "copies", 64999)
    copy = Path(made[str(shared)])
    assert sorted(str(p.relative_to(copy)) for p in copy.rglob("*")) == [
        "run.sh", "sub", "sub/data.csv", "train.py"
    ]  # fmt: skip
    for path in [copy, *copy.rglob("*")]:
        st = path.stat()
        assert (st.st_uid, st.st_gid) == (0, 64999) and st.st_mode & 0o007 == 0, path
    assert (copy / "run.sh").stat().st_mode & 0o777 == 0o750
    folder = sandbox.PACKAGE.parent
    masked = views.copy_shares([folder], tmp_path / "masked", 64999, sandbox.MASKED)
    assert list(Path(masked[str(folder)], "perceptron_ref").iterdir()) == []


def test_a_path_under_a_shared_folder_names_its_copy_wherever_it_stands() -> None:
    seen = {"/home/s/hw": "/box/share/0/hw"}
    said = [views.translate(a, seen) for a in (
        "/home/s/hw/Main.java", "/home/s/hw", "/home/s/hw2", "-cp", "/home/s/hw:/usr/lib/x.jar",
        "--data=/home/s/hw/d.csv", "x = 1",
    )]  # fmt: skip
    assert said == [
        "/box/share/0/hw/Main.java", "/box/share/0/hw", "/home/s/hw2", "-cp",
        "/box/share/0/hw:/usr/lib/x.jar", "--data=/box/share/0/hw/d.csv", "x = 1",
    ]  # fmt: skip


@root_only
def test_the_mirrored_runtime_runs_for_a_uid_that_cannot_reach_the_original(
    tmp_path: Path,
) -> None:
    runtime = views.runtime(64998, 64998)
    assert not any("perceptron_ref" in p.name for p in Path(runtime.folders[0]).rglob("*"))
    code = "import os, numpy, sys; print(os.getuid(), sys.prefix == sys.base_prefix)"
    done = subprocess.run(
        [runtime.python, "-c", code],
        user=64998,
        group=64998,
        extra_groups=[],
        env=dict(runtime.env) | {"PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        cwd="/",
    )
    assert done.stdout.split() == ["64998", str(sys.prefix == sys.base_prefix)], done.stderr
