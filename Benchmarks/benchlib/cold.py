"""A cold build (issue 16): bare `themegen` in a fresh clone against its parts, `themes` and
`slice`, run separately on the same inputs; the same at load (500 themes, 2,000 assets); and
the peak RSS of the bare run as the number of themes grows (20, 200, 500).

The parts are run one after the other inside each pair, the whole first in odd pairs and last
in even ones, and a pair's ratio is the whole's time over the sum of the parts' times.
"""
import os
import shutil
import tempfile
from dataclasses import dataclass
from typing import List, Optional, Tuple

from .incremental import link_tree
from .measure import Cmd, CommandFailed, Pair, Run, Series, progress, run_once
from .prepare import Context, pngs
from .table import MB, MIB, Row, Target, at_most, below, ratio, seconds

NOT_YET = "not available yet: this themegen has no `{}` command"


@dataclass
class Project:
    root: str  # Exports/Themes and Exports/Assets, hard links to a corpus
    themes: Optional[str]
    assets: Optional[str]


def named(files: List[str]) -> List[Tuple[str, str]]:
    return [(f, os.path.basename(f)) for f in files]


def project(ctx: Context, name: str, themes: List[Tuple[str, str]], assets: List[Tuple[str, str]]) -> Project:
    """A folder laid out by themegen's conventions ((source, file name) pairs, hard-linked),
    made once (marked complete) and reused."""
    root = os.path.join(ctx.work, name)
    marker = os.path.join(root, ".complete")
    if not os.path.isfile(marker):
        shutil.rmtree(root, ignore_errors=True)
        link_tree([(src, os.path.join(root, "Exports", "Themes", n)) for src, n in themes]
                  + [(src, os.path.join(root, "Exports", "Assets", n)) for src, n in assets])
        open(marker, "w").close()
    return Project(root, os.path.join(root, "Exports", "Themes") if themes else None,
                   os.path.join(root, "Exports", "Assets") if assets else None)


def _set_aside(ctx: Context, *paths: str):
    """Moves `paths` (a previous run's outputs) into the work folder's trash, which the bench
    empties at its start and end, instead of deleting them before the timed run. On ext4
    without a journal (this VM's disk) the inode allocator skips, one by one, inodes deleted
    in the last 30 seconds, so thousands of files deleted just before a run were charged to
    whoever created files next: a cold bare run at load took 7.1 s of system time right after
    its outputs were deleted, 1.7 s after they were moved aside. A fresh clone deleted nothing."""
    trash = os.path.join(ctx.work, TRASH)

    def fresh():
        os.makedirs(trash, exist_ok=True)
        for p in paths:
            if os.path.lexists(p):
                os.rename(p, os.path.join(tempfile.mkdtemp(dir=trash), "aside"))
    return fresh


TRASH = "trash"


def empty_trash(ctx: Context):
    shutil.rmtree(os.path.join(ctx.work, TRASH), ignore_errors=True)


def bare(ctx: Context, p: Project, label: str) -> Optional[Cmd]:
    """Bare `themegen` as after a fresh clone: no Generated/, no .themegen/ (cache, manifest)."""
    if not ctx.has("run"):
        return None
    argv = [ctx.themegen] + (["--no-cache"] if ctx.has("run", "--no-cache") else [])
    return Cmd(label, argv, cwd=p.root, before=_set_aside(ctx, os.path.join(p.root, "Generated"), os.path.join(p.root, ".themegen")))


def parts(ctx: Context, p: Project, name: str) -> List[Cmd]:
    """`themes DIR --template json` and a cold `slice DIR --catalog`, each in a scratch folder of its own."""
    out = []
    if p.themes:
        scratch = ctx.scratch(name, "themes")
        out.append(Cmd("themes", [ctx.themegen, "themes", p.themes, "--template", "json"],
                       stdout=os.path.join(scratch, "themes.json")))
    if p.assets:
        scratch = os.path.join(ctx.work, name, "slice")

        aside = _set_aside(ctx, scratch)

        def empty():
            aside()
            os.makedirs(scratch)
        argv = [ctx.themegen, "slice", p.assets, "--catalog", os.path.join("Generated", "Assets.xcassets")]
        if ctx.has("slice", "--no-cache"):
            argv.append("--no-cache")
        out.append(Cmd("slice", argv, cwd=scratch, before=empty))
    return out


