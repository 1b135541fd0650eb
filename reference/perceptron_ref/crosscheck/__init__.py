"""Differential testing of untrusted implementations against the reference.

``perceptron-ref crosscheck ALGORITHM --candidate TARGET`` (and :func:`crosscheck`) runs
a candidate as it is written (a Python function or class, code in JavaScript, Java, C, C++ or
Rust, any program speaking the JSON protocol of ``spec/protocol/``, or scikit-learn's or
river's perceptron) in a sandboxed process on data
of several regimes, compares every answer with the reference (exactly, or within a
rigorous float64 error bound), accepts and names a learning rate or the bias returned
last, shrinks a disagreement to a minimal data set with its first divergent step and the
spec line whose rule differs, diagnoses its cause, names the notes' variants the candidate
agrees with, and reports what the data covered.

The stages, each a subpackage: ``candidates`` (what TARGET names and how it is called:
``worker`` and ``adapters`` on the child side, ``parameters`` and ``layouts`` planning the
call, ``drivers`` for other languages, ``notebooks``, ``scripts`` and ``toplevel`` for
definitions only, ``outcomes`` reading what came back), ``data`` (the regimes:
``datasets``, ``realistic``, ``needs``, and ``sizes`` fitting them to the candidate's
speed), ``run`` (``sandbox`` and ``session``: the isolated
process), ``judge`` (``oracle``, the reference's runs; ``replay``, an integer replay for
what a trace cannot say; ``floats``, float64 exactness and error bounds; ``equivalence``,
learning rates and shapes; ``compare``, first divergence and spec lines; ``conventions``;
``trial``, one run from answers to verdict), ``explain`` (``verdicts``: repeat, ``shrink``,
re-check, ``diagnosis`` and ``probes``) and ``report`` (``results`` and ``reporting``);
``check`` holds the options and :func:`crosscheck` itself.

Every algorithm of ``run`` is judged: the notes' six perceptrons by the modules above, every
other family (averaged, voted, kernel, multiclass, Winnow, Halving) by a module of its own in
each stage, ``<stage>/families/<family>.py``, listed in ``family`` and run by
``family_check`` (``judge/family_trial.py``, ``explain/family_verdicts.py``).
Grading a class sits above it, in :mod:`perceptron_ref.grading` (crosscheck imports nothing
of it).
"""

from __future__ import annotations

from perceptron_ref.crosscheck.check import Counterexample, Coverage, Report, crosscheck
from perceptron_ref.crosscheck.explain.diagnosis import Diagnosis

__all__ = ["Counterexample", "Coverage", "Diagnosis", "Report", "crosscheck"]
