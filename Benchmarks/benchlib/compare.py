"""themegen against a list of peers: each peer alternately with themegen, one row per tool."""
import os
from dataclasses import dataclass, field
from typing import Callable, List, Optional

from .measure import Cmd, CommandFailed, Pair, Series, paired, series
from .table import Row, Target, ratio

# targets(pair or None, themegen output bytes, peer output bytes) -> targets for the peer's row
TargetsFn = Callable[[Optional[Pair], Optional[int], Optional[int]], List[Target]]


@dataclass
class Tool:
    label: str
    cmd: Optional[Cmd]  # None: not installed / not available
    missing: str = ""  # why there is no command
    runs: Optional[int] = None  # fewer runs, and no warm-up, for very slow peers
    targets: TargetsFn = lambda pair, tg, peer: []
    out_bytes: Callable[[], Optional[int]] = lambda: None  # bytes the last run wrote
    check: Callable[[], Optional[str]] = lambda: None  # a problem with the last run's output, or None
    note: Callable[[Pair], str] = lambda pair: ""  # information added to the peer's paired ratios


@dataclass
class Outcome:
    rows: List[Row]
    themegen: Optional[Series]  # pooled runs of themegen, None when it did not run
    themegen_bytes: Optional[int] = None


def size_of(path: str) -> Optional[int]:
    """Bytes of a file, or of every file under a folder."""
    if os.path.isfile(path):
        return os.path.getsize(path)
    if not os.path.isdir(path):
        return None
    total = 0
    for folder, _, files in os.walk(path):
        total += sum(os.path.getsize(os.path.join(folder, f)) for f in files)
    return total


def compare(ctx, job: str, themegen: Tool, peers: List[Tool], themegen_targets=lambda s: [],
            bytes_ratio: bool = False) -> Outcome:
    """`bytes_ratio`: the outputs are the same kind (PNGs), so their sizes compare too."""
    tg_cmd, tg_note = themegen.cmd, themegen.missing
    pooled = Series(tg_cmd) if tg_cmd else None
    measured = []  # (tool, pair or series or error text)
    for peer in peers:
        if peer.cmd is None:
            measured.append((peer, f"skipped: {peer.missing}"))
            continue
        runs, warmup = (peer.runs, 0) if peer.runs else (ctx.runs, 1)
        result = None
        if tg_cmd is not None:
            try:
                result = paired(tg_cmd, peer.cmd, runs, warmup, a_series=pooled)
            except CommandFailed as e:
                if e.cmd is tg_cmd:
                    tg_cmd, tg_note = None, f"failed: {e}"
                else:
                    result = f"failed: {e}"
        if result is None:
            try:
                result = series(peer.cmd, runs, warmup)
            except CommandFailed as e:
                result = f"failed: {e}"
        measured.append((peer, result))

    tg_ran = pooled is not None and pooled.runs
    tg_bytes = themegen.out_bytes() if tg_ran else None
    rows = [_themegen_row(job, themegen, pooled if tg_ran else None, tg_note, tg_bytes, themegen_targets)]
    for peer, result in measured:
        rows.append(_peer_row(job, peer, result, tg_bytes if bytes_ratio else None, tg_note))
    return Outcome(rows, pooled if tg_ran else None, tg_bytes)


def _themegen_row(job, tool, pooled, note, out_bytes, targets_fn) -> Row:
    if pooled is None:
        return Row(job, tool.label, compare=note or "did not run", targets=targets_fn(None))
    problem = tool.check()
    compare = f"(reference){'; ' + note if note else ''}" + (f"; output check FAILED: {problem}" if problem else "")
    return Row(job, tool.label, f"{len(pooled.runs)}", pooled.wall, pooled.cpu, pooled.rss, out_bytes,
               compare, targets_fn(pooled))


def _peer_row(job, peer: Tool, result, tg_bytes, tg_note) -> Row:
    if isinstance(result, str):
        return Row(job, peer.label, compare=result, targets=peer.targets(None, None, None))
    peer_bytes = peer.out_bytes()
    problem = peer.check()
    suffix = f"; output check FAILED: {problem}" if problem else ""
    if isinstance(result, Pair):
        s = result.b
        text = (f"wall {ratio(result.wall_ratio)}, CPU {ratio(result.cpu_ratio)} "
                f"(pairs {result.spread})")
        if tg_bytes is not None and peer_bytes:
            text += f"; bytes {ratio(tg_bytes / peer_bytes)}"
        extra = peer.note(result)
        if extra:
            text += f"; {extra}"
        return Row(job, peer.label, f"{len(s.runs)} pairs", s.wall, s.cpu, s.rss, peer_bytes, text + suffix,
                   peer.targets(result, tg_bytes, peer_bytes))
    s = result
    text = "no ratio: themegen did not run (see its row)"
    return Row(job, peer.label, f"{len(s.runs)}", s.wall, s.cpu, s.rss, peer_bytes, text + suffix,
               peer.targets(None, None, peer_bytes))
