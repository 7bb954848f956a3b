# themegen's developer targets. `make help` lists them.
SWIFT ?= swift
# A static Swift runtime starts faster (it matters for a build step run on every build).
RELEASE_FLAGS = -c release --static-swift-stdlib
BIN = .build/release/themegen

.PHONY: help build release test run check clean exports bench bench-large install fuzz sanitize

help:
	@echo "make build      debug build"
	@echo "make release    optimised build ($(BIN))"
	@echo "make test       swift test (what CI runs)"
	@echo "make run        bare themegen on this repository's Exports/"
	@echo "make check      fail if Generated/ is stale (themegen --check)"
	@echo "make clean      remove what themegen generated, and .build"
	@echo "make exports    redraw the sample exports in Exports/"
	@echo "make bench      benchmark against peers (ratios from one run; QUICK=1 for a short run)"
	@echo "make bench-large  the same plus the 2,000-asset / 500-theme load rows (slow)"
	@echo "make fuzz       run each libFuzzer target for SECONDS (default 30) seconds"
	@echo "make sanitize   swift test under AddressSanitizer (and UBSan on the C bridge)"

build:
	$(SWIFT) build

release:
	$(SWIFT) build $(RELEASE_FLAGS)

test:
	$(SWIFT) test

run: release
	$(BIN)

check: release
	$(BIN) --check

clean:
	-[ -x $(BIN) ] && $(BIN) clean
	rm -rf .build .themegen

exports:
	$(SWIFT) run make-exports Exports

# The bench builds its own release binary and corpora (under /tmp, once) and is never part of `swift test`.
bench:
	python3 Benchmarks/bench.py $(if $(QUICK),--quick)

bench-large:
	python3 Benchmarks/bench.py --load $(if $(QUICK),--quick)

# libFuzzer targets, each built on its own in .build/fuzz (see scripts/fuzz.sh).
SECONDS ?= 30
fuzz:
	SWIFT=$(SWIFT) ./scripts/fuzz.sh $(SECONDS)

# The suite under AddressSanitizer, in its own build folder; UBSan checks the C bridge.
sanitize:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --scratch-path .build/asan --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
