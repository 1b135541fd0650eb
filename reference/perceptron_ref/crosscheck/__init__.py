"""Differential testing of untrusted implementations against the reference.

``perceptron-ref crosscheck ALGORITHM --candidate TARGET`` (and :func:`crosscheck`) runs
a candidate (a Python function, any program speaking the JSON protocol of
``spec/protocol/``, or scikit-learn's or river's perceptron) in a sandboxed process on data
of several regimes, compares every answer with the reference (exactly, or within a
rigorous float64 error bound), accepts and names a learning rate or the bias returned
last, shrinks a disagreement to a minimal data set with its first divergent step and the
spec line whose rule differs, diagnoses its cause, names the notes' variants the candidate
agrees with, and reports what the data covered.

Modules: ``candidates`` (what TARGET names), ``sandbox`` and ``session`` (the isolated
process), ``worker`` and ``adapters`` (the child side), ``outcomes`` (reading what came
back), ``datasets`` and ``realistic`` (the data regimes), ``oracle`` (the reference's runs),
``replay`` (an integer replay for what a trace cannot say), ``floats`` (float64 exactness
and error bounds), ``equivalence`` (learning rates, shapes), ``compare`` (first divergence,
spec lines), ``shrink``, ``conventions``, ``diagnosis`` and ``probes``, ``check`` (the
options and the report), ``trial`` and ``verdicts`` (the whole run), ``reporting``.
Grading a class sits above it, in :mod:`perceptron_ref.grading` (crosscheck imports nothing
of it).
"""

from __future__ import annotations

from perceptron_ref.crosscheck.check import Counterexample, Coverage, Report, crosscheck
from perceptron_ref.crosscheck.diagnosis import Diagnosis

__all__ = ["Counterexample", "Coverage", "Diagnosis", "Report", "crosscheck"]
