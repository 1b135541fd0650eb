"""``perceptron-ref plot`` and ``plot-bound`` from the command line: files, output, errors.

The committed README picture ``spec/figures/gormley-slide15.svg`` is regenerated and
compared byte for byte.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from perceptron_ref.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIGURE = Path("spec/figures/gormley-slide15.svg")
DATA = Path("spec/figures/gormley-slide15.csv")
COMMAND = ["plot", "perceptron/gormley-batch", str(DATA)]


def test_committed_gormley_figure_is_regenerated_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)  # the title names the data file as given on the command line
    out = tmp_path / "slide15.svg"
    assert main([*COMMAND, "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}: perceptron/gormley-batch, k = 3 ≤ R²/γ² = 5\n"
    assert out.read_bytes() == (ROOT / FIGURE).read_bytes()


def test_the_committed_figure_shows_slide_15s_values() -> None:
    text = (ROOT / FIGURE).read_text(encoding="utf-8")
    for shown in ("w₁ = (1, -2)", "w₂ = (2, -1)", "w₃ = (3, 1)", "k = 3 ≤ R²/γ² = 5"):
        assert shown in text
    for gid in ("separator-1", "separator-2", "separator-3", "w-star", "margin-band", "radius-R"):
        assert f'id="{gid}"' in text


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_plot_writes_png_and_panels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = write(tmp_path, "d.csv", "1,1\n-2,-1\n3,1\n")
    out = tmp_path / "run.png"
    assert main(["plot", "perceptron/mehta", data, "--bias", "--panels", "--out", str(out)]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    assert "k = " in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "content", "problem"),
    [
        (["perceptron/mehta"], "1,2,3,1\n", "d.csv: plot draws 2-D data"),
        (["perceptron/mehta"], "1,1\n", "1-D data needs --bias"),
        (["perceptron/mehta", "--bias"], "1,2,3,1\n", "these data have d = 3"),
        (["no/such"], "1,2,1\n", "unknown algorithm 'no/such'"),
        (["winnow/disjunction"], "1,0,1\n", "plot draws the separators w·x = 0"),
        (["perceptron/mehta", "--out", "x.pdf"], "1,2,1\n", "must end in .svg or .png"),
        (["perceptron/mehta"], "1,a,1\n", "d.csv:1: 'a' is not a number"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    content: str,
    problem: str,
) -> None:
    data = write(tmp_path, "d.csv", content)
    out = ["--out", str(tmp_path / "x.svg")] if "--out" not in args else []
    assert main(["plot", args[0], data, *args[1:], *out]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and problem in err and "Traceback" not in err
    assert not (tmp_path / "x.svg").exists()


def test_too_many_panels_is_an_input_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # x and −x with the same label: never separable, every pass errs (20 passes: 41 updates).
    data = write(tmp_path, "d.csv", "1,0,1\n-1,0,1\n0,1,-1\n")
    args = ["plot", "perceptron/gormley-online", data, "--epochs", "20", "--panels"]
    assert main([*args, "--out", str(tmp_path / "x.svg")]) == 2
    assert "--panels draws one panel per update: k = 41" in capsys.readouterr().err


def test_plot_bound_small_campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bound.svg"
    args = ["plot-bound", "--examples", "2", "--max-size", "6", "--seed", "3", "--out", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"wrote {out}: 12 runs on 2 data sets (seed 3)")
    assert "N = 1, 4, 9, 16: k = N = R²/γ² for every variant" in printed
    text = out.read_text(encoding="utf-8")
    assert 'id="bound-line"' in text and 'id="adversary:perceptron/blum"' in text


def test_plot_bound_rejects_a_bad_seed(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["plot-bound", "--seed", "-1"])
    assert exit_.value.code == 2 and capsys.readouterr().err.count("\n") == 1
