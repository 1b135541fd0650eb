"""These files are submissions to judge, not tests: pytest must not import them."""

collect_ignore_glob = ["*.py"]
