"""Proofs of the winnow theorems."""
