"""A helper module of bob's submission (defines no train)."""


def dot(u: list[float], v: list[float]) -> float:
    return sum(a * b for a, b in zip(u, v, strict=True))