@dataclass
class Versus:
    pair: Pair  # a: the whole; b: the parts' runs summed (wall, CPU) and maxed (RSS)
    parts: List[Series]


def versus_parts(whole: Cmd, pieces: List[Cmd], runs: int, warmup: int) -> Versus:
    """Odd pairs run the whole first, even pairs the parts first (A B B A ...), so a load that
    comes or goes during a pair does not always fall on the same side."""
    summed = Cmd(" + ".join(c.label for c in pieces), [])
    v = Versus(Pair(Series(whole), Series(summed)), [Series(c) for c in pieces])
    for i in range(warmup + runs):
        if i >= warmup:
            progress(f"{whole.label} vs {summed.label}, pair {i - warmup + 1}/{runs}")
        if i % 2 == 0:
            w = run_once(whole)
            got = [run_once(c) for c in pieces]
        else:
            got = [run_once(c) for c in pieces]
            w = run_once(whole)
        if i < warmup:
            continue
        s = Run(sum(r.wall for r in got), sum(r.cpu for r in got), max(r.rss for r in got), 0, "")
        v.pair.a.runs.append(w)
        v.pair.b.runs.append(s)
        for series, r in zip(v.parts, got):
            series.runs.append(r)
        v.pair.wall_ratios.append(w.wall / s.wall)
        v.pair.cpu_ratios.append(w.cpu / s.cpu if s.cpu > 0 else float("inf"))
    return v


def _written(root: str) -> str:
    gen = os.path.join(root, "Generated")
    n = sum(len(files) for _, _, files in os.walk(gen)) if os.path.isdir(gen) else 0
    return f"{n} files under Generated/"


def whole_vs_parts(ctx: Context, job: str, p: Project, name: str, runs: int, warmup: int,
                   rss_limit_mb: Optional[int] = None) -> List[Row]:
    """Rows: the bare run (time goal ≤ 1.05× the parts, and an RSS ceiling where given), then each part."""
    time_goal = "wall ≤ 1.05× themes + slice"
    goals = [Target(time_goal)] + ([Target(f"RSS < {rss_limit_mb} MB")] if rss_limit_mb else [])
    label = "bare `themegen`, cold (fresh clone: no Generated/, no .themegen/)"
    whole = bare(ctx, p, "themegen (bare, cold)")
    missing = [c for c in ("run", "themes", "slice") if not ctx.has(c)]
    if whole is None or missing:
        return [Row(job, label, compare=NOT_YET.format(missing[0]), targets=goals)]
    try:
        v = versus_parts(whole, parts(ctx, p, name), runs, warmup)
    except CommandFailed as e:
        return [Row(job, label, compare=f"failed in {p.root}: {e}", targets=goals)]
    a, pr = v.pair.a, v.pair
    targets = [at_most(time_goal, pr.wall_ratio, 1.05, ratio(pr.wall_ratio))]
    if rss_limit_mb:
        targets.append(below(f"RSS < {rss_limit_mb} MB", a.rss, rss_limit_mb * MB, f"{a.rss / MIB:.1f} MiB"))
    rows = [Row(job, label, f"{len(a.runs)} pairs", a.wall, a.cpu, a.rss,
                compare=f"vs themes + slice: wall {ratio(pr.wall_ratio)}, CPU {ratio(pr.cpu_ratio)} "
                        f"(pairs {pr.spread}); sum of the parts' medians {seconds(pr.b.wall)} wall, "
                        f"{seconds(pr.b.cpu)} CPU; {_written(p.root)}",
                targets=targets)]
    for s in v.parts:
        what = ("`themegen themes --template json` (part)" if s.cmd.label == "themes"
                else "`themegen slice --catalog --no-cache` (part)")
        rows.append(Row(job, what, f"{len(s.runs)}", s.wall, s.cpu, s.rss, compare="(part of the sum)"))
    return rows


def cold_pairs(runs: int) -> int:
    """The cold row's target is 5% and, on a shared two-core VM, its pairs spread by ±20%
    (0.77–1.38× in 5 pairs of one binary): it takes 2·runs + 1 pairs (11 by default, about
    10 s each) for the median to settle within a few percent."""
    return 2 * runs + 1


