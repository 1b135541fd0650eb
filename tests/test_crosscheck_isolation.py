"""The sandbox: each hostile candidate ends in a clear verdict, and the harness stays intact.

A candidate (Python or ``cmd:``) runs under bubblewrap: no network, its own PID namespace,
a read-only view of only its runtime and its own folder, a fresh scratch /tmp.  These tests
run in CI and are never skipped: without a working bubblewrap they fail, saying why."""

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
from perceptron_ref.crosscheck.run import sandbox
from perceptron_ref.crosscheck.run.sandbox import execute
from tests.hostile import (
    CANDIDATES,
    MARKERS,
    ROOT,
    copy_candidate,
    processes_with,
    require_sandbox,
    tree_hash,
)

RUN = perceptron_ref.runner.run


def test_bubblewrap_is_installed_and_sandboxes_here() -> None:
    require_sandbox()


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
def test_a_hostile_candidate_gets_a_clear_disagree_verdict(name: str, verdict: str) -> None:
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


def test_a_candidate_cannot_write_outside_its_scratch_directory(tmp_path: Path) -> None:
    require_sandbox()
    before = tree_hash(ROOT)
    reason = _judged(copy_candidate("hostile_write", tmp_path / "sub"))
    assert reason.startswith("wrong weights")
    assert tree_hash(ROOT) == before
    home = Path(os.environ.get("HOME", "/root"))
    for place in (Path("/tmp"), home, ROOT, ROOT / "spec", tmp_path, tmp_path / "sub"):
        assert not (place / MARKERS[1]).exists(), place


def test_a_candidate_cannot_rewrite_the_harness_or_the_spec(tmp_path: Path) -> None:
    require_sandbox()
    before = tree_hash(ROOT)
    assert _judged(copy_candidate("hostile_rewrite", tmp_path)).startswith("wrong weights")
    assert tree_hash(ROOT) == before
    # And a later run still has its worker: a right candidate still agrees.
    report = crosscheck("perceptron/mehta", f"{CANDIDATES / 'mehta_numpy.py'}:train", examples=3)
    assert report.verdict == "agree", report.reason


def test_a_candidate_has_no_network_not_even_the_harness_on_127_0_0_1(tmp_path: Path) -> None:
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


def test_no_process_outlives_the_run_not_even_a_setsid_daemon(tmp_path: Path) -> None:
    require_sandbox()
    assert processes_with(MARKERS[0]) == []
    assert _judged(copy_candidate("hostile_daemon", tmp_path)).startswith("wrong weights")
    assert processes_with(MARKERS[0]) == []


def test_a_daemon_started_in_the_sandbox_is_alive_until_the_run_ends() -> None:
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
def test_a_candidate_cannot_signal_the_harness(name: str, tmp_path: Path) -> None:
    require_sandbox()
    assert _judged(copy_candidate(name, tmp_path)).startswith("wrong weights")


def test_a_candidate_sees_only_its_own_processes_and_not_the_harness_command_line() -> None:
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


def test_the_reference_is_masked_even_where_a_shared_folder_holds_it() -> None:
    # An installed wheel puts perceptron_ref in site-packages, which the candidate must see.
    require_sandbox()
    script = (
        "import os, sys\n"
        f"print(os.listdir({str(ROOT / 'reference' / 'perceptron_ref')!r}))\n"
        f"sys.path.insert(0, {str(ROOT / 'reference')!r})\n"
        "import perceptron_ref\n"
        "print(hasattr(perceptron_ref, 'run'))"
    )
    ran = execute([sys.executable, "-c", script], b"", timeout=20, share=[ROOT / "reference"])
    assert ran.lines[:2] == (b"[]", b"False"), ran


def test_the_candidate_runs_in_a_fresh_scratch_directory_with_a_minimal_environment() -> None:
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
    assert first.lines[0] == b"/tmp" and first.lines[2] == again.lines[2] == str(under).encode()
    env = first.lines[1].decode()
    assert "HOME" in env and "VIRTUAL_ENV" not in env and "PYTHONPATH" not in env


def test_a_fork_bomb_fails_fast_at_the_process_limit_and_no_process_survives(
    tmp_path: Path,
) -> None:
    require_sandbox()
    assert sandbox.weaker() is None, sandbox.warning()
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
    assert f"the process limit is {sandbox.PROCESSES})" in report.reason, report.reason
    assert processes_with(MARKERS[2]) == []


