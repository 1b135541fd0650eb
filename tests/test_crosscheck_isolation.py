"""The sandbox: each hostile candidate ends in a clear verdict, and the harness stays intact.

A candidate (Python or ``cmd:``) runs in the strongest sandbox the machine allows
(:mod:`perceptron_ref.crosscheck.run.sandbox`).  The tests that take ``layer`` run twice: under
bubblewrap, and as in a platform's Docker container, where bubblewrap cannot make namespaces
and the candidate gets a uid of its own, a seccomp filter and Landlock instead
(``tests/hostile.py``).  They run in CI, as root, and are never skipped there: without a
working sandbox they fail, saying why."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import perceptron_ref
import perceptron_ref.runner
from perceptron_ref import run
from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.run import accounts, bwrap, sandbox
from perceptron_ref.crosscheck.run.sandbox import execute
from tests.hostile import (
    CANDIDATES,
    DOCKER_SAYS,
    LAYERS,
    MARKERS,
    ROOT,
    copy_candidate,
    layer,
    processes_with,
    refusing_bwrap,
    require_sandbox,
    tree_hash,
)

__all__ = ["layer"]  # the fixture, imported to be used

RUN = perceptron_ref.runner.run


def test_the_strongest_sandbox_holds_here(layer: str) -> None:
    require_sandbox()
    if os.geteuid() == 0:  # CI: bubblewrap, a uid of its own, seccomp and Landlock
        assert sandbox.plan().name == LAYERS[layer]


@pytest.mark.parametrize(
    ("name", "verdict"),
    [
        ("hostile_loop", "hang: no result within the time limit"),
        ("hostile_memory", "memory: raised MemoryError"),
        ("hostile_crash", "crash: killed by SIGSEGV"),
        ("hostile_garbage", "unparsable: protocol line"),
        ("hostile_output", "too much output: more than"),
        # It imports the reference to patch it: the sandbox does not show it the reference.
        ("hostile_patch", "load error: ModuleNotFoundError: No module named 'perceptron_ref'"),
    ],
)
def test_a_hostile_candidate_gets_a_clear_disagree_verdict(
    name: str, verdict: str, layer: str
) -> None:
    require_sandbox()
    report = crosscheck(
        "perceptron/gormley-online",
        f"{CANDIDATES / name}.py:train",
        examples=4,
        timeout=1.5 if name == "hostile_loop" else 20,
        memory=400 * 1024**2,  # numpy fits; the hog's second 256 MiB block cannot
    )
    assert report.verdict == "disagree"
    assert report.reason.startswith(verdict), report.reason
    assert report.agrees_with == ()
    # The harness is intact: its reference unpatched, still computing slide 15.
    assert perceptron_ref.run is RUN and perceptron_ref.runner.run is RUN
    X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
    trace = run("perceptron/gormley-online", X, [-1, 1, 1, -1, -1, 1])
    assert [str(v) for v in trace.weights] == ["3", "1"]


def _judged(path: Path, **options: object) -> str:
    report = crosscheck("perceptron/mehta", f"{path}:train", examples=3, timeout=20, **options)  # type: ignore[arg-type]
    assert report.verdict == "disagree"
    return report.reason


def test_a_candidate_cannot_write_outside_its_scratch_directory(tmp_path: Path, layer: str) -> None:
    require_sandbox()
    before = tree_hash(ROOT)
    reason = _judged(copy_candidate("hostile_write", tmp_path / "sub"))
    assert reason.startswith("wrong weights")
    assert tree_hash(ROOT) == before
    home = Path(os.environ.get("HOME", "/root"))
    for place in (Path("/tmp"), home, ROOT, ROOT / "spec", tmp_path, tmp_path / "sub"):
        assert not (place / MARKERS[1]).exists(), place


def _sysv_keys() -> set[int]:
    """The keys of every System V object on the machine (shared memory, queues, semaphores)."""
    keys = set()
    for kind in ("shm", "msg", "sem"):
        for line in Path(f"/proc/sysvipc/{kind}").read_text().splitlines()[1:]:
            keys.add(int(line.split()[0]))
    return keys


def test_a_candidate_leaves_nothing_where_another_hand_in_could_find_it(
    tmp_path: Path, layer: str
) -> None:
    """Outside bubblewrap, /dev/shm and System V IPC are shared by every uid and outlive the
    process: a hand-in could leave its answers there for a classmate's to return.  Nothing of
    it is made, under bubblewrap (its own /dev/shm, IPC refused) or without it."""
    require_sandbox()
    shm = Path("/dev/shm/perceptron-ref-hostile-shm")
    shm.unlink(missing_ok=True)
    before = _sysv_keys()
    reason = _judged(copy_candidate("hostile_shared_memory", tmp_path))
    assert reason.startswith("wrong weights"), reason  # not "crash: raised RuntimeError: made"
    assert not shm.exists()
    assert 0x50524546 not in _sysv_keys() - before


def test_a_candidate_cannot_rewrite_the_harness_or_the_spec(tmp_path: Path, layer: str) -> None:
    require_sandbox()
    before = tree_hash(ROOT)
    assert _judged(copy_candidate("hostile_rewrite", tmp_path)).startswith("wrong weights")
    assert tree_hash(ROOT) == before
    # And a later run still has its worker: a right candidate still agrees.
    report = crosscheck("perceptron/mehta", f"{CANDIDATES / 'mehta_numpy.py'}:train", examples=3)
    assert report.verdict == "agree", report.reason


def test_a_candidate_has_no_network_not_even_the_harness_on_127_0_0_1(
    tmp_path: Path, layer: str
) -> None:
    require_sandbox()
    with socket.socket() as tcp, socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
        tcp.bind(("127.0.0.1", 0))
        tcp.listen()
        udp.bind(("127.0.0.1", 0))
        ports = [tcp.getsockname()[1], udp.getsockname()[1]]
        path = copy_candidate("hostile_network", tmp_path)
        (tmp_path / "ports.json").write_text(json.dumps(ports))
        assert _judged(path).startswith("wrong weights")
        tcp.setblocking(False)
        udp.setblocking(False)
        with pytest.raises(BlockingIOError):
            tcp.accept()
        with pytest.raises(BlockingIOError):
            udp.recv(100)
    # A control: the same code outside the sandbox does reach them (the test can fail).
    with socket.socket() as tcp:
        tcp.bind(("127.0.0.1", 0))
        tcp.listen()
        (tmp_path / "ports.json").write_text(json.dumps([tcp.getsockname()[1]]))
        code = f"import sys; sys.path.insert(0, {str(tmp_path)!r}); import hostile_network as h"
        code += "; h.train([[1]], [1])"
        subprocess.run([sys.executable, "-c", code], check=True, timeout=30)
        tcp.settimeout(5)
        connection, _ = tcp.accept()
        connection.close()


def test_no_process_outlives_the_run_not_even_a_setsid_daemon(tmp_path: Path, layer: str) -> None:
    require_sandbox()
    assert processes_with(MARKERS[0]) == []
    assert _judged(copy_candidate("hostile_daemon", tmp_path)).startswith("wrong weights")
    assert processes_with(MARKERS[0]) == []


def test_a_daemon_started_in_the_sandbox_is_alive_until_the_run_ends(layer: str) -> None:
    # The control for the test above: the daemon does start and run (so its absence after
    # the run is the sandbox's doing).
    require_sandbox()
    mark = "perceptron-ref-" + "daemon-control"  # not in this script's own command line
    script = (
        "import os, subprocess, time\n"
        f"subprocess.Popen(['sh', '-c', 'sleep 30', '{mark[:15]}' + '{mark[15:]}'], "
        "start_new_session=True)\n"
        "time.sleep(0.5)\n"
        "mine = [p for p in os.listdir('/proc') if p.isdigit() and p != str(os.getpid())]\n"
        f"print(sum(b'{mark[:15]}' + b'{mark[15:]}' in open(f'/proc/{{p}}/cmdline', 'rb').read() "
        "for p in mine))"
    )
    ran = execute([sys.executable, "-c", script], b"", timeout=20)
    assert ran.lines[0] == b"1", ran
    assert processes_with(mark) == []


@pytest.mark.parametrize("name", ["hostile_kill_parent", "hostile_stop_parent"])
def test_a_candidate_cannot_signal_the_harness(name: str, tmp_path: Path, layer: str) -> None:
    require_sandbox()
    assert _judged(copy_candidate(name, tmp_path)).startswith("wrong weights")


def test_a_candidate_cannot_trace_or_read_the_harness(tmp_path: Path, layer: str) -> None:
    require_sandbox()
    path = copy_candidate("hostile_ptrace", tmp_path / "sub")
    code = "import sys; sys.path.insert(0, sys.argv[1]); import hostile_ptrace as h; "
    code += "h.train([[1]], [1])"
    argv = [sys.executable, "-c", code, str(path.parent)]
    ran = execute(argv, b"", timeout=20, share=[path.parent])
    assert ran.returncode == 0 and ran.stderr.strip() == "managed nothing", ran
    # A control: outside the sandbox, the same code reads its parent (the test can fail).
    plain = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    assert "read" in plain.stderr, plain.stderr
    report = crosscheck("perceptron/mehta", f"{path}:train", examples=3, timeout=20)
    assert report.reason.startswith("wrong weights"), report.reason


def test_the_worker_runs_in_the_process_confine_made_confined_as_exec_would_leave_it(
    tmp_path: Path, layer: str
) -> None:
    # A script for confine's own interpreter (the worker's command) runs in confine's
    # process, sparing a second interpreter's start; anything else is exec'd.  Either way
    # the program is confined alike and sees what exec would show it.
    require_sandbox()
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import ctypes, os, sys\n"
        "print(b'confine.py' in open('/proc/self/cmdline', 'rb').read())\n"
        "print(sys.argv[1:], __name__, os.getuid() != 0)\n"
        "print(sorted(line.split()[0] + line.split()[1] for line in open('/proc/self/status')\n"
        "             if line.startswith(('NoNewPrivs:', 'Seccomp:'))))\n"
        "print(ctypes.CDLL(None).prctl(3, 0, 0, 0, 0), len(os.listdir('/proc/self/fd')) > 2)\n"
    )
    probe.chmod(0o644)
    ran = execute([sys.executable, "-I", str(probe), "a"], b"", timeout=20, share=[tmp_path])
    assert ran.returncode == 0, ran
    in_process = layer == "bwrap"  # outside it the uid runs a mirror of the runtime: exec'd
    lent = os.geteuid() == 0  # the harness is root: the program runs as a uid lent to it
    assert ran.lines[1].startswith(b"['a'] __main__ ")
    assert ran.lines[1].endswith(b"True") or not lent
    assert ran.lines[:1] + ran.lines[2:] == (
        str(in_process).encode(),
        b"['NoNewPrivs:1', 'Seccomp:2']",
        b"1 True",  # dumpable (its own /proc files readable), as exec leaves a program
    ), ran
    shell = execute(["/bin/sh", "-c", "cat /proc/$$/cmdline"], b"", timeout=20)
    assert b"confine.py" not in shell.rest + b"".join(shell.lines), shell


def test_under_bubblewrap_a_candidate_sees_only_its_own_processes() -> None:
    # In a container there is no PID namespace to make: there the candidate sees the other
    # processes' command lines (not their environments or memory: the test above).
    require_sandbox()
    script = (
        "import os\n"
        "pids = [p for p in os.listdir('/proc') if p.isdigit()]\n"
        "print(len(pids))\n"
        "print(b' '.join(open(f'/proc/{p}/cmdline', 'rb').read() for p in pids).decode())"
    )
    ran = execute([sys.executable, "-c", script], b"", timeout=20)
    assert int(ran.lines[0]) == 2  # bubblewrap's init and itself
    seen = ran.lines[1].decode()
    assert str(os.getpid()) not in [p for p in seen.split() if p.isdigit()]
    assert (
        "pytest" not in seen
        and "perceptron_ref" not in seen
        and str(ROOT / "reference") not in seen
    )


def test_the_reference_is_masked_even_where_a_shared_folder_holds_it(layer: str) -> None:
    # An installed wheel puts perceptron_ref in site-packages, which the candidate must see;
    # the folder is named on the command line (outside bubblewrap: its copy's name).
    require_sandbox()
    script = (
        "import os, sys\n"
        "print(os.listdir(os.path.join(sys.argv[1], 'perceptron_ref')))\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "import perceptron_ref\n"
        "print(hasattr(perceptron_ref, 'run'))"
    )
    folder = str(ROOT / "reference")
    ran = execute([sys.executable, "-c", script, folder], b"", timeout=20, share=[folder])
    assert ran.lines[:2] == (b"[]", b"False"), ran
    # Nor in the runtime itself: the mirror of site-packages outside bubblewrap leaves it out.
    ran = execute([sys.executable, "-c", "import perceptron_ref"], b"", timeout=20)
    assert "No module named 'perceptron_ref'" in ran.stderr, ran


def test_the_candidate_runs_in_a_fresh_scratch_directory_with_a_minimal_environment(
    layer: str,
) -> None:
    require_sandbox()
    script = (
        "import os; print(os.getcwd()); print(sorted(os.environ)); print(os.listdir('.'));"
        "open('mine', 'w').write('x')"
    )
    first = execute([sys.executable, "-c", script], b"", timeout=10)
    again = execute([sys.executable, "-c", script], b"", timeout=10)
    # Empty, but for the way down to the runtime where it lies under /tmp (a clone made with
    # mktemp -d): those folders are bound read-only; nothing written by the first run is left.
    runtime = (sys.prefix, sys.base_prefix, os.path.dirname(os.path.realpath(sys.executable)))
    tmp = Path("/tmp")
    under = sorted({Path(p).resolve().relative_to(tmp).parts[0] for p in runtime
                    if tmp in Path(p).resolve().parents})  # fmt: skip
    if layer == "bwrap":
        assert first.lines[0] == b"/tmp" and first.lines[2] == again.lines[2] == str(under).encode()
    else:  # a scratch folder of its own, made for the run and removed after it
        assert first.lines[0] != again.lines[0] and first.lines[2] == again.lines[2] == b"[]"
        assert not Path(first.lines[0].decode()).exists()
    env = first.lines[1].decode()
    assert "HOME" in env and "VIRTUAL_ENV" not in env and "PYTHONPATH" not in env


def test_a_fork_bomb_fails_fast_at_the_process_limit_and_no_process_survives(
    tmp_path: Path, layer: str
) -> None:
    require_sandbox()
    assert processes_with(MARKERS[2]) == []
    start = time.monotonic()
    report = crosscheck(
        "perceptron/mehta",
        f"{copy_candidate('hostile_forkbomb', tmp_path)}:train",
        examples=3,
        timeout=60,
    )
    # Without the limit it runs until the timeout (a hang); with it, fork fails at once.
    assert time.monotonic() - start < 30
    assert report.verdict == "disagree"
    assert report.reason.startswith("crash: raised BlockingIOError"), report.reason
    said = f"it reached the sandbox's limit of {sandbox.PROCESSES} processes and threads"
    assert said in report.reason, report.reason
    assert processes_with(MARKERS[2]) == []


def test_the_candidate_is_not_root_when_the_harness_is_and_has_the_process_limit(
    layer: str,
) -> None:
    require_sandbox()
    script = (
        "import os, resource\n"
        "print(os.getuid(), os.geteuid(), os.getgid(), os.getgroups())\n"
        "print(resource.getrlimit(resource.RLIMIT_NPROC))"
    )
    ran = execute([sys.executable, "-c", script], b"", timeout=20)
    uid, euid, gid, groups = ran.lines[0].decode().split(maxsplit=3)
    if os.geteuid() == 0:  # a uid of its own, lent for the run, its gid the same number
        assert int(uid) in accounts.uids() and uid == euid == gid and groups == "[]", ran
    else:
        assert (int(uid), int(gid), groups) == (os.getuid(), os.getgid(), "[]"), ran
    assert ran.lines[1] == f"({sandbox.PROCESSES}, {sandbox.PROCESSES})".encode(), ran


def test_threads_node_and_a_neighbour_fit_while_a_fork_bomb_holds_its_limit(layer: str) -> None:
    # Each sandbox has a uid of its own (a user namespace of its own, when not root): its
    # process count is its own, so a bomb holding every slot of its sandbox leaves the next
    # sandbox all of its own.
    require_sandbox()
    bomb = (
        "import os, time\n"
        "first = os.getpid()\n"
        "while True:\n"
        "    try:\n"
        "        os.fork()\n"
        "    except OSError:\n"
        "        if os.getpid() == first:\n"
        "            print('full', flush=True)\n"
        "        time.sleep(8)\n"
        "        os._exit(0)\n"
    )
    held: list[sandbox.Execution] = []
    worker = threading.Thread(
        target=lambda: held.append(execute([sys.executable, "-c", bomb], b"", timeout=30))
    )
    worker.start()
    time.sleep(3)
    threads = (  # 10: each thread's 8 MiB stack counts against the 1 GiB address space
        "import threading, time, numpy\n"
        "ts = [threading.Thread(target=time.sleep, args=(0.5,)) for _ in range(10)]\n"
        "[t.start() for t in ts]; [t.join() for t in ts]\n"
        "print(numpy.ones(3) @ numpy.ones(3))"
    )
    ran = execute([sys.executable, "-c", threads], b"", timeout=30)
    node = execute(["node", "-e", "console.log(6 * 7)"], b"", timeout=30)
    worker.join()
    assert held[0].lines[:1] == (b"full",), held  # the bomb did fill its sandbox meanwhile
    assert ran.lines == (b"3.0",), ran
    assert node.lines == (b"42",), node


def test_a_folder_closed_to_others_is_read_through_a_copy_never_as_root(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], layer: str
) -> None:
    require_sandbox()
    closed = tmp_path / "closed"
    closed.mkdir(mode=0o700)
    script = closed / "probe.py"
    script.write_text("import os\nprint(os.getuid())\nprint(open(__file__).read(9))\n")
    script.chmod(0o600)
    ran = execute([sys.executable, str(script)], b"", timeout=20, share=[closed])
    said = capfd.readouterr().err
    uid = int(ran.lines[0]) if ran.lines else -1
    if os.geteuid() == 0:  # its own uid, reading a copy: no fallback to root, no warning
        assert uid in accounts.uids() and ran.lines[1] == b"import os", ran
    else:
        assert uid == os.getuid(), ran
    assert said == "", said
    assert sorted(p.name for p in closed.iterdir()) == ["probe.py"]  # the original untouched


def test_a_bubblewrap_that_cannot_drop_to_the_candidates_uid_gives_way_to_the_uid_layer(
    tmp_path: Path,
) -> None:
    # A bubblewrap that forces a user namespace and forbids another (as distributions'
    # policies can): inside it, uid 0 maps to root and no other uid exists, so the candidate
    # could only run as root.  It never does: the uid layer, without bubblewrap, is used.
    require_sandbox()
    fake = tmp_path / "bwrap"
    real = bwrap.program()
    fake.write_text(f'#!/bin/sh\nexec {real} --unshare-user --disable-userns "$@"\n')
    fake.chmod(0o755)
    env = os.environ | {"PERCEPTRON_REF_BWRAP": str(fake)}
    script = "import os, resource; print(os.getuid(), resource.getrlimit(resource.RLIMIT_NPROC))"
    code = (
        "import sys; from perceptron_ref.crosscheck.run import sandbox; "
        "print(sandbox.plan().name); print(sandbox.plan().failed[0][1]); "
        f"print(sandbox.execute([sys.executable, '-c', {script!r}], b'', timeout=20).lines[0])"
    )
    inside = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert inside.returncode == 0, inside.stderr
    name, why, seen = inside.stdout.splitlines()
    if os.geteuid() == 0:
        assert name == "uid+seccomp+landlock", inside.stdout
        assert "cannot become the sandbox's uid" in why, why
    else:  # its own user namespace, where it counts its processes apart
        assert name == "bwrap+seccomp+landlock", inside.stdout
    uid = int(seen.strip("b'").split()[0])
    assert uid != 0 and f"({sandbox.PROCESSES}, " in seen, seen


def test_the_memory_limit_is_applied_to_the_candidate() -> None:
    script = "import resource; print(resource.getrlimit(resource.RLIMIT_AS)[0])"
    ran = execute(["python3", "-c", script], b"", timeout=10, memory=700 * 1024**2)
    assert int(ran.lines[0]) == 700 * 1024**2


def test_a_command_candidate_that_prints_garbage_is_unparsable_not_an_error() -> None:
    report = crosscheck("perceptron/blum", "cmd:sh -c 'echo {not json'", examples=2, timeout=5)
    assert report.verdict == "disagree" and report.reason.startswith("unparsable")


def test_a_command_candidate_is_sandboxed_too(tmp_path: Path) -> None:
    require_sandbox()
    script = tmp_path / "probe.sh"
    script.write_text("touch /tmp/x && echo scratch; touch \"$0.w\" || echo read-only; echo '{}'\n")
    ran = execute(["sh", str(script)], b"", timeout=10, share=[tmp_path])
    assert ran.lines[:2] == (b"scratch", b"read-only") and not (tmp_path / "probe.sh.w").exists()


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "perceptron_ref", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)


def test_without_bubblewrap_a_root_harness_says_how_to_get_it(layer: str) -> None:
    env = os.environ | {"PERCEPTRON_REF_BWRAP": ""}
    target = f"{CANDIDATES / 'mehta_numpy.py'}:train"
    args = ("crosscheck", "perceptron/mehta", "--candidate", target, "--examples", "2")
    done = _cli(*args, "--require-sandbox", env=env)
    if os.geteuid() == 0:  # the uid layer stands in: it grades, and says what would be better
        assert done.returncode == 0, done.stderr
        assert done.stderr.splitlines() == [
            "perceptron-ref: note: sandbox uid+seccomp+landlock; bubblewrap is not installed: "
            "apt-get install bubblewrap"
        ], done.stderr
    else:
        assert done.returncode == 2 and "--require-sandbox" in done.stderr, done.stderr


def test_where_no_strong_sandbox_holds_every_run_warns_and_require_sandbox_refuses() -> None:
    # No bubblewrap, and no uid to lend (uid 0 is root's: never lent): seccomp and Landlock
    # alone, the candidate running as the harness's own user.
    env = os.environ | {"PERCEPTRON_REF_BWRAP": "", "PERCEPTRON_REF_UIDS": "0-0"}
    target = f"{CANDIDATES / 'mehta_numpy.py'}:train"
    args = ("crosscheck", "perceptron/mehta", "--candidate", target, "--examples", "2")
    done = _cli(*args, env=env)
    assert done.returncode == 0, done.stderr
    warning = [line for line in done.stderr.splitlines() if "warning" in line]
    assert len(warning) == 1 and "weak sandbox (seccomp+landlock)" in warning[0], done.stderr
    assert "no uid of its own (no uid of 0-0 is free" in warning[0], warning
    refused = _cli(*args, "--require-sandbox", env=env)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert refused.stderr.startswith("perceptron-ref: error: --require-sandbox: no strong sandbox")


def test_without_landlock_a_uid_of_its_own_is_no_strong_sandbox(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A uid of its own still reads every file open to all users: without Landlock (a kernel
    before 5.13, or a container's seccomp profile refusing its calls) and without bubblewrap,
    the reference's own installation among them, which a hand-in could import to return its
    answers.  So that sandbox is weak: the instructor is warned, and --require-sandbox
    refuses."""
    import py_landlock

    def absent() -> int:
        raise OSError(38, "Function not implemented")

    monkeypatch.setattr(py_landlock, "get_abi_version", absent)
    monkeypatch.setenv("PERCEPTRON_REF_BWRAP", "")
    sandbox.forget()
    try:
        found = sandbox.plan()
        assert "landlock" not in found.layers and not found.strong, found
        if os.geteuid() == 0:
            assert found.name == "uid+seccomp", found
            said = sandbox.warning()
            assert said is not None and said.startswith(
                "perceptron-ref: warning: weak sandbox (uid+seccomp): candidates can read every "
                "file open to all users, the reference's own installation among them"
            ), said
            assert "no Landlock in this kernel" in said, said
        with pytest.raises(perceptron_ref.InputError, match="--require-sandbox: no strong"):
            sandbox.announce(True)
    finally:
        sandbox.forget()
    assert sandbox.Plan(("uid", "seccomp", "landlock"), ()).strong
    assert sandbox.Plan(("bwrap", "uid", "seccomp"), ()).strong


def test_a_bubblewrap_that_fails_is_named_with_what_it_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PERCEPTRON_REF_BWRAP", str(refusing_bwrap(tmp_path)))
    sandbox.forget()
    try:
        failed = {layer: (why, fix) for layer, why, fix in sandbox.plan().failed}
    finally:
        sandbox.forget()
    why, fix = failed["bwrap"]
    assert why == f"{tmp_path / 'bwrap'} cannot make its namespaces here ({DOCKER_SAYS})"
    assert fix == (
        "" if os.geteuid() == 0 else "allow unprivileged user namespaces, or grade as root"
    )
