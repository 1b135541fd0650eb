"""Language-neutral test vectors, in the style of Project Wycheproof (issue 5).

One JSON file per algorithm of :data:`perceptron_ref.registry.ALGORITHMS`, named by its
ID (``perceptron/blum`` → ``perceptron/blum.json``), validated by ``spec/vectors/schema.json``.
Tests sharing options (bias, eta, epochs, max_epochs) form a test group; each test has an
id ``tcId``, a ``comment``, ``flags`` (explained in the file's ``notes``), the inputs X and
y, the expected ``result`` (the totals of the CLI's JSON trace, plus ``cycle``) and the
expected ``steps``.  Every rational is a string as ``str(Fraction)`` prints it: ``"-3/4"``,
``"2"`` (denominator positive, fraction reduced).  ``source`` cites the lecture note (its
author and section, never a file name of ours).  The flag ``FloatInexact`` marks every test
that float64 cannot reproduce exactly (:func:`float_inexact`).

:func:`write_kit` writes, beside the files, what makes them self-contained: ``schema.json``
and two independent checkers of the six additive perceptrons, ``check.py`` (Python's
standard library only) and ``check.mjs`` (node), from the package's ``vectorkit/`` folder.

The cases are chosen by hand (:data:`CASES`): the notes' worked examples, zero scores
where the three rules part, the bias, eta ≠ 1, non-separable data that cycle, a capped
run, numbers beyond 64 bits, runs of many epochs.  A case an algorithm rejects (Winnow
takes 0/1 features; a batch algorithm takes no epochs) is left out of that algorithm's
file.  No randomness: the files are a function of the code, byte for byte.

>>> files = generate(["perceptron/gormley-online"])
>>> sorted(files)
['perceptron/gormley-online.json']
>>> doc = json.loads(files["perceptron/gormley-online.json"])
>>> test = doc["testGroups"][0]["tests"][0]
>>> test["comment"], test["result"]["weights"], test["result"]["mistakes"]
('Gormley slide 15: the worked example', ['3', '1'], 3)
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

from perceptron_ref import __version__, registry, report
from perceptron_ref.algorithm import BatchAlgorithm
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import to_fraction, to_label
from perceptron_ref.runner import Epochs, run
from perceptron_ref.vectors import Label, Vector

SCHEMA = "schema.json"
KIT = Path(__file__).with_name("vectorkit")
"""schema.json and the checkers, written beside the files by :func:`write_kit`."""


class Case(NamedTuple):
    """A data set and the options to run it with; ``flags`` are those not read off the run."""

    comment: str
    X: tuple[Vector, ...]
    y: tuple[Label, ...]
    bias: bool
    eta: Fraction
    epochs: Epochs
    max_epochs: int | None
    flags: frozenset[str]


def case(
    comment: str,
    X: Sequence[Sequence[int | str]],
    y: Sequence[int],
    *,
    bias: bool = False,
    eta: str = "1",
    epochs: Epochs = 1,
    max_epochs: int | None = None,
    flags: Iterable[str] = (),
) -> Case:
    rows = tuple(tuple(to_fraction(v) for v in x) for x in X)
    labels: tuple[Label, ...] = tuple(1 if to_label(v) == 1 else -1 for v in y)
    return Case(comment, rows, labels, bias, to_fraction(eta), epochs, max_epochs, frozenset(flags))


Data = tuple[Sequence[Sequence[int | str]], Sequence[int]]
GORMLEY: Data = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)], [-1, 1, 1, -1, -1, 1]
XOR: Data = [(-1, -1), (1, 1), (-1, 1), (1, -1)], [-1, -1, 1, 1]
XOR01: Data = [(0, 0), (1, 1), (0, 1), (1, 0)], [-1, -1, 1, 1]
LINE: Data = [(3,), (1,), ("5/2",), ("-3/2",), (0,)], [1, -1, 1, -1, -1]  # with a bias: x > 2
BIG = 2**64
CASES: tuple[Case, ...] = (
    case("Gormley slide 15: the worked example", *GORMLEY, flags=["WorkedExample"]),
    case(
        "Gormley slide 15 again, until a clean pass",
        *GORMLEY,
        epochs="converge",
        flags=["WorkedExample"],
    ),
    case(
        "Blum's example: (0,1) -, (1,1) +, (1,0) +",
        [(0, 1), (1, 1), (1, 0)],
        [-1, 1, 1],
        flags=["WorkedExample"],
    ),
    case(
        "Press §4: XOR is not linearly separable, so w repeats",
        *XOR,
        epochs="converge",
        flags=["WorkedExample", "NonSeparable"],
    ),
    case("A zero score on a positive example: the rules part", [(1, 0)], [1], epochs="converge"),
    case("A zero score on a negative example: the rules part", [(1, 0)], [-1], epochs="converge"),
    case(
        "Zero scores after updates, not only at w = 0",
        [(1, 0), (0, 1), (1, 1)],
        [-1, 1, 1],
        epochs="converge",
    ),
    case(
        "Blum's lower bound: coordinate vectors, every score 0",
        [(1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1)],
        [1, -1, 1, -1],
    ),
    case(
        "The monotone disjunction x1 or x3 over 4 boolean features",
        [(0, 1, 0, 1), (1, 0, 0, 0), (0, 0, 0, 1), (0, 1, 1, 0), (1, 1, 1, 1)],
        [-1, 1, -1, 1, 1],
        epochs="converge",
    ),
    case(
        "x = 0 labelled +1: its score is always 0",
        [(0, 0), (1, 1)],
        [1, 1],
        epochs="converge",
        flags=["NonSeparable"],
    ),
    case("The bias: a threshold x > 2 on the line", *LINE, bias=True, epochs="converge"),
    case("The bias with eta = 5/2", *LINE, bias=True, eta="5/2", epochs="converge"),
    case(
        "The bias: a threshold at 5/2 among 0..5 takes several passes",
        [(0,), (1,), (2,), (3,), (4,), (5,)],
        [-1, -1, -1, 1, 1, 1],
        bias=True,
        epochs="converge",
    ),
    case(
        "The bias on exact decimals and fractions, -1.3 = -13/10 included",
        [("1/2", "1/3"), ("-0.25", "2"), ("1.5", "-1.3"), ("0", "0.1"), ("2", "1/7")],
        [-1, -1, 1, -1, 1],
        bias=True,
        epochs="converge",
    ),
    case("Gormley slide 15 with eta = 1/3", *GORMLEY, eta="1/3", epochs="converge"),
    case("Three passes over data that one pass separates", *GORMLEY, epochs=3),
    case("Two passes over XOR", *XOR, epochs=2, flags=["NonSeparable"]),
    case(
        "XOR on 0/1 features with the bias: still not separable",
        *XOR01,
        bias=True,
        epochs="converge",
        flags=["NonSeparable"],
    ),
    case(
        "The threshold at 5/2, capped at 3 passes",
        [(0,), (1,), (2,), (3,), (4,), (5,)],
        [-1, -1, -1, 1, 1, 1],
        bias=True,
        epochs="converge",
        max_epochs=3,
    ),
    case(
        "One point with both labels",
        [(1, 2), (1, 2)],
        [1, -1],
        epochs="converge",
        flags=["NonSeparable"],
    ),
    case(
        "Numerators and denominators beyond 64 bits",
        [(BIG + 1, -(3**41)), (f"1/{BIG + 13}", 2), (-2 * BIG, f"-{5**30}/3"), (f"{BIG}/7", 1)],
        [1, 1, -1, 1],
        epochs="converge",
    ),
)

NOTES: dict[str, tuple[str, str]] = {
    "WorkedExample": ("BASIC", "A worked example of the lecture notes, as the notes run it."),
    "ZeroScore": (
        "EDGE_CASE",
        "Some step has a score of exactly 0.  For a perceptron that is w·x = 0, where the "
        "algorithm's zero-score rule (zeroScore: tie-positive, tie-negative or tie-mistake) "
        "decides the prediction and the update.",
    ),
    "ZeroVector": ("EDGE_CASE", "An example is x = 0: its score is 0 whatever w is."),
    "Bias": (
        "FUNCTIONALITY",
        "bias = true: a constant 1 is prepended to every x, so the bias is the FIRST weight.",
    ),
    "StepSize": ("FUNCTIONALITY", "eta ≠ 1: every update adds eta·y·x (the notes use eta = 1)."),
    "NonSeparable": (
        "EDGE_CASE",
        "No w has y·w·x > 0 on every example (with the bias coordinate when bias = true).",
    ),
    "Cycle": (
        "EDGE_CASE",
        "w repeats at an epoch boundary (result.cycle = [e1, e2], epoch 0 being the initial w): "
        "the run would cycle for ever, and stops with status 'cycled'.",
    ),
    "MaxEpochs": ("EDGE_CASE", "The run stops at maxEpochs passes with status 'max_epochs'."),
    "MultiEpoch": ("FUNCTIONALITY", "The run makes more than one pass over the data."),
    "LargeNumbers": (
        "EDGE_CASE",
        "Some input has a numerator or denominator of 2^64 or more: 64-bit integers overflow "
        "and float64 rounds.",
    ),
    "Fractions": ("FUNCTIONALITY", "Inputs that are not integers (exact decimals, p/q)."),
    "FloatInexact": (
        "EDGE_CASE",
        "float64 cannot reproduce this test exactly: some input, eta, score or weight is not a "
        "binary64 number (1/10, 1/3, more than 53 significant bits), or a product or a sum "
        "inside a dot product w·x or an update eta·y·x is not (in some order of summation).  "
        "A test without this flag runs exactly in float64, in any order of summation.",
    ),
}
"""Each flag: (a Wycheproof bug type, what it means)."""

HEADER = [
    "Test vectors of perceptron-ref, the exact reference implementation of the perceptron "
    "family; generated by `perceptron-ref vectors OUTDIR`.",
    "Every rational is a string p/q as Python's str(Fraction) prints it (q > 0, reduced; "
    "integers without /q).  Labels are the integers -1 and 1.",
    "A test runs the algorithm on X (rows) with labels y and the group's options: bias "
    "(prepend a constant 1), eta (step), epochs (passes of an online algorithm, or "
    "'converge': until a pass makes no mistake; null for a batch algorithm, which runs its "
    "own loop until a clean pass), maxEpochs (a cap on converging runs, or null).",
    "A converging run ends with status 'converged' (a clean pass), 'cycled' (w repeats at "
    "the end of a pass: result.cycle = [e1, e2]) or 'max_epochs' (maxEpochs passes made).",
    "'result' holds the totals of `perceptron-ref run --format json` plus cycle; 'steps' "
    "holds its steps, one per example seen: epoch (1-based), index (0-based), score w·x "
    "before the step, prediction, label, mistake, weights after the step.",
]


def citation(note: str) -> str:
    """The note's citation without our file name of it.

    >>> citation("000_2ec3d2529ec9cb91.txt (Blum, Lecture 4)")
    'Blum, Lecture 4'
    """
    return re.sub(r"^\S+\.txt \((.*)\)$", r"\1", note)


def _q(values: Iterable[Fraction]) -> list[str]:
    return [str(v) for v in values]


def _large(case: Case) -> bool:
    return any(
        max(abs(v.numerator), v.denominator) >= 2**64 for x in case.X for v in (*x, case.eta)
    )


def binary64(q: Fraction) -> bool:
    """Is q a float64 number (exactly)?

    >>> binary64(Fraction(3, 4)), binary64(Fraction(1, 10)), binary64(Fraction(2**53 + 1))
    (True, False, False)
    """
    try:
        return Fraction(float(q)) == q
    except OverflowError:
        return False


def _sum_exact(terms: Sequence[Fraction]) -> bool:
    """Is every sum of these float64 numbers exact in float64, in any order?  Yes when all are
    multiples of one power of two 2^e and their absolute values add up below 2^53 · 2^e.

    >>> _sum_exact([Fraction(1, 2), Fraction(1, 4), Fraction(-3, 4)])
    True
    >>> _sum_exact([Fraction(2**60), Fraction(1), Fraction(-(2**60))])  # 2^60 + 1 rounds
    False
    """
    if not all(binary64(t) for t in terms):
        return False
    nonzero = [t for t in terms if t]
    if not nonzero:
        return True
    # A binary64 number is m/2^k or m·2^k: its denominator is a power of two.
    unit = min(Fraction(t.numerator & -t.numerator, t.denominator) for t in nonzero)
    return sum(abs(t) for t in nonzero) / unit < 2**53


def float_inexact(case: Case, doc: dict[str, Any]) -> bool:
    """Can float64 not reproduce this test exactly?  Every input, eta, score and weight must be
    binary64; where a step's score is w·x (w of x's dimension), each product w_j·x_j and each
    sum of them, in any order, and each update term eta·y·x_j too."""
    rows = [(Fraction(1), *x) if case.bias else x for x in case.X]
    numbers = [v for x in rows for v in x] + [case.eta]
    numbers += [Fraction(v) for s in doc["steps"] for v in (s["score"], *s["weights"])]
    if not all(binary64(v) for v in numbers):
        return True
    w = [Fraction(0)] * len(rows[0])
    for step in doc["steps"]:
        x = rows[step["index"]]
        if len(w) == len(x):
            if not _sum_exact([a * b for a, b in zip(w, x, strict=True)]):
                return True
            if step["mistake"] and not all(binary64(case.eta * v) for v in x):
                return True
        w = [Fraction(v) for v in step["weights"]]
    return False


def _flags(case: Case, doc: dict[str, Any]) -> list[str]:
    """The case's declared flags and those its inputs and expected trace show, in NOTES order."""
    steps = doc["steps"]
    shown = {
        "ZeroScore": any(s["score"] == "0" for s in steps),
        "ZeroVector": any(all(v == 0 for v in x) for x in case.X),
        "Bias": case.bias,
        "StepSize": case.eta != 1,
        "Cycle": doc["status"] == "cycled",
        "MaxEpochs": doc["status"] == "max_epochs",
        "MultiEpoch": doc["epochs"] > 1,
        "LargeNumbers": _large(case),
        "Fractions": any(v.denominator != 1 for x in case.X for v in x),
        "FloatInexact": float_inexact(case, doc),
    }
    return [f for f in NOTES if f in case.flags or shown.get(f, False)]


