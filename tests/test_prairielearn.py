"""prairielearn: the external grader's folder as a course builds its image from it, and its entry
script grading a right, a wrong and an ungradable hand-in in a temporary GRADE_ROOT."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from perceptron_ref.cli import main
from perceptron_ref.grading import autograder, prairielearn, scoring
from tests.hostile import CANDIDATES, ROOT, require_sandbox, tree_hash

GRADING = CANDIDATES / "grading"
ENTRY = "perceptron-ref-grade"
LOCK = "requirements-debian-13.txt"
CACHE = "reference-cache"  # the reference's work for this configuration, built with it
FILES = ["Dockerfile", "info.json.example", ENTRY, "perceptron-ref-grade.json", LOCK, CACHE]
OPTIONS = ["--examples", "10", "--timeout", "20", "--budget", "120"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, pinned: Path) -> Path:
    out = tmp_path_factory.mktemp("prairielearn")
    command = ["prairielearn", "perceptron/mehta", str(out), *OPTIONS, "--image", "me/grader"]
    assert main([*command, "--pins", str(pinned)]) == 0
    return out


def grade(built: Path, root: Path, files: dict[str, bytes], **env: str) -> dict[str, Any]:
    """Run the entry script on ``files`` as /grade/student, in ``root``: its results.json."""
    (root / "student").mkdir(parents=True)
    for name, data in files.items():
        (root / "student" / name).write_bytes(data)
    environment = os.environ | {"GRADE_ROOT": str(root), "PERCEPTRON_REF_PYTHON": sys.executable}
    done = subprocess.run(
        [str(built / ENTRY)], env=environment | env, cwd="/", capture_output=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    text = (root / "results" / "results.json").read_bytes()
    assert len(text) <= prairielearn.LIMIT
    result: dict[str, Any] = json.loads(text)
    return result


def read(path: Path) -> bytes:
    return path.read_bytes()


def test_the_grader_holds_the_entry_its_config_the_wheel_a_dockerfile_and_info_json(
    built: Path,
) -> None:
    (wheel,) = [p.name for p in built.iterdir() if p.name.endswith(".whl")]
    assert sorted(p.name for p in built.iterdir()) == sorted([*FILES, wheel])
    entry = built / ENTRY
    assert stat.S_IMODE(entry.stat().st_mode) == 0o755 and read(entry).startswith(b"#!/bin/sh\n")
    check = subprocess.run(["sh", "-n", str(entry)], capture_output=True)
    assert check.returncode == 0, check.stderr  # parses as POSIX shell
    assert all(
        stat.S_IMODE((built / n).stat().st_mode) == 0o644 for n in FILES if n not in (ENTRY, CACHE)
    )
    # the expected answers: the grader's alone (the Dockerfile copies them as they are)
    assert stat.S_IMODE((built / CACHE).stat().st_mode) == 0o700
    assert [stat.S_IMODE(p.stat().st_mode) for p in (built / CACHE).iterdir()] == [0o600]
    config = json.loads(read(built / "perceptron-ref-grade.json"))
    assert config["algorithm"] == "perceptron/mehta" and config["options"]["examples"] == 10
    assert config["budget"] == 120 and config["require_sandbox"] is False
    # the tests that can apply to --examples 10: every regime but rationals (float input)
    shown = [t["name"] for t in scoring.TESTS if t["check"] != "right-rationals"]
    assert [t["name"] for t in config["tests"]] == shown
    with zipfile.ZipFile(built / wheel) as w:
        assert "perceptron_ref/grading/autograder.py" in w.namelist()


def test_the_dockerfile_installs_bubblewrap_and_the_wheel_and_runs_the_entry(
    built: Path, pinned: Path
) -> None:
    (wheel,) = [p.name for p in built.iterdir() if p.name.endswith(".whl")]
    lines = read(built / "Dockerfile").decode().splitlines()
    instructions = [line for line in lines if line and not line.startswith(("#", " "))]
    assert instructions[0] == "FROM debian:trixie-slim"  # Debian 13: Python 3.13, its own
    dockerfile = "\n".join(lines)
    assert re.search(
        r"apt-get install [^\n]*\n\s+bubblewrap libseccomp2 python3 python3-venv\b", dockerfile
    )
    copy, cache = [line.split()[1:] for line in instructions if line.startswith("COPY ")]
    assert sorted(copy[:-1]) == sorted([wheel, LOCK, ENTRY, "perceptron-ref-grade.json"])
    home = copy[-1].rstrip("/")
    assert cache == [CACHE, f"{home}/{CACHE}/"]
    flat = dockerfile.replace("\\\n", " ")
    assert re.search(rf"pip install --quiet --no-deps --only-binary :all: --require-hashes +"
                     rf"-r {home}/{LOCK} ", flat)  # fmt: skip
    assert f"pip install --quiet --no-deps --no-index {home}/{wheel} " in flat
    assert f"{home}/venv/bin/pip check" in flat
    assert instructions[-1] == f'ENTRYPOINT ["{home}/{ENTRY}"]'
    assert "docker build -t me/grader ." in dockerfile
    assert read(built / LOCK) == read(pinned / LOCK)  # the pins given


def test_info_json_example_names_the_image_the_entry_a_timeout_and_no_network(built: Path) -> None:
    question = json.loads(read(built / "info.json.example"))
    assert question["gradingMethod"] == "External"
    options = question["externalGradingOptions"]
    entrypoint = re.search(r'ENTRYPOINT \["(.*)"\]', read(built / "Dockerfile").decode())
    assert entrypoint is not None
    assert options == {
        "enabled": True,
        "image": "me/grader",
        "entrypoint": entrypoint[1],
        "timeout": 150,  # the budget (120 s) and the 30 s margin, within PrairieLearn's 600
        "enableNetworking": False,
    }


def test_the_grader_is_reproducible_byte_for_byte(
    built: Path, tmp_path: Path, pinned: Path
) -> None:
    again = tmp_path / "again"
    command = ["prairielearn", "perceptron/mehta", str(again), *OPTIONS, "--image", "me/grader"]
    assert main([*command, "--pins", str(pinned)]) == 0  # the wheel built again from the sources
    names = sorted(str(p.relative_to(built)) for p in built.rglob("*"))
    assert sorted(str(p.relative_to(again)) for p in again.rglob("*")) == names
    for name in names:
        path = built / name
        if path.is_file():
            assert read(again / name) == read(path), name
        assert (again / name).stat().st_mode == path.stat().st_mode, name


def gradable(results: dict[str, Any]) -> list[dict[str, Any]]:
    """The tests of a gradable results.json, checked against PrairieLearn's format."""
    assert results["gradable"] is True and "format_errors" not in results
    tests: list[dict[str, Any]] = results["tests"]
    assert tests and all(set(t) == {"name", "points", "max_points", "output"} for t in tests)
    assert all(isinstance(t["name"], str) and isinstance(t["output"], str) for t in tests)
    assert all(0 <= t["points"] <= t["max_points"] for t in tests)
    top = sum(t["max_points"] for t in tests)
    assert results["score"] == sum(t["points"] for t in tests) / top
    assert 0 <= results["score"] <= 1
    return tests


