"""gradescope: autograder.zip as Gradescope takes it, and run_autograder grading a right, a wrong
and a hostile submission in a temporary AUTOGRADER_ROOT (PrairieLearn's: test_prairielearn)."""

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

import pytest

from perceptron_ref.cli import main
from perceptron_ref.crosscheck import crosscheck
from perceptron_ref.crosscheck.report.results import Report
from perceptron_ref.errors import InputError
from perceptron_ref.grading import autograder, gradescope, scoring
from tests.hostile import CANDIDATES, ROOT, require_sandbox, tree_hash

GRADING = CANDIDATES / "grading"
TESTS = ["It runs", "Its zero-score convention", "Right on small data with ties (w·x = 0)"]
# --examples 4 draws only small data with ties: the other regimes' tests are left out
NAMES = [t["name"] for t in scoring.TESTS]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, pinned: Path) -> Path:
    out = tmp_path_factory.mktemp("gradescope")
    command = ["gradescope", "perceptron/mehta", str(out), "--examples", "4", "--timeout", "20"]
    assert main([*command, "--pins", str(pinned)]) == 0
    return out / "autograder.zip"


def unpacked(archive: Path, root: Path, submission: list[Path]) -> Path:
    (root / "source").mkdir(parents=True)
    with zipfile.ZipFile(archive) as z:
        z.extractall(root / "source")
    for name in ("run_autograder", "setup.sh"):
        (root / "source" / name).chmod(0o755)
    (root / "submission").mkdir()
    for path in submission:
        shutil.copy(path, root / "submission" / path.name)
    return root


