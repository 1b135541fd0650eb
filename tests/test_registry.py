"""The registry is the one list of algorithms: every ID names its module, every module of an
algorithm is listed, and a module is imported only when its algorithm is asked for."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from perceptron_ref import InputError, registry

PACKAGE = Path(registry.__file__).parent


def test_every_id_names_a_module_that_declares_that_id() -> None:
    for algorithm in registry.IDS:
        module = registry.module(algorithm)
        assert module.ALGORITHM.id == algorithm
        assert Path(module.__file__ or "") == PACKAGE / (
            algorithm.replace("-", "_") + ".py"
        )  # perceptron/gormley-batch is perceptron/gormley_batch.py
    assert list(registry.ALGORITHMS) == list(registry.IDS)
    assert len(registry.ALGORITHMS) == len(set(registry.IDS)) == 14
    assert registry.IDS[:6] == registry.PERCEPTRONS


def test_every_algorithm_module_is_listed() -> None:
    declared = set()
    for family in ("perceptron", "winnow", "halving"):
        for path in (PACKAGE / family).glob("*.py"):
            if "\nALGORITHM = " in path.read_text(encoding="utf-8"):
                declared.add(f"{family}/{path.stem.replace('_', '-')}")
    assert declared == set(registry.IDS)


def test_the_algorithms_with_options_are_the_ones_that_configure() -> None:
    configurable = {a for a in registry.IDS if hasattr(registry.module(a), "configure")}
    assert configurable == set(registry.OPTIONS) == set(registry.CONFIGURE)
    assert registry.get("winnow/k-of-r", k=3).learn is not registry.get("winnow/k-of-r").learn
    with pytest.raises(InputError, match="perceptron/blum takes no option k"):
        registry.get("perceptron/blum", k=3)
    with pytest.raises(InputError, match="unknown algorithm 'perceptron/nope'"):
        registry.get("perceptron/nope")
    with pytest.raises(KeyError):
        registry.ALGORITHMS["perceptron/nope"]


def test_a_module_is_imported_when_its_algorithm_is_asked_for() -> None:
    code = (
        "import sys; from perceptron_ref import registry; "
        "before = 'perceptron_ref.winnow.ltf' in sys.modules; "
        "registry.get('perceptron/mehta'); "
        "print(before, 'perceptron_ref.winnow.ltf' in sys.modules, "
        "'perceptron_ref.perceptron.mehta' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "True"]