def test_the_entry_gives_a_right_hand_in_the_full_score(built: Path, tmp_path: Path) -> None:
    require_sandbox()
    project = tree_hash(ROOT)
    results = grade(built, tmp_path, {"alice.py": read(GRADING / "alice.py")})
    tests = gradable(results)
    assert results["score"] == 1.0 and all(t["points"] == t["max_points"] for t in tests)
    assert "agrees with perceptron/mehta" in results["message"]
    assert tree_hash(ROOT) == project


def test_the_entry_gives_a_wrong_hand_in_less_and_shows_why(built: Path, tmp_path: Path) -> None:
    require_sandbox()
    results = grade(built, tmp_path, {"carol.py": read(GRADING / "carol.py")})
    tests = gradable(results)
    assert results["score"] < 1
    scored = {t["name"]: t["points"] for t in tests}
    assert scored["It runs"] == 1 and scored["Its zero-score convention"] == 0
    assert "expected w = (1)" in "\n".join(t["output"] for t in tests)  # the counterexample


NOTEBOOK = {"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


@pytest.mark.parametrize(
    ("files", "said"),
    [
        ({"notes.txt": b"my answer is in my head"}, "no code: no Python file (.py)"),
        ({"Perceptron.ipynb": b'{"cells": ['}, "Perceptron.ipynb: not a readable"),
        ({"p.py": b"def train(X, y:\n    return X\n"}, "syntax error: '(' was never closed"),
        (
            {"p.py": b"def fit(X, y):\n    return X[0]\n"},
            "no entry function: p.py defines no train()",
        ),
        ({"p.ipynb": json.dumps(NOTEBOOK).encode()}, "empty: the notebook has no code cells"),
    ],
    ids=["no-code", "broken-notebook", "syntax-error", "no-entry-function", "empty-notebook"],
)
def test_the_entry_marks_a_hand_in_that_cannot_run_not_gradable(
    built: Path, tmp_path: Path, files: dict[str, bytes], said: str
) -> None:
    results = grade(built, tmp_path, files)
    assert results["gradable"] is False and "score" not in results
    errors = results["format_errors"]
    assert isinstance(errors, list) and len(errors) == 1 and isinstance(errors[0], str)
    assert said in errors[0]


def test_the_entry_makes_the_results_folder_and_replaces_a_stale_results_json(
    built: Path, tmp_path: Path
) -> None:
    results = grade(built, tmp_path / "new", {"notes.txt": b"no code"})  # no results/ made
    assert results["gradable"] is False
    root = tmp_path / "stale"
    (root / "results").mkdir(parents=True)
    (root / "results" / "results.json").write_text('{"score": 1.0}')  # not this run's
    results = grade(built, root, {}, PERCEPTRON_REF_PYTHON="/bin/true")  # writes nothing
    assert results["gradable"] is False and "status 0" in results["format_errors"][0]


def test_a_failing_grader_still_writes_results_json(built: Path, tmp_path: Path) -> None:
    results = grade(built, tmp_path, {"alice.py": b""}, PERCEPTRON_REF_PYTHON="/bin/false")
    assert results == {
        "gradable": False,
        "format_errors": [
            "The grader itself failed (status 1): this submission was not graded and costs "
            "you no attempt. Please tell your instructor."
        ],
    }


def test_the_entry_reads_the_configuration_it_is_given(built: Path, tmp_path: Path) -> None:
    # One image, several questions: the entrypoint names a question's own configuration.
    config = json.loads(read(built / "perceptron-ref-grade.json"))
    config["function"] = "fit"
    (tmp_path / "fit.json").write_text(json.dumps(config))
    root = tmp_path / "grade"
    (root / "student").mkdir(parents=True)
    (root / "student" / "alice.py").write_bytes(read(GRADING / "alice.py"))
    environment = os.environ | {"GRADE_ROOT": str(root), "PERCEPTRON_REF_PYTHON": sys.executable}
    command = [str(built / ENTRY), str(tmp_path / "fit.json")]
    subprocess.run(command, env=environment, check=True, capture_output=True, timeout=300)
    results = json.loads((root / "results" / "results.json").read_text())
    errors = results["format_errors"]
    assert results["gradable"] is False and errors == [
        "no entry function: alice.py defines no fit() (it defines train)"
    ]


def test_help_says_what_info_json_needs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "perceptron_ref", "prairielearn", "--help"],
        capture_output=True,
        text=True,
        env=os.environ | {"COLUMNS": "100"},
    )
    assert done.returncode == 0
    needs = ["externalGradingOptions", '"enableNetworking": false', prairielearn.ENTRY]
    says = ["gradable", "$GRADE_ROOT/results/results.json", "Dockerfile", "bubblewrap"]
    for said in needs + says:
        assert said in done.stdout


