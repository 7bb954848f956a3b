"""Whole-process measurements: wall time, CPU time and peak RSS of one run, and paired series.

Every figure is a whole process from start to exit, as users see it. On a shared machine
absolute seconds drift by up to ~40 % between minutes, while two commands run alternately
(A B A B ...) drift together, so comparisons are medians of per-pair ratios.
"""
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from typing import Callable, List, Optional, Tuple


@dataclass
class Run:
    wall: float  # seconds
    cpu: float  # user + sys seconds of the process and every child it waited for
    rss: int  # bytes: the largest single process of the tree (Linux ru_maxrss semantics)
    code: int
    stderr: str


@dataclass
class Cmd:
    label: str
    argv: List[str]
    cwd: Optional[str] = None
    stdout: Optional[str] = None  # file that receives stdout; None discards it
    before: Optional[Callable[[], None]] = None  # untimed preparation before every run
    accept: Tuple[int, ...] = (0,)  # exit codes that are not a failure (the row's check judges the output)
    stderr: Optional[str] = None  # file that receives the last run's stderr, for the row's check


class CommandFailed(Exception):
    def __init__(self, cmd: Cmd, run: Run):
        lines = [l for l in run.stderr.strip().splitlines() if l.strip()]
        errors = [l for l in lines if "error" in l.lower()]
        detail = (errors or lines or ["no message on stderr"])[0]
        super().__init__(f"{cmd.label} exited {run.code}: {detail}")
        self.cmd, self.run = cmd, run


# Built by prepare.build_spawn: forks each command from a small C process (see bench_spawn.c).
SPAWN = {"path": None}


def run_once(cmd: Cmd, check: bool = True) -> Run:
    if cmd.before:
        cmd.before()
    out = open(cmd.stdout, "wb") if cmd.stdout else subprocess.DEVNULL
    with tempfile.TemporaryFile() as err, tempfile.NamedTemporaryFile("r") as report:
        try:
            launcher = subprocess.run([SPAWN["path"], report.name, *cmd.argv], cwd=cmd.cwd,
                                      stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        finally:
            if cmd.stdout:
                out.close()
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
        fields = report.read().split()
    if launcher.returncode != 0 or len(fields) != 4:
        raise CommandFailed(cmd, Run(0, 0, 0, 127, text))
    wall_ns, cpu_us, rss, code = (int(f) for f in fields)
    run = Run(wall_ns / 1e9, cpu_us / 1e6, rss, code, text)
    if cmd.stderr:
        with open(cmd.stderr, "w", encoding="utf-8") as f:
            f.write(text)
    if check and run.code not in cmd.accept:
        raise CommandFailed(cmd, run)
    return run


@dataclass
class Series:
    """Runs of one command; a command measured in several pairs pools all its runs."""
    cmd: Cmd
    runs: List[Run] = field(default_factory=list)

    @property
    def wall(self) -> float:
        return statistics.median(r.wall for r in self.runs)

    @property
    def cpu(self) -> float:
        return statistics.median(r.cpu for r in self.runs)

    @property
    def rss(self) -> int:
        # The largest over the runs: targets on memory are ceilings.
        return max(r.rss for r in self.runs)


@dataclass
class Pair:
    a: Series
    b: Series
    wall_ratios: List[float] = field(default_factory=list)  # a / b, one per pair
    cpu_ratios: List[float] = field(default_factory=list)

    @property
    def wall_ratio(self) -> float:
        return statistics.median(self.wall_ratios)

    @property
    def cpu_ratio(self) -> float:
        return statistics.median(self.cpu_ratios)

    @property
    def spread(self) -> str:
        return f"{min(self.wall_ratios):.2f}-{max(self.wall_ratios):.2f}"


def progress(text: str) -> None:
    print(f"bench: {text}", file=sys.stderr, flush=True)


def series(cmd: Cmd, runs: int, warmup: int = 1) -> Series:
    for _ in range(warmup):
        run_once(cmd)
    s = Series(cmd)
    for i in range(runs):
        progress(f"{cmd.label} run {i + 1}/{runs}")
        s.runs.append(run_once(cmd))
    return s


def paired(a: Cmd, b: Cmd, runs: int, warmup: int = 1, a_series: Optional[Series] = None) -> Pair:
    """Runs A B A B ... `runs` times after `warmup` unmeasured pairs; `a_series` pools A's runs."""
    for _ in range(warmup):
        run_once(a)
        run_once(b)
    pair = Pair(a_series if a_series is not None else Series(a), Series(b))
    for i in range(runs):
        progress(f"{a.label} vs {b.label}, pair {i + 1}/{runs}")
        ra, rb = run_once(a), run_once(b)
        pair.a.runs.append(ra)
        pair.b.runs.append(rb)
        pair.wall_ratios.append(ra.wall / rb.wall)
        pair.cpu_ratios.append(ra.cpu / rb.cpu if rb.cpu > 0 else float("inf"))
    return pair
