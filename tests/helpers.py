"""Small facts the tests share: the zero-score rules as the README's table states them, and
helpers: the one line of an InputError, a file written as UTF-8 bytes, an exact vector."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from perceptron_ref.algorithm import ZeroRule
from perceptron_ref.campaign import CORE
from perceptron_ref.errors import InputError
from perceptron_ref.vectors import Label, Vector

__all__ = ["BATCH", "CORE", "ONLINE", "RULE", "fresh_process", "is_mistake", "problem", "vector",
           "write_file"]  # fmt: skip
ONLINE = ("perceptron/blum", "perceptron/mehta", "perceptron/gormley-online", "perceptron/ssbd")
BATCH = ("perceptron/gormley-batch", "perceptron/press")

RULE: dict[str, ZeroRule] = {
    "perceptron/blum": "tie-negative",
    "perceptron/mehta": "tie-positive",
    "perceptron/gormley-online": "tie-mistake",
    "perceptron/gormley-batch": "tie-positive",
    "perceptron/press": "tie-positive",
    "perceptron/ssbd": "tie-mistake",
}


def is_mistake(rule: ZeroRule, s: Fraction, y: Label) -> bool:
    """Whether a score s on label y is a mistake under a zero-score rule (README table)."""
    if s != 0:
        return y * s < 0
    return {"tie-positive": y == -1, "tie-negative": y == 1, "tie-mistake": True}[rule]


def problem(call: object, *args: object, **kwargs: object) -> str:
    """The one line of the InputError that ``call(*args, **kwargs)`` raises."""
    assert callable(call)
    with pytest.raises(InputError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


def vector(*a: int | Fraction) -> Vector:
    """An exact vector from integers or Fractions: ``vector(1, -2)`` is (1, -2) as Fractions."""
    return tuple(Fraction(v) for v in a)


def write_file(tmp_path: Path, text: str, name: str = "data.csv") -> Path:
    """``text`` written as UTF-8 bytes (no newline translation) to ``tmp_path / name``."""
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def fresh_process(code: str) -> str:
    """The first line ``code`` prints, run by this Python in a process of its own: nothing
    loaded, no rent paid (what a library caller's first call meets)."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=True)  # fmt: skip
    return done.stdout.split("\n")[0]