def rows(ctx: Context, corpus: str) -> List[Row]:
    """Cold bare run vs its parts on the bench corpus (20 themes, 200 assets)."""
    p = project(ctx, "cold", named(pngs(os.path.join(corpus, "themes"))), named(pngs(os.path.join(corpus, "assets"))))
    return whole_vs_parts(ctx, "Cold build (#16), 20 themes + 200 assets", p, "cold-parts", cold_pairs(ctx.runs), 1)


LOAD_THEMES, LOAD_ASSETS = 500, 2000


def repeat(files: List[str], count: int, suffix: str) -> List[Tuple[str, str]]:
    """`count` (source, name) pairs cycling through `files`; round k > 0 names NAME-k (before the
    `@3x` of an asset). Deterministic: the sources are make_corpus.py's fixed-seed files."""
    out = []
    for i in range(count):
        src, k = files[i % len(files)], i // len(files)
        base = os.path.basename(src)[: -len(suffix)]
        out.append((src, f"{base}{f'-{k}' if k else ''}{suffix}"))
    return out


def load_project(ctx: Context, corpus: str, large: str) -> Project:
    """The load set: the 200 large-corpus themes 2.5 times over and the 200 bench assets 10 times
    over, under distinct names (a cold run caches nothing by content, so a repeat costs its full work)."""
    return project(ctx, "load-project", repeat(pngs(os.path.join(large, "themes")), LOAD_THEMES, ".png"),
                   repeat(pngs(os.path.join(corpus, "assets")), LOAD_ASSETS, "@3x.png"))


def load_rows(ctx: Context, corpus: str, large: Optional[str], pairs: int) -> List[Row]:
    """The load set (#16, #12): 500 themes and 2,000 assets; RSS < 300 MB, time ≤ 1.05× its parts."""
    job = "Load (#16, #12), 500 themes + 2,000 assets"
    if large is None:
        return [Row(job, "bare `themegen`, cold", compare="skipped: needs the 200-theme corpus",
                    targets=[Target("wall ≤ 1.05× themes + slice"), Target("RSS < 300 MB")])]
    return whole_vs_parts(ctx, job, load_project(ctx, corpus, large), "load-parts", pairs, 0, rss_limit_mb=300)


def memory_rows(ctx: Context, corpus: str, large: Optional[str], with_load: bool) -> List[Row]:
    """Peak RSS of a cold bare run over themes only at 20, 200 and (with the load rows) 500 themes:
    flat means the largest is at most 1.25× the 20-theme peak (outputs grow a little with the count)."""
    sets = [(20, named(pngs(os.path.join(corpus, "themes"))))]
    sets.append((200, large and named(pngs(os.path.join(large, "themes")))))
    sets.append((500, large and with_load and repeat(pngs(os.path.join(large, "themes")), LOAD_THEMES, ".png")))
    job = "Memory vs themes (#16), bare `themegen`, cold, themes only"
    goal = "RSS flat: largest ≤ 1.25× at 20"
    if not ctx.has("run"):
        return [Row(job, "bare `themegen`", compare=NOT_YET.format("run"), targets=[Target(goal)])]
    out, measured = [], []
    for count, files in sets:
        label = f"{count} themes"
        if not files:
            out.append(Row(job, label, compare="skipped: " + ("with the load rows only (LOAD=1)" if large
                                                              else "the 200-theme corpus is not generated")))
            continue
        p = project(ctx, f"memory-{count}", files, [])
        try:
            r = run_once(bare(ctx, p, f"themegen (bare, {count} themes)"))
        except CommandFailed as e:
            out.append(Row(job, label, compare=f"failed in {p.root}: {e}"))
            continue
        measured.append((count, r.rss))
        out.append(Row(job, label, "1", r.wall, r.cpu, r.rss, compare=_written(p.root)))
    if len(measured) >= 2 and measured[0][0] == 20:
        (n0, r0), (n1, r1) = measured[0], measured[-1]
        text = "peak RSS " + ", ".join(f"{n}: {r / MIB:.1f} MiB" for n, r in measured) + f"; {n1} ÷ {n0}: {r1 / r0:.2f}×"
        out.append(Row(job, f"growth 20 → {n1} themes", compare=text,
                       targets=[at_most(goal, r1, r0 * 1.25, f"{r1 / r0:.2f}×")]))
    else:
        out.append(Row(job, "growth", compare="needs the 20-theme and a larger run", targets=[Target(goal)]))
    return out
