"""Streaming one online pass over a CSV file (``engine.stream``), and ``perceptron-ref run
--engine``.

A streamed run reads the file chunk by chunk (the scale S grows as new denominators
appear); its trace must be the literal reference's on the whole file, and a bad file
must fail with read_csv's own one-line error.  The CLI's output must not depend on the
engine.  Hand-worked runs on tiny files (from the spec: w ← w + η·y·x on a mistake, the zero
score decided by the algorithm's rule) pin the trace, the indices, the defaults, the labels,
exact numbers past 2**53 and 2**63, and the memory held (one chunk at a time).
"""

from __future__ import annotations

import tempfile
import tracemalloc
from fractions import Fraction
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_ref import InputError, run
from perceptron_ref.cli import main
from perceptron_ref.data import read_csv
from perceptron_ref.engine.stream import examples, run_csv, streamable
from perceptron_ref.trace import Step, Trace
from perceptron_ref.vectors import Label
from tests.helpers import ONLINE, problem, write_file

values = st.builds(Fraction, st.integers(-4, 4), st.sampled_from((1, 1, 2, 3, 5, 7)))


@st.composite
def csv_files(draw: st.DrawFn) -> str:
    n, d = draw(st.integers(1, 9)), draw(st.integers(1, 3))
    lines = ["# x..., y"]
    for _ in range(n):
        x = [str(draw(values)) for _ in range(d)]
        lines.append(",".join([*x, draw(st.sampled_from(("1", "-1")))]))
        if draw(st.booleans()):
            lines.append("")  # blank lines and comments do not count as examples
    return "\n".join(lines) + "\n"


def write(text: str) -> Path:
    path = Path(tempfile.mkdtemp()) / "data.csv"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("algorithm", ONLINE)
@settings(max_examples=25)
@given(
    text=csv_files(),
    chunk=st.integers(1, 4),
    block=st.sampled_from((1, 8, 24, 2**23)),
    exponent=st.booleans(),
    bias=st.booleans(),
    eta=st.sampled_from(("1", "2/3")),
    record=st.sampled_from(("mistakes", "summary")),
)
def test_streamed_pass_equals_the_literal_run_on_the_whole_file(
    algorithm: str, text: str, chunk: int, block: int, exponent: bool, bias: bool, eta: str,
    record: str,
) -> None:  # fmt: skip
    """Blocks of a few bytes (a line or two each: the scale S changes between them) to the
    whole file, read by numpy; with an exponent somewhere (``1e0``), by the exact reader,
    ``chunk`` examples at a time."""
    if exponent:  # one more example, its features written 1e0
        d = next(line for line in text.splitlines() if line and line[0] != "#").count(",")
        text += "1e0," * d + "1\n"
    path = write(text)
    data = read_csv(path)
    literal = run(algorithm, data.X, data.y, bias=bias, eta=eta, record=record)  # type: ignore[arg-type]
    streamed = run_csv(algorithm, path, bias=bias, eta=eta, record=record, chunk=chunk,  # type: ignore[arg-type]
                       block=block)  # fmt: skip
    assert streamed == literal


BAD = [
    "1,2,1\n1,1\n",  # ragged, the second line
    "1,2,1\n\n# c\n3,1,2,1\n",  # ragged after a blank line and a comment (names line 1)
    "1,2,1\n1,x,1\n",
    "1,2,1\n1,2,0\n",
    "# nothing\n\n",
    "1,2,1\n\ufeff1,2,1\n",  # a byte-order mark inside the file is not one
    "1/0,1\n",
]


@pytest.mark.parametrize("text", BAD)
def test_streamed_file_fails_as_read_csv_fails(text: str) -> None:
    path = write(text)
    with pytest.raises(InputError) as expected:
        read_csv(path)
    with pytest.raises(InputError) as streamed:
        run_csv("perceptron/mehta", path, chunk=1)
    assert str(streamed.value) == str(expected.value)


