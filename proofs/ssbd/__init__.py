"""Proofs of the ssbd theorems."""
