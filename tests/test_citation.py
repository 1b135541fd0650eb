"""CITATION.cff: Citation File Format 1.2.0, in step with the package and the notes it cites.

(Checked once with ``cffconvert --validate``; this test checks the CFF 1.2.0 rules the file
relies on, so it runs without network access or cffconvert.)"""

from __future__ import annotations

import datetime
import re
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import yaml

import perceptron_ref
from perceptron_ref import registry

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
NOTE_FILE = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
DOI = re.compile(r"^10\.\d{4,9}(\.\d+)?/[A-Za-z0-9:/_;\-.()\[\]\\]+$")  # the CFF 1.2.0 pattern
REFERENCE_TYPES = {"book", "conference-paper", "generic", "slides", "article", "report"}


def citation() -> dict[str, Any]:
    data = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def project() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        table: dict[str, Any] = tomllib.load(handle)["project"]
    return table


def test_required_keys_and_values() -> None:
    cff = citation()
    assert cff["cff-version"] == "1.2.0"
    assert cff["message"] and cff["title"] == "perceptron-ref" and cff["type"] == "software"
    assert cff["authors"] == [{"name": "perceptron-ref developers"}]
    assert cff["date-released"] == datetime.date(2026, 11, 21)  # YAML reads an ISO date


def test_version_and_license_match_the_package() -> None:
    # The version is written once, in perceptron_ref/__init__.py: pyproject reads it from
    # there (the installed metadata says the same), and CITATION.cff must agree.
    cff = citation()
    assert "version" not in project() and "version" in project()["dynamic"]
    assert cff["version"] == perceptron_ref.__version__ == metadata.version("perceptron-ref")
    assert cff["license"] == project()["license"] == "MIT"


def test_every_reference_is_well_formed() -> None:
    for ref in citation()["references"]:
        assert ref["type"] in REFERENCE_TYPES, ref
        assert isinstance(ref["title"], str) and ref["title"], ref
        for author in ref["authors"]:
            assert author.get("family-names") or author.get("name"), ref
        if "doi" in ref:
            assert DOI.match(str(ref["doi"])), ref
        if "year" in ref:
            assert isinstance(ref["year"], int), ref


def test_every_note_an_algorithm_mirrors_is_cited() -> None:
    cited = {name for ref in citation()["references"] for name in NOTE_FILE.findall(ref["notes"])}
    mirrored = {m for a in registry.ALGORITHMS.values() for m in NOTE_FILE.findall(a.note)}
    assert len(cited) == 5 and mirrored <= cited


def test_the_coq_verified_perceptron_is_cited() -> None:
    paper = next(r for r in citation()["references"] if r["title"].startswith("Verified Percep"))
    assert [a["family-names"] for a in paper["authors"]] == ["Murphy", "Gray", "Stewart"]
    assert (paper["year"], paper["doi"]) == (2017, "10.1145/3088525.3088673")
