"""What a crosscheck returns (the report, its counterexample, its coverage) and how it is
written: JSON, text, Gradescope."""
