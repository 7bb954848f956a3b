"""Resize quality (issue 5): the ../shared/quality scorer's mean PSNR for themegen next to the peers' published scores."""
import json
import os
import re
import shutil
import subprocess
import sys
from typing import List

from .measure import CommandFailed, progress, run_once
from .prepare import Context, which
from .slicing import themegen_tool as slice_tool
from .table import Row, Target, at_least

JOB = "Quality (#5), mean PSNR, 36 drawings"
GOALS = (("2x", 48.5), ("1x", 47.84))


def published(ctx: Context) -> List[Row]:
    """Peer rows from the scorer's README table (method | 2x | 1x | ghost)."""
    rows = []
    for line in open(os.path.join(ctx.shared, "quality", "README.md"), encoding="utf-8"):
        cells = [c.strip().replace("**", "") for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and re.search(r"ImageMagick|vips|Pillow", cells[0]) and re.match(r"^[\d.]+$", cells[1]):
            rows.append(Row(JOB, cells[0], compare=f"2x {cells[1]} dB, 1x {cells[2]} dB (published, "
                                                   "../shared/quality/README.md)"))
    return rows


def rows(ctx: Context) -> List[Row]:
    label = "`themegen slice` @3x → @2x/@1x"
    goals = [Target(f"{s} ≥ {g} dB") for s, g in GOALS]
    peers = published(ctx)
    if not ctx.has("slice"):
        return [Row(JOB, label, compare="not available yet: this themegen has no `slice` command", targets=goals)] + peers
    if not which("rsvg-convert"):
        return [Row(JOB, label, compare="skipped: rsvg-convert not installed (apt-get install librsvg2-bin)",
                    targets=goals)] + peers
    q = ctx.scratch("quality")
    truth = os.path.join(q, "truth")
    if not os.path.isdir(os.path.join(truth, "1x")):
        progress("rendering the quality drawings (make_svgs.py)")
        subprocess.run([sys.executable, os.path.join(ctx.shared, "quality", "make_svgs.py"), q], check=True,
                       stdout=subprocess.DEVNULL)
    inputs = os.path.join(q, "in")
    shutil.rmtree(inputs, ignore_errors=True)
    os.makedirs(inputs)
    for f in sorted(os.listdir(os.path.join(truth, "3x"))):
        if f.endswith(".png"):
            shutil.copyfile(os.path.join(truth, "3x", f), os.path.join(inputs, f[:-4] + "@3x.png"))
    tool = slice_tool(ctx, inputs, os.path.join(q, "out"), "themegen slice (quality)")
    catalog = os.path.join(q, "out", "Generated", "Assets.xcassets")
    try:
        run_once(tool.cmd)
    except CommandFailed as e:
        return [Row(JOB, label, compare=f"failed: {e}", targets=goals)] + peers
    scores = os.path.join(q, "score.json")
    r = subprocess.run([sys.executable, os.path.join(ctx.shared, "quality", "score.py"), catalog,
                        "--truth", truth, "--json", scores], capture_output=True, text=True)
    if r.returncode != 0 or not os.path.isfile(scores):
        return [Row(JOB, label, compare=f"score.py failed: {(r.stdout + r.stderr).strip()[-200:]}",
                    targets=goals)] + peers
    summary = json.load(open(scores))["summary"]
    psnr = {s: summary[s]["psnr_mean"] for s, _ in GOALS}
    text = ", ".join(f"{s} {psnr[s]:.2f} dB" for s, _ in GOALS)
    return [Row(JOB, label, "1", compare=text,
                targets=[at_least(f"{s} ≥ {g} dB", psnr[s], g, f"{psnr[s]:.2f} dB") for s, g in GOALS])] + peers
