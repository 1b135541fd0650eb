"""The cycle test of the engine: the first repeated w, found in memory independent of the passes.

A run to convergence that is not linearly separable repeats: W at the end of epoch μ + λ
equals W at the end of epoch μ (epoch 0: the initial W), and the literal loops report the
first such pair, (μ, μ + λ).  They find it by keeping every epoch-end w.  The engine keeps
one: Brent's algorithm (1980) compares each epoch-end W with a checkpoint T, moved to the
current W whenever the number of passes since the last move reaches a power of two.  T
and W meet once T is on the cycle and the window holds λ passes, some passes after
μ + λ; then λ is known, and :func:`first_repeat` re-runs from W = 0 with two copies λ
passes apart: they first agree at epoch μ.  So the engine reports the literal loops'
pair exactly, holding two or three vectors, at the cost of re-running about μ + λ passes.

A run with ``max_epochs`` keeps, instead, a 64-bit fingerprint of each epoch-end W (at most
``max_epochs`` of them): a cap may end the run before Brent's test could see a repeat that
happened within it.  A fingerprint match is confirmed exactly before it is believed.

>>> W = [[0], [5], [1], [2], [3], [1], [2], [3]]  # W(0), W(1), ...: μ = 2, λ = 3
>>> brent = Brent(W[0])
>>> next(e for e in range(1, 8) if brent.repeated(W[e])), brent.lam
(6, 3)
>>> first_repeat(W[0], 3, lambda w, passes: (W[W.index(w) + passes], passes))
(2, 5, [1])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

State = Any
"""An epoch-end W: an int64 array, or a list of Python ints once a run has left int64."""


def same(a: State, b: State) -> bool:
    """Whether two states hold the same integers (an array and a list may be compared)."""
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        return bool(np.array_equal(a, b))
    return list(map(int, a)) == list(map(int, b))


def copy(W: State) -> State:
    return W.copy() if isinstance(W, np.ndarray) else list(W)


def fingerprint(W: State) -> int:
    """A 64-bit hash of W's integers (the same for an array and a list of the same values)."""
    if isinstance(W, np.ndarray):
        return hash(W.tobytes())
    if all(-(2**63) <= v < 2**63 for v in W):
        return hash(np.array(W, dtype=np.int64).tobytes())
    return hash(tuple(W))


class Brent:
    """Brent's test over the states at epoch ends: call :meth:`repeated` with W(1), W(2), …"""

    def __init__(self, start: State) -> None:
        self.T = copy(start)  # the checkpoint (the tortoise): W(0) at first
        self.power = 1
        self.lam = 1  # passes since the checkpoint, counting the W about to be compared

    def repeated(self, W: State) -> bool:
        """Whether W equals the checkpoint (then ``lam`` is the period λ); else move on."""
        if same(W, self.T):
            return True
        if self.power == self.lam:  # the window is full: the checkpoint moves here
            self.T, self.power, self.lam = copy(W), self.power * 2, 0
        self.lam += 1
        return False


Advance = Callable[[State, int], tuple[State, int]]
"""Make some passes from a state without keeping steps: (the new state, the mistakes made)."""


def first_repeat(zero: State, lam: int, advance: Advance) -> tuple[int, int, State]:
    """(μ, the mistakes of epochs 1…μ + λ, W(μ + λ)) for a run of period λ from ``zero``:
    the first epoch μ with W(μ) = W(μ + λ), found by running two copies λ passes apart."""
    ahead, mistakes = advance(copy(zero), lam)
    behind, mu = copy(zero), 0
    while not same(behind, ahead):
        behind, _ = advance(behind, 1)
        ahead, k = advance(ahead, 1)
        mistakes, mu = mistakes + k, mu + 1
    return mu, mistakes, ahead
