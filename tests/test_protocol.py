"""The crosscheck protocol, fuzzed: what a ``cmd:`` candidate writes back, what a Python
candidate's worker writes back, and the schemas of ``spec/protocol/`` (issue 7); a numpy
or plain-lists candidate's large integer data sent as bytes make the array (the rows) their
numbers made (issue 30).

A candidate's output is untrusted: any bytes must end in an
:class:`~perceptron_ref.crosscheck.candidates.outcomes.Outcome` (never an exception in the parent),
and the reader accepts exactly what ``candidate-output.schema.json`` accepts (checked by
jsonschema, not by the reader), with each number worth what the oracle reads, and d or
d + 1 numbers a vector; the one documented exception: numbers past ``numbers.MAX_DIGITS``
characters or ``MAX_EXPONENT``, which the schema cannot bound.
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from perceptron_ref.crosscheck.candidates import (
    _array_json,
    _dataset_json,
    _number,
    _numbers_json,
    encoded,
    packed,
)
from perceptron_ref.crosscheck.candidates.outcomes import (
    Data,
    Failure,
    Returned,
    from_command,
    from_worker,
)
from perceptron_ref.crosscheck.run.sandbox import Execution, execute
from perceptron_ref.numbers import MAX_DIGITS, MAX_EXPONENT
from perceptron_ref.vectors import Label
from tests.test_numbers import BIG, TEN_K, digits, oracle, unlimited_int_digits

__all__ = ["unlimited_int_digits"]

HUGE = st.integers(-(10**6000), 10**6000)
PROTOCOL = Path(__file__).resolve().parent.parent / "spec" / "protocol"
OUTPUT = Draft202012Validator(json.loads((PROTOCOL / "candidate-output.schema.json").read_text()))
INPUT = Draft202012Validator(json.loads((PROTOCOL / "candidate-input.schema.json").read_text()))

JSON_NUMBERS = ("0", "-0", "1", "-1", "0.1", "-0.5", "1e308", "-1e308", "1E-308", "2.5e+3",
                "1e400", "1e10000", "1e10001", "1e-10001", BIG, "-" + BIG, TEN_K)  # fmt: skip
JSON_STRINGS = ('"1/2"', '"-3/4"', '"+1/-2"', '"7"', '"-0"', f'"{BIG}/3"', '"1/0"', '"0/00"',
                '"0.5"', '" 1"', '"1 "', '"1e3"', '"\\u0661"', '""', '"nan"', '"/2"')  # fmt: skip
OTHERS = ("true", "false", "null", "NaN", "Infinity", "-Infinity", "{}", '{"a": 1}', "[]", "[1]")


def data_set(d: int) -> Data:
    """Any data set of dimension d (the reader only needs d)."""
    return ((tuple(Fraction(1) for _ in range(d)),), (1,))


@st.composite
def outputs(draw: st.DrawFn, D: int) -> str:
    """A candidate's stdout: mostly JSON objects with weights or a trace of vectors of about
    D items, each a JSON number, a "p/q" string, or something else; written by hand, so the
    numbers keep the exact text (1e308, -0, 10k digits) that the reader must honour."""

    def number() -> str:
        which = draw(st.integers(0, 9))
        if which < 4:
            q = draw(st.fractions(max_denominator=9))
            return f'"{digits(q.numerator)}/{digits(q.denominator)}"'
        if which < 6:
            return str(draw(st.integers(-(10**30), 10**30)))
        if which < 8:
            return str(draw(st.sampled_from(JSON_NUMBERS)))
        return str(draw(st.sampled_from(JSON_STRINGS + OTHERS)))

    def vector() -> str:
        size = D if draw(st.integers(0, 4)) else draw(st.integers(0, D + 1))
        return "[" + ", ".join(number() for _ in range(size)) + "]"

    key = draw(st.sampled_from(("weights", "weights", "trace", "both", "neither")))
    members = []
    if key in ("weights", "both"):
        members.append(f'"weights": {vector()}')
    if key in ("trace", "both"):
        members.append(
            '"trace": [' + ", ".join(vector() for _ in range(draw(st.integers(0, 3)))) + "]"
        )
    if draw(st.integers(0, 4)) == 0:
        members.append('"note": "extra keys are allowed"')
    if draw(st.integers(0, 3)) == 0:
        members.append(f'"numbers": "{draw(st.sampled_from(("exact", "double")))}"')
    text = "{" + ", ".join(members) + "}"
    spacing = draw(st.sampled_from(("", "\n", " \r\n", "\n\n")))
    return text + spacing


def schema_valid(text: str) -> bool:
    """Does the output schema accept the text (strict JSON: no NaN or Infinity)?"""

    def refuse(name: str) -> Any:
        raise ValueError(name)

    try:
        return bool(OUTPUT.is_valid(json.loads(text, parse_constant=refuse)))
    except (ValueError, RecursionError):
        return False


def vectors(text: str) -> list[list[str]]:
    """The output's vectors, each number as its text (JSON numbers as written, strings bare)."""
    answer = json.loads(text, parse_float=str, parse_int=str)
    found = [answer["weights"]] if "weights" in answer else answer["trace"]
    return [[v for v in vector] for vector in found]