def test_stream_refuses_batch_runs_and_full_records() -> None:
    path = write("1,2,1\n")
    with pytest.raises(InputError, match="cannot stream"):
        run_csv("perceptron/press", path)
    with pytest.raises(InputError, match="cannot stream"):
        run_csv("perceptron/mehta", path, record="full")


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize(
    "options",
    [
        ("perceptron/mehta", "--record", "mistakes"),
        ("perceptron/ssbd", "--record", "summary", "--bias", "--eta", "1/3"),
        ("perceptron/press", "--record", "full"),
        ("perceptron/gormley-online", "--epochs", "converge", "--format", "text"),
    ],
)
def test_cli_output_does_not_depend_on_the_engine(
    capsys: pytest.CaptureFixture[str], options: tuple[str, ...]
) -> None:
    path = str(write("-1,2,-1\n1,0,1\n1/2,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n"))
    algorithm, *rest = options
    args = [algorithm, path, *rest] + ([] if "--format" in rest else ["--format", "json"])
    outputs = {cli(capsys, "run", *args, "--engine", e) for e in ("literal", "fast", "auto")}
    assert len(outputs) == 1
    status, out, _ = outputs.pop()
    assert status == 0 and out


def test_cli_bad_engine_use_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(write("1,0,1\n"))
    with pytest.raises(SystemExit) as exited:
        main(["run", "perceptron/mehta", path, "--engine", "quick"])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and err.count("\n") == 1 and "invalid choice" in err
    status, _, err = cli(capsys, "run", "perceptron/mehta", "/nonexistent.csv", "--engine", "fast")
    assert status == 2 and err.count("\n") == 1 and "/nonexistent.csv" in err


@pytest.mark.parametrize(
    "text",
    [
        " 1 , -2 ,+1\n3,4, -1 \n",  # blanks and signs around integers
        "\u0661\u0662,3,1\n-4,5,-1\n",  # Arabic-Indic digits: parse_rational reads them too
        "1,2,1\n" + "9" * 30 + ",1,-1\n",  # beyond 18 digits: parse_csv's path
        "1,0.5,1\n-1,2/3,-1\n",
    ],
)
def test_streamed_integer_lines_read_as_read_csv_reads_them(text: str) -> None:
    path = write(text)
    data = read_csv(path)
    literal = run("perceptron/blum", data.X, data.y, record="mistakes")
    assert run_csv("perceptron/blum", path, record="mistakes") == literal


# --- stream.run_csv: hand-worked passes, chunk by chunk -------------------------------------

# Mehta (tie-positive: s = 0 predicts +1) with a bias (x -> (1, x)) and eta = 2/3:
#   x0 = (1, 1/2, 1), y = -1: s = 0 predicts +1, a mistake; w = -2/3·x0 = (-2/3, -1/3, -2/3).
#   x1 = (1, 2, -1/3), y = +1: s = -2/3 - 2/3 + 2/9 = -10/9 < 0 predicts -1, a mistake;
#       w = w + 2/3·x1 = (0, 1, -8/9).
#   x2 = (1, 1, 1), y = +1: s = 0 + 1 - 8/9 = 1/9 > 0 predicts +1, no mistake.
# Read one line at a time, the scale goes 2 (1/2), then lcm(2, 3) = 6, then stays 6.
MEHTA_TEXT = "# x1,x2,y\n1/2,1,-1\n2,-1/3,1\n1,1,1\n"


MEHTA_W = (F(0), F(1), F(-8, 9))


MEHTA_STEPS = (
    Step(1, 0, F(0), 1, -1, True, (F(-2, 3), F(-1, 3), F(-2, 3))),
    Step(1, 1, F(-10, 9), -1, 1, True, MEHTA_W),
)


@pytest.mark.parametrize("chunk", [1, 2, 3, 4096])
def test_streamed_mehta_with_bias_and_eta_two_thirds_is_the_hand_worked_trace(
    tmp_path: Path, chunk: int
) -> None:
    path = write_file(tmp_path, MEHTA_TEXT)
    got = run_csv("perceptron/mehta", path, bias=True, eta="2/3", record="mistakes", chunk=chunk)
    assert got == Trace(
        algorithm="perceptron/mehta",
        dimension=3,
        bias=True,
        eta=F(2, 3),
        mistakes=2,
        epochs=1,
        status="online",
        weights=MEHTA_W,
        steps=MEHTA_STEPS,
        record="mistakes",
        cycle=None,
    )
    # Step.mistake is a bool (a float flag 1.0 would compare equal to True)
    assert all(s.mistake is True for s in got.steps)
    assert all(type(v) is F for s in got.steps for v in (s.score, *s.weights))