def _test(case: Case, algorithm: str, epochs: Epochs) -> dict[str, Any] | None:
    """One test of ``algorithm`` on ``case``, or None when the algorithm rejects the case."""
    try:
        trace = run(
            algorithm,
            case.X,
            case.y,
            bias=case.bias,
            eta=case.eta,
            epochs=epochs,
            max_epochs=case.max_epochs,
        )
    except InputError:
        return None
    doc = report.trace_to_json(trace)
    result = {k: v for k, v in doc.items() if k not in ("algorithm", "bias", "eta", "steps")}
    result["cycle"] = None if trace.cycle is None else list(trace.cycle)
    return {
        "tcId": 0,  # numbered once the groups are known
        "comment": case.comment,
        "flags": _flags(case, doc),
        "X": [_q(x) for x in case.X],
        "y": list(case.y),
        "result": result,
        "steps": doc["steps"],
    }


def vectors(algorithm: str) -> dict[str, Any]:
    """The test-vector document of one algorithm (see the module docstring)."""
    algo = registry.get(algorithm)
    batch = isinstance(algo, BatchAlgorithm)
    groups: dict[tuple[bool, str, Epochs | None, int | None], list[dict[str, Any]]] = {}
    done: set[tuple[object, ...]] = set()
    for case in CASES:
        # A batch algorithm runs its own loop: the case's epochs do not apply, and cases
        # that differ only in epochs are one test.
        epochs: Epochs | None = None if batch else case.epochs
        key = (case.X, case.y, case.bias, case.eta, epochs, case.max_epochs)
        if key in done:
            continue
        done.add(key)
        test = _test(case, algorithm, 1 if epochs is None else epochs)
        if test is not None:
            groups.setdefault((case.bias, str(case.eta), epochs, case.max_epochs), []).append(test)
    tests = [t for group in groups.values() for t in group]
    for number, test in enumerate(tests, 1):
        test["tcId"] = number
    used = {f for t in tests for f in t["flags"]}
    return {
        "algorithm": algorithm,
        "schema": SCHEMA,
        "generatorVersion": __version__,
        "numberOfTests": len(tests),
        "kind": algo.kind,
        "zeroScore": algo.zero_score,
        "source": citation(algo.note),
        "spec": f"spec/algorithms/{algorithm}.md",
        "header": HEADER,
        "notes": {f: {"bugType": b, "description": d} for f, (b, d) in NOTES.items() if f in used},
        "testGroups": [
            {
                "type": "RunTest",
                "bias": bias,
                "eta": eta,
                "epochs": epochs,
                "maxEpochs": max_epochs,
                "tests": group,
            }
            for (bias, eta, epochs, max_epochs), group in groups.items()
        ],
    }


