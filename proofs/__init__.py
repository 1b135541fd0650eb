"""Machine checks of every step of the notes' proofs (package ``perceptron_ref_proofs``)."""
