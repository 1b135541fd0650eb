"""Hostile: leaves a daemon behind (a new session, double-forked), which would outlive the
run; its command line carries the marker perceptron-ref-hostile-daemon.  Then it returns a
wrong answer."""

import subprocess
import sys
from typing import Any

MARKER = "perceptron-ref-hostile-daemon"


def train(X: Any, y: Any) -> Any:
    script = "import os, time\nif os.fork() == 0:\n    os.setsid()\n    time.sleep(600)"
    subprocess.Popen([sys.executable, "-c", script, MARKER], start_new_session=True)
    return [0.0] * len(X[0])
