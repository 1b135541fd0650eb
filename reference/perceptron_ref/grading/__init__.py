"""Grading a class with the crosscheck: hand-ins of any shape, safely, for people and platforms.

It sits above :mod:`perceptron_ref.crosscheck` (which judges one candidate and knows
nothing of classes, though it reads a notebook: ``crosscheck.notebooks``): ``intake`` (every
entry of a class folder a hand-in: ``.py`` files, notebooks, zips, folders, any file name),
``archives`` (safe copies into snapshots, names made safe and shown escaped), ``entry`` (the
file to run, or why a hand-in cannot run), ``classrun`` (the whole class: one process per
hand-in, budgets, results as they come, a CSV safe to open), ``child`` (one hand-in),
``summary`` (the class report: summary.json, summary.png, report.html), ``feedback`` (what
a student reads), ``scoring`` (tests and points, Gradescope's results.json), ``gradescope``
(the autograder zip), ``prairielearn`` (the external grader and its Dockerfile) and
``autograder`` (what runs inside Gradescope's or PrairieLearn's container).
"""
