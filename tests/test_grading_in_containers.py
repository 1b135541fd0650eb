"""Grading where the platforms grade: the grader started as Gradescope and PrairieLearn start
it, root in a Docker container whose seccomp profile refuses namespaces (``tests/containers.py``),
so that bubblewrap cannot start; and beside it, the same with bubblewrap.  Every hostile
hand-in of the suite is thrown at ``grade``, Gradescope's ``run_autograder`` and PrairieLearn's
entry: nothing is written outside its scratch folder, no connection is made, no process is
left, no grade changes after the grader wrote it, the grader's files are neither read nor
changed, and each file the grader writes names the sandbox that ran.  These tests run in CI,
as root; they never skip there."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from perceptron_ref.cli import main
from perceptron_ref.crosscheck.run import sandbox
from tests.hostile import (
    CANDIDATES,
    LAYERS,
    MARKERS,
    ROOT,
    copy_candidate,
    processes_with,
    tree_hash,
)

CONTAINER = [sys.executable, str(ROOT / "tests" / "containers.py")]
GRADING = CANDIDATES / "grading"
HOSTILE = (
    "hostile_grader",
    "hostile_write",
    "hostile_rewrite",
    "hostile_daemon",
    "hostile_kill_parent",
    "hostile_stop_parent",
    "hostile_sibling",
    "hostile_spy",
    "hostile_ptrace",
    "hostile_forkbomb",
    "hostile_children_memory",
)
FORGING = 10.0
"""Seconds hostile_grader's daemon would go on rewriting results.json (8 s) and a margin."""

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0, reason="a platform's container runs its grader as root (CI does too)"
)


def where(layer: str, command: list[str]) -> list[str]:
    """``command`` as the platform runs it: in its container, or on a machine with
    bubblewrap."""
    return [*CONTAINER, *command] if layer == "container" else command


def everywhere_unmarked() -> None:
    """No hostile marker in any process, nor as a file anywhere it could have written."""
    for marker in MARKERS:
        assert processes_with(marker) == [], marker
    for place in (Path("/tmp"), Path("/var/tmp"), Path("/dev/shm"), Path("/"), ROOT):
        for marker in MARKERS:
            assert not (place / marker).exists(), place / marker


