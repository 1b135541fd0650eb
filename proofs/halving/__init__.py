"""Proofs of the halving theorems."""
