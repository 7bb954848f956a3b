#!/usr/bin/env python3
"""themegen's benchmark: one table of ratios against the tools users would run instead.

    python3 Benchmarks/bench.py            # everything but the load rows (make bench)
    python3 Benchmarks/bench.py --quick    # 3 runs, no ChunkyPNG, no 200-theme generation (make bench QUICK=1)
    python3 Benchmarks/bench.py --load     # also the 2,000-asset / 500-theme load rows (make bench LOAD=1)

Builds a release themegen and png_floor, generates the bench corpora once with
../shared/bench/make_corpus.py (under $THEMEGEN_BENCH_DIR, default /tmp), runs every
comparison as alternating pairs (A B A B ...) and prints the medians of the per-pair
ratios. Targets themegen misses are marked MISSED; commands that have not landed yet
print "not available yet". It never fails because a target is missed (exit 0);
setup problems exit 2.
"""
import argparse
import datetime
import os
import platform
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the repository
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from benchlib import binary, cold, decode, incremental, peers, quality, slicing, themes, watch  # noqa: E402
from benchlib.measure import SPAWN, progress  # noqa: E402
from benchlib.prepare import (SetupError, build_floor, build_spawn, build_themegen, corpus,  # noqa: E402
                              discover_commands, locate)
from benchlib.table import missed, render  # noqa: E402

SECTIONS = ("install", "decode", "themes", "overlays", "shapes", "growth", "memory", "slice", "encoder", "cold",
            "incremental", "watch", "quality", "load")


def machine() -> str:
    model, mem = "unknown CPU", "unknown memory"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except OSError:
        model = platform.processor() or model
    return f"{os.cpu_count()} CPUs ({model}), {mem}, {platform.system()} {platform.release()}"


def revision(root: str) -> str:
    def git(*args):
        return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True).stdout.strip()
    rev = git("rev-parse", "--short", "HEAD") or "unknown"
    return rev + (" (with uncommitted changes)" if git("status", "--porcelain", "--untracked-files=no") else "")


def main(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="3 runs (1 for slow peers), no ChunkyPNG, "
                    "growth rows only if the 200-theme corpus already exists")
    ap.add_argument("--load", action="store_true", help="add the 2,000-asset / 500-theme load rows (slow)")
    ap.add_argument("--load-pairs", type=int, help="pairs for the load rows (default 3, quick 1; about 80 s a pair)")
    ap.add_argument("--runs", type=int, help="pairs per comparison (default 5, quick 3)")
    ap.add_argument("--slow-runs", type=int, help="pairs for the slowest peers (ChunkyPNG, libvips CLI loops; "
                    "default 3, quick 1)")
    ap.add_argument("--only", help="comma-separated sections: " + ",".join(SECTIONS))
    ap.add_argument("--themegen", help="use this themegen binary instead of building a release one")
    ap.add_argument("--markdown", help="also write the report to this file")
    a = ap.parse_args(argv)
    only = set(a.only.split(",")) if a.only else set(SECTIONS) - ({"load"} if not a.load else set())
    unknown = only - set(SECTIONS)
    if unknown:
        ap.error(f"unknown section(s): {', '.join(sorted(unknown))}")

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        ctx = locate(root)
        cold.empty_trash(ctx)  # a killed bench's
        ctx.quick = a.quick
        ctx.runs = a.runs or (3 if a.quick else 5)
        ctx.slow_runs = a.slow_runs or (1 if a.quick else 3)
        SPAWN["path"] = build_spawn(ctx)
        ctx.floor = build_floor(ctx)
        ctx.themegen = os.path.abspath(a.themegen) if a.themegen else build_themegen(ctx)
        ctx.commands = discover_commands(ctx.themegen)
        absent = peers.missing()
        if absent:
            progress("peers " + peers.summary(absent))
        # The install and quality rows need no corpus (and so no Pillow for make_corpus.py).
        small = corpus(ctx) if only - {"install", "quality"} else None
        need_large = bool(only & {"growth", "memory", "load"})
        large = corpus(ctx, large=True, generate=not a.quick) if need_large else None
    except (SetupError, subprocess.CalledProcessError, OSError) as e:
        print(f"bench: error: {e}", file=sys.stderr)
        return 2

    load_before = os.getloadavg()
    rows = []
    if "install" in only:
        rows += binary.rows(ctx)
    if "decode" in only:
        rows += decode.rows(ctx, small)
    if "themes" in only:
        rows += themes.rows(ctx, small, chunky=not a.quick).rows
    if "overlays" in only:
        rows += themes.overlay_rows(ctx)
    if "shapes" in only:
        rows += themes.shape_rows(ctx)
    if "growth" in only:
        rows += themes.growth_rows(ctx, small, large)
    if "memory" in only:
        rows += cold.memory_rows(ctx, small, large, with_load="load" in only)
    slice_ran = False
    if only & {"slice", "encoder"}:
        sliced = slicing.rows(ctx, small)
        slice_ran = sliced.themegen is not None
        if "slice" in only:
            rows += sliced.rows
    if "encoder" in only:
        rows += slicing.encoder_rows(ctx, slice_ran)
    if "cold" in only:
        rows += cold.rows(ctx, small)
    if "incremental" in only:
        rows += incremental.rows(ctx, small)
    if "watch" in only:
        rows += watch.rows(ctx)
    if "quality" in only:
        rows += quality.rows(ctx)
    if "load" in only:
        rows += cold.load_rows(ctx, small, large, a.load_pairs or (1 if a.quick else 3))

    cold.empty_trash(ctx)
    version = subprocess.run([ctx.themegen, "--version"], capture_output=True, text=True).stdout.strip()
    command = "python3 Benchmarks/bench.py" + ("".join(f" {x}" for x in argv) if argv else "")
    lines = [
        f"themegen benchmark, {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
        f"- machine: {machine()}; load average {load_before[0]:.1f} at the start, "
        f"{os.getloadavg()[0]:.1f} at the end (other jobs share the cores: compare ratios, not seconds)",
        f"- peers: {peers.summary(absent)}",
        f"- themegen: {version}, revision {revision(root)}; release build {os.path.relpath(ctx.themegen, root)}",
        f"- command: `{command}`; {ctx.runs} alternating pairs per comparison ({ctx.slow_runs} for the slowest peers), "
        "one unmeasured warm-up pair; corpus " + (small or "not needed"),
        "- ratios are themegen ÷ tool, each the median of per-pair ratios (below 1 means themegen is faster or smaller); "
        "wall and CPU are medians, peak RSS is the largest run (largest single process of the tree)",
        "",
        render(rows),
    ]
    misses = missed(rows)
    lines.append(f"Targets missed: {len(misses)}" + "".join(f"\n- {m}" for m in misses))
    report = "\n".join(lines) + "\n"
    print(report)
    path = a.markdown or os.path.join(ctx.work, "last-report.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write(report)
    print(f"bench: report written to {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
