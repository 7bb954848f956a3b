"""The themegen benchmark harness (Python 3 standard library only). Entry point: ../bench.py."""
