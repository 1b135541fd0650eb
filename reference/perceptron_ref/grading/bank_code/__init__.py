"""The audit bank's code for the families beyond the core six, one module per family.

Each module is a hand-in as a course's student writes it -- plain functions over numpy arrays,
lists of floats or exact fractions -- whose ``KNOBS`` (a constant the audit writes into each
copy, :mod:`~perceptron_ref.grading.bank_family`) pick one value of each place where real code
of that family differs (the dimensions of its judge,
:mod:`~perceptron_ref.crosscheck.judge.families`), and a few slips of any training loop:

``style``     ``numpy``, ``lists`` or ``fractions``: how the numbers are held (the kernel's
              and Halving's numpy and lists code keep the numbers given, exact ones exact;
              their styles also return the answer's different forms)
``passes``    +1 or -1: one pass more or fewer than asked; ``cap``: the most passes of a run
              to convergence
``shuffle``   the examples shuffled each pass (a seeded generator)
``fixed``     a fixed answer, whatever the data (the zero weights)

A module knows nothing of perceptron-ref: its source is copied whole into the hand-in.
"""