def test_in_a_container_bubblewrap_fails_and_the_uid_layer_holds() -> None:
    code = (
        "from perceptron_ref.crosscheck.run import sandbox; p = sandbox.plan(); "
        "print(p.name); print(p.failed[0][1]); print(sandbox.warning())"
    )
    done = subprocess.run(
        [*CONTAINER, sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    name, why, said = done.stdout.splitlines()
    assert name == LAYERS["container"]
    assert "cannot make its namespaces here (bwrap: " in why and "namespace" in why[-60:], why
    assert said == "None"  # the strongest a container allows: nothing to warn of


@pytest.mark.parametrize("layer", list(LAYERS))
def test_a_hostile_class_graded_cannot_spoil_it(layer: str, tmp_path: Path) -> None:
    folder = tmp_path / "class"
    shutil.copytree(GRADING, folder)
    for name in HOSTILE:
        copy_candidate(name, folder)
    project, handed_in = tree_hash(ROOT), tree_hash(folder)
    out = tmp_path / "grades.csv"
    command = ["-m", "perceptron_ref", "grade", "perceptron/mehta", str(folder), "--out", str(out)]
    command += ["--examples", "3", "--timeout", "20"]
    command += ["--jobs", "2", "--require-sandbox"]
    done = subprocess.run(
        where(layer, [sys.executable, *command]), capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr
    written = out.read_bytes()
    rows = {r["submission"]: r for r in _csv(written)}
    for name in HOSTILE:
        assert rows[name]["verdict"] == "disagree", rows[name]
        assert rows[name]["sandbox"] == LAYERS[layer], rows[name]
    reasons = {name: rows[name]["reason"] for name in HOSTILE}
    assert reasons["hostile_forkbomb"].startswith("crash: raised BlockingIOError"), reasons
    assert reasons["hostile_children_memory"].startswith(
        "memory: its processes together held more than 1024 MiB"
    ), reasons
    for name in set(HOSTILE) - {"hostile_forkbomb", "hostile_children_memory"}:
        assert reasons[name].startswith("wrong weights"), (name, reasons[name])
    assert rows["alice"]["verdict"] == "agree" and rows["carol"]["verdict"] == "disagree"
    time.sleep(FORGING)  # the daemon, had it survived, would rewrite what it could meanwhile
    assert out.read_bytes() == written
    assert tree_hash(ROOT) == project and tree_hash(folder) == handed_in
    everywhere_unmarked()


def _csv(data: bytes) -> list[dict[str, str]]:
    import csv
    import io

    return list(csv.DictReader(io.StringIO(data.decode("utf-8"))))


@pytest.fixture(scope="module")
def gradescope_zip(tmp_path_factory: pytest.TempPathFactory, pinned: Path) -> Path:
    out = tmp_path_factory.mktemp("gradescope")
    command = ["gradescope", "perceptron/mehta", str(out), "--examples", "4", "--timeout", "20"]
    assert main([*command, "--pins", str(pinned)]) == 0
    return out / "autograder.zip"


@pytest.mark.parametrize("layer", list(LAYERS))
@pytest.mark.parametrize("platform", ["gradescope", "prairielearn"])
def test_a_platform_grader_keeps_its_files_and_its_grade_from_a_hostile_hand_in(
    layer: str, platform: str, gradescope_zip: Path, tmp_path: Path, pinned: Path
) -> None:
    root = tmp_path / "root"
    if platform == "gradescope":
        (root / "source").mkdir(parents=True)
        with zipfile.ZipFile(gradescope_zip) as z:
            z.extractall(root / "source")
        (root / "source" / "run_autograder").chmod(0o755)
        handed, entry, config = root / "submission", root / "source" / "run_autograder", []
        env = {"AUTOGRADER_ROOT": str(root)}
        (root / "submission_metadata.json").write_text('{"users": [{"email": "a@b.c"}]}')
    else:
        grader = tmp_path / "grader"
        command = ["prairielearn", "perceptron/mehta", str(grader), "--examples", "4"]
        assert main([*command, "--pins", str(pinned)]) == 0
        (root / "tests").mkdir(parents=True)
        handed, entry = root / "student", grader / "perceptron-ref-grade"
        config = [str(grader / "perceptron-ref-grade.json")]
        env = {"GRADE_ROOT": str(root)}
    handed.mkdir(parents=True)
    copy_candidate("hostile_grader", handed, "train.py")
    source = tree_hash(root)
    environment = os.environ | env | {"PERCEPTRON_REF_PYTHON": sys.executable}
    done = subprocess.run(
        where(layer, [str(entry), *config]),
        env=environment,
        cwd="/",
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    out = root / "results" / "results.json"
    written = out.read_bytes()
    results = json.loads(written)
    assert f"perceptron-ref: sandbox {LAYERS[layer]}" in done.stdout, done.stdout
    if platform == "gradescope":
        tests = results["tests"]
        assert results["score"] == sum(t["score"] for t in tests) < 999
        assert sum(t["max_score"] for t in tests) == 3 and results["score"] == 1  # it runs
        assert results["extra_data"] == {"sandbox": LAYERS[layer]}
    else:
        assert results["gradable"] is True and results["score"] < 1
        assert results["sandbox"] == LAYERS[layer]
    said = json.dumps(results, ensure_ascii=False)
    # Its first weight counts what it managed (secrets read, folders listed or written,
    # results forged, hosts reached): the counterexample shows it got none.
    assert re.search(r"your w += \(0\)", said), said
    assert "autograder.json" not in said and "shadow" not in said, said
    time.sleep(FORGING)
    assert out.read_bytes() == written  # no grade changed after the grader wrote it
    assert sorted(p.name for p in out.parent.iterdir()) == ["results.json"]
    after = tree_hash(root)
    assert {k: v for k, v in after.items() if "/results/" not in k} == source
    everywhere_unmarked()


def test_require_sandbox_refuses_only_below_uid_and_seccomp_and_tells_the_instructor(
    gradescope_zip: Path, tmp_path: Path
) -> None:
    root = tmp_path / "root"
    (root / "source").mkdir(parents=True)
    with zipfile.ZipFile(gradescope_zip) as z:
        z.extractall(root / "source")
    config = json.loads((root / "source" / "autograder.json").read_text())
    (root / "source" / "autograder.json").write_text(json.dumps(config | {"require_sandbox": True}))
    (root / "source" / "run_autograder").chmod(0o755)
    (root / "submission").mkdir()
    shutil.copy(GRADING / "alice.py", root / "submission")
    env = os.environ | {"AUTOGRADER_ROOT": str(root), "PERCEPTRON_REF_PYTHON": sys.executable}
    command = where("container", [str(root / "source" / "run_autograder")])
    held = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert json.loads((root / "results" / "results.json").read_text())["score"] == 3, held.stdout
    # No uid to lend (uid 0 is root's): seccomp and Landlock alone are not enough.
    env |= {"PERCEPTRON_REF_UIDS": "0-0"}
    refused = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    results = json.loads((root / "results" / "results.json").read_text())
    assert results == {"score": 0, "output": autograder_refusal(), "tests": []}
    assert "no strong sandbox holds here" in refused.stdout  # the instructor's log only
    assert "bwrap" not in results["output"] and "deb.li" not in results["output"]


def autograder_refusal() -> str:
    from perceptron_ref.grading.autograder import REFUSED

    return REFUSED["gradescope"]


def test_bubblewrap_without_size_as_ubuntu_22_04_ships_it_still_sandboxes(tmp_path: Path) -> None:
    # bubblewrap 0.6.1 has no --size: its help does not list it and it refuses it.  The
    # scratch folder is then bounded by the watch instead.
    real = shutil.which("bwrap")
    assert real is not None
    old = tmp_path / "bwrap"
    old.write_text(
        f"#!{sys.executable}\n"
        "import os, subprocess, sys\n"
        "if '--help' in sys.argv:\n"
        f"    text = subprocess.run([{real!r}, '--help'], capture_output=True, text=True)\n"
        "    print(''.join(l for l in text.stdout.splitlines(True) if '--size' not in l))\n"
        "    sys.exit(0)\n"
        "if '--args' in sys.argv:\n"
        "    fd = int(sys.argv[sys.argv.index('--args') + 1])\n"
        "    if b'--size\\0' in os.read(fd, 1 << 20):\n"
        "        sys.exit('bwrap: Unknown option --size')\n"
        "    os.lseek(fd, 0, 0)\n"
        f"os.execv({real!r}, [{real!r}, *sys.argv[1:]])\n"
    )
    old.chmod(0o755)
    code = (
        "import sys; from perceptron_ref.crosscheck.run import sandbox\n"
        "print(sandbox.plan().name)\n"
        "fill = \"open('/tmp/big', 'wb').write(bytes(60 << 20)); "
        "[open(f'/tmp/b{i}', 'wb').write(bytes(60 << 20)) for i in range(5)]; print('wrote'); "
        'import time; time.sleep(40)"\n'  # kept alive: the watch, not the exit, must end it
        "ran = sandbox.execute([sys.executable, '-c', fill], b'', timeout=60)\n"
        "print(ran.death())\n"
    )
    env = os.environ | {"PERCEPTRON_REF_BWRAP": str(old)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    name, death = done.stdout.splitlines()
    assert name == LAYERS["bwrap"]
    assert "wrote more than 256 MiB to its scratch folder" in death, death
    assert sandbox.plan().name  # (this process's own plan is untouched)


def test_the_hostile_hand_in_does_attack_when_nothing_confines_it(tmp_path: Path) -> None:
    # The control for the tests above: run plainly, as root, it reads what it should not and
    # says so in its first weight (so "your w = (0)" above is the sandbox's doing).
    copy_candidate("hostile_grader", tmp_path)
    code = "import sys; sys.path.insert(0, sys.argv[1]); import hostile_grader as h; "
    code += "print(h.train([[1.0, 2.0]], [1]))"
    env = os.environ | {"PERCEPTRON_REF_SANDBOX": "none-but-a-test"}
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60,
    )  # fmt: skip
    try:
        assert done.returncode == 0, done.stderr
        first = float(done.stdout.strip().strip("[]").split(",")[0])
        assert first >= 1 and "read /etc/shadow" in done.stderr, (done.stdout, done.stderr)
    finally:
        for pid in processes_with(MARKERS[3]):  # its daemon
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, 9)
