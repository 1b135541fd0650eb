"""Grading the families beyond the core six (grading/families): each family's scored tests, a
class graded with them, and both platforms' results.json for every family."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from perceptron_ref.cli import main
from perceptron_ref.crosscheck.family import FAMILIES
from perceptron_ref.errors import InputError
from perceptron_ref.grading import autograder, classrun, families, scoring
from tests.hostile import CANDIDATES, require_sandbox

PARTS = {
    "perceptron/averaged": ["Which vectors it averages", "Its zero-score rule in training",
                            "Its prediction at a zero score"],
    "perceptron/voted": ["The vectors", "The counts", "The vote at a tie"],
    "perceptron/kernel": ["Its kernel", "Its zero-score rule in training",
                          "Its prediction at f(x) = 0"],
    "perceptron/structured": ["Ties in the argmax", "The update"],
    "winnow/disjunction": ["Its threshold", "At w·x = θ", "Its demotion"],
    "halving/cover": ["sgn(0) of its hypotheses", "The vote at a tie"],
}  # fmt: skip


@pytest.mark.parametrize("algorithm", sorted(PARTS))
def test_each_family_scores_it_runs_its_parts_and_each_regime(algorithm: str) -> None:
    tests = scoring.tests(algorithm=algorithm)
    names = [t["name"] for t in tests]
    assert names[0] == "It runs" and names[1 : 1 + len(PARTS[algorithm])] == PARTS[algorithm]
    regimes = [t["check"] for t in tests if t["check"].startswith("right-")]
    scored = families.of(algorithm)
    assert scored is not None and regimes == [f"right-{r}" for r in scored.regimes]
    assert all(t["points"] == 1 for t in tests) and "right" in scoring.checks(algorithm)


def test_every_family_but_the_core_has_its_tests() -> None:
    for family in FAMILIES.values():
        for algorithm in family.algorithms:
            assert (families.of(algorithm) is None) == (family.name == "core")


def test_weights_name_a_familys_checks_and_refuse_anothers() -> None:
    tests = scoring.weights("counts=3,vote=0,right=2", algorithm="perceptron/voted")
    points = {t["check"]: t["points"] for t in tests}
    assert points["counts"] == 3 and "vote" not in points and points["right"] == 2
    with pytest.raises(InputError, match="CHECK one of runs, vectors, counts, vote"):
        scoring.weights("conventions=1", algorithm="perceptron/voted")
    with pytest.raises(InputError, match="check must be one of"):
        scoring.tests([{"name": "x", "check": "vectors", "points": 1}], "perceptron/mehta")


@pytest.mark.parametrize(
    ("algorithm", "options", "absent"),
    [
        ("halving/cover", {"epochs": "converge", "input": "fractions"}, {"noise"}),
        ("perceptron/structured", {"input": "numpy"}, {"rationals"}),
        ("perceptron/structured", {"epochs": "converge", "input": "fractions"}, {"realistic"}),
        ("winnow/k-of-r", {"epochs": "converge"}, {"noise", "ties"}),
        ("perceptron/kernel", {"examples": 6}, {"realistic", "long"}),
    ],
)
def test_a_regime_the_configuration_draws_none_of_is_no_test(
    algorithm: str, options: dict[str, Any], absent: set[str]
) -> None:
    chosen = scoring.configured(scoring.defaults(algorithm), {"algorithm": algorithm, **options})
    checks = {t["check"].removeprefix("right-") for t in chosen}
    assert not checks & absent and "runs" in checks


def test_a_voted_class_is_graded_on_its_vectors_counts_and_vote(tmp_path: Path) -> None:
    require_sandbox()
    folder = tmp_path / "class"
    folder.mkdir()
    for name, candidate in (("alice", "voted_numpy"), ("bob", "voted_count0"),
                            ("carol", "voted_npsign"), ("dan", "voted_model")):  # fmt: skip
        shutil.copy(CANDIDATES / f"{candidate}.py", folder / f"{name}.py")
    options = {"algorithm": "perceptron/voted", "examples": 6, "timeout": 60.0}
    tests = scoring.configured(scoring.tests(algorithm="perceptron/voted"), options)
    collected: list[dict[str, Any]] = []
    rows = classrun.grade(folder, options, tests=tests, results=tmp_path / "r", collected=collected)
    assert [(r["submission"], r["verdict"]) for r in rows] == [  # (the reasons if not)
        ("alice", "agree"), ("bob", "disagree"), ("carol", "disagree"), ("dan", "agree")
    ], [r["reason"] for r in rows]  # fmt: skip

    def scores(name: str) -> dict[str, tuple[float, float]]:
        found = json.loads((tmp_path / "r" / f"{name}.json").read_text())
        return {t["name"]: (t["score"], t["max_score"]) for t in found["tests"]}

    bob, carol, dan = scores("bob"), scores("carol"), scores("dan")
    assert bob["The vectors"] == (1, 1) and bob["The counts"] == (0, 1)
    assert "The vote at a tie" not in bob  # a list of (v, c) shows no vote
    assert carol["The vote at a tie"] == (0, 1) and "The counts" not in carol
    assert dan["The vote at a tie"] == (1, 1) and all(s == m for s, m in dan.values())
    summary = {g["summary"]["submission"]: g["summary"] for g in collected}
    assert summary["bob"]["diagnosis"] == ["vote-count"] and not summary["bob"]["tie_rule"]
    feedback = next(g["feedback"] for g in collected if g["summary"]["submission"] == "bob")
    assert "expected votes = " in feedback and "Hint: " in feedback


PREDICTION = {"vote", "prediction"}
"""The parts that only a fitted model's predictions show (their test names say so)."""