def within_limits(token: str) -> bool:
    """Within numbers.MAX_DIGITS and MAX_EXPONENT (the schema cannot say these)."""
    _, _, exponent = token.lower().partition("e")
    return len(token) <= MAX_DIGITS and (not exponent or abs(int(exponent)) <= MAX_EXPONENT)


def worth(token: str, exact: bool) -> Fraction | None:
    """What a number of the output is worth (None: refused): a JSON number with a decimal
    point or an exponent is the double it denotes (past float64's range: refused), unless the
    program declared "numbers": "exact"; integers and "p/q" strings are exact."""
    if not exact and any(c in token for c in ".eE"):
        value = float(token)
        return Fraction(value) if abs(value) != float("inf") else None
    return oracle(token) if within_limits(token) else None


def check_output(stdout: bytes, D: int, bias: bool) -> None:
    """The outcome of a cmd: candidate that printed ``stdout`` and exited with status 0."""
    data = data_set(D - bias)
    ran = Execution(tuple(stdout.split(b"\n")[:-1]), stdout.split(b"\n")[-1], "", 0, False, False)
    outcome = from_command(ran, data, bias)
    assert isinstance(outcome, Returned | Failure)
    text = stdout.decode("utf-8", "replace")
    if not schema_valid(text) or any(len(v) != D for v in vectors(text)):
        assert isinstance(outcome, Failure) and outcome.kind == "unparsable", outcome
        assert len(str(outcome).splitlines()) == 1 and len(str(outcome)) < 300
        return
    exact = json.loads(text).get("numbers") == "exact"
    numbers = [v for vector in vectors(text) for v in vector]
    if not all(worth(v, exact) is not None for v in numbers):
        assert isinstance(outcome, Failure) and outcome.kind == "unparsable", outcome
        return
    assert isinstance(outcome, Returned), outcome
    expected = [tuple(worth(v, exact) for v in vector) for vector in vectors(text)]
    assert outcome.weights == expected[-1]
    assert outcome.trace == (tuple(expected) if "trace" in json.loads(text) else None)


@given(st.integers(1, 3), st.booleans(), st.data())
def test_cmd_output_is_read_as_the_schema_says_or_is_unparsable(
    d: int, bias: bool, data: st.DataObject
) -> None:
    text = data.draw(outputs(d + bias))
    check_output(text.encode("utf-8"), d + bias, bias)


@pytest.mark.parametrize(
    "stdout",
    [
        b'{"weights": [1e308, -0, "1/2"]}',
        b'{"weights": [1e308, -0, 0.1]}\n',
        ('{"weights": [' + ", ".join([BIG, TEN_K, f'"{BIG}/7"']) + "]}").encode(),
        b'{"weights": [1e10001, 1, 1]}',
        b'{"weights": [NaN, 1, 1]}',
        b'{"weights": [Infinity, 1, 1]}',
        b'{"weights": ["1/0", 1, 1]}',
        b'{"weights": ["0.5", 1, 1]}',
        b'{"weights": [true, 1, 1]}',
        b'{"weights": [[1, 2], 3]}',
        b'{"weights": [[1, 2, 3]]}',
        b'{"trace": []}',
        b'{"trace": [[1, 2, 3], [1, 2]]}',
        b'{"weights": [1, 2, 3], "trace": [[1, 2, 3]]}',
        b"\xef\xbb\xbf" + b'{"weights": [1, 2, 3]}',
        b'{"weights": [1, 2, 3]}\r\n',
        b'{"weights": [1, 2, \xff]}',
        b'{"weights": [1, 2, "\x00"]}',
        b'{"weights": [1, 2, 3]} {"weights": [1, 2, 3]}',
        b"[" * 100_000,
        b'{"weights": ' + b"[" * 50_000 + b"]" * 50_000 + b"}",
        b"",
        b"\x00",
        b"null",
    ],
)
def test_named_candidate_outputs(stdout: bytes) -> None:
    check_output(stdout, 3, False)


