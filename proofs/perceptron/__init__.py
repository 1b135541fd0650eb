"""Proofs of the perceptron theorems."""