RIGHT: dict[str, tuple[str, dict[str, Any]]] = {
    "perceptron/averaged": ("averaged_numpy", {}),
    "perceptron/voted": ("voted_numpy", {}),
    "perceptron/kernel": ("kernel_numpy", {"kernel": "polynomial", "degree": 2, "c": "1"}),
    "perceptron/structured": ("multiclass_numpy", {}),
    "winnow/disjunction": ("winnow_lists", {"input": "lists"}),
    "halving/cover": ("halving_fractions", {"input": "fractions"}),
}


@pytest.mark.parametrize("algorithm", sorted(RIGHT))
@pytest.mark.parametrize("platform", ["gradescope", "prairielearn"])
def test_both_platforms_grade_every_family(algorithm: str, platform: str, tmp_path: Path) -> None:
    require_sandbox()
    candidate, chosen = RIGHT[algorithm]
    options = {"algorithm": algorithm, "examples": 5, "timeout": 60.0, **chosen}
    tests = scoring.configured(scoring.tests(algorithm=algorithm), options)
    config = {"algorithm": algorithm, "options": options, "tests": tests}
    (tmp_path / "config.json").write_text(json.dumps(config))
    handed, _ = autograder.PLACES[platform]
    (tmp_path / "root" / handed).mkdir(parents=True)
    shutil.copy(CANDIDATES / f"{candidate}.py", tmp_path / "root" / handed / "train.py")
    assert autograder.main([platform, str(tmp_path / "root"), str(tmp_path / "config.json")]) == 0
    results = json.loads((tmp_path / "root" / "results" / "results.json").read_text())
    names = [t["name"] for t in tests]
    if platform == "gradescope":
        got = [t["name"] for t in results["tests"]]
        assert results["score"] == sum(t["max_score"] for t in results["tests"])
    else:
        got = [t["name"] for t in results["tests"]]
        assert results["gradable"] is True and results["score"] == 1.0
    assert got[0] == "It runs" and set(got) <= set(names)
    # every part its answers show, in order; a list of vectors or weights shows no prediction
    shown = [n for n in names if n in PARTS[algorithm] and not PREDICTION & set(n.split())]
    assert [n for n in got if n in PARTS[algorithm]] == shown


def test_a_wrong_hand_in_loses_the_part_it_gets_wrong_on_both_platforms(tmp_path: Path) -> None:
    require_sandbox()
    options = {"algorithm": "perceptron/structured", "examples": 5, "timeout": 60.0}
    tests = scoring.configured(scoring.tests(algorithm="perceptron/structured"), options)
    (tmp_path / "config.json").write_text(
        json.dumps({**options, "options": options, "tests": tests})
    )
    for platform in ("gradescope", "prairielearn"):
        handed, _ = autograder.PLACES[platform]
        root = tmp_path / platform
        (root / handed).mkdir(parents=True)
        shutil.copy(CANDIDATES / "multiclass_last.py", root / handed / "train.py")
        assert autograder.main([platform, str(root), str(tmp_path / "config.json")]) == 0
        results = json.loads((root / "results" / "results.json").read_text())
        by_name = {t["name"]: t for t in results["tests"]}
        tie = by_name["Ties in the argmax"]
        assert tie.get("score", tie.get("points")) == 0
        assert "last of the tied classes" in tie["output"]
        update = by_name["The update"]
        assert update.get("score", update.get("points")) == 1


def test_the_platform_commands_take_the_algorithms_options(tmp_path: Path, pinned: Path) -> None:
    wheel = tmp_path / "perceptron_ref-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"PK\x05\x06" + b"\0" * 18)  # an empty zip stands in for the wheel
    out = tmp_path / "pl"
    pins = ["--wheel", str(wheel), "--pins", str(pinned)]  # the checkout's pins (conftest)
    command = ["prairielearn", "perceptron/kernel", str(out), *pins]
    kernel = ["--kernel", "polynomial", "--degree", "3", "--c", "1/2", "--weights", "kernel=4"]
    assert main([*command, *kernel]) == 0
    config = json.loads((out / "perceptron-ref-grade.json").read_text())
    assert (
        config["options"] | {"kernel": "polynomial", "degree": 3, "c": "1/2"} == config["options"]
    )
    assert ("kernel", 4) in [(t["check"], t["points"]) for t in config["tests"]]
    assert main(["gradescope", "perceptron/mehta", str(tmp_path / "gs"), "--average", "after",
                 *pins]) == 2  # fmt: skip