@given(st.binary(max_size=80), st.integers(1, 3), st.booleans())
def test_any_bytes_from_a_candidate_end_in_an_outcome(stdout: bytes, D: int, bias: bool) -> None:
    check_output(stdout, max(D, 1 + bias), bias)


@given(
    st.lists(st.one_of(st.binary(max_size=40), st.sampled_from((
        b'{"result": ["1/2", "3"]}', b'{"result": [["1", "2"], ["3", "4"]]}', b'{"error": "E"}',
        b'{"error": "MemoryError", "memory": true}', b'{"load_error": "ImportError: x"}',
        b'{"result": "nan"}', b'{"result": [0.1, 1]}', b"[" * 5000, b'{"result": null}',
    ))), max_size=4),
    st.integers(1, 4),
)  # fmt: skip
def test_any_worker_lines_give_one_outcome_per_data_set(lines: list[bytes], n: int) -> None:
    datasets = [data_set(2)] * n
    ran = Execution(tuple(lines), b"", "", None if len(lines) < n else 0, len(lines) < n, False)
    outcomes = from_worker(ran, datasets, False)
    assert len(outcomes) == n and all(isinstance(o, Returned | Failure) for o in outcomes)
    for line, o in zip(lines, outcomes, strict=False):
        if isinstance(o, Returned):  # what a line returns is exactly its "p/q" strings
            result = json.loads(line)["result"]
            flat = result if not isinstance(result[0], list) else result[-1]
            assert o.weights == tuple(Fraction(v) for v in flat)


@given(
    st.lists(
        st.lists(st.fractions() | HUGE.map(Fraction), min_size=2, max_size=2),
        min_size=1, max_size=4,
    ),
    st.booleans(),
    st.one_of(st.integers(1, 5), st.just("converge")),
)  # fmt: skip
def test_what_a_candidate_reads_fits_the_input_schema_and_reads_back_exactly(
    X: list[list[Fraction]], bias: bool, epochs: int | str
) -> None:
    y: tuple[Label, ...] = tuple(1 if i % 2 else -1 for i in range(len(X)))
    request = _dataset_json((tuple(tuple(x) for x in X), y)) | {"bias": bias, "epochs": epochs}
    text = json.dumps(request)
    assert INPUT.is_valid(json.loads(text))
    back = json.loads(text)
    assert [[Fraction(Decimal(v.split("/")[0])) / Fraction(Decimal((v + "/1").split("/")[1]))
             for v in row] for row in back["X"]] == X  # fmt: skip
    assert back["y"] == list(y)


@pytest.mark.parametrize(
    ("stdout", "verdict"),
    [
        ("""b'{"weights": [1e308, "-1/3"]}\\n'""", "returned"),
        (r"b'\xef\xbb\xbf{}'", "unparsable"),
        ("b'[' * 200_000", "unparsable"),
        ("""b'{"weights": [NaN, 1]}'""", "unparsable"),
        (r"b'\xff\xfe\x00garbage'", "unparsable"),
    ],
)
def test_a_real_cmd_candidate_printing_hostile_output(stdout: str, verdict: str) -> None:
    """Through the sandbox: a process that prints the bytes (a Python expression) and exits 0."""
    program = f"import sys; sys.stdout.buffer.write({stdout})"
    ran = execute([sys.executable, "-c", program], b"{}", timeout=30)
    outcome = from_command(ran, data_set(2), False)
    if verdict == "returned":
        assert outcome == Returned((Fraction(1e308), Fraction(-1, 3)))  # 1e308: the double
    else:
        assert isinstance(outcome, Failure) and outcome.kind == verdict


def _worker_arguments(request: dict[str, Any], kind: str = "numpy") -> tuple[Any, Any]:
    """What the worker hands a candidate taking ``kind`` for one data set of ``request`` (its JSON
    read back, as the worker reads its line)."""
    from perceptron_ref.crosscheck.candidates import worker

    line = json.loads(json.dumps(request, default=_number))
    return worker.arguments(line, kind)


