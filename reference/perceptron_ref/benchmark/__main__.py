"""``python -m perceptron_ref.benchmark``: see the package docstring."""

from perceptron_ref.benchmark import main

if __name__ == "__main__":
    raise SystemExit(main())
