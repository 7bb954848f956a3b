"""The one table the bench prints: rows, targets and the MISSED marks."""
from dataclasses import dataclass, field
from typing import List, Optional

MIB = 1024 * 1024
MB = 1000 * 1000


@dataclass
class Target:
    goal: str  # what the issue asks, e.g. "CPU ≤ 1.15×"
    value: Optional[str] = None  # what was measured, formatted; None when it could not be
    ok: Optional[bool] = None  # None: not measured (so neither met nor missed)

    def result(self) -> str:
        if self.ok is None:
            return "not measured"
        return f"{self.value} ok" if self.ok else f"**MISSED** ({self.value})"


def at_most(goal: str, measured: Optional[float], limit: float, shown: str) -> Target:
    if measured is None:
        return Target(goal)
    return Target(goal, shown, measured <= limit)


def below(goal: str, measured: Optional[float], limit: float, shown: str) -> Target:
    if measured is None:
        return Target(goal)
    return Target(goal, shown, measured < limit)


def at_least(goal: str, measured: Optional[float], limit: float, shown: str) -> Target:
    if measured is None:
        return Target(goal)
    return Target(goal, shown, measured >= limit)


@dataclass
class Row:
    job: str
    tool: str
    runs: str = ""
    wall: Optional[float] = None  # seconds (median)
    cpu: Optional[float] = None  # seconds (median)
    rss: Optional[int] = None  # bytes (largest run)
    out_bytes: Optional[int] = None
    compare: str = ""  # themegen ÷ this tool, paired median, or a note (never a fake number)
    targets: List[Target] = field(default_factory=list)


def ratio(x: float) -> str:
    return f"{x:.3f}×" if x < 0.1 else f"{x:.2f}×"


def seconds(x: Optional[float]) -> str:
    if x is None:
        return "—"
    return f"{x * 1000:.0f} ms" if x < 1 else f"{x:.2f}"


def mib(x: Optional[int]) -> str:
    return "—" if x is None else f"{x / MIB:.1f}"


def count(x: Optional[int]) -> str:
    return "—" if x is None else f"{x:,}"


HEADER = ["job", "tool", "runs", "wall s (median)", "CPU s (median)", "peak RSS MiB",
          "output bytes", "themegen ÷ tool (median of paired ratios) / measure", "target", "result"]


def render(rows: List[Row]) -> str:
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "|".join(["---"] * 3 + ["---:"] * 4 + ["---"] * 3) + "|"]
    for r in rows:
        goals = "; ".join(t.goal for t in r.targets) or "—"
        results = "; ".join(t.result() for t in r.targets) or "—"
        cells = [r.job, r.tool, r.runs or "—", seconds(r.wall), seconds(r.cpu), mib(r.rss),
                 count(r.out_bytes), r.compare or "—", goals, results]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


def missed(rows: List[Row]) -> List[str]:
    return [f"{r.job}: {r.tool}: {t.goal} ({t.value})" for r in rows for t in r.targets if t.ok is False]
