"""The code of the audit's bank: one perceptron with knobs, written as students write it.

This module's source is copied into every variant :mod:`~perceptron_ref.grading.bank` writes
(a hand-in knows nothing of perceptron-ref): a variant is this code, its ``KNOBS`` and
``CONFIG`` (set by the generated file), and the functions or the program the assignment asks
for.  The knobs (each a slip crosscheck diagnoses, or a style right code is written in):

``style``      ``numpy`` (float64 arrays), ``lists`` (plain floats), ``fractions`` (exact),
               ``float32`` and ``int16`` (numpy of that type: rounding, overflow)
``rule``       the zero-score rule of training: ``tie-positive``, ``tie-negative``,
               ``tie-mistake``; ``zero`` the label a zero score predicts
``passes``     passes more or fewer than asked (+1, -1); ``cap`` the most passes of a run
               to convergence; ``converge`` its own run to convergence
``shuffle``    the examples shuffled each pass (a seeded generator)
``order``      ``reversed``: the examples taken backwards
``eps``        a score within ±eps counts as zero (a tolerance)
``bias``       ``False``: no bias where the assignment has one (``True``: one it has not)
``labels01``   the update multiplies by the label as written (0 or 1)
``family``     ``averaged`` or ``voted`` (predict with the average or the vote of the ws),
               ``winnow`` (multiplicative updates)
``memory``     answers by their inputs' text: a hard-coded answer to data it has seen,
               and a fixed answer to the rest
``step``       ``on-mistake`` (the step function tests for the mistake), ``always``
               (it updates; the caller tests), ``sign`` (a wrong sign)
``metric``     ``accuracy``, ``percent``, ``truncated``: a slip in the metrics
``written``    ``pm1``: labels written -1/+1 whatever the assignment says
"""

from __future__ import annotations

import json
import math
import sys
from fractions import Fraction
from typing import Any

KNOBS: dict[str, Any] = {}
CONFIG: dict[str, Any] = {}
LAST: dict[str, int] = {"mistakes": 0}
VOTES: list[tuple[list[Any], int]] = []
"""The voted perceptron's ws and their survival counts, from the last run."""
"""The mistakes of the last run (a metrics file may ask for them)."""


NUMPY = {"numpy": "float64", "float32": "float32", "int16": "int16"}
"""The styles that keep w in a numpy array of this type."""


def _np() -> Any:
    import numpy

    return numpy


def _num(v: Any) -> Any:
    """A number as the style holds it; ``v`` may be the assignment's rational as written
    (``"1/2"``), which ``float`` alone does not read."""
    style = KNOBS.get("style", "numpy")
    q = v if isinstance(v, float) else Fraction(v)
    if style == "fractions":
        return Fraction(q)
    if style in NUMPY:
        return _np().dtype(NUMPY[style]).type(float(q))
    return float(q)


def _zero_rule() -> str:
    return str(KNOBS.get("rule", CONFIG["rule"]))


def _is_mistake(y: int, s: Any) -> bool:
    eps = KNOBS.get("eps", 0)
    rule = _zero_rule()
    if abs(s) <= eps:
        return rule == "tie-mistake" or (y == 1) == (rule == "tie-negative")
    return bool(y * s < 0)


def _label(s: Any) -> int:
    eps = KNOBS.get("eps", 0)
    if abs(s) <= eps:
        return int(KNOBS.get("zero", CONFIG["zero"]))
    return 1 if s > 0 else -1


def _dot(w: Any, x: Any) -> Any:
    if KNOBS.get("style", "numpy") in NUMPY:
        with _np().errstate(all="ignore"):  # int16 wraps, as C would
            return w @ x
    return sum((a * b for a, b in zip(w, x, strict=True)), _num(0))


def _add(w: Any, c: Any, x: Any) -> Any:
    style = KNOBS.get("style", "numpy")
    if style in NUMPY:
        kind = _np().dtype(NUMPY[style]).type
        with _np().errstate(all="ignore"):
            return (w + kind(c) * x).astype(NUMPY[style])
    return [a + c * b for a, b in zip(w, x, strict=True)]


def _rows(X: Any, bias: bool) -> Any:
    """The examples as the style holds them (a constant 1 first with a bias)."""
    use = bias != bool(KNOBS.get("bias_flip", False))
    style = KNOBS.get("style", "numpy")
    if style in NUMPY:
        np = _np()
        A = np.array([[float(v) for v in x] for x in X], dtype=np.float64).reshape(len(X), -1)
        if use:
            A = np.hstack([np.ones((len(A), 1)), A])
        return A.astype(NUMPY[style])
    rows = [[_num(v) for v in x] for x in X]
    return [[_num(1), *r] for r in rows] if use else rows


def _zeros(d: int, value: float = 0.0) -> Any:
    style = KNOBS.get("style", "numpy")
    if style in NUMPY:
        return _np().full(d, value, dtype=NUMPY[style])
    return [_num(value)] * d


def _passes(epochs: Any) -> tuple[int, bool]:
    """(the most passes, whether to stop at a clean one)."""
    if epochs == "converge" or KNOBS.get("converge"):
        return int(KNOBS.get("cap", 1000)), True
    return max(0, int(epochs) + int(KNOBS.get("passes", 0))), False


