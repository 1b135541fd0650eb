"""Halving over a finite class: Mehta, Lecture 3, §1 (the cover of the sphere, Corollary 1)."""