def test_a_budget_prairielearn_cannot_give_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = ["prairielearn", "perceptron/blum", str(tmp_path / "out"), "--budget", "571"]
    assert main(command) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "at most 600 s" in err and "at most 570" in err
    assert not (tmp_path / "out").exists()


def test_options_weights_and_image_reach_the_files(tmp_path: Path, pinned: Path) -> None:
    wheel = tmp_path / "perceptron_ref-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip stands in for the wheel
    out = tmp_path / "out"
    command = ["prairielearn", "perceptron/blum", str(out), "--wheel", str(wheel)]
    command += ["--pins", str(pinned)]
    weights = ["--weights", "runs=2,conventions=0,right=7.5", "--entry", "fit", "--budget", "570"]
    assert main([*command, *weights, "--image", "org/pl:1"]) == 0
    config = json.loads((out / "perceptron-ref-grade.json").read_text())
    assert config["function"] == "fit" and config["options"]["algorithm"] == "perceptron/blum"
    assert ("runs", 2) in [(t["check"], t["points"]) for t in config["tests"]]
    assert "conventions" not in [t["check"] for t in config["tests"]]
    assert config["tests"][-1] == {**config["tests"][-1], "check": "right", "points": 7.5}
    options = json.loads((out / "info.json.example").read_text())["externalGradingOptions"]
    assert options["image"] == "org/pl:1" and options["timeout"] == 600
    assert (out / wheel.name).read_bytes() == wheel.read_bytes()


