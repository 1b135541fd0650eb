"""The perceptrons of the notes, one module each, named after the algorithm's ID."""
