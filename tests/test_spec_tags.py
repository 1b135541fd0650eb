"""The spec and the code stay in step: every spec line ID of every algorithm appears in its
module, in order, exactly once, and the module names no ID its spec lacks."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from perceptron_ref import registry

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec" / "algorithms"
PACKAGE = ROOT / "reference" / "perceptron_ref"
SPEC_ID = re.compile(r"^\| `([a-z0-9-]+\.\d+)` \|", re.MULTILINE)
CODE_TAG = re.compile(r"#.*?\[([a-z0-9-]+\.\d+)\]")


def spec_file(algorithm: str) -> Path:
    return SPEC / f"{algorithm}.md"


def module_file(algorithm: str) -> Path:
    return PACKAGE / f"{algorithm.replace('-', '_')}.py"


def spec_ids(text: str) -> list[str]:
    return SPEC_ID.findall(text)


def code_tags(text: str) -> list[str]:
    return CODE_TAG.findall(text)


@pytest.mark.parametrize("algorithm", sorted(registry.ALGORITHMS))
def test_every_spec_line_is_implemented_once_in_order(algorithm: str) -> None:
    ids = spec_ids(spec_file(algorithm).read_text(encoding="utf-8"))
    assert ids, f"{spec_file(algorithm)} states no numbered lines"
    assert len(set(ids)) == len(ids), "duplicate IDs in the spec"
    assert code_tags(module_file(algorithm).read_text(encoding="utf-8")) == ids


def test_every_algorithm_has_a_spec_and_every_spec_an_algorithm() -> None:
    specs = {p.relative_to(SPEC).with_suffix("").as_posix() for p in SPEC.rglob("*.md")}
    assert specs == set(registry.ALGORITHMS)


def test_no_module_names_an_id_of_another_spec() -> None:
    known = {i for a in registry.ALGORITHMS for i in spec_ids(spec_file(a).read_text("utf-8"))}
    for path in PACKAGE.rglob("*.py"):
        assert set(code_tags(path.read_text("utf-8"))) <= known, path


def test_the_tag_check_can_fail() -> None:
    """The matcher sees a missing, a repeated and a reordered tag."""
    ids = ["a.1", "a.2"]
    assert code_tags("x = 1  # [a.1]\ny = 2  # [a.2]") == ids
    assert code_tags("x = 1  # [a.2]\ny = 2  # [a.1]") != ids
    assert code_tags("x = 1  # [a.1]\ny = 2  # [a.1] [a.2]") != ids
    assert code_tags("x = 1  # [a.1]") != ids
