"""Differential testing of untrusted implementations against the reference.

``perceptron-ref crosscheck ALGORITHM --candidate TARGET`` (and :func:`crosscheck`) runs
a candidate (a Python function, any program speaking the JSON protocol of
``spec/protocol/``, or scikit-learn's or river's perceptron) in a sandboxed process on
data drawn by Hypothesis, compares every answer exactly with the reference, shrinks a
disagreement to a minimal data set with its first divergent step and the spec line whose
rule differs, and names the notes' variants the candidate agrees with.

Modules: ``candidates`` (what TARGET names), ``sandbox`` (the isolated process),
``worker`` and ``adapters`` (the child side), ``outcomes`` (reading what came back),
``datasets`` (Hypothesis strategies), ``compare`` (first divergence, spec lines),
``shrink``, ``conventions``, ``check`` (the whole run), ``reporting``.  Grading a class sits
above it, in :mod:`perceptron_ref.grading` (crosscheck imports nothing of it).
"""

from __future__ import annotations

from perceptron_ref.crosscheck.check import Counterexample, Report, crosscheck

__all__ = ["Counterexample", "Report", "crosscheck"]
