"""The autograders on the platforms' real images (``tests/platforms.py``, ``make platforms``):
bare roots made by debootstrap, setup.sh run as Gradescope runs it, the PrairieLearn
Dockerfile's steps followed by hand, and a right, a wrong and a hostile hand-in graded there.

``slow``: the first run makes the roots (about a minute and a half each, cached in
out/platforms/roots), each run installs the images afresh (a minute or two each).  As root,
with debootstrap (installed if missing) and the distributions' mirrors: where they cannot be
reached, these tests fail, saying so.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from perceptron_ref.cli import main
from tests import platforms

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    assert os.geteuid() == 0, "the platforms' images are made as root (debootstrap, chroot)"
    out = tmp_path_factory.mktemp("built")
    assert main(["gradescope", "perceptron/mehta", str(out / "gs"), *platforms.OPTIONS]) == 0
    assert main(["prairielearn", "perceptron/mehta", str(out / "pl"), *platforms.OPTIONS]) == 0
    return out


@pytest.mark.parametrize("name", ["ubuntu-22.04", "ubuntu-24.04"])
def test_setup_sh_and_run_autograder_on_gradescopes_base(built: Path, name: str) -> None:
    report = platforms.gradescope(platforms.BASES[name], built / "gs" / "autograder.zip")
    assert platforms.check(report) == []
    assert report.python.startswith("Python 3.1")  # the base's own, released
    assert {g.hand_in: g.score for g in report.graded}["right"] > 0


def test_the_prairielearn_dockerfile_on_its_base(built: Path) -> None:
    report = platforms.prairielearn(platforms.BASES["debian-13"], built / "pl")
    assert platforms.check(report) == []
    assert report.python.startswith("Python 3.13")


def test_setup_sh_refuses_ubuntu_20_04_and_says_why(built: Path) -> None:
    report = platforms.gradescope(platforms.BASES["ubuntu-20.04"], built / "gs" / "autograder.zip")
    assert report.setup_status == 1 and not report.graded
    assert "Gradescope's Ubuntu 22.04 or 24.04 base image, not on Ubuntu 20.04" in report.setup_said
    assert "choose Ubuntu 22.04 or 24.04" in report.setup_said
    assert not (platforms.CACHE / "roots" / "ubuntu-20.04" / "autograder").exists()  # a copy ran
