"""Grading a class with the crosscheck: hand-ins of any shape, safely, for people and platforms.

It sits above :mod:`perceptron_ref.crosscheck` (which judges one candidate and knows
nothing of classes): ``intake`` (a folder of hand-ins: ``.py`` files, notebooks, zips,
folders, any file name), ``archives`` and ``notebooks`` (safe copies into snapshots),
``classrun`` (the whole class: one process per hand-in, budgets, results as they come),
``child`` (one hand-in), ``summary`` (the class report: summary.json, summary.png,
report.html), ``feedback`` (what a student reads), ``scoring`` (tests and
points, Gradescope's results.json), ``gradescope`` (the autograder zip) and
``autograder`` (what runs inside Gradescope's or PrairieLearn's container).
"""