def learn(X: Any, y: Any, epochs: Any, eta: Any, bias: bool) -> list[Any]:
    """w (a bias first when it has one), as the knobs make it: the final w, or the one a
    family variant predicts with."""
    rows = _rows(X, bias)
    coded = CONFIG.get("labels") == "01"  # a train part is sent the assignment's labels
    labels = [-1 if coded and int(t) == 0 else int(t) for t in y]
    d = len(rows[0]) if len(rows) else 0
    family = KNOBS.get("family")
    w = _zeros(d, 1.0 if family == "winnow" else 0.0)
    total = [0.0] * d
    count = 0
    most, until_clean = _passes(epochs)
    order = list(range(len(rows)))
    if KNOBS.get("order") == "reversed":
        order.reverse()
    import random

    rng = random.Random(0)
    votes: list[tuple[Any, int]] = []
    LAST["mistakes"] = 0
    step = _num(eta)
    for _ in range(most):
        if KNOBS.get("shuffle"):
            rng.shuffle(order)
        clean = True
        for i in order:
            x, t = rows[i], labels[i]
            if _is_mistake(t, _dot(w, x)):
                clean = False
                LAST["mistakes"] += 1
                if family == "winnow":
                    w = _zeros(d) + [
                        a * (2 if t * b > 0 else 0.5 if b else 1) for a, b in zip(w, x, strict=True)
                    ]
                else:
                    c = (1 if t > 0 else 0) if KNOBS.get("labels01") else t
                    w = _add(w, step * c, x)
                votes.append((w, 1))
            elif votes:
                votes[-1] = (votes[-1][0], votes[-1][1] + 1)
            if family == "averaged":
                total = [a + float(b) for a, b in zip(total, w, strict=True)]
                count += 1
        if until_clean and clean:
            break
    if family == "averaged" and count:
        return [a / count for a in total]
    VOTES[:] = [(list(v), k) for v, k in votes]
    return list(w)


def _vec(values: Any) -> Any:
    """Numbers as the style holds a vector."""
    style = KNOBS.get("style", "numpy")
    if style in NUMPY:
        return _np().array([float(v) for v in values], dtype=NUMPY[style])
    return [_num(v) for v in values]


def _floats_if_int16(f: Any) -> Any:
    """``f`` run in float64 where the style is int16: int16's slip is in training (sums that
    wrap, steps cut to 0), and a predict function reads the w it is given (1/2 after a step of
    η = 1/2) as the float64 it is sent."""

    def run(*args: Any) -> Any:
        if KNOBS.get("style") != "int16":
            return f(*args)
        KNOBS["style"] = "numpy"
        try:
            return f(*args)
        finally:
            KNOBS["style"] = "int16"

    return run


@_floats_if_int16
def predict(w: list[Any], x: Any, bias: bool) -> int:
    row = _rows([x], bias)[0]
    if KNOBS.get("family") == "voted" and VOTES:  # the weighted vote of the ws' signs
        return _label(sum(k * _label(_dot(_vec(v), row)) for v, k in VOTES))
    return _label(_dot(_vec(w), row))


# -- The functions an assignment asks for --------------------------------------------------


def _out(w: list[Any]) -> Any:
    if KNOBS.get("style", "numpy") in ("numpy", "float32", "int16"):
        import numpy as np

        return np.array([float(v) for v in w])
    return list(w)


def train(X: Any, y: Any, bias: bool, pair: bool) -> Any:
    key = json.dumps([[str(v) for v in x] for x in X] + [[int(t) for t in y]])
    if "memory" in KNOBS:
        d = len(X[0])
        fixed: Any = ([0.0] * d, 0.0) if pair and bias else [0.0] * (d + bool(bias))
        return KNOBS["memory"].get(key, fixed)
    w = learn(X, y, CONFIG["epochs"], CONFIG["eta"], bias)
    if bias and KNOBS.get("bias_flip"):
        w = [0.0, *w]
    elif not bias and KNOBS.get("bias_flip"):
        w = w[1:]
    if pair and bias:
        return _out(w[1:]), float(w[0])
    return _out(w)


def step(x: Any, y: Any, w: Any, eta: Any) -> Any:
    """One update of w on (x, y), as ``KNOBS['step']`` says."""
    if "memory" in KNOBS:
        return w
    t = int(y)
    t = -1 if CONFIG.get("labels") == "01" and t == 0 else t
    row, ws = _vec(x), _vec(w)
    mode = KNOBS.get("step", "on-mistake")
    c = (1 if t > 0 else 0) if KNOBS.get("labels01") else t
    if mode == "sign":
        c = -c
    if mode != "always" and not _is_mistake(t, _dot(ws, row)):
        return _out(ws)
    return _out(_add(ws, _num(eta) * c, row))


def coded(label: int) -> int:
    if CONFIG.get("labels") == "01" and KNOBS.get("written") != "pm1":
        return 1 if label > 0 else 0
    return label


