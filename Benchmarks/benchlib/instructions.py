"""Instruction counts under `valgrind --tool=callgrind`: the decode comparison without the machine's noise.

Wall time on a shared 2-core machine drifts; instruction counts repeat exactly, so they show
whether themegen's streaming reader adds work over the bare libpng loop, and where it goes."""
import os
import re
import subprocess
from collections import defaultdict
from typing import Dict, List, Optional, Tuple

from .measure import progress
from .prepare import Context, which
from .table import Row, Target, at_most, ratio


def profile(argv: List[str], out: str) -> Tuple[int, Dict[str, int]]:
    """Total instructions and their split by library: libpng, zlib, other (our code, runtime, loader)."""
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *argv],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    text = subprocess.run(["callgrind_annotate", "--auto=no", "--threshold=100", out], check=True,
                          capture_output=True, text=True).stdout
    total, split = 0, defaultdict(int)
    for line in text.splitlines():
        m = re.match(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$", line)
        if not m:
            continue
        count = int(m.group(1).replace(",", ""))
        where = m.group(2)
        if "PROGRAM TOTALS" in where:
            total = count
        elif "libpng" in where:
            split["libpng"] += count
        elif "libz." in where:
            split["zlib"] += count
        else:
            split["other"] += count
    return total, split


def _describe(total: int, split: Dict[str, int]) -> str:
    parts = ", ".join(f"{k} {100 * split[k] / total:.1f} %" for k in ("libpng", "zlib", "other"))
    return f"{total / 1e6:.1f} M ({parts})"


def rows(ctx: Context, job: str, artboard: str) -> List[Row]:
    label = "instructions, 1 artboard (`valgrind --tool=callgrind`)"
    goal = "instructions ≤ 1.15×"
    if not (which("valgrind") and which("callgrind_annotate")):
        return [Row(job, label, compare="skipped: valgrind not installed (apt-get install valgrind)",
                    targets=[Target(goal)])]
    progress("counting instructions under callgrind")
    out = ctx.scratch("callgrind")
    try:
        tg = profile([ctx.themegen, "inspect", artboard], os.path.join(out, "themegen.callgrind"))
        floor = profile([ctx.floor, artboard], os.path.join(out, "png_floor.callgrind"))
    except (OSError, subprocess.CalledProcessError) as e:
        return [Row(job, label, compare=f"failed: {e}", targets=[Target(goal)])]
    r = tg[0] / floor[0]
    return [Row(job, label, "1", compare=f"{ratio(r)}: `themegen inspect` {_describe(*tg)}; "
                                         f"`png_floor` {_describe(*floor)}",
                targets=[at_most(goal, r, 1.15, f"{r:.3f}×")])]
