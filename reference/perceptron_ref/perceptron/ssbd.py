"""``perceptron/ssbd``: Shalev-Shwartz & Ben-David, §21.4, the online Perceptron as OGD.

Mirrors ``spec/algorithms/perceptron/ssbd.md``.  The round's surrogate is the hinge loss
f_t(w) = max{0, 1 − y_t⟨w, x_t⟩} on a mistake round and 0 otherwise; the step is
w⁽ᵗ⁺¹⁾ = w⁽ᵗ⁾ − η·v_t with v_t = −y_t·x_t on a mistake.  Zero score: the 0-1 loss is
1[y⟨w, x⟩ ≤ 0], so a zero score is a mistake ("tie-mistake"); the book's sign(0) is
unspecified, and the trace reports −y there so that ``mistake == (prediction != label)``.

With η = 1/2 on Gormley's example the mistakes are the same and w is halved:

>>> from perceptron_ref import run
>>> from perceptron_ref.vectors import show
>>> X = [(-1, 2), (1, 0), (1, 1), (-1, 0), (-1, -2), (1, -1)]
>>> trace = run("perceptron/ssbd", X, [-1, 1, 1, -1, -1, 1], eta="1/2")
>>> trace.mistakes, show(trace.weights)
(3, '(3/2, 1/2)')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from fractions import Fraction

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, Vector, add, dot, scale, zeros


def learn(examples: Iterable[Example], *, d: int, eta: Fraction) -> Iterator[Step]:
    """Online gradient descent on the round-wise hinge surrogate, step size ``eta``."""
    w = zeros(d)  # [ssbd.1]
    for epoch, t, x_t, y_t in examples:  # [ssbd.2]
        s = dot(w, x_t)
        p_t: Label = -y_t if s == 0 else (1 if s > 0 else -1)  # [ssbd.3]
        mistake = y_t * s <= 0
        v_t: Vector
        if mistake:  # [ssbd.4]  # noqa: SIM108 (the book's if/else, line for line)
            v_t = scale(-y_t, x_t)  # [ssbd.5]
        else:
            v_t = zeros(d)  # [ssbd.6]
        w = add(w, scale(-eta, v_t))  # [ssbd.7]
        yield Step(epoch, t, s, p_t, y_t, mistake, w)


ALGORITHM = OnlineAlgorithm(
    id="perceptron/ssbd",
    note="004_f2e24e9b717cf751.txt (Shalev-Shwartz & Ben-David, §21.4)",
    zero_score="tie-mistake",
    learn=learn,
)
