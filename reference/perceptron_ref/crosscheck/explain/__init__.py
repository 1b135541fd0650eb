"""Explaining a disagreement: repeat, shrink to a minimal counterexample, probe, diagnose."""
