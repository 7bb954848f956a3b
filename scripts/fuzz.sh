#!/bin/sh
# `make fuzz SECONDS=N`: builds each libFuzzer target (one at a time, in .build/fuzz so the
# normal build is untouched) and runs it for N seconds on a corpus seeded from the repository.
# A crashing input is saved by libFuzzer as .build/fuzz/TARGET-crash-* (printed, with the end of
# the log, and the script fails); commit it under
# Tests/Fixtures/Fuzz/TARGET/ and `swift test` replays it.
set -eu
SECONDS_EACH=${1:-30}
# FUZZ_TARGETS limits the run to some targets; FUZZ_FLAGS adds libFuzzer flags (e.g.
# -malloc_limit_mb=1, which makes any large allocation a failure: a check of this script's
# failure path).
TARGETS=${FUZZ_TARGETS:-FuzzPNG FuzzMustache FuzzConfig FuzzManifest}
SWIFT=${SWIFT:-swift}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
FUZZ=.build/fuzz
SEEDS=Tests/Fixtures
status=0
for target in $TARGETS; do
    THEMEGEN_FUZZ=1 $SWIFT build --scratch-path "$FUZZ" --sanitize fuzzer --product "$target" >/dev/null
    corpus="$FUZZ/corpus/$target"
    mkdir -p "$corpus"
    case $target in
        FuzzPNG) find Exports "$SEEDS" -name '*.png' -size -256k -exec cp {} "$corpus/" \; ;;
        FuzzMustache) cp Templates/*.mustache "$corpus/" ;;
        FuzzConfig) cp themegen.json "$SEEDS"/FuzzSeeds/FuzzConfig/*.json "$corpus/" ;;
        FuzzManifest) cp "$SEEDS"/FuzzSeeds/FuzzManifest/*.json "$corpus/" ;;
    esac
    # Inputs that once failed are seeds too.
    cp "$SEEDS/Fuzz/$target/"* "$corpus/" 2>/dev/null || true
    echo "== $target: $SECONDS_EACH s"
    log="$FUZZ/$target.log"
    if ! SWIFT_BACKTRACE=enable=no "$FUZZ/debug/$target" -max_total_time="$SECONDS_EACH" -rss_limit_mb=2048 \
        -timeout=10 -max_len=262144 -artifact_prefix="$FUZZ/$target-" -print_final_stats=1 ${FUZZ_FLAGS:-} "$corpus" \
        2>"$log"; then
        status=1
        # libFuzzer names the input it saved (crash-, oom-, timeout- or leak-): print it, and the
        # end of the log with the report, so CI shows both.
        input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
        echo "$target failed on input ${input:-(none saved)}; log: $log"
        tail -n 40 "$log"
        echo "commit the input under Tests/Fixtures/Fuzz/$target/ once fixed: swift test replays it"
    fi
    grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb)" "$FUZZ/$target.log" || true
done
exit $status
