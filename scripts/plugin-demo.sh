#!/usr/bin/env bash
# Builds and tests Examples/PluginDemo (the ThemeGenPlugin build-tool plugin on the bundled
# exports), and checks from SwiftPM's build log that the plugin's command runs only when an
# input changed: a second build with nothing changed runs nothing, and a touched export reruns
# themegen without recompiling the target (themegen rewrote nothing).
set -euo pipefail
cd "$(dirname "$0")/../Examples/PluginDemo"
step="themegen: generating theme Swift for DemoThemes"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

build() { swift build --build-tests >"$log" 2>&1 || { cat "$log"; exit 1; }; }
fail() { echo "plugin-demo: $1"; echo "--- build log:"; cat "$log"; exit 1; }

start=$(date +%s)
# From scratch, so the first build must run the command.
rm -rf .build/plugins/outputs
build
grep -qF "$step" "$log" || fail "the first build did not run the plugin's command"

build
grep -qF "$step" "$log" && fail "a build with nothing changed reran the plugin's command"
grep -qE "Compiling DemoThemes|Compiling .*Themes.swift" "$log" && fail "a build with nothing changed recompiled DemoThemes"

touch "../../Exports/Themes/Citrus@3x.png"
build
grep -qF "$step" "$log" || fail "a touched export did not rerun the plugin's command"
grep -qE "Compiling DemoThemes" "$log" && fail "an export with the same content recompiled DemoThemes (themegen rewrote its output)"

swift test --skip-build 2>&1 | tee "$log" | grep -E "Executed [0-9]+ tests" | tail -n 1
grep -qE "Executed [0-9]+ tests, with 0 failures" "$log" || fail "the demo's tests failed"
echo "plugin-demo: ok in $(( $(date +%s) - start )) s (a rebuild with nothing changed ran nothing)"
