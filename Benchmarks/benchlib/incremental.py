"""Incremental build step (issue 6): a no-change rerun of bare `themegen` over the bench corpus."""
import os
import shutil
from typing import Dict, List, Tuple

from .measure import Cmd, CommandFailed, run_once, series
from .prepare import Context, pngs
from .table import Row, Target, below, seconds

JOB = "Incremental (#6), 20 themes + 200 assets"


def link_tree(files: List[Tuple[str, str]]) -> None:
    """Hard links (same bytes, no copy time); a copy where the file system refuses links."""
    for src, dst in files:
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)


def project(ctx: Context, corpus: str, name: str) -> str:
    """A fresh folder laid out by themegen's conventions: Exports/Themes and Exports/Assets."""
    work = os.path.join(ctx.work, name)
    shutil.rmtree(work, ignore_errors=True)
    themes = [(p, os.path.join(work, "Exports", "Themes", os.path.basename(p))) for p in pngs(os.path.join(corpus, "themes"))]
    assets = [(p, os.path.join(work, "Exports", "Assets", os.path.basename(p))) for p in pngs(os.path.join(corpus, "assets"))]
    link_tree(themes + assets)
    return work


def snapshot(root: str) -> Dict[str, Tuple[int, int, int]]:
    """(size, mtime ns, inode) of every file themegen may write: everything but Exports/."""
    state = {}
    for folder, dirs, files in os.walk(root):
        if folder == root and "Exports" in dirs:
            dirs.remove("Exports")
        for f in files:
            st = os.stat(os.path.join(folder, f))
            state[os.path.relpath(os.path.join(folder, f), root)] = (st.st_size, st.st_mtime_ns, st.st_ino)
    return state


def rows(ctx: Context, corpus: str) -> List[Row]:
    label, goal = "bare `themegen`, no-change rerun", "wall < 100 ms"
    if not ctx.has("run"):
        return [Row(JOB, label, compare="not available yet: this themegen has no `run` command "
                                        "(bare `themegen` still runs `inspect`)", targets=[Target(goal)])]
    work = project(ctx, corpus, "incremental")
    cmd = Cmd("themegen (bare)", [ctx.themegen], cwd=work)
    try:
        cold = run_once(cmd)
        run_once(cmd)  # a second run may still settle the cache
        before = snapshot(work)
        s = series(cmd, max(10, ctx.runs * 2), warmup=0)
    except CommandFailed as e:
        return [Row(JOB, label, compare=f"failed in {work}: {e}", targets=[Target(goal)])]
    after = snapshot(work)
    touched = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    internal = [k for k in touched if k.startswith(".themegen" + os.sep)]
    outputs = [k for k in touched if k not in internal]
    note = "outputs untouched" if not outputs else f"CHANGED {len(outputs)} outputs, e.g. {outputs[:3]}"
    if internal:
        note += f"; rewrote {', '.join(internal)} on every rerun"
    n_outputs = len(before)
    wrote = f"{n_outputs} files written (Generated/, .themegen/)"
    if not any(k.startswith("Generated") for k in before):
        wrote += "; nothing under Generated/: the themes/assets producers have not landed, so the rerun " \
                 "measures start-up and config only"
    return [
        Row(JOB, "bare `themegen`, first (cold) run", "1", cold.wall, cold.cpu, cold.rss, compare=wrote),
        Row(JOB, label, f"{len(s.runs)}", s.wall, s.cpu, s.rss, compare=note,
            targets=[below(goal, s.wall, 0.100, seconds(s.wall))]),
    ]
