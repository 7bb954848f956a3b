"""PNG decode (issue 2): `themegen inspect` streams and validates every row; png_floor is the bare libpng loop."""
import os
from typing import List

from . import instructions
from .compare import Tool, compare
from .measure import Cmd, CommandFailed, series
from .prepare import Context, pngs
from .table import MB, MIB, Row, at_most, below, ratio

JOB = "PNG decode (#2)"


def rows(ctx: Context, corpus: str) -> List[Row]:
    themes = pngs(os.path.join(corpus, "themes"))
    out: List[Row] = []
    try:
        baseline = series(Cmd("themegen --version", [ctx.themegen, "--version"]), ctx.runs * 3)
        base_rss = baseline.rss
        out.append(Row(JOB, "`themegen --version` (process baseline)", f"{len(baseline.runs)}", baseline.wall,
                       baseline.cpu, baseline.rss, compare="baseline for the RSS target"))
    except CommandFailed as e:
        base_rss = None
        out.append(Row(JOB, "`themegen --version` (process baseline)", compare=f"failed: {e}"))

    for label, files, runs in (("1 artboard", themes[:1], ctx.runs * 3), (f"{len(themes)} artboards", themes, ctx.runs)):
        tg = Tool(f"`themegen inspect`, {label}", Cmd(f"themegen inspect ({label})", [ctx.themegen, "inspect", *files]))
        floor = Tool(f"`png_floor`, {label}", Cmd(f"png_floor ({label})", [ctx.floor, *files]), runs=runs,
                     targets=lambda pair, _tg, _p: [
                         at_most("wall ≤ 1.15×", pair and pair.wall_ratio, 1.15, pair and ratio(pair.wall_ratio)),
                         at_most("CPU ≤ 1.15×", pair and pair.cpu_ratio, 1.15, pair and ratio(pair.cpu_ratio))])
        single = len(files) == 1

        def rss_target(s, single=single):
            if not single:
                return []
            above = None if s is None or base_rss is None else s.rss - base_rss
            return [below("RSS < 10 MB above baseline", above, 10 * MB,
                          above is not None and f"+{above / MIB:.1f} MiB")]

        got = compare(ctx, JOB, tg, [floor], themegen_targets=rss_target)
        out += got.rows
    out += instructions.rows(ctx, JOB, themes[0])
    return out
