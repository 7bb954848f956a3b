#!/usr/bin/env bash
# Builds and tests Examples/PluginDemo (the ThemeGenPlugin build-tool plugin on the bundled
# exports), and checks from SwiftPM's build log that the plugin's command runs only when an
# input (or the themegen tool itself) changed, and that themegen then rewrites nothing.
set -euo pipefail
cd "$(dirname "$0")/../Examples/PluginDemo"
step="themegen: generating theme Swift for DemoThemes"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

build() { swift build --build-tests >"$log" 2>&1 || { cat "$log"; exit 1; }; }
fail() { echo "plugin-demo: $1"; echo "--- build log:"; cat "$log"; exit 1; }
ran() { grep -qF "$step" "$log"; }
relinked() { grep -qE "Linking themegen-tool" "$log"; }
recompiled() { grep -qE "Compiling DemoThemes" "$log"; }

start=$(date +%s)
# Without the plugin's outputs, so the first build must run the command.
rm -rf .build/plugins/outputs
build
ran || fail "the first build did not run the plugin's command"

# With nothing changed the command runs only if SwiftPM relinked the tool: right after a fresh
# .build it does so once more (its plugin-tools and main build graphs both compile the C target
# CPNGBridge). themegen then rewrites nothing, so nothing is recompiled.
build
if ran && ! relinked; then fail "a build with nothing changed reran the plugin's command"; fi
recompiled && fail "a build with nothing changed recompiled DemoThemes"
build
ran && fail "a build with nothing changed (and the tool unchanged) reran the plugin's command"
recompiled && fail "a build with nothing changed recompiled DemoThemes"

# A touched export (same bytes) reruns themegen, which writes nothing: no recompile.
touch "../../Exports/Themes/Citrus@3x.png"
build
ran || fail "a touched export did not rerun the plugin's command"
recompiled && fail "an export with the same content recompiled DemoThemes (themegen rewrote its output)"

swift test --skip-build >"$log" 2>&1 || fail "the demo's tests failed"
grep -E "Executed [0-9]+ tests" "$log" | tail -n 1

# The read-only command plugin needs no --allow-writing-to-package-directory and writes nothing.
swift package themegen-check --dry-run >"$log" 2>&1 || fail "swift package themegen-check --dry-run failed"
grep -qx "would write Generated/Themes.swift" "$log" || fail "themegen-check --dry-run did not list Generated/Themes.swift"
[ ! -e Generated ] && [ ! -e .themegen ] || fail "themegen-check --dry-run wrote into the package"
echo "plugin-demo: ok in $(( $(date +%s) - start )) s"
