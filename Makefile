# Benchmarks (issue 8). The bench is never part of `swift test`.
#   make bench            the full table (first run generates the corpora under /tmp: ~12 min once)
#   make bench QUICK=1    3 runs, no ChunkyPNG, no 200-theme generation (for development)
#   make bench-large      the full table plus the 2,000-asset / 500-theme load rows
PYTHON ?= python3

.PHONY: bench bench-large

bench:
	$(PYTHON) Benchmarks/bench.py $(if $(QUICK),--quick)

bench-large:
	$(PYTHON) Benchmarks/bench.py --load $(if $(QUICK),--quick)
