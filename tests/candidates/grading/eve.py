"""Hostile: never returns."""

from typing import Any


def train(X: Any, y: Any) -> Any:
    while True:
        pass