def test_the_candidate_is_not_root_when_the_harness_is_and_has_the_process_limit() -> None:
    require_sandbox()
    script = (
        "import os, resource\n"
        "print(os.getuid(), os.geteuid(), os.getgid(), os.getgroups())\n"
        "print(resource.getrlimit(resource.RLIMIT_NPROC))"
    )
    ran = execute([sys.executable, "-c", script], b"", timeout=20)
    me = sandbox.NOBODY if os.geteuid() == 0 else os.getuid()
    group = sandbox.NOBODY if os.geteuid() == 0 else os.getgid()
    assert ran.lines[0] == f"{me} {me} {group} []".encode(), ran
    assert ran.lines[1] == f"({sandbox.PROCESSES}, {sandbox.PROCESSES})".encode(), ran


def test_threads_node_and_a_neighbour_fit_while_a_fork_bomb_holds_its_limit() -> None:
    # Each sandbox has a user namespace of its own: its process count is its own, so a
    # bomb holding every slot of its sandbox leaves the next sandbox all of its own.
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


def test_as_root_a_folder_nobody_can_read_runs_as_root_with_a_warning(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    require_sandbox()
    closed = tmp_path / "closed"
    closed.mkdir(mode=0o700)
    script = closed / "probe.py"
    script.write_text("import os\nprint(os.getuid())\n")
    ran = execute([sys.executable, str(script)], b"", timeout=20, share=[closed])
    said = capfd.readouterr().err
    if os.geteuid() == 0:
        assert ran.lines == (b"0",), ran
        assert said.count(f"{closed} is not readable by uid {sandbox.NOBODY}") == 1, said
        closed.chmod(0o755)
        script.chmod(0o644)
        again = execute([sys.executable, str(script)], b"", timeout=20, share=[closed])
        assert again.lines == (str(sandbox.NOBODY).encode(),), again
    else:
        assert ran.lines == (str(os.getuid()).encode(),) and said == "", (ran, said)


def test_without_user_namespaces_the_sandbox_is_weaker_and_says_so(tmp_path: Path) -> None:
    # A bubblewrap whose sandbox forbids user namespaces, as Ubuntu 24.04's AppArmor does:
    # the harness cannot drop to NOBODY nor count a sandbox's processes apart.
    require_sandbox()
    fake = tmp_path / "bwrap"
    fake.write_text(f'#!/bin/sh\nexec {sandbox.bwrap()} --unshare-user --disable-userns "$@"\n')
    fake.chmod(0o755)
    env = os.environ | {"PERCEPTRON_REF_BWRAP": str(fake)}
    target = f"{CANDIDATES / 'mehta_numpy.py'}:train"
    done = _cli(
        "crosscheck",
        "perceptron/mehta",
        "--candidate",
        target,
        "--examples",
        "2",
        "--require-sandbox",
        env=env,
    )
    assert done.returncode == 0, done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "weaker sandbox" in done.stderr and "no limit on their processes" in done.stderr
    script = "import os, resource; print(os.getuid(), resource.getrlimit(resource.RLIMIT_NPROC))"
    code = (
        "import sys; from perceptron_ref.crosscheck.run.sandbox import execute; "
        f"print(execute([sys.executable, '-c', {script!r}], b'', timeout=20).lines[0].decode())"
    )
    inside = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert inside.returncode == 0, inside.stderr
    uid = 0 if os.geteuid() == 0 else os.getuid()
    assert inside.stdout.startswith(f"{uid} ") and f"{sandbox.PROCESSES}," not in inside.stdout


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


def test_without_bubblewrap_every_run_warns_and_require_sandbox_refuses() -> None:
    env = os.environ | {"PERCEPTRON_REF_BWRAP": ""}
    target = f"{CANDIDATES / 'mehta_numpy.py'}:train"
    done = _cli("crosscheck", "perceptron/mehta", "--candidate", target, "--examples", "2", env=env)
    assert done.returncode == 0, done.stderr
    warning = [line for line in done.stderr.splitlines() if "warning" in line]
    assert len(warning) == 1 and "weaker isolation" in warning[0], done.stderr
    refused = _cli(
        "crosscheck", "perceptron/mehta", "--candidate", target, "--require-sandbox", env=env
    )
    assert (
        refused.returncode == 2
        and "not installed" in refused.stderr
        and "Traceback" not in refused.stderr
    )
    with_it = _cli(
        "crosscheck",
        "perceptron/mehta",
        "--candidate",
        target,
        "--examples",
        "2",
        "--require-sandbox",
        env=dict(os.environ),
    )
    assert with_it.returncode == 0 and with_it.stderr == "", with_it.stderr


def test_a_bubblewrap_that_fails_is_named_in_the_warning(tmp_path: Path) -> None:
    fake = tmp_path / "bwrap"
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    sandbox._trial.cache_clear()
    try:
        assert (
            sandbox._trial(str(fake))
            == f"{fake} fails here: bwrap: No permissions to create new namespace"
        )
    finally:
        sandbox._trial.cache_clear()
