"""Hypothesis profiles: ``ci`` (derandomized, the default of `make test`), ``dev`` and ``deep``;
the autograders' pins, resolved once a session (``pinned``).

Pick one with the environment variable ``HYPOTHESIS_PROFILE``.  Properties marked ``slow``
run only under ``make test-deep``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=60,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=100)
DEEP_EXAMPLES = 500
"""Examples per property under ``make test-deep`` (8× the ``ci`` profile's 60).  Chosen so
that the whole deep run, slow tests included, stays well within its budget of 30 minutes
on 2 cores (README, "make test-deep"); a test's own ``@settings(max_examples=...)`` wins."""

settings.register_profile(
    "deep",
    deadline=None,
    max_examples=DEEP_EXAMPLES,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip ``slow`` tests unless a marker expression was given (``make test-deep`` gives one)."""
    if config.getoption("-m"):
        return
    skip = pytest.mark.skip(reason="slow: run by `make test-deep`")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def pinned(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the requirements file of every autograder image, resolved once a session
    for this checkout's wheel by pip (``grading/pins.py``): the ``--pins`` of the tests that
    build autograders (``test_pins.py`` checks the files themselves)."""
    from perceptron_ref.grading import gradescope, pins

    folder = tmp_path_factory.mktemp("pins")
    wheel = gradescope.wheel(tmp_path_factory.mktemp("wheel"))
    for name, data in pins.locks(wheel, list(pins.TARGETS.values())).items():
        (folder / name).write_bytes(data)
    return folder