# The module docstring's file under Mehta (tie-positive), no bias, eta = 1:
#   0: (-1, 2) y=-1: s = 0 -> +1, mistake, w = (1, -2);  1: (1, 0) y=1: s = 1, fine;
#   2: (1, 1) y=1: s = -1 -> -1, mistake, w = (2, -1);   3: (-1, 0) y=-1: s = -2, fine;
#   4: (-1, -2) y=-1: s = -2 + 2 = 0 -> +1, mistake, w = (3, 1);  5: (1, -1) y=1: s = 2, fine.
DEMO_TEXT = "# x1,x2,y\n-1,2,-1\n1,0,1\n1,1,1\n-1,0,-1\n-1,-2,-1\n1,-1,1\n"


@pytest.mark.parametrize("chunk", [1, 2, 4])
def test_streamed_mistakes_keep_their_index_in_the_whole_file(tmp_path: Path, chunk: int) -> None:
    got = run_csv(
        "perceptron/mehta", write_file(tmp_path, DEMO_TEXT), record="mistakes", chunk=chunk
    )
    assert got.steps == (
        Step(1, 0, F(0), 1, -1, True, (F(1), F(-2))),
        Step(1, 2, F(-1), -1, 1, True, (F(2), F(-1))),
        Step(1, 4, F(0), 1, -1, True, (F(3), F(1))),
    )


def test_streamed_run_defaults_are_summary_no_bias_eta_one(tmp_path: Path) -> None:
    got = run_csv("perceptron/mehta", write_file(tmp_path, DEMO_TEXT))
    assert got == Trace(
        algorithm="perceptron/mehta",
        dimension=2,
        bias=False,
        eta=F(1),
        mistakes=3,
        epochs=1,
        status="online",
        weights=(F(3), F(1)),
        steps=(),
        record="summary",
        cycle=None,
    )


@pytest.mark.parametrize(
    ("algorithm", "text", "prediction"),
    [
        # one example x = 1 at w = 0: the score is 0, decided by the zero-score rule
        ("perceptron/blum", "1,1\n", -1),  # tie-negative: s = 0 predicts -1, y = +1: mistake
        ("perceptron/mehta", "1,-1\n", 1),  # tie-positive: s = 0 predicts +1, y = -1: mistake
        ("perceptron/ssbd", "1,1\n", -1),  # tie-mistake: y·s = 0 <= 0, reported as -y
        ("perceptron/gormley-online", "1,-1\n", 1),  # tie-mistake: -y = +1
    ],
)
def test_streamed_zero_score_mistake_reports_the_rules_prediction(
    tmp_path: Path, algorithm: str, text: str, prediction: Label
) -> None:
    y: Label = 1 if text.endswith(",1\n") else -1
    got = run_csv(algorithm, write_file(tmp_path, text), record="mistakes")
    assert got.steps == (Step(1, 0, F(0), prediction, y, True, (F(y),)),)  # w = 0 + y·x
    assert got.weights == (F(y),) and got.mistakes == 1


@pytest.mark.parametrize(
    ("algorithm", "text"),
    [
        ("perceptron/mehta", "1,1\n"),  # tie-positive: s = 0 predicts +1 = y
        ("perceptron/blum", "1,-1\n"),  # tie-negative: s = 0 predicts -1 = y
        ("perceptron/mehta", f"{2**64},1\n"),  # the same past int64 (Python integers)
        ("perceptron/blum", f"{2**64},-1\n"),
    ],
)
def test_streamed_zero_score_that_the_rule_calls_right_is_no_mistake(
    tmp_path: Path, algorithm: str, text: str
) -> None:
    got = run_csv(algorithm, write_file(tmp_path, text), record="mistakes")
    assert got.steps == () and got.mistakes == 0 and got.weights == (F(0),)


@pytest.mark.parametrize("chunk", [1, 4096])
def test_streamed_pass_leaves_int64_exactly_after_a_compiled_chunk(
    tmp_path: Path, chunk: int
) -> None:
    # Blum (tie-negative), eta = 2/3, no bias:
    #   x = 1/2, y = +1: s = 0 predicts -1, a mistake; w = 2/3 · 1/2 = 1/3.
    #   x = 2**64, y = -1: s = 2**64/3 > 0 predicts +1, a mistake; w = 1/3 - 2/3·2**64
    #       = (1 - 2**65)/3.
    # With chunk = 1 the first line runs compiled (scale 2, W = [1]), the second in Python
    # integers (2**65 does not fit int64) from that W, rescaled by lcm(2, 1)/2 = 1.
    path = write_file(tmp_path, "1/2,1\n18446744073709551616,-1\n")
    got = run_csv("perceptron/blum", path, eta=F(2, 3), record="mistakes", chunk=chunk)
    w = (F(1 - 2**65, 3),)
    assert got.steps == (
        Step(1, 0, F(0), -1, 1, True, (F(1, 3),)),
        Step(1, 1, F(2**64, 3), 1, -1, True, w),
    )
    assert got.weights == w and got.mistakes == 2 and got.dimension == 1


