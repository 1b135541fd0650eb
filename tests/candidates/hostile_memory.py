"""Hostile: allocates until the memory limit stops it."""

from typing import Any


def train(X: Any, y: Any) -> Any:
    hoard = []
    while True:
        hoard.append(bytearray(256 * 1024**2))
