"""The autograders' pins (``grading/pins.py``): for each image, every distribution
``perceptron-ref[grading]`` needs there, at the version installed here where it runs on the
image's Python (else an older one), with the sha256 of the very file the image's pip takes.

The files are those of the session's ``pinned`` fixture (tests/conftest.py), resolved by pip
for this checkout's wheel; a hash is checked against the file pip downloads for that image.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from packaging.version import Version

from perceptron_ref.cli import main
from perceptron_ref.errors import InputError
from perceptron_ref.grading import pins

NEEDED = {"hypothesis", "numpy", "nbformat", "packaging"}  # the core's and [grading]'s own


def pinned_versions(text: str) -> dict[str, str]:
    return dict(re.findall(r"^([a-z0-9-]+)==(\S+) ", text, flags=re.MULTILINE))


@pytest.mark.parametrize("target", list(pins.TARGETS.values()), ids=list(pins.TARGETS))
def test_each_image_gets_every_dependency_pinned_with_its_hash(
    pinned: Path, target: pins.Target
) -> None:
    text = (pinned / target.file).read_text(encoding="utf-8")
    assert (
        text.startswith("# perceptron-ref[grading] for ")
        and f"\n# python: {target.python}\n" in text
    )
    body = [line for line in text.splitlines(keepends=True) if not line.startswith("#")]
    assert body and all(pins.PIN.fullmatch(line) for line in body)
    versions = pinned_versions(text)
    assert set(versions) >= NEEDED and "perceptron-ref" not in versions
    assert len(versions) == len(body)  # one line a distribution
    for name, version in versions.items():  # never newer than what was tested here
        try:
            here = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue  # needed there only (exceptiongroup on 3.10)
        assert Version(version) <= Version(here), (name, version, here)


def test_markers_are_evaluated_for_the_images_python(pinned: Path) -> None:
    # Hypothesis needs exceptiongroup before Python 3.11: pip, run on 3.11, would leave it out.
    jammy = pinned_versions((pinned / pins.UBUNTU_22_04.file).read_text(encoding="utf-8"))
    noble = pinned_versions((pinned / pins.UBUNTU_24_04.file).read_text(encoding="utf-8"))
    assert "exceptiongroup" in jammy and "exceptiongroup" not in noble
    # numpy as installed here where its wheels run (3.12); on 3.10 the last release that does.
    assert noble["numpy"] == metadata.version("numpy")
    assert Version(jammy["numpy"]) <= Version(noble["numpy"])


@pytest.mark.parametrize("name", ["numpy", "traitlets"])  # a compiled wheel, a pure one
def test_a_pinned_hash_is_the_file_the_images_pip_downloads(
    pinned: Path, tmp_path: Path, name: str
) -> None:
    target = pins.UBUNTU_22_04
    text = (pinned / target.file).read_text(encoding="utf-8")
    (version, digest) = re.findall(rf"^{name}==(\S+) --hash=sha256:(\w+)$", text, re.MULTILINE)[0]
    download = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--dest",
                str(tmp_path), "--only-binary", ":all:", "--python-version", target.python,
                "--implementation", "cp", "--abi", f"cp{target.python.replace('.', '')}",
                *(f"--platform={tag}" for tag in target.platforms()),
                f"{name}=={version}"]  # fmt: skip
    subprocess.run(download, check=True, capture_output=True, timeout=600)
    (wheel,) = tmp_path.iterdir()
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == digest


def test_the_platform_tags_run_from_the_images_glibc_down() -> None:
    tags = pins.UBUNTU_22_04.platforms()
    assert tags[0] == "manylinux_2_35_x86_64" and tags[-1] == "linux_x86_64"
    assert tags.index("manylinux2014_x86_64") == tags.index("manylinux_2_17_x86_64") + 1
    assert "manylinux_2_36_x86_64" not in tags and "manylinux1_x86_64" in tags


def test_pins_given_again_are_checked_line_by_line(tmp_path: Path, pinned: Path) -> None:
    target = pins.UBUNTU_24_04
    assert pins.read(pinned, target) == (pinned / target.file).read_bytes()
    (tmp_path / target.file).write_text("# ok\nnumpy==2.0 --hash=sha256:abc\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"requirements-ubuntu-24\.04\.txt:2: not 'name=="):
        pins.read(tmp_path, target)
    with pytest.raises(InputError, match=r"--pins: cannot read .*requirements-ubuntu-22\.04\.txt"):
        pins.read(tmp_path, pins.UBUNTU_22_04)


def test_gradescope_with_pins_of_another_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wheel = tmp_path / "perceptron_ref-0.1.0-py3-none-any.whl"
    wheel.write_bytes(b"PK\x05\x06" + b"\0" * 18)
    command = ["gradescope", "perceptron/blum", str(tmp_path / "o"), "--wheel", str(wheel)]
    assert main([*command, "--pins", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--pins: cannot read" in err
