"""Hostile: kills its own process (SIGSEGV), no Python exception to catch."""

import os
import signal
from typing import Any


def train(X: Any, y: Any) -> Any:
    os.kill(os.getpid(), signal.SIGSEGV)
