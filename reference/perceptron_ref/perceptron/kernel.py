"""``perceptron/kernel``: the kernel perceptron in dual form (Gormley, slide 21).

Mirrors ``spec/algorithms/perceptron/kernel.md``.  The perceptron's w is always a sum of
the examples it erred on, w = Σⱼ αⱼxⱼ, so w·x = Σⱼ αⱼ⟨xⱼ, x⟩; the kernel trick replaces
⟨xⱼ, x⟩ by K(xⱼ, x).  The learner keeps one dual coefficient αᵢ per example (the step's
``weights``: α over the examples seen so far) and the model Σⱼ αⱼK(xⱼ, ·).

Kernels, exact on rationals: ``linear`` K(x, x') = x·x', and ``polynomial``
K(x, x') = (x·x' + c)^p (options ``degree`` p ≥ 1, ``c`` ≥ 0 rational).  Zero score as
Gormley's online perceptron (slide 31): a mistake ("tie-mistake"), so with the linear kernel
every step equals that algorithm's.  The model predicts sign(f(x)) with sign(0) = +1.

Press's XOR is not linearly separable; with (x·x' + 1)² it is learned (21 mistakes, 8 passes):

>>> from perceptron_ref import run
>>> X, y = [(0, 0), (0, 1), (1, 0), (1, 1)], [-1, 1, 1, -1]
>>> trace = run("perceptron/kernel", X, y, epochs="converge", max_epochs=20,
...             kernel="polynomial", degree=2, c=1)
>>> trace.status, trace.epochs, [str(a) for a in trace.weights]
('converged', 8, ['-7', '5', '5', '-4'])
>>> [trace.model.predict(x) for x in [(0, 0), (0, 1), (1, 0), (1, 1)]]
[-1, 1, 1, -1]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import Any

from perceptron_ref.algorithm import OnlineAlgorithm
from perceptron_ref.errors import InputError
from perceptron_ref.numbers import to_fraction
from perceptron_ref.trace import Example, Step
from perceptron_ref.vectors import Label, Vector, dot, show

Kernel = Callable[[Vector, Vector], Fraction]


@dataclass(frozen=True)
class Polynomial:
    """K(x, x') = (x·x' + c)^p; p = 1, c = 0 is the linear kernel."""

    degree: int = 1
    c: Fraction = Fraction(0)

    def __call__(self, u: Vector, v: Vector) -> Fraction:
        return (dot(u, v) + self.c) ** self.degree

    def __str__(self) -> str:
        return "linear" if self == LINEAR else f"(x·x' + {self.c})^{self.degree}"


LINEAR = Polynomial()


@dataclass(frozen=True)
class Dual:
    """f = Σⱼ αⱼK(xⱼ, ·) over the examples with αⱼ ≠ 0 (the support), in index order."""

    K: Polynomial
    support: tuple[tuple[Vector, Fraction], ...]

    def f(self, x: Vector) -> Fraction:
        return sum((alpha * self.K(xj, x) for xj, alpha in self.support), Fraction(0))

    def predict(self, x: Vector) -> Label:
        return 1 if self.f(x) >= 0 else -1

    def to_json(self) -> dict[str, Any]:
        return {
            "kernel": {"degree": self.K.degree, "c": str(self.K.c)},
            "support": [{"x": [str(a) for a in x], "alpha": str(a)} for x, a in self.support],
        }

    def to_text(self) -> str:
        terms = " + ".join(f"({alpha})·K({show(x)}, ·)" for x, alpha in self.support)
        return f"kernel {self.K}; w above is α; f = {terms or '0'}"


def learn(
    examples: Iterable[Example], *, d: int, eta: Fraction, K: Polynomial = LINEAR
) -> Iterator[Step]:
    """The dual perceptron over a stream: αᵢ grows by η·yᵢ at each mistake on example i."""
    alpha: list[Fraction] = []  # [kernel.1]
    xs: list[Vector] = []  # example i of the data, as the stream first shows it
    for epoch, i, x, y in examples:  # [kernel.2]
        if i == len(alpha):  # first sight of example i: αᵢ = 0
            alpha.append(Fraction(0))
            xs.append(x)
        assert len(x) == d and xs[i] == x, "the stream must repeat the same data"
        s = sum(
            (a * K(xj, x) for xj, a in zip(xs, alpha, strict=True) if a), Fraction(0)
        )  # [kernel.3]
        mistake = y * s <= 0
        if mistake:  # [kernel.4]
            alpha[i] = alpha[i] + eta * y  # [kernel.5]
        prediction: Label = -y if s == 0 else (1 if s > 0 else -1)
        support = tuple((xj, a) for xj, a in zip(xs, alpha, strict=True) if a)
        yield Step(epoch, i, s, prediction, y, mistake, tuple(alpha), model=Dual(K, support))
    return  # [kernel.6]


ALGORITHM = OnlineAlgorithm(
    id="perceptron/kernel",
    note="002_64cd820e12606d14.txt (Gormley, slide 21: Kernel Perceptron)",
    zero_score="tie-mistake",
    learn=learn,
    dual=True,
)


def configure(
    *, kernel: object = None, degree: object = None, c: object = None, **others: object
) -> OnlineAlgorithm:
    """The kernel perceptron with ``kernel`` = ``linear`` or ``polynomial`` (``degree``, ``c``)."""
    if others:
        raise InputError(f"perceptron/kernel takes no option {', '.join(sorted(others))}")
    if kernel is None:  # a degree or a c asks for the polynomial kernel
        kernel = "linear" if degree is None and c is None else "polynomial"
    if kernel == "linear":
        if degree is not None or c is not None:
            raise InputError("the linear kernel takes no degree or c (use kernel='polynomial')")
        return ALGORITHM
    if kernel != "polynomial":
        raise InputError(f"kernel must be 'linear' or 'polynomial', got {kernel!r}")
    p = 2 if degree is None else degree
    if type(p) is not int or p < 1:
        raise InputError(f"degree must be a positive integer, got {p!r}")
    offset = Fraction(0) if c is None else to_fraction(c)
    if offset < 0:  # (x·x' + c)^p with c < 0 is not a kernel (not positive semi-definite)
        raise InputError(f"c must be non-negative, got {offset}")
    return replace(ALGORITHM, learn=partial(learn, K=Polynomial(p, offset)))
