"""The club evening of `make load` (evening.py), run as `python -m tests.load`, and its
short version among the served tests (test_load.py)."""
