"""Hostile: a fork bomb.  Every process forks for ever; one that the process limit stops
keeps its place (it becomes a sleeping process whose command line carries the marker
perceptron-ref-hostile-forkbomb), and the first one reports the refusal.  Without a process
limit it fills the machine until the time limit."""

import os
import sys
from typing import Any

MARKER = "perceptron-ref-hostile-forkbomb"


def train(X: Any, y: Any) -> Any:
    first = os.getpid()
    while True:
        try:
            os.fork()
        except OSError:
            if os.getpid() == first:
                raise
            os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(600)", MARKER])