WIDTH = 100


def _has_dict(value: Any) -> bool:
    items = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return any(isinstance(v, dict) or _has_dict(v) for v in items)


def to_text(value: Any, indent: int = 0, lead: int = 0) -> str:
    """JSON with 2-space indents: an object holding no object (a step, a result) on one line,
    a list on one line when it fits in WIDTH columns (``lead``: the characters before it on
    its line, past the indent), else one item a line.

    >>> print(to_text({"a": [1, 2], "b": ["x" * 45, "y" * 45], "c": {"d": [1], "e": None}}))
    {
      "a": [1, 2],
      "b": [
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
      ],
      "c": {"d": [1], "e": null}
    }
    """
    flat = json.dumps(value, ensure_ascii=False)
    if (
        not isinstance(value, dict | list)
        or not value
        or (
            not _has_dict(value) and (isinstance(value, dict) or indent + lead + len(flat) <= WIDTH)
        )
    ):
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        keys = [json.dumps(k, ensure_ascii=False) + ": " for k in value]
        items = [
            pad + k + to_text(v, indent + 2, len(k))
            for k, v in zip(keys, value.values(), strict=True)
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + to_text(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def generate(algorithms: Sequence[str] | None = None) -> dict[str, str]:
    """Relative file name → file text, for the given algorithms (default: every one)."""
    ids = sorted(registry.ALGORITHMS) if algorithms is None else list(algorithms)
    return {f"{a}.json": to_text(vectors(a)) + "\n" for a in ids}


def write(outdir: str | Path, algorithms: Sequence[str] | None = None) -> list[Path]:
    """Write the files under ``outdir`` (folders as the IDs name them); return their paths."""
    written = []
    for name, text in generate(algorithms).items():
        path = Path(outdir) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


def write_kit(outdir: str | Path) -> list[Path]:
    """Write schema.json and the checkers into ``outdir``; return their paths."""
    Path(outdir).mkdir(parents=True, exist_ok=True)
    return [
        Path(shutil.copyfile(KIT / name, Path(outdir, name)))
        for name in ("schema.json", "check.py", "check.mjs")
    ]
