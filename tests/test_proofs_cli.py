"""``perceptron-ref prove``: the output contract of issue 3."""

from __future__ import annotations

import json

import pytest

from perceptron_ref.cli import main


def test_json_has_exactly_the_contract_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prove", "novikoff/press", "perceptron/blum-unit", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"theorems", "proved", "failed"}
    assert [t["id"] for t in out["theorems"]] == ["novikoff/press", "perceptron/blum-unit"]
    for t in out["theorems"]:
        assert set(t) == {"id", "source", "steps"}
        for s in t["steps"]:
            assert set(s) == {"id", "claim", "method", "status", "seconds"}
            assert s["method"] in ("sympy", "z3")
            assert s["status"] == "proved"
            assert s["id"].startswith(t["id"] + ".")
    assert out["proved"] == sum(len(t["steps"]) for t in out["theorems"])
    assert out["failed"] == 0


def test_text_is_a_table_with_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prove", "ssbd/hinge-surrogate"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["theorem", "step", "method", "status", "seconds"]
    assert all(line.split()[0] == "ssbd/hinge-surrogate" for line in lines[1:-1])
    assert lines[-1] == f"{len(lines) - 2} steps proved, 0 failed, in 1 theorem"


def test_an_unknown_theorem_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prove", "novikoff/nobody"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1
    assert "unknown theorem 'novikoff/nobody'" in captured.err