@pytest.mark.parametrize("chunk", [1, 4096])
def test_streamed_integers_past_two_to_the_53_and_63_are_exact(tmp_path: Path, chunk: int) -> None:
    # Mehta: x = 1, y = -1: s = 0 predicts +1, a mistake, w = -1.  x = 2**63 + 3, y = +1:
    # s = -(2**63 + 3) < 0, a mistake, w = -1 + 2**63 + 3 = 2**63 + 2.  (As a float,
    # 2**63 + 3 is 2**63.)  Then x = 2**60 + 1, y = -1: s > 0 predicts +1, a mistake,
    # w = 2**63 + 2 - 2**60 - 1.
    text = f"1,-1\n{2**63 + 3},1\n{2**60 + 1},-1\n"
    got = run_csv("perceptron/mehta", write_file(tmp_path, text), chunk=chunk)
    assert got.weights == (F(2**63 + 1 - 2**60),) and got.mistakes == 3


def test_streamed_integer_of_19_digits_is_exact(tmp_path: Path) -> None:
    # 2**60 + 1 = 1152921504606846977 (19 digits, past the 18-digit integer shortcut): Mehta
    # at w = 0 with y = -1 predicts +1 on s = 0, a mistake: w = -(2**60 + 1).
    got = run_csv("perceptron/mehta", write_file(tmp_path, f"{2**60 + 1},-1\n"))
    assert got.weights == (F(-(2**60) - 1),)


def test_streamed_labels_zero_one(tmp_path: Path) -> None:
    # labels "01": 0 is -1, 1 is +1.  Mehta: (1, 2) y=-1: s = 0 -> +1, mistake, w = (-1, -2);
    # (-1, 1) y=+1: s = 1 - 2 = -1 -> -1, mistake, w = (-2, -1).
    got = run_csv("perceptron/mehta", write_file(tmp_path, "1,2,0\n-1,1,1\n"), labels="01")
    assert got.weights == (F(-2), F(-1)) and got.mistakes == 2


def test_streamed_labels_zero_one_refuse_minus_one(tmp_path: Path) -> None:
    # "-1" is a label of the pm1 set only; under "01" it is refused as read_csv refuses it.
    path = write_file(tmp_path, "1,2,0\n1,2,-1\n")
    expected = f"{path}:2: label '-1' is not 0 or 1"
    assert problem(read_csv, path, labels="01") == expected
    assert problem(run_csv, "perceptron/mehta", path, labels="01") == expected


@pytest.mark.parametrize(
    ("text", "line", "label"), [("1,2,1\n1,2,-1\n", 2, "-1"), ("3,+1\n", 1, "+1")]
)
def test_streamed_labels_zero_one_refuse_pm1_labels_in_a_file_without_a_zero(
    tmp_path: Path, text: str, line: int, label: str
) -> None:
    # Every label here is one of the pm1 set, so the fast reader must read them as "01"
    # labels too (and send the file to the exact reader), not as the default set.
    path = write_file(tmp_path, text)
    expected = f"{path}:{line}: label '{label}' is not 0 or 1"
    assert problem(read_csv, path, labels="01") == expected
    assert problem(run_csv, "perceptron/mehta", path, labels="01") == expected


def test_streamed_file_opening_with_two_byte_order_marks_reads_as_read_csv(
    tmp_path: Path,
) -> None:
    # The reader drops the BOM opening the file, and the CSV parser drops one more opening
    # line 1: "\ufeff\ufeff1,-1" is the example x = 1, y = -1, for read_csv and the stream
    # alike.  Mehta: s = 0 predicts +1, a mistake: w = -1.
    path = write_file(tmp_path, "\ufeff\ufeff1,-1\n")
    assert read_csv(path).y == (-1,)
    assert [list(x) for x in read_csv(path).X] == [[1]]
    got = run_csv("perceptron/mehta", path)
    assert got.weights == (F(-1),) and got.mistakes == 1