def test_a_grader_folder_that_cannot_be_written_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], pinned: Path
) -> None:
    (tmp_path / "taken").write_text("a file")
    wheel = tmp_path / "perceptron_ref-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"PK\x05\x06" + b"\0" * 18)
    command = ["prairielearn", "perceptron/blum", str(tmp_path / "taken"), "--wheel", str(wheel)]
    command += ["--pins", str(pinned)]
    assert main(command) == 2
    assert capsys.readouterr().err.startswith("perceptron-ref: error: cannot write ")
    assert main([*command[:2], str(tmp_path / "o"), "--wheel", str(tmp_path / "none.whl")]) == 2
    assert "not a wheel file" in capsys.readouterr().err
    other = tmp_path / "other-1.0-py3-none-any.whl"
    other.write_bytes(wheel.read_bytes())
    assert main([*command[:2], str(tmp_path / "o"), "--wheel", str(other)]) == 2
    assert "not a wheel file of perceptron-ref" in capsys.readouterr().err


def test_a_rebuild_keeps_only_the_wheel_it_bundles(tmp_path: Path, pinned: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    old = out / "perceptron_ref-0.0.9-py3-none-any.whl"
    old.write_bytes(b"an earlier build")
    wheel = out / "perceptron_ref-0.1.0-py3-none-any.whl"  # given from OUTDIR itself
    wheel.write_bytes(b"PK\x05\x06" + b"\0" * 18)
    (out / "notes.txt").write_text("the instructor's")
    command = ["prairielearn", "perceptron/blum", str(out), "--wheel", str(wheel)]
    command += ["--pins", str(pinned)]
    assert main(command) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted([*FILES, wheel.name, "notes.txt"])
    assert wheel.read_bytes() == b"PK\x05\x06" + b"\0" * 18


def test_prairielearn_gets_a_score_in_0_1_or_an_ungradable_hand_in(tmp_path: Path) -> None:
    # In-process, as the entry script calls it: the module itself, not the shell around it.
    require_sandbox()
    config = {
        "algorithm": "perceptron/mehta",
        "options": {"algorithm": "perceptron/mehta", "examples": 3},
    }
    (tmp_path / "config.json").write_text(json.dumps(config))
    for name, files in (
        ("right", [GRADING / "alice.py"]),
        ("invalid", [GRADING / "dave" / "notes.txt"]),
    ):
        root = tmp_path / name
        (root / "student").mkdir(parents=True)
        for f in files:
            shutil.copy(f, root / "student")
        assert autograder.main(["prairielearn", str(root), str(tmp_path / "config.json")]) == 0
    right = json.loads((tmp_path / "right" / "results" / "results.json").read_text())
    assert right["gradable"] is True and right["score"] == 1.0
    assert [(t["points"], t["max_points"]) for t in right["tests"]] == [(1, 1), (1, 1), (1, 1)]
    invalid = json.loads((tmp_path / "invalid" / "results" / "results.json").read_text())
    assert invalid == {
        "gradable": False,
        "format_errors": [
            "no code: no Python file (.py) or notebook (.ipynb) among its 1 file: notes.txt"
        ],
    }


def test_require_sandbox_without_one_is_not_gradable_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # No bubblewrap and no uid to lend (uid 0 is root's): no strong sandbox.  The student
    # is told it is not their fault; the instructor's log says why.
    monkeypatch.setenv("PERCEPTRON_REF_BWRAP", "")
    monkeypatch.setenv("PERCEPTRON_REF_UIDS", "0-0")
    from perceptron_ref.crosscheck.run import sandbox

    sandbox.forget()
    config = {"options": {"algorithm": "perceptron/mehta"}, "require_sandbox": True}
    (tmp_path / "config.json").write_text(json.dumps(config))
    (tmp_path / "student").mkdir()
    try:
        assert autograder.main(["prairielearn", str(tmp_path), str(tmp_path / "config.json")]) == 1
    finally:
        sandbox.forget()
    results = json.loads((tmp_path / "results" / "results.json").read_text())
    assert results == {"gradable": False, "format_errors": [autograder.REFUSED["prairielearn"]]}
    said = capsys.readouterr().out
    assert "not graded: require_sandbox is set and no strong sandbox holds here" in said, said


def graded(verdict: str, reason: str, points: list[int], output: str = "") -> dict[str, Any]:
    """What the grading child returns, for :func:`prairielearn.results`."""
    tests = [{"name": f"t{i}", "score": p, "max_score": 1, "output": output}
             for i, p in enumerate(points)]  # fmt: skip
    results = {"output": f"perceptron/mehta: {verdict}", "tests": tests}
    return {"row": {"verdict": verdict, "reason": reason}, "results": results, "feedback": "F."}


def test_a_dead_grading_process_is_not_gradable_and_not_the_students_fault() -> None:
    reason = "not graded: the grading process killed by SIGKILL; run grade again for it"
    results = prairielearn.results(graded("error", reason, [0, 0]), "")
    assert results == {
        "gradable": False,
        "format_errors": [
            "The grader itself failed (the grading process killed by SIGKILL): "
            "this costs you no attempt."
        ],
    }


def test_a_load_error_after_points_won_is_still_graded() -> None:
    # Loaded and right on some data sets, then not: the points won are kept.
    results = prairielearn.results(graded("disagree", "load error: late", [1, 0, 0]), "")
    assert results["gradable"] is True and results["score"] == 1 / 3
    failed = prairielearn.results(graded("disagree", "load error: at once", [0, 0, 0]), "")
    assert failed == {"gradable": False, "format_errors": ["F."]}


@pytest.mark.parametrize("size", [999_000, 3_000_000, 20_000_000])
def test_results_json_stays_within_prairielearns_1_mb(size: int) -> None:
    head, tail = "X = np.array([[", "your w     = (0)"
    output = head + "1.0, " * (size // 5) + tail
    results = prairielearn.results(graded("disagree", "", [1, 0, 0], output), "")
    written = prairielearn.text(results).encode()
    assert len(written) <= prairielearn.LIMIT
    assert json.loads(written) == results and results["score"] == 1 / 3
    assert all(t["output"].startswith(head) and t["output"].endswith(tail)
               for t in results["tests"])  # fmt: skip
    assert "characters cut: PrairieLearn takes at most 1 MB" in written.decode()


def test_results_json_within_the_limit_is_left_whole() -> None:
    output = "é" * 100_000  # 200,000 bytes each as UTF-8: three are 600,000, within 1 MB
    results = prairielearn.results(graded("disagree", "", [1, 0, 0], output), "")
    assert [t["output"] for t in results["tests"]] == [output] * 3
