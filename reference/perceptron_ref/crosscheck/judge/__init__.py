"""Judging a candidate's answers against the reference's runs: equivalences, float bounds, the
first divergent step, conventions, and one trial from answers to verdict."""