def test_streamed_byte_order_mark_inside_the_file_is_not_one(tmp_path: Path) -> None:
    # Only the file's first line may open with a BOM; on line 2 it is part of the field.
    path = write_file(tmp_path, "1,2,1\n\ufeff1,2,1\n")
    expected = problem(read_csv, path)
    assert expected.startswith(f"{path}:2: ")
    assert problem(run_csv, "perceptron/mehta", path) == expected


def test_streamed_ragged_line_names_the_first_examples_line(tmp_path: Path) -> None:
    path = write_file(tmp_path, "# c\n# d\n1,2,1\n\n3,1\n")
    expected = f"{path}:5: 1 features, expected 2 (as on line 3)"
    assert problem(read_csv, path) == expected
    assert problem(run_csv, "perceptron/mehta", path) == expected


def test_streamed_file_of_comments_has_no_examples(tmp_path: Path) -> None:
    path = write_file(tmp_path, "# only\n\n")
    assert problem(run_csv, "perceptron/mehta", path) == f"{path}: no examples"


def test_streamed_bad_number_names_its_line(tmp_path: Path) -> None:
    path = write_file(tmp_path, "1,2,1\n# c\n1,2x,1\n")
    expected = f"{path}:3: '2x' is not a number (integer, decimal or p/q)"
    assert problem(read_csv, path) == expected
    assert problem(run_csv, "perceptron/mehta", path) == expected


def test_streamed_directory_is_one_line_naming_it(tmp_path: Path) -> None:
    assert problem(run_csv, "perceptron/mehta", tmp_path) == f"{tmp_path}: Is a directory"


@pytest.mark.parametrize(
    ("line", "options"),
    [
        ("1,2,3,4,5,6,7,8,1\n", {"block": 2**14}),  # the fast reader: blocks of 16 KiB
        ("1,2,3,4,5,6,7,8e0,1\n", {"chunk": 100, "block": 2**14}),  # an exponent: 100 lines
    ],
)
def test_streamed_pass_holds_one_block_of_examples_at_a_time(
    tmp_path: Path, line: str, options: dict[str, Any]
) -> None:
    # The module docstring: with record="summary", memory holds one block, not the file.
    # 20,000 examples of d = 8 held at once (tuples, integer lists, arrays) take several MB;
    # a block of 16 KiB of text, or of 100 examples, takes a few hundred KB at most (the
    # exact reader's block of text: the file is 360 KB, its lines as strings about 1.3 MB).
    n = 20_000
    path = write_file(tmp_path, line * n)
    run_csv("perceptron/mehta", path, **options)  # warm: numpy's first calls allocate
    tracemalloc.start()
    try:
        got = run_csv("perceptron/mehta", path, **options)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # Mehta: x = (1..8), y = +1 at w = 0 has s = 0, predicted +1: never a mistake.
    assert got.mistakes == 0 and got.weights == (F(0),) * 8
    assert peak < 4_000_000, f"peak {peak} bytes"


def test_examples_yields_each_example_with_exact_values(tmp_path: Path) -> None:
    path = write_file(tmp_path, "# h\n 1 , -2 ,+1\n\n1/2,0.25,-1\n")
    got = list(examples(path, "f.csv", "pm1"))
    assert got == [((1, -2), 1), ((F(1, 2), F(1, 4)), -1)]
    # Row: "exact rationals (ints where the file wrote integers)"
    assert [type(v) for v in got[0][0]] == [int, int]


def test_run_csv_refusal_is_one_line_naming_the_algorithm_and_record(tmp_path: Path) -> None:
    path = write_file(tmp_path, "1,1\n")
    assert problem(run_csv, "perceptron/mehta", path, record="full") == (
        "perceptron/mehta with record='full' cannot stream: one online pass only"
    )


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("perceptron/mehta", 1, None, "summary"), True),
        (("perceptron/ssbd", 1, None, "mistakes"), True),
        (("perceptron/mehta", 2, None, "summary"), False),  # more than one pass
        (("perceptron/mehta", "converge", None, "summary"), False),
        (("perceptron/mehta", 1, 5, "summary"), False),  # max_epochs given
        (("perceptron/mehta", 1, None, "full"), False),  # every step kept
        (("perceptron/press", 1, None, "summary"), False),  # a batch perceptron
        (("winnow/disjunction", 1, None, "summary"), False),  # not an engine algorithm
    ],
)
def test_streamable_is_one_online_pass_without_full_records(
    args: tuple[str, object, object, str], expected: bool
) -> None:
    assert streamable(*args) is expected  # type: ignore[arg-type]
