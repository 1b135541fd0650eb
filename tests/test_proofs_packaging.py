"""pyproject lists the packages (``find`` cannot also install proofs/ as perceptron_ref_proofs,
nor spec/ as perceptron_ref_spec): every package directory must be listed, and every listed
package must exist."""

from __future__ import annotations

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
ROOTS = {
    "perceptron_ref": ROOT / "reference" / "perceptron_ref",
    "perceptron_ref_proofs": ROOT / "proofs",
}


DATA = {"perceptron_ref_spec": ROOT / "spec"}
"""Packages of data alone (no __init__.py): spec/, installed for crosscheck and prove."""


def package_directories() -> set[str]:
    found = set(DATA)
    for name, directory in ROOTS.items():
        for init in directory.rglob("__init__.py"):
            parts = init.parent.relative_to(directory).parts
            found.add(".".join((name, *parts)))
    return found


def listed_in_order() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages: list[str] = config["tool"]["setuptools"]["packages"]
    return packages


def listed() -> set[str]:
    return set(listed_in_order())


def test_no_package_is_listed_twice() -> None:
    packages = listed_in_order()
    assert len(packages) == len(set(packages)), sorted(p for p in packages if packages.count(p) > 1)


def test_every_package_directory_is_listed_in_pyproject() -> None:
    missing = package_directories() - listed()
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"


def test_every_listed_package_exists() -> None:
    stale = listed() - package_directories()
    assert not stale, f"listed in pyproject.toml but no such package: {sorted(stale)}"
