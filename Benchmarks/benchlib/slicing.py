"""Asset slicing (issue 5), cold, against the resizers users run; and the PNG writer's size (issue 2)."""
import os
import shutil
import struct
import subprocess
import sys
from typing import Dict, List, Optional, Tuple

from .compare import Outcome, Tool, compare, size_of
from .measure import Cmd, progress
from .prepare import Context, python_has, which
from .table import MB, MIB, Row, Target, at_most, below, ratio

JOB = "Slicing (#5), 200 assets, cold"


def png_size(path: str) -> Tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path}: not a PNG")
    return struct.unpack(">II", head[16:24])


def expected_sizes(corpus: str) -> Dict[str, Tuple[int, ...]]:
    rows = [line.split() for line in open(os.path.join(corpus, "assets.tsv")) if line.strip()]
    return {r[0]: tuple(int(v) for v in r[1:7]) for r in rows}


def catalog_scaled_bytes(catalog: str) -> Optional[int]:
    """Bytes of the @2x and @1x PNGs in an asset catalog (the downscaled files, as the anchors count)."""
    if not os.path.isdir(catalog):
        return None
    total = 0
    for folder, _, files in os.walk(catalog):
        total += sum(os.path.getsize(os.path.join(folder, f)) for f in files
                     if f.endswith(".png") and not f.endswith("@3x.png"))
    return total


def flat_scaled_bytes(out: str) -> Optional[int]:
    """Bytes of NAME@2x.png + NAME@1x.png in a flat folder, or of the mogrify layout (2x/, 1x/)."""
    if not os.path.isdir(out):
        return None
    flat = [f for f in os.listdir(out) if f.endswith(("@2x.png", "@1x.png"))]
    return sum(os.path.getsize(os.path.join(out, f)) for f in flat) + \
        sum(size_of(os.path.join(out, d)) or 0 for d in ("2x", "1x"))


def check_catalog(catalog: str, sizes: Dict[str, Tuple[int, ...]]) -> Optional[str]:
    """Every asset has NAME.imageset with NAME.png, NAME@2x.png, NAME@3x.png at Xcode's sizes."""
    found = {}
    for folder, _, files in os.walk(catalog):
        if folder.endswith(".imageset"):
            found[os.path.basename(folder)[: -len(".imageset")]] = folder
    problems = []
    for name, (w, h, w2, h2, w1, h1) in sorted(sizes.items()):
        folder = found.get(name)
        if folder is None:
            problems.append(f"no {name}.imageset")
            continue
        for file, want in ((f"{name}.png", (w1, h1)), (f"{name}@2x.png", (w2, h2)), (f"{name}@3x.png", (w, h))):
            path = os.path.join(folder, file)
            try:
                got = png_size(path)
            except (OSError, ValueError) as e:
                problems.append(str(e))
                continue
            if got != want:
                problems.append(f"{file} is {got[0]}x{got[1]}, want {want[0]}x{want[1]}")
    return f"{len(problems)} problems, e.g. {problems[:2]}" if problems else None


def _check_flat(ctx: Context, corpus: str, out: str):
    def check() -> Optional[str]:
        r = subprocess.run([sys.executable, os.path.join(ctx.bench, "check_slices.py"),
                            os.path.join(corpus, "assets.tsv"), out], capture_output=True, text=True)
        return None if r.returncode == 0 else (r.stdout.strip() or r.stderr.strip())
    return check


def _fresh(path: str):
    return lambda: shutil.rmtree(path, ignore_errors=True)


def _empty_folder(path: str):
    def empty():
        shutil.rmtree(path, ignore_errors=True)
        os.makedirs(path)
    return empty


def themegen_tool(ctx: Context, inputs: str, out: str, label: str, sizes=None) -> Tool:
    if not ctx.has("slice"):
        return Tool(label, None, "not available yet: this themegen has no `slice` command")
    catalog = os.path.join(out, "Generated", "Assets.xcassets")
    # Run inside the emptied output folder with a relative catalog path one folder down:
    # `slice` refuses an absolute --catalog, and (at main 446f176) fails with "cannot create
    # folder" when the catalog sits at the top of the working folder.
    argv = [ctx.themegen, "slice", inputs, "--catalog", os.path.join("Generated", "Assets.xcassets")]
    if ctx.has("slice", "--no-cache"):
        argv.append("--no-cache")
    return Tool(label, Cmd(label, argv, cwd=out, before=_empty_folder(out)),
                out_bytes=lambda: catalog_scaled_bytes(catalog),
                check=(lambda: check_catalog(catalog, sizes)) if sizes else (lambda: None))


