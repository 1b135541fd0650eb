"""The data a candidate is tried on: the regimes, small and large, and what shapes them."""