@given(
    st.integers(1, 40),
    st.integers(1, 30),
    st.sampled_from(
        [(0, 255), (-128, 127), (-(2**15), 2**15 - 1), (-(2**40), 2**40), (-(2**62), 2**62)]
    ),
    st.integers(0, 2**32 - 1),
)
def test_a_large_integer_data_set_sent_as_bytes_is_the_array_its_numbers_made(
    n: int, d: int, bounds: tuple[int, int], seed: int
) -> None:
    import numpy as np

    rng = np.random.default_rng(seed)
    n *= -(-packed.SMALLEST // (40 * d))  # at least SMALLEST numbers when n = 40
    X = rng.integers(bounds[0], bounds[1], size=(n, d), endpoint=True)
    y: tuple[Label, ...] = tuple(1 if v > 0 else -1 for v in rng.choice([-1, 1], size=n))
    data: Data = (tuple(map(tuple, X.tolist())), y)
    numbers = _numbers_json(data)
    assert packed.keep(data, X) is data
    sent = _array_json(data)
    if X.size < packed.SMALLEST:  # too small to be worth it: its numbers, as before
        assert sent == numbers and packed.array(data) is None
        return
    assert isinstance(sent["X"], dict) and sent["X"]["shape"] == [n, d]
    widest = {255: 1, 127: 1, 2**15 - 1: 2, 2**40: 8, 2**62: 8}[bounds[1]]
    assert np.dtype(sent["X"]["dtype"]).itemsize <= widest  # narrow: pixels go as bytes
    (A, a), (B, b) = _worker_arguments(sent), _worker_arguments(numbers)
    assert A.dtype == B.dtype == np.float64 and A.shape == B.shape == (n, d)
    assert np.array_equal(A, B) and A.flags.writeable and A.flags.c_contiguous
    assert np.array_equal(a, b) and a.dtype == b.dtype
    # a plain-lists candidate is given the same rows of Python ints either way
    (L, ly), (M, my) = _worker_arguments(sent, "lists"), _worker_arguments(numbers, "lists")
    assert L == M == X.tolist() and ly == my
    assert {type(v) for row in L for v in row} == {int}
    assert packed.array((data[0], y)) is None  # kept for that object only: equal is not it


def test_a_data_set_is_written_once_a_process_as_the_json_it_is_sent_as() -> None:
    import numpy as np

    X = np.arange(packed.SMALLEST, dtype=np.int64).reshape(-1, 10) % 251 - 125
    rows = tuple(tuple(Fraction(v) for v in x) for x in X.tolist())
    data: Data = (rows, tuple(1 if i % 3 else -1 for i in range(len(rows))))
    text = encoded(data)
    assert json.loads(text) == json.loads(json.dumps(_numbers_json(data), default=_number))
    assert encoded(data) is text  # written once
    twin: Data = (tuple(map(tuple, rows)), data[1])  # equal, not the same object
    assert encoded(twin) is not text and encoded(twin) == text
    packed.keep(data, X)  # its array kept since: sent as its bytes, not the old text
    assert json.loads(encoded(data))["X"] == packed.to_json(data) != json.loads(text)["X"]


def test_the_realistic_data_sets_keep_their_arrays_and_the_cache_checks_their_shape() -> None:
    import numpy as np

    from perceptron_ref.crosscheck.data import realistic
    from perceptron_ref.crosscheck.data.datasets import Case, Needs
    from perceptron_ref.crosscheck.judge import cache

    needs = Needs(False, False, True, True, None, "tie-positive", False)
    data = realistic.large(np.random.default_rng(0), needs, 0)  # pixels, 5000 × 784
    X = packed.array(data)
    assert X is not None and X.dtype == np.uint8 and X.shape == (5000, 784)
    assert X.tolist() == [list(x) for x in data[0]]
    cases = (Case("realistic", data),)
    assert cache._well_formed(cache.Entry(cases, (), ((0, X),)))
    for wrong in (X[:-1], X.astype(np.float64), X.reshape(784, 5000)):
        assert not cache._well_formed(cache.Entry(cases, (), ((0, wrong),)))
    assert not cache._well_formed(cache.Entry(cases, (), ((1, X),)))
