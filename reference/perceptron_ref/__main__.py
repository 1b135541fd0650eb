"""``python -m perceptron_ref``: the same as the ``perceptron-ref`` command."""

from perceptron_ref.cli import script

if __name__ == "__main__":
    script()
