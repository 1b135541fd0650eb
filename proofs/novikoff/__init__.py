"""Proofs of the novikoff theorems."""
