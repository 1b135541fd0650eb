"""Issue 30's platform row (``benchmark/grading.py``): the peak memory it prints is that of the
autograder's processes, not of whatever the benchmark ran before."""

from __future__ import annotations

import resource
import subprocess
import sys

from perceptron_ref.benchmark import grading


def test_the_peak_measured_is_the_commands_own_not_an_earlier_childs() -> None:
    held = "b = bytearray(300 * 2**20); b[::4096] = b'x' * len(b[::4096])"  # 300 MiB resident
    subprocess.run([sys.executable, "-c", held], check=True)
    # the control: a process keeps the largest of the children it waited for, for its life
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024 >= 300
    small = [sys.executable, "-c", "print(sum(range(10**6)))"]
    measured = subprocess.run(
        [sys.executable, "-c", grading._MEASURE, *small], capture_output=True, text=True, check=True
    )
    cpu, wall, peak = map(float, measured.stdout.split())
    assert 0 < peak < 100
    assert cpu > 0 and wall > 0
