"""Probing a candidate's decisions at chosen scores: thresholds, and limits on magnitude.

For one online pass, two examples in one dimension show what the candidate decides at any
score a: a first example that leaves w = (1) (one chosen so that the spec's zero-score rule
and the candidate agree there), then x = (a) with label +1, or with label −1.  Whether w
moved shows whether the candidate took the step as a mistake.  The spec's decision at a > 0
is + (a mistake only for y = −1), at a < 0 it is −.  Probing a = ±2ᵏ (and ±10ᵏ for exact
candidates) from 2⁻⁵⁰ to 2⁴⁰:

* ``threshold``: it decides otherwise exactly at the probes nearest 0 on one side (below
  some t), as a perceptron that predicts + only from a threshold t ≠ 0, or that counts
  |w·x| ≤ ε as a zero score, would;
* ``overflow``: it decides otherwise exactly at the largest probes (from some magnitude on),
  as arithmetic that fails past a limit would.

The evidence names the probes that bracket the change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from perceptron_ref.crosscheck.candidates.outcomes import Data, Outcome, Returned
from perceptron_ref.crosscheck.explain.diagnosis import Diagnosis
from perceptron_ref.crosscheck.judge.floats import describe, is_float

Ask = Callable[[Sequence[Data]], list[Outcome]]
MARGIN = Fraction(1, 16)
"""A band of scores decided as ties for either label that reaches this far is read as a
margin (an update when y·w·x < t) rather than a tolerance around 0 (np.isclose's is 1e-8):
the two give the same decisions, and the words name the code a reader would look for."""
Profile = tuple[bool, bool]  # (a step with y = +1, a step with y = −1)


def scores(floats: bool) -> list[Fraction]:
    """The probed scores, positive ones (each is probed with both signs)."""
    values = {Fraction(2) ** k for k in range(-50, 41)}
    if not floats:
        values |= {Fraction(10) ** k for k in range(-15, 13)}
    return sorted(v for v in values if not floats or (is_float(1 - v) and is_float(1 + v)))


def _pad(x: tuple[Fraction, ...], d: int) -> tuple[Fraction, ...]:
    return x + (Fraction(0),) * (d - len(x))


def probe(
    ask: Ask, zero_rule: str, rate: Fraction, *, floats: bool, dimension: int = 1
) -> Diagnosis | None:
    """Probe the decisions; a threshold or a magnitude limit when the profile shows one."""
    one = (Fraction(1),)
    prefixes: list[Data] = []
    for x, t in (((Fraction(1),), 1), ((Fraction(-1),), -1)):
        if (zero_rule == "tie-positive" and t == 1) or (zero_rule == "tie-negative" and t == -1):
            continue  # the spec does not move w here
        prefixes.append(((_pad(x, dimension),), (t,)))  # type: ignore[arg-type]
    start = _pad(tuple(rate * v for v in one), dimension)
    prefix = next((p for p, o in zip(prefixes, ask(prefixes), strict=True) if _is(o, start)), None)
    if prefix is None:
        return None
    values = scores(floats)
    signed = [-v for v in reversed(values)] + values
    sets: list[Data] = []
    for a in signed:
        for label in (1, -1):
            X = (*prefix[0], _pad((a,), dimension))
            sets.append((X, (*prefix[1], label)))
    answers = ask(sets)
    profile: dict[Fraction, Profile] = {}
    for k, a in enumerate(signed):
        steps = []
        for label, o in zip((1, -1), answers[2 * k : 2 * k + 2], strict=True):
            moved = _pad((rate * (1 + label * a),), dimension)
            if not (_is(o, start) or _is(o, moved)):
                return None  # neither "no step" nor "a step": the probe says nothing
            steps.append(_is(o, moved))
        profile[rate * a] = (steps[0], steps[1])  # keyed by the candidate's own score c·a
    return _read(profile, rate)


def _is(outcome: Outcome, w: tuple[Fraction, ...]) -> bool:
    return isinstance(outcome, Returned) and outcome.weights == w


def _spec(a: Fraction) -> Profile:
    return (a < 0, a > 0)  # a mistake with y = +1 iff a < 0; with y = −1 iff a > 0


def _read(profile: dict[Fraction, Profile], rate: Fraction) -> Diagnosis | None:
    wrong = {a for a, p in profile.items() if p != _spec(a)}
    if not wrong:
        return None
    sides = []
    for sign in (1, -1):
        side = sorted((a for a in profile if a * sign > 0), key=abs)
        bad = [a in wrong for a in side]
        if not any(bad):
            continue
        k = bad.index(False) if False in bad else len(bad)
        if all(bad[:k]) and not any(bad[k:]):  # wrong nearest 0, right beyond: a threshold
            sides.append(("near", side, k))
        elif not any(bad[: bad.index(True)]) and all(bad[bad.index(True) :]):
            sides.append(("far", side, bad.index(True)))
        else:
            return None  # no single change on this side: neither
    kinds = {s[0] for s in sides}
    if len(kinds) != 1:
        return None
    whole = [side for kind, side, k in sides if kind == "near" and k == len(side)]
    if len(whole) == 2 or any(profile[a][0] == profile[a][1] for side in whole for a in side):
        # wrong at every probe of a side with no mistake (or a mistake) for either label,
        # or wrong at every probe of both: no t explains that (a loop that never reaches
        # the second example, T read as steps, decides so): the probe names nothing
        return None
    parts = []
    for kind, side, k in sides:
        inside = side[k - 1] if k else Fraction(0)
        outside = side[k] if k < len(side) else None
        if kind == "near":
            what = _deciding(profile[side[0]])
            parts.append(
                f"at w·x = {describe(inside)} it decides {what}, at {describe(outside)} as the spec"
                if outside is not None
                else f"at every probed w·x up to {describe(inside)} it decides {what}"
            )
        else:
            assert outside is not None  # a "far" change has a first wrong probe
            parts.append(
                f"it decides as the spec up to |w·x| = {describe(abs(inside))}"
                f" and otherwise from {describe(abs(outside))} on"
            )
    text = "; ".join(dict.fromkeys(parts))  # the same change on both sides: once
    where = "w = (1)" if rate == 1 else f"w = ({rate})"
    if kinds == {"near"} and all(profile[a] == (True, True) for a in wrong) and len(sides) == 2:
        bound = max(abs(a) for a in wrong)
        right = [abs(side[k]) for _, side, k in sides if k < len(side)]
        if right and min(right) >= MARGIN:  # a band this wide is a margin, not a tolerance
            t = min(right)
            return Diagnosis(
                "threshold",
                f"probed with one example after {where}: at every |w·x| ≤ {describe(bound)} "
                f"it makes a step for either label, and from |w·x| = {describe(t)} on it "
                f"decides as the spec: it updates below a margin between {describe(bound)} and "
                f"{describe(t)} (as y·w·x < {describe(t)} or y·w·x ≤ {describe(bound)} would; "
                "the hinge loss's subgradient updates when y·w·x < 1), where the spec updates "
                "only on a mistake (y·w·x < 0, and w·x = 0 as its zero-score rule says)",
            )
        return Diagnosis(
            "threshold",
            f"probed with one example after {where}: at every |w·x| ≤ {describe(bound)} it "
            "makes a step for either label, as at w·x = 0, and beyond that decides as the spec: "
            "a tolerance around 0 (as np.isclose(w·x, 0) has) counts small scores as ties, "
            "where the spec compares with 0 exactly",
        )
    if kinds == {"near"}:
        return Diagnosis(
            "threshold",
            f"probed with one example after {where}: {text}: it predicts + only beyond a "
            "threshold t ≠ 0 (or counts small |w·x| as zero), where the spec's threshold is 0",
        )
    return Diagnosis(
        "overflow",
        f"probed with one example after {where}: {text}: numbers past a magnitude are "
        "mishandled (a fixed-width type, a clip)",
    )


def _deciding(p: Profile) -> str:
    return {
        (False, True): "+ (no step for y = +1)",
        (True, False): "- (a step for y = +1)",
        (True, True): "a mistake for both labels",
        (False, False): "no mistake for either label",
    }[p]


def started_nonzero(ask: Ask, d: int) -> tuple[int, Fraction] | None:
    """Evidence that w does not start at 0: answered on one example x = 0 with label +1,
    and with label −1, it returns the same nonzero weight j both times.  An update there
    adds y·x = 0 (an update that writes weights whose feature is 0 flips with the label:
    a slice that adds the bias's step to every weight, ``w += y``), so what stays is the
    start.  (feature j, its weight), or None when the probes say nothing of the kind."""
    zero = (tuple(Fraction(0) for _ in range(d)),)
    answers = ask([(zero, (1,)), (zero, (-1,))])
    if not all(isinstance(a, Returned) for a in answers):
        return None
    plus, minus = (a.weights for a in answers)  # type: ignore[union-attr]
    bias = len(plus) - d  # 1 when the answers have a bias first
    for j in range(d):
        if plus[bias + j] != 0 and plus[bias + j] == minus[bias + j]:
            return j, plus[bias + j]
    return None