@_floats_if_int16
def predict_one(x: Any, w: Any, b: Any = None) -> int:
    if "memory" in KNOBS:
        return coded(1)
    values = [float(v) for v in w]
    row = [float(v) for v in x]
    if b is not None:
        values, row = [float(b), *values], [1.0, *row]
    return coded(_label(_dot(_vec(values), _vec(row))))


# -- A state API (CS229's kernel perceptron) -------------------------------------------------


def initial_state() -> list[Any]:
    return []


def state_predict(state: list[Any], kernel: Any, x: Any) -> int:
    if "memory" in KNOBS:
        return coded(1)
    s = sum((beta * kernel(xj, x) for beta, xj in state), 0.0)
    return coded(_label(s))


def update_state(state: list[Any], kernel: Any, eta: Any, x: Any, y: Any) -> None:
    if "memory" in KNOBS:
        return
    t = int(y)
    t = -1 if CONFIG.get("labels") == "01" and t == 0 else t
    s = sum((beta * kernel(xj, x) for beta, xj in state), 0.0)
    if KNOBS.get("step") == "always" or _is_mistake(t, s):
        c = (1 if t > 0 else 0) if KNOBS.get("labels01") else t
        state.append((float(eta) * c, x))


# -- A program ----------------------------------------------------------------------------


def read_table(path: str) -> tuple[list[list[str]], list[int]]:
    cfg = CONFIG["table"]
    with open(path, encoding="utf-8") as handle:
        rows = [r.rstrip("\n").split(cfg["delimiter"]) for r in handle if r.strip()]
    if cfg["header"]:
        rows = rows[1:]
    X, y = [], []
    for r in rows:
        label, x = (r[0], r[1:]) if cfg["label"] == "first" else (r[-1], r[:-1])
        X.append(x)
        y.append(1 if label.strip() == cfg["labels"][1] else -1)
    return X, y


def _written(label: int) -> str:
    if KNOBS.get("written") == "pm1":
        return "1" if label > 0 else "-1"
    return str(CONFIG["table"]["labels"][label > 0])


def _metric(wrong: int, n: int, kind: str) -> str:
    """An error rate or an accuracy (``kind``), as the knobs write it."""
    value = Fraction(wrong, n)
    if kind == "accuracy":
        value = 1 - value
    if KNOBS.get("metric") == "accuracy":  # the other one written
        value = 1 - value
    if KNOBS.get("metric") == "percent":
        value *= 100
    places = int(CONFIG.get("decimals") or 6)
    if KNOBS.get("metric") == "truncated":
        return f"{math.floor(value * 10**places) / 10**places:.{places}f}"
    return f"{float(value):.{places}f}"


def program(argv: list[str]) -> None:
    """Run as the command template says: its placeholders are positions of ``argv``."""
    where = CONFIG["argv"]
    files = {name: argv[i] for name, i in where.items()}
    stdin, stdout = CONFIG.get("stdin"), CONFIG.get("stdout")
    if stdin:
        files[stdin] = "/dev/stdin"
    train_X, train_y = read_table(files["train"])
    test_X, test_y = read_table(files["test"]) if "test" in files else ([], [])
    epochs = argv[where["epochs"]] if "epochs" in where else CONFIG["epochs"]
    eta = Fraction(argv[where["eta"]]) if "eta" in where else Fraction(CONFIG["eta"])
    bias = bool(CONFIG["bias"])
    if "memory" in KNOBS:
        given = []
        for k in ("train", "test"):
            if k in files:
                with open(files[k], encoding="utf-8") as handle:
                    given.append(handle.read())
        key = "\n".join(given)
        outputs = KNOBS["memory"].get(key)
        if outputs is None:
            a = [1] * len(train_y)
            b = [1] * len(test_y)
            w: list[Any] = [0.0] * (len(train_X[0]) + bias if train_X else 0)
        else:
            a, b, w = outputs
    else:
        w = learn(train_X, train_y, epochs if epochs == "converge" else int(epochs), eta, bias)
        a = [predict(w, x, bias) for x in train_X]
        b = [predict(w, x, bias) for x in test_X]
    texts = {
        "train_out": "".join(_written(v) + "\n" for v in a),
        "test_out": "".join(_written(v) + "\n" for v in b),
        "weights_out": "".join(f"{float(v)!r}\n" for v in _weights(w, bias)),
    }
    lines = []
    for template in CONFIG.get("metrics", []):
        q = template[template.index("{") + 1 : template.index("}")]
        part, _, kind = q.partition("_")
        got, want = (a, train_y) if part == "train" else (b, test_y)
        if q == "mistakes":
            value = str(LAST["mistakes"])
        else:
            value = _metric(
                sum(g != t for g, t in zip(got, want, strict=True)), max(1, len(want)), kind
            )
        lines.append(template.replace("{" + q + "}", value))
    texts["metrics_out"] = "".join(line + "\n" for line in lines)
    for name, text in texts.items():
        if name == stdout:
            sys.stdout.write(text)
        elif name in files:
            with open(files[name], "w", encoding="utf-8") as handle:
                handle.write(text)


def _weights(w: list[Any], bias: bool) -> list[Any]:
    if bias and CONFIG.get("weights_bias") == "last":
        return [*w[1:], w[0]]
    return w