def rows(ctx: Context, corpus: str) -> Outcome:
    assets, b, py = os.path.join(corpus, "assets"), ctx.bench, sys.executable
    out = ctx.scratch("slices")
    tg = themegen_tool(ctx, assets, os.path.join(out, "themegen"),
                       "`themegen slice --catalog --no-cache`", expected_sizes(corpus))
    if tg.cmd is not None and "--no-cache" not in tg.cmd.argv:
        tg.label = "`themegen slice --catalog` (no --no-cache option: cold because its folder is emptied)"

    def peer(label, argv, ok, missing, name, runs=None, targets=lambda p, t, q: []):
        path = os.path.join(out, name)
        if not ok:
            return Tool(label, None, missing, targets=targets)
        argv = [a.replace("OUT", path) for a in argv]
        return Tool(label, Cmd(label, argv, before=_fresh(path)), runs=runs, targets=targets,
                    out_bytes=lambda: flat_scaled_bytes(path), check=_check_flat(ctx, corpus, path))

    def pillow_targets(pair, _t, _p):
        return [at_most("wall ≤ 0.6×", pair and pair.wall_ratio, 0.6, pair and ratio(pair.wall_ratio))]

    def im_targets(pair, tg_bytes, im_bytes):
        r = tg_bytes / im_bytes if tg_bytes and im_bytes else None
        return [at_most("bytes ≤ 0.95×", r, 0.95, r and ratio(r))]

    has_im = os.path.exists("/usr/bin/mogrify")
    peers = [
        peer("Pillow LANCZOS, one process (`slice_pillow.py`)", [py, f"{b}/slice_pillow.py", assets, "OUT"],
             python_has("PIL"), "Pillow not installed (pip install pillow)", "pillow", targets=pillow_targets),
        peer("pyvips `thumbnail`, one process (`slice_pyvips.py`)", [py, f"{b}/slice_pyvips.py", assets, "OUT"],
             python_has("pyvips"), "pyvips not installed (pip install pyvips)", "pyvips"),
        peer("ImageMagick `mogrify` (`slice_im.sh mogrify`)", ["sh", f"{b}/slice_im.sh", "mogrify", assets, "OUT"],
             has_im, "ImageMagick not installed (apt-get install imagemagick)", "im-mogrify", targets=im_targets),
        peer("`vipsthumbnail` CLI, 2 per asset (`slice_vips.sh thumbnail`)",
             ["sh", f"{b}/slice_vips.sh", "thumbnail", assets, "OUT", os.path.join(corpus, "assets.tsv")],
             bool(which("vipsthumbnail")), "vipsthumbnail not installed (apt-get install libvips-tools)",
             "vipsthumbnail", runs=ctx.slow_runs),
    ]
    return compare(ctx, JOB, tg, peers, bytes_ratio=True, themegen_targets=lambda s: [
        below("RSS < 200 MB", s and s.rss, 200 * MB, s and f"{s.rss / MIB:.1f} MiB")])


def encoder_rows(ctx: Context, slice_ran: bool) -> List[Row]:
    """themegen's PNG writer against ImageMagick's for the same pixels: IM re-encodes themegen's outputs."""
    job, label = "PNG writer (#2)", "ImageMagick `convert` re-encoding themegen's slice outputs (same pixels)"
    goal = "bytes ≤ 1.0×"
    catalog = os.path.join(ctx.work, "slices", "themegen", "Generated", "Assets.xcassets")
    if not os.path.exists("/usr/bin/convert"):
        return [Row(job, label, compare="skipped: ImageMagick not installed", targets=[Target(goal)])]
    if not slice_ran or not os.path.isdir(catalog):
        return [Row(job, label, compare="not available yet: needs `themegen slice` outputs", targets=[Target(goal)])]
    progress("re-encoding themegen's slice outputs with ImageMagick")
    scratch = ctx.scratch("reencode")
    totals = {"@3x": [0, 0], "@2x": [0, 0], "@1x": [0, 0]}
    for folder, _, files in sorted(os.walk(catalog)):
        for f in sorted(files):
            if not f.endswith(".png"):
                continue
            src = os.path.join(folder, f)
            dst = os.path.join(scratch, "im.png")
            subprocess.run(["/usr/bin/convert", src, dst], check=True, capture_output=True)
            scale = "@3x" if f.endswith("@3x.png") else "@2x" if f.endswith("@2x.png") else "@1x"
            totals[scale][0] += os.path.getsize(src)
            totals[scale][1] += os.path.getsize(dst)
    tg_bytes = sum(t[0] for t in totals.values())
    im_bytes = sum(t[1] for t in totals.values())
    detail = ", ".join(f"{k} {ratio(v[0] / v[1])}" for k, v in totals.items() if v[1])
    r = tg_bytes / im_bytes
    return [Row(job, f"themegen's writer (`slice` outputs, all scales)", "1", out_bytes=tg_bytes, compare="(reference)"),
            Row(job, label, "1", out_bytes=im_bytes, compare=f"bytes {ratio(r)} ({detail})",
                targets=[at_most(goal, r, 1.0, ratio(r))])]