def run_autograder(root: Path, **env: str) -> dict[str, object]:
    environment = os.environ | {
        "AUTOGRADER_ROOT": str(root),
        "PERCEPTRON_REF_PYTHON": sys.executable,
    }
    done = subprocess.run(
        [str(root / "source" / "run_autograder")],
        env=environment | env,
        cwd="/",
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads((root / "results" / "results.json").read_text())
    return result


def test_the_zip_holds_setup_run_autograder_config_and_wheel_at_its_root(built: Path) -> None:
    with zipfile.ZipFile(built) as z:
        infos = {i.filename: i for i in z.infolist()}
        (wheel,) = [n for n in infos if n.endswith(".whl")]
        locks = ["requirements-ubuntu-22.04.txt", "requirements-ubuntu-24.04.txt"]
        (cached,) = [n for n in infos if n.startswith("reference-cache/")]  # issue 30
        assert sorted(infos) == sorted(["autograder.json", "run_autograder", "setup.sh", wheel,
                                        *locks, cached])  # fmt: skip
        assert stat.S_IMODE(infos[cached].external_attr >> 16) == 0o600
        for name in ("run_autograder", "setup.sh"):
            assert stat.S_IMODE(infos[name].external_attr >> 16) == 0o755
            assert z.read(name).startswith(b"#!/bin/sh\n")
        for name in ("run_autograder", "setup.sh"):  # both parse as POSIX shell
            check = subprocess.run(["sh", "-n"], input=z.read(name), capture_output=True)
            assert check.returncode == 0, check.stderr
        setup = z.read("setup.sh").decode()
        apt = "apt-get install -y -q --no-install-recommends bubblewrap libseccomp2 python3"
        assert f"{apt} python3-venv\n" in setup
        assert 'install --quiet --no-deps --only-binary :all: --require-hashes -r "$LOCK"' in setup
        assert f'install --quiet --no-deps --no-index "$HERE/{wheel}"' in setup
        assert all(z.read(lock).decode().count(" --hash=sha256:") > 5 for lock in locks)
        config = json.loads(z.read("autograder.json"))
        assert config["algorithm"] == "perceptron/mehta" and config["options"]["examples"] == 4
        # the tests that can apply: --examples 4 draws only small data with ties
        assert [t["name"] for t in config["tests"]] == TESTS
        with zipfile.ZipFile(z.open(wheel)) as w:
            names = w.namelist()
    for module in (
        "grading/autograder.py",
        "crosscheck/candidates/worker.py",
        "crosscheck/candidates/adapters.py",
        "crosscheck/run/confine.py",
    ):
        assert f"perceptron_ref/{module}" in names
    for data in ("py.typed", "vectorkit/schema.json", "vectorkit/check.py", "vectorkit/check.mjs"):
        assert f"perceptron_ref/{data}" in names  # package data ships


def test_the_zip_and_its_wheel_are_reproducible(built: Path, tmp_path: Path, pinned: Path) -> None:
    again = gradescope.wheel(tmp_path)
    with zipfile.ZipFile(built) as z:
        assert z.read(again.name) == again.read_bytes()
    config = json.loads(zipfile.ZipFile(built).read("autograder.json"))
    rebuilt = gradescope.build(tmp_path / "out", config, built=again, pinned=pinned)
    assert rebuilt.read_bytes() == built.read_bytes()


@pytest.mark.parametrize(
    ("submission", "scores", "said"),
    [
        (GRADING / "alice.py", [1, 1, 1], "agrees with perceptron/mehta"),
        (GRADING / "carol.py", [1, 0, 0], "X = np.array([["),
        (CANDIDATES / "hostile_rewrite.py", [1, 0, 0], "expected w = "),
        (CANDIDATES / "hostile_crash.py", [0, 0, 0], "Your code failed: crash: killed by SIGSEGV"),
    ],
)
def test_run_autograder_grades_the_submission_into_results_json(
    built: Path, tmp_path: Path, submission: Path, scores: list[int], said: str
) -> None:
    require_sandbox()
    project = tree_hash(ROOT)
    root = unpacked(built, tmp_path / "autograder", [submission])
    results = run_autograder(root)
    tests = results["tests"]
    assert isinstance(tests, list)
    assert [t["name"] for t in tests] == TESTS
    assert [t["score"] for t in tests] == scores and [t["max_score"] for t in tests] == [1, 1, 1]
    assert all(t["visibility"] == "visible" and isinstance(t["output"], str) for t in tests)
    assert said in "\n".join([str(results["output"]), *(t["output"] for t in tests)])
    assert tree_hash(ROOT) == project


def test_run_autograder_takes_a_notebook(built: Path, tmp_path: Path) -> None:
    lines = (GRADING / "alice.py").read_text().splitlines(keepends=True)
    cell: dict[str, object] = {"cell_type": "code", "source": ["!pip install numpy\n", *lines]}
    cell |= {"metadata": {}, "outputs": [], "execution_count": 1}
    notebook = tmp_path / "Perceptron.ipynb"
    notebook.write_text(
        json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 4})
    )
    results = run_autograder(unpacked(built, tmp_path / "autograder", [notebook]))
    assert [t["score"] for t in results["tests"]] == [1, 1, 1]  # type: ignore[attr-defined]


def test_a_failing_grader_still_writes_results_json(built: Path, tmp_path: Path) -> None:
    root = unpacked(built, tmp_path / "autograder", [GRADING / "alice.py"])
    results = run_autograder(root, PERCEPTRON_REF_PYTHON="/bin/false")
    assert results["score"] == 0 and "autograder itself failed (status 1)" in str(results["output"])


def test_weights_choose_the_tests_and_their_points(tmp_path: Path, pinned: Path) -> None:
    wheel = tmp_path / "perceptron_ref-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip stands in for the wheel
    command = ["gradescope", "perceptron/blum", str(tmp_path), "--wheel", str(wheel)]
    command += ["--pins", str(pinned)]
    weights = "runs=2,conventions=0,right-long=3,right=7.5,right-rationals=0"
    assert main([*command, "--weights", weights]) == 0
    config = json.loads(zipfile.ZipFile(tmp_path / "autograder.zip").read("autograder.json"))
    assert [(t["check"], t["points"]) for t in config["tests"]] == [
        ("runs", 2),
        ("right-ties", 1),
        ("right-near-zero", 1),
        ("right-long", 3),
        ("right-realistic", 1),
        ("right", 7.5),  # not a default test: added, under its own name
    ]
    assert config["tests"][-1]["name"] == "Right on every data set"
    assert main([*command, "--weights", "speed=1"]) == 2


