"""Load (optional, slow): peak RSS over 2,000 assets and 500 themes, made of hard links to the bench corpora."""
import os
import shutil
from typing import List, Optional

from .incremental import link_tree
from .measure import Cmd, CommandFailed, run_once
from .prepare import Context, pngs
from .slicing import themegen_tool as slice_tool
from .table import Row

JOB = "Load, 500 themes + 2,000 assets"
THEMES, ASSETS = 500, 2000


def _corpus(ctx: Context, large: str, corpus: str) -> str:
    root = os.path.join(ctx.work, "load")
    marker = os.path.join(root, ".complete")
    if os.path.isfile(marker):
        return root
    shutil.rmtree(root, ignore_errors=True)
    themes, assets = pngs(os.path.join(large, "themes")), pngs(os.path.join(corpus, "assets"))
    links = []
    for i in range(THEMES):
        src = themes[i % len(themes)]
        links.append((src, os.path.join(root, "Exports", "Themes", f"{os.path.basename(src)[:-4]}-{i // len(themes)}.png")))
    for i in range(ASSETS):
        src = assets[i % len(assets)]
        links.append((src, os.path.join(root, "Exports", "Assets", f"{os.path.basename(src)[:-7]}-{i // len(assets)}@3x.png")))
    link_tree(links)
    open(marker, "w").close()
    return root


def rows(ctx: Context, corpus: str, large: Optional[str]) -> List[Row]:
    if large is None:
        return [Row(JOB, "themegen", compare="skipped: needs the 200-theme corpus")]
    root = _corpus(ctx, large, corpus)
    themes_dir, assets_dir = os.path.join(root, "Exports", "Themes"), os.path.join(root, "Exports", "Assets")
    out = []
    candidates = []
    if ctx.has("themes"):
        candidates.append(("`themegen themes --template json`",
                           Cmd("themes (load)", [ctx.themegen, "themes", themes_dir, "--template", "json"])))
    else:
        out.append(Row(JOB, "`themegen themes`", compare="not available yet"))
    tool = slice_tool(ctx, assets_dir, os.path.join(ctx.work, "load-out"), "`themegen slice`, cold")
    if tool.cmd is not None:
        candidates.append((tool.label, tool.cmd))
    else:
        out.append(Row(JOB, tool.label, compare=tool.missing))
    if ctx.has("run"):
        def fresh():
            for d in ("Generated", ".themegen"):
                shutil.rmtree(os.path.join(root, d), ignore_errors=True)
        argv = [ctx.themegen] + (["--no-cache"] if ctx.has("run", "--no-cache") else [])
        candidates.append(("bare `themegen`, cold", Cmd("themegen (load)", argv, cwd=root, before=fresh)))
    else:
        out.append(Row(JOB, "bare `themegen`", compare="not available yet"))
    for label, cmd in candidates:
        try:
            r = run_once(cmd)
            out.append(Row(JOB, label, "1", r.wall, r.cpu, r.rss, compare="peak RSS is the figure here"))
        except CommandFailed as e:
            out.append(Row(JOB, label, compare=f"failed: {e}"))
    return out
