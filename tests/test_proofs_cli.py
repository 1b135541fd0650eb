"""``perceptron-ref prove``: the output contract of issues 3 and 14."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from perceptron_ref.cli import main


def test_json_has_exactly_the_contract_keys(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["prove", "novikoff/press", "perceptron/blum-unit", "--format", "json", "--no-kernel"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"theorems", "proved", "failed", "definitions"}
    assert [t["id"] for t in out["theorems"]] == ["novikoff/press", "perceptron/blum-unit"]
    # issue 29: the theorems about the definitions that prove these two, not run here
    assert [d["name"] for d in out["definitions"]] == [
        "Novikoff.mistake_bound",
        "Novikoff.mistake_bound_div",
        "Novikoff.blum_unit_mistake_bound",
        "Convergence.converges",
        "Convergence.press_loop_ends",
    ]
    for d in out["definitions"]:
        assert set(d) == {"name", "of", "about", "kernel"}
        assert d["kernel"] == "not run"
        assert {"novikoff/press", "perceptron/blum-unit"} & set(d["of"])
    for t in out["theorems"]:
        assert set(t) == {
            "id",
            "source",
            "status",
            "kernel",
            "checks",
            "problems",
            "assumptions",
            "steps",
        }
        assert t["status"] == "proved"
        assert t["problems"] == []
        assert t["kernel"] == "not run"
        assert set(t["checks"]) == {"steps", "twins", "chain", "statement", "witness"}
        assert any(a.startswith("inner-pos") for a in t["assumptions"])
        for s in t["steps"]:
            assert set(s) == {"id", "claim", "method", "status", "twin", "seconds"}
            assert s["method"] in ("sympy", "z3", "rule")
            assert s["status"] == "proved"
            assert s["twin"] == "refuted"
            assert s["id"].startswith(t["id"] + ".")
    assert out["proved"] == sum(len(t["steps"]) for t in out["theorems"])
    assert out["failed"] == 0


def test_text_is_a_table_then_each_theorems_checks_and_assumptions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["prove", "ssbd/hinge-surrogate", "--no-kernel"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["theorem", "step", "method", "status", "seconds"]
    table = lines[1 : lines.index("")]
    assert len(table) == 4
    assert all(line.split()[0] == "ssbd/hinge-surrogate" for line in table)
    assert lines[lines.index("") + 1] == "ssbd/hinge-surrogate: proved; Coq kernel: not run"
    assert any(
        line.startswith("  witness: every hypothesis holds at every index") for line in lines
    )
    assert "  assumptions:" in lines
    assert lines[-1] == (
        "4 steps proved, 0 failed, in 1 theorem; 1/1 proved, 0/1 accepted by the Coq kernel"
    )


def test_an_unknown_theorem_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prove", "novikoff/nobody"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1
    assert "unknown theorem 'novikoff/nobody'" in captured.err


def test_the_kernel_checks_the_written_coq_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outdir = tmp_path / "coq"
    args = ["prove", "ssbd/hinge-surrogate", "--coq", str(outdir), "--format", "json"]
    assert main(args) == 0
    (t,) = json.loads(capsys.readouterr().out)["theorems"]
    assert t["kernel"].startswith("accepted; its axioms, all the standard library's: ")
    source = (outdir / "ssbd" / "hinge_surrogate.v").read_text(encoding="utf-8")
    assert source.rstrip().endswith("Print Assumptions ssbd_hinge_surrogate.")
    assert (outdir / "ssbd" / "hinge_surrogate.vo").is_file()  # coqc compiled it there


def test_without_coqc_the_kernel_is_not_run_and_prove_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from perceptron_ref_proofs import _verify

    monkeypatch.setattr(_verify, "coqc", lambda: None)
    assert main(["prove", "ssbd/hinge-surrogate", "--format", "json"]) == 1
    (t,) = json.loads(capsys.readouterr().out)["theorems"]
    assert t["status"] == "proved"  # the checks of issue 14's item 1 hold …
    assert t["kernel"] == "not run: coqc is not installed (sudo apt-get install coq)"  # … not 3


def test_coq_files_need_the_kernel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prove", "--coq", "out", "--no-kernel"]) == 2
    assert "--coq writes the files the kernel checks" in capsys.readouterr().err


def test_coq_into_a_relative_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """make prove writes to out/coq, relative to the repository root."""
    monkeypatch.chdir(tmp_path)
    assert main(["prove", "ssbd/hinge-surrogate", "--coq", "out/coq"]) == 0
    assert (tmp_path / "out" / "coq" / "ssbd" / "hinge_surrogate.vo").is_file()
    assert "1/1 accepted by the Coq kernel" in capsys.readouterr().out


def test_coq_into_a_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x", encoding="utf-8")
    assert main(["prove", "ssbd/hinge-surrogate", "--coq", str(a_file)]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [f"perceptron-ref: error: --coq {a_file}: not a folder"]
