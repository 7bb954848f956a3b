"""Theme sampling (issue 4): `themegen themes DIR --template json` against png_floor and the samplers users run."""
import hashlib
import json
import os
import shutil
import subprocess
import sys
from typing import List, Optional

from .compare import Tool, compare, size_of
from .measure import Cmd, CommandFailed, Series, paired, progress
from .prepare import RELEASE, Context, pngs, python_has, ruby_has, which
from .table import MB, MIB, Row, Target, at_most, below, ratio

JOB = "Themes (#4)"
NOT_YET = "not available yet: this themegen has no `themes` command"


def themegen_tool(ctx: Context, folder: str, out: str, label: str) -> Tool:
    if not ctx.has("themes"):
        return Tool(label, None, NOT_YET)
    path = os.path.join(out, "themegen.json")
    argv = [ctx.themegen, "themes", folder, "--template", "json"]
    return Tool(label, Cmd(label, argv, stdout=path), out_bytes=lambda: size_of(path),
                check=lambda: _check_json(path, len(pngs(folder))))


def _check_json(path: str, expected: int) -> Optional[str]:
    try:
        themes = json.load(open(path, encoding="utf-8"))["themes"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        return f"{path} is not {{\"themes\": [...]}}: {e}"
    return None if len(themes) == expected else f"{len(themes)} themes, expected {expected}"


def _checker(ctx: Context, truth: str, path: str):
    def check() -> Optional[str]:
        r = subprocess.run([sys.executable, os.path.join(ctx.bench, "check_themes.py"), truth, path],
                           capture_output=True, text=True)
        return None if r.returncode == 0 else (r.stdout.strip() or r.stderr.strip())
    return check


def decode_limit_note(pair) -> str:
    """Information (#16): a decode-bound job on two cores cannot go below half the single-threaded
    loop, so wall ÷ 0.5 says how close themegen is to that limit (1.00× is the limit itself)."""
    return f"vs the two-core decode limit (0.5× the loop): {ratio(pair.wall_ratio / 0.5)}"


def peers(ctx: Context, corpus: str, out: str, chunky: bool) -> List[Tool]:
    folder, truth, b = os.path.join(corpus, "themes"), os.path.join(corpus, "themes.tsv"), ctx.bench
    py = sys.executable

    def tool(label, argv, ok, missing, name, runs=None, note=lambda pair: ""):
        path = os.path.join(out, name)
        argv = [a.replace("OUT", path) for a in argv]
        if not ok:
            return Tool(label, None, missing)
        return Tool(label, Cmd(label, argv), runs=runs, out_bytes=lambda: size_of(path),
                    check=_checker(ctx, truth, path), note=note)

    def floor_targets(pair, _t, _p):
        return [at_most("CPU ≤ 1.15×", pair and pair.cpu_ratio, 1.15, pair and ratio(pair.cpu_ratio)),
                at_most("wall ≤ 0.6×", pair and pair.wall_ratio, 0.6, pair and ratio(pair.wall_ratio))]

    def chunky_note(pair):
        # #16 retired the "≥ 80× faster" target: on two cores it needs less than the decode limit.
        return f"{1 / pair.wall_ratio:.0f}× faster (information; no target)"

    has_pil, has_vips, has_im = python_has("PIL"), python_has("pyvips"), os.path.exists("/usr/bin/identify")
    rows = [
        Tool("`png_floor` (libpng rows, 1 core)", Cmd("png_floor", [ctx.floor, *pngs(folder)],
                                                     stdout=os.path.join(out, "floor.tsv")),
             targets=floor_targets, out_bytes=lambda: size_of(os.path.join(out, "floor.tsv")),
             check=_checker(ctx, truth, os.path.join(out, "floor.tsv")), note=decode_limit_note),
        tool("Pillow (`themes_pillow.py`)", [py, f"{b}/themes_pillow.py", folder, "OUT"], has_pil,
             "Pillow not installed (pip install pillow)", "pillow.tsv"),
        tool("pyvips sequential (`themes_pyvips.py`)", [py, f"{b}/themes_pyvips.py", folder, "OUT"], has_vips,
             "pyvips not installed (pip install pyvips)", "pyvips.tsv"),
        tool("ImageMagick `identify` batch (`themes_im.sh batch`)", ["sh", f"{b}/themes_im.sh", "batch", folder, "OUT"],
             has_im, "ImageMagick not installed (apt-get install imagemagick)", "im_batch.tsv"),
        tool("libvips CLI per file (`themes_vips.sh`)", ["sh", f"{b}/themes_vips.sh", folder, "OUT"],
             bool(which("vips") and which("vipsheader")), "libvips CLI not installed (apt-get install libvips-tools)",
             "vips_cli.tsv", runs=ctx.slow_runs),
        tool("oily_png (`themes_chunky.rb --oily`)", ["ruby", f"{b}/themes_chunky.rb", "--oily", folder, "OUT"],
             ruby_has("oily_png"), "oily_png not installed (apt-get install ruby-oily-png)", "oily.m"),
    ]
    if chunky:
        rows.append(tool("ChunkyPNG, the original script (`themes_chunky.rb`)",
                         ["ruby", f"{b}/themes_chunky.rb", folder, "OUT"], ruby_has("chunky_png"),
                         "ChunkyPNG not installed (apt-get install ruby-chunky-png)", "chunky.m",
                         runs=ctx.slow_runs, note=chunky_note))
    else:
        rows.append(Tool("ChunkyPNG, the original script (`themes_chunky.rb`)", None,
                         "left out in quick mode (about 75 s a run)"))
    return rows


def rows(ctx: Context, corpus: str, chunky: bool):
    out = ctx.scratch("themes-20")
    tg = themegen_tool(ctx, os.path.join(corpus, "themes"), out, "`themegen themes --template json`")
    result = compare(ctx, JOB + ", 20 artboards", tg, peers(ctx, corpus, out, chunky))
    return result


def growth_rows(ctx: Context, corpus: str, large: Optional[str]) -> List[Row]:
    """20 -> 200 artboards: time should grow linearly (≤ 10.5×) and peak RSS stay flat (< 64 MB)."""
    job = JOB + ", 200 artboards"
    label = "`themegen themes --template json`, 200 artboards"
    rss_goal, flat_goal, growth_goal = "RSS < 64 MB", "RSS flat vs 20 (≤ 1.10× + 1 MiB)", "time 20 → 200 ≤ 10.5×"
    if large is None:
        why = "skipped: the 200-theme corpus is not generated (`make bench-large`, about 10 min once)"
        return [Row(job, label, compare=why, targets=[Target(rss_goal), Target(flat_goal), Target(growth_goal)])]
    out = ctx.scratch("themes-200")
    runs = max(1, ctx.slow_runs)
    floor20 = Cmd("png_floor, 20", [ctx.floor, *pngs(os.path.join(corpus, "themes"))])
    floor200 = Cmd("png_floor, 200", [ctx.floor, *pngs(os.path.join(large, "themes"))])
    rows = []
    try:
        fp = paired(floor200, floor20, runs, warmup=0)
        rows.append(Row(job, "`png_floor`, 200 artboards", f"{runs} pairs", fp.a.wall, fp.a.cpu, fp.a.rss,
                        compare=f"floor's own growth 20 → 200: {ratio(fp.wall_ratio)} (pairs {fp.spread})"))
    except CommandFailed as e:
        rows.append(Row(job, "`png_floor`, 200 artboards", compare=f"failed: {e}"))
    tg200 = themegen_tool(ctx, os.path.join(large, "themes"), out, label)
    tg20 = themegen_tool(ctx, os.path.join(corpus, "themes"), ctx.scratch("themes-20"), "themes 20")
    if tg200.cmd is None:
        rows.append(Row(job, label, compare=tg200.missing,
                        targets=[Target(rss_goal), Target(flat_goal), Target(growth_goal)]))
        return rows
    try:
        g = paired(tg200.cmd, tg20.cmd, runs, warmup=0)
        vs = paired(tg200.cmd, floor200, runs, warmup=0, a_series=g.a)
    except CommandFailed as e:
        rows.append(Row(job, label, compare=f"failed: {e}",
                        targets=[Target(rss_goal), Target(flat_goal), Target(growth_goal)]))
        return rows
    rss20 = g.b.rss
    s = g.a
    problem = tg200.check()
    rows.append(Row(job, label, f"{len(s.runs)}", s.wall, s.cpu, s.rss, tg200.out_bytes(),
                    f"vs png_floor 200: wall {ratio(vs.wall_ratio)}, CPU {ratio(vs.cpu_ratio)}; "
                    f"vs itself at 20: {ratio(g.wall_ratio)} (pairs {g.spread}); RSS at 20: {rss20 / MIB:.1f} MiB"
                    + (f"; output check FAILED: {problem}" if problem else ""),
                    [below(rss_goal, s.rss, 64 * MB, f"{s.rss / MIB:.1f} MiB"),
                     at_most(flat_goal, s.rss, rss20 * 1.10 + MIB, f"{s.rss / rss20:.2f}×"),
                     at_most(growth_goal, g.wall_ratio, 10.5, ratio(g.wall_ratio)),
                     at_most("CPU ≤ 1.15× png_floor", vs.cpu_ratio, 1.15, ratio(vs.cpu_ratio))]))
    return rows


def make_exports_corpus(ctx: Context, name: str, flag: str, source: str, complete) -> str:
    """Artboards drawn by this repository's make-exports (`flag`), generated once under the cache,
    in a folder named for the drawing code (`source` in Sources/MakeExports), so a change to it
    draws them anew."""
    with open(os.path.join(ctx.root, "Sources", "MakeExports", source), "rb") as f:
        stamp = hashlib.sha256(f.read()).hexdigest()[:8]
    folder = os.path.join(ctx.cache, f"{name}-{stamp}")
    if os.path.isdir(folder) and complete(folder):
        return folder
    progress(f"generating {folder} (make-exports {flag}, once)")
    subprocess.run(["swift", "build", *RELEASE, "--product", "make-exports"],
                   cwd=ctx.root, check=True, capture_output=True)
    bin_dir = subprocess.run(["swift", "build", *RELEASE, "--show-bin-path"], cwd=ctx.root,
                             check=True, capture_output=True, text=True).stdout.strip()
    partial = f"{folder}.partial-{os.getpid()}"
    shutil.rmtree(partial, ignore_errors=True)
    subprocess.run([os.path.join(bin_dir, "make-exports"), flag, partial], check=True, stdout=subprocess.DEVNULL)
    shutil.rmtree(folder, ignore_errors=True)
    os.rename(partial, folder)
    return folder


def shape_corpus(ctx: Context) -> str:
    """20 radial and angular 1125×2436 artboards (make-exports --shapes)."""
    return make_exports_corpus(ctx, "bench-shapes", "--shapes", "ShapeArtboards.swift", lambda f: len(pngs(f)) == 20)


def shape_rows(ctx: Context) -> List[Row]:
    """Radial and angular themes (#17): deciding the type and fitting them costs CPU at most
    1.3× the bare libpng loop over the same artboards."""
    folder = shape_corpus(ctx)
    out = ctx.scratch("themes-shapes")
    tg = tolerant(themegen_tool(ctx, folder, out, "`themegen themes --template json`, radial and angular"), folder, out)

    def targets(pair, _t, _p):
        return [at_most("CPU ≤ 1.3×", pair and pair.cpu_ratio, 1.3, pair and ratio(pair.cpu_ratio))]

    floor = Tool("`png_floor` (libpng rows, 1 core)", Cmd("png_floor", [ctx.floor, *pngs(folder)],
                                                         stdout=os.path.join(out, "floor.tsv")),
                 targets=targets, out_bytes=lambda: size_of(os.path.join(out, "floor.tsv")))
    return compare(ctx, "Themes, radial and angular (#17), 20 artboards", tg, [floor]).rows


def tolerant(tg: Tool, folder: str, out: str) -> Tool:
    """An artboard themegen rejects is its accuracy's business (#15, #17), not a reason to lose
    the timing: exit 2 (input error) is accepted, and the row says how many came out and why not."""
    if tg.cmd is not None:
        errors = os.path.join(out, "themegen.stderr")
        tg.cmd.accept, tg.cmd.stderr = (0, 2), errors
        tg.check = lambda: _rejections(os.path.join(out, "themegen.json"), errors, len(pngs(folder)))
    return tg


def _rejections(path: str, errors: str, expected: int) -> Optional[str]:
    problem = _check_json(path, expected)
    if problem is None:
        return None
    try:
        lines = [l for l in open(errors, encoding="utf-8") if "error:" in l]
    except OSError:
        lines = []
    first = lines[0].strip() if lines else "no error on stderr"
    return f"{problem}; {len(lines)} rejected, e.g. {first}"


def overlay_rows(ctx: Context) -> List[Row]:
    """Overlays (#15): 20 linear artboards with bars, cards and shadows, list rows, a frosted
    panel, icons and text on top (make-exports --overlays), against png_floor on the same files
    (the themes targets) and against themegen on the same gradients drawn without overlays
    (information: what seeing through the overlays costs)."""
    base = make_exports_corpus(ctx, "bench-overlays", "--overlays", "OverlayArtboards.swift",
                               lambda f: all(len(pngs(os.path.join(f, d))) == 20 for d in ("overlays", "plain")))
    folder, plain = os.path.join(base, "overlays"), os.path.join(base, "plain")
    out = ctx.scratch("themes-overlays")
    tg = tolerant(themegen_tool(ctx, folder, out, "`themegen themes --template json`, with overlays"), folder, out)

    def floor_targets(pair, _t, _p):
        return [at_most("CPU ≤ 1.15×", pair and pair.cpu_ratio, 1.15, pair and ratio(pair.cpu_ratio)),
                at_most("wall ≤ 0.6×", pair and pair.wall_ratio, 0.6, pair and ratio(pair.wall_ratio))]

    floor = Tool("`png_floor` (libpng rows, 1 core), with overlays",
                 Cmd("png_floor (overlays)", [ctx.floor, *pngs(folder)], stdout=os.path.join(out, "floor.tsv")),
                 targets=floor_targets, out_bytes=lambda: size_of(os.path.join(out, "floor.tsv")),
                 note=decode_limit_note)
    bare = themegen_tool(ctx, plain, ctx.scratch("themes-plain"),
                         "`themegen themes --template json`, the same gradients without overlays")
    if bare.cmd is not None:
        bare.cmd.label = "themegen themes (plain)"
        bare.note = lambda pair: f"overlays cost {ratio(pair.cpu_ratio)} the plain CPU (information)"
    return compare(ctx, "Themes with overlays (#15), 20 artboards", tg, [floor, bare]).rows
