"""A family's diagnosis codes: one for each known difference, named only with its evidence.

A family's module maps each value of each dimension (:class:`~perceptron_ref.crosscheck.judge.
families.Dim`) that differs from the reference's to a code and a sentence.  The evidence of a
code is the variant the candidate agrees with on every data set tried: "its answers on all 30
data sets are those of perceptron/voted (count 0): a new vector's count starts at 0, where the
reference starts it at 1 (…), spec line voted.6".  Accepted readings (α as mistake counts)
are named the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from perceptron_ref.crosscheck.explain.diagnosis import Diagnosis
from perceptron_ref.crosscheck.judge.families import Dim, Reading, Variant


@dataclass(frozen=True)
class Difference:
    """What one dimension's values mean, and the code each value other than the reference's
    is diagnosed by."""

    reference: str  # the reference's rule, in words
    codes: Mapping[str, str]  # value → code
    says: Mapping[str, str]  # value → what the candidate does, in words


@dataclass(frozen=True)
class Explain:
    """A family's codes: ``when`` says when each is given (the README's table)."""

    when: Mapping[str, str]  # code → when it is given
    dims: Mapping[str, Difference]  # dimension → its difference
    forms: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # form → (code, words)

    def differences(
        self, algorithm: str, dims: tuple[Dim, ...], reference: Variant, other: Variant, count: int
    ) -> list[Diagnosis]:
        """The diagnoses of a candidate that agrees with ``other`` on all ``count`` data sets."""
        found = []
        for dim in dims:
            value = other.get(dim.name)
            if not value or value == reference.get(dim.name) or dim.name not in self.dims:
                continue
            difference = self.dims[dim.name]
            found.append(
                Diagnosis(
                    difference.codes[value],
                    f"its answers on all {count} data set{'s' * (count != 1)} are those of "
                    f"{other.name(algorithm, reference)}: {difference.says[value]}, where the "
                    f"reference {difference.reference}, spec line {dim.line}",
                )
            )
        return found

    def accepted(self, reading: Reading, count: int) -> list[Diagnosis]:
        """The accepted readings of a family (its forms), with their evidence."""
        if not reading.form:
            return []
        code, words = self.forms[reading.form]
        return [Diagnosis(code, f"on all {count} data sets {words} (accepted)")]