def test_require_sandbox_without_one_grades_nothing_and_says_why(
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
    (tmp_path / "submission").mkdir()
    try:
        assert autograder.main(["gradescope", str(tmp_path), str(tmp_path / "config.json")]) == 1
    finally:
        sandbox.forget()
    results = json.loads((tmp_path / "results" / "results.json").read_text())
    assert results == {"score": 0, "output": autograder.REFUSED["gradescope"], "tests": []}
    said = capsys.readouterr().out
    assert "not graded: require_sandbox is set and no strong sandbox holds here" in said, said


def test_each_data_regime_is_scored_on_its_own() -> None:
    # Right on every data set of at most 1000 examples, wrong on larger ones: only the
    # realistic-size test fails, and it shows the counterexample.
    report = crosscheck("perceptron/gormley-online", f"{CANDIDATES / 'wrong_first1000.py'}:train")
    assert report.verdict == "disagree"
    results = scoring.results(report, "", scoring.TESTS, "COUNTEREXAMPLE")
    scored = {t["name"]: (t["score"], t["output"]) for t in results["tests"]}
    assert "Right on rationals with large denominators" not in scored  # float data: none drawn
    assert NAMES[1] in scored  # (the convention is judged on the run as a whole)
    assert {name: score for name, (score, _) in scored.items() if name != NAMES[1]} == {
        "It runs": 1,
        "Right on small data with ties (w·x = 0)": 1,
        "Right on scores just off zero": 1,
        "Right on long runs with large weights": 1,
        "Right on data of realistic size": 0,
    }
    realistic = scored["Right on data of realistic size"][1]
    assert realistic.startswith("Not right on ") and realistic.endswith(": COUNTEREXAMPLE")
    assert scored["Right on scores just off zero"][1].startswith("Right on all ")


def test_data_at_round_sizes_count_in_the_realistic_size_test() -> None:
    # A loop over batches of 100 that drops the last one is wrong only at n = 3199, 1001, ...
    # (crosscheck's round-sizes): the realistic-size test must not give it its point.
    report = Report(
        "perceptron/mehta", "c.py:train", "disagree", "", 9, (), None,
        regimes=(("realistic", 4), ("round-sizes", 5)),
        failed=(("realistic", 0), ("round-sizes", 2)),
    )  # fmt: skip
    results = scoring.results(report, "", scoring.TESTS, "COUNTEREXAMPLE")
    realistic = {t["name"]: t for t in results["tests"]}["Right on data of realistic size"]
    assert realistic["score"] == 0
    assert realistic["output"] == "Not right on 2 data sets of this kind (9 run): COUNTEREXAMPLE"


def test_a_regime_never_run_scores_nothing() -> None:
    # A hang ends the run at its first data set: no regime was checked.
    report = crosscheck("perceptron/mehta", f"{CANDIDATES / 'hostile_loop.py'}:train", timeout=2)
    results = scoring.results(report, "", scoring.TESTS, "HANG")
    regimes = [t for t in results["tests"] if t["name"].startswith("Right on")]
    assert regimes and all(t["score"] == 0 for t in regimes)
    assert all(t["output"].startswith(("Not checked", "Not right")) for t in regimes)


def test_the_counterexample_is_shown_once_in_the_first_test_failed() -> None:
    report = Report(
        "perceptron/mehta", "c.py:train", "disagree", "", 8, (), None,
        regimes=(("long", 2), ("ties", 6)), failed=(("long", 1), ("ties", 2)),
    )  # fmt: skip
    results = scoring.results(report, "", scoring.TESTS, "COUNTEREXAMPLE")
    outputs = {t["name"]: t["output"] for t in results["tests"] if t["score"] == 0}
    assert outputs[NAMES[2]] == "Not right on 2 data sets of this kind (6 run): COUNTEREXAMPLE"
    assert outputs[NAMES[5]].endswith("(2 run): see the counterexample above.")
    assert "COUNTEREXAMPLE" not in results["output"]
    assert len(results["tests"]) == 4  # runs, conventions, ties, long: no other regime drawn


def test_code_that_does_not_load_is_told_why_once_and_judged_on_nothing_else(
    tmp_path: Path,
) -> None:
    # (an import of a module that is not there is left out, as a notebook's is: a syntax
    # error is what keeps code from loading at all)
    (tmp_path / "broken.py").write_text("def train(X, y)\n    pass\n")
    report = crosscheck("perceptron/mehta", f"{tmp_path / 'broken.py'}:train", examples=10)
    for chosen in (scoring.TESTS, scoring.weights("runs=0")):
        tests = scoring.results(report, "", chosen, "FAILED TO LOAD")["tests"]
        assert [t["score"] for t in tests] == [0] * len(tests)
        assert tests[0]["output"].endswith("FAILED TO LOAD")
        assert {t["output"] for t in tests[1:]} == {
            "Not checked: your code did not load (see above)."
        }


def test_only_tests_that_can_apply_are_declared_so_a_right_hand_in_gets_the_total() -> None:
    # Float input draws no rationals: that test is not declared, nor earned by anyone.
    default = scoring.configured(scoring.TESTS, {"examples": 50, "input": "numpy"})
    assert "right-rationals" not in [t["check"] for t in default] and len(default) == 6
    exact = scoring.configured(scoring.TESTS, {"examples": 50, "input": "fractions"})
    assert [t["check"] for t in exact] == [t["check"] for t in scoring.TESTS]
    small = scoring.configured(scoring.TESTS, {"examples": 4})
    assert [t["check"] for t in small] == ["runs", "conventions", "right-ties"]
    chosen = scoring.weights("right-rationals=2")  # asked for by name: an error, not a 0
    with pytest.raises(InputError, match=r"right-rationals.*cannot apply here"):
        scoring.configured(chosen, {"input": "numpy"})
    report = crosscheck("perceptron/mehta", f"{GRADING / 'alice.py'}:train")
    results = scoring.results(report, "", default, "", asked=50)
    declared = sum(t["points"] for t in default)
    assert results["score"] == sum(t["max_score"] for t in results["tests"]) == declared == 6


def test_a_crash_is_shown_once_with_its_line_and_the_other_tests_point_up_to_it(
    tmp_path: Path,
) -> None:
    code = tmp_path / "hw.py"
    code.write_text("def train(X, y):\n    total = len(X)\n    return [1 / (total - total)]\n")
    report = crosscheck("perceptron/mehta", f"{code}:train", examples=1)
    assert report.reason.startswith(
        "crash: raised ZeroDivisionError: division by zero (hw.py, line 3: "
        "return [1 / (total - total)])"
    ), report.reason
    tests = scoring.configured(scoring.TESTS, {"examples": 1})
    results = scoring.results(report, "", tests, "THE-COUNTEREXAMPLE")
    outputs = [t["output"] for t in results["tests"]]
    assert outputs[0] == "THE-COUNTEREXAMPLE"  # "It runs" fails first and shows it
    assert outputs[1].endswith("see the test above.")
    # the one data set asked, and those added to tell the usual wrong loops apart
    assert re.match(r"perceptron/mehta: disagree \(\d+ data sets tried\)", results["output"])


def test_fewer_data_sets_than_asked_are_explained() -> None:
    report = crosscheck("perceptron/mehta", f"{GRADING / 'alice.py'}:train", examples=6)
    results = scoring.results(report, "", scoring.TESTS, "", asked=report.examples + 2)
    said = f"({report.examples} data sets tried of the {report.examples + 2} asked: the "
    assert said in results["output"]
    assert "could not be drawn to fit these options" in results["output"]


def test_gradescope_help_names_the_tests_scored_by_default() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "perceptron_ref", "gradescope", "--help"],
        capture_output=True,
        text=True,
        env=os.environ | {"COLUMNS": "10000"},
    )
    said = " ".join(done.stdout.split())
    for test in scoring.TESTS:
        assert f"'{test['name']}'" in said, test["name"]
    assert "'Right on every data set'" not in said  # not a default test
