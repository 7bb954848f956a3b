# themegen's developer targets. `make help` lists them.
SWIFT ?= swift
# The Swift runtime linked in statically: the binary runs without the toolchain, and starts
# faster (it matters for a build step run on every build). The C bridge's debug information in
# DWARF 4: valgrind 3.19 (Debian 12) gives up on a binary with two DWARF 5 C files.
RELEASE_FLAGS = -c release --static-swift-stdlib -Xcc -gdwarf-4
BIN = .build/release/themegen

# `make install PREFIX=/usr/local` (the default), `DESTDIR` for packaging.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
INSTALLED = $(DESTDIR)$(BINDIR)/themegen

.PHONY: help build release test run generate themes assets preview check watch clean \
        install uninstall exports bench bench-large bench-peers fuzz sanitize

help:
	@echo "make build      debug build"
	@echo "make release    optimised build ($(BIN)), Swift runtime linked in"
	@echo "make test       swift test (what CI runs)"
	@echo "make themes     regenerate Generated/ from Exports/ (one incremental themegen run;"
	@echo "make assets       all three run it, as every output shares one run, lock and manifest)"
	@echo "make preview    the same, then print where the preview is"
	@echo "make check      fail if Generated/ is stale (themegen check)"
	@echo "make watch      rerun themegen whenever an export, the config or a template changes"
	@echo "make install    install a stripped release binary in \$$(DESTDIR)\$$(PREFIX)/bin (PREFIX=$(PREFIX))"
	@echo "make uninstall  remove it"
	@echo "make clean      remove what themegen generated, and .build"
	@echo "make exports    redraw the sample exports in Exports/"
	@echo "make bench      benchmark against peers (ratios from one run; QUICK=1 for a short run,"
	@echo "                  LOAD=1 adds the 500-theme / 2,000-asset load rows, about 15 min more)"
	@echo "make bench-large  the same as make bench LOAD=1"
	@echo "make bench-peers  install the peers the bench compares with (apt-get and pip, as root)"
	@echo "make fuzz       run each libFuzzer target for SECONDS (default 30) seconds"
	@echo "make sanitize   swift test under AddressSanitizer (and UBSan on the C bridge)"

build:
	$(SWIFT) build

release:
	$(SWIFT) build $(RELEASE_FLAGS) --product themegen

test:
	$(SWIFT) test

# One run writes every output of themegen.json, and only what changed; a run limited to themes
# or assets would not be cheaper, since a no-change run decodes nothing.
generate run: release
	$(BIN)

themes assets: generate

preview: generate
	@echo "preview: file://$(CURDIR)/Generated/Preview/index.html"

check: release
	$(BIN) check

watch: release
	$(BIN) run --watch

clean:
	-[ -x $(BIN) ] && $(BIN) clean
	rm -rf .build .themegen

# Copied to a temporary name beside the target and renamed over it, so an interrupted install
# never leaves half a binary. Fails, naming the folder, where it cannot write.
install: release
	@dir="$(DESTDIR)$(BINDIR)"; \
	mkdir -p "$$dir" && install -m 755 -s $(BIN) "$$dir/.themegen.install-tmp" \
	  && mv -f "$$dir/.themegen.install-tmp" "$(INSTALLED)" \
	  || { rm -f "$$dir/.themegen.install-tmp" 2>/dev/null; \
	       echo "make install: cannot write $(INSTALLED): set PREFIX (e.g. PREFIX=\$$HOME/.local) or DESTDIR to a folder you can write, or run it with sudo" >&2; exit 1; }
	@echo "installed $(INSTALLED)"

uninstall:
	@if [ -e "$(INSTALLED)" ] || [ -L "$(INSTALLED)" ]; then \
	  rm -f "$(INSTALLED)" && echo "removed $(INSTALLED)" \
	  || { echo "make uninstall: cannot remove $(INSTALLED): run it with the PREFIX and DESTDIR of the install, or with sudo" >&2; exit 1; }; \
	else echo "make uninstall: nothing to remove at $(INSTALLED)"; fi

exports:
	$(SWIFT) run make-exports Exports

# The bench builds its own release binary and corpora (under /tmp, once) and is never part of `swift test`.
bench:
	python3 Benchmarks/bench.py $(if $(QUICK),--quick) $(if $(LOAD),--load)

bench-large:
	python3 Benchmarks/bench.py --load $(if $(QUICK),--quick)

# What the bench compares with; a run without them skips their rows and says which are missing.
bench-peers:
	apt-get install -y ruby ruby-chunky-png ruby-oily-png imagemagick libvips-tools librsvg2-bin valgrind
	python3 -m pip install pillow numpy pyvips

# libFuzzer targets, each built on its own in .build/fuzz (see scripts/fuzz.sh).
SECONDS ?= 30
fuzz:
	SWIFT=$(SWIFT) ./scripts/fuzz.sh $(SECONDS)

# The suite under AddressSanitizer, in its own build folder; UBSan checks the C bridge.
sanitize:
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --scratch-path .build/asan --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
