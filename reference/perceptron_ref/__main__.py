"""``python -m perceptron_ref``: the same as the ``perceptron-ref`` command."""

import sys

from perceptron_ref.cli import main

if __name__ == "__main__":
    sys.exit(main())
