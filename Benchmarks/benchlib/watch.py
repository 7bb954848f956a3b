"""Watch loop (issue 13): the idle CPU of `themegen watch` polling 1,000 exports by stat."""
import os
import shutil
import signal
import struct
import subprocess
import time
import zlib
from typing import List

from .measure import progress
from .prepare import Context
from .table import Row, Target, below

JOB = "Watch loop (#13), 1,000 exports"
FILES = 1000


def tiny_gradient_png(width: int = 12, height: int = 26) -> bytes:
    """A small valid vertical-gradient PNG, so the first run succeeds quickly."""
    rows = b""
    for y in range(height):
        t = y / (height - 1)
        px = bytes((round(255 * (1 - t)), 64, round(255 * t)))
        rows += b"\x00" + px * width

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def project(ctx: Context) -> str:
    """1,000 theme exports in 10 folders of 100, a config writing one Swift file."""
    work = os.path.join(ctx.work, "watch")
    shutil.rmtree(work, ignore_errors=True)
    png = tiny_gradient_png()
    for i in range(FILES):
        folder = os.path.join(work, "Exports", "Themes", f"Group {i // 100}")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"Theme {i:04d}.png"), "wb") as f:
            f.write(png)
    with open(os.path.join(work, "themegen.json"), "w") as f:
        f.write('{"themes": [{"input": "Exports/Themes"}], "preview": false}\n')
    return work


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process, from /proc (Linux)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rows(ctx: Context) -> List[Row]:
    label, goal = "`themegen watch`, idle", "CPU < 1% of a core"
    if not ctx.has("watch"):
        return [Row(JOB, label, compare="not available yet: this themegen has no `watch` command", targets=[Target(goal)])]
    if not os.path.exists("/proc/self/stat"):
        return [Row(JOB, label, compare="not measured: needs /proc (Linux)", targets=[Target(goal)])]
    work = project(ctx)
    progress("watch: first run over 1,000 exports")
    p = subprocess.Popen([ctx.themegen, "watch"], cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        # The first run fits every export; idle starts once it says it is watching.
        line = ""
        deadline = time.time() + 600
        while "watching" not in line and time.time() < deadline:
            line = p.stderr.readline()
            if not line and p.poll() is not None:
                return [Row(JOB, label, compare=f"failed in {work}: exited {p.returncode}", targets=[Target(goal)])]
        time.sleep(1)
        interval = 5.0 if ctx.quick else 15.0
        progress(f"watch: idle for {interval:.0f} s")
        c0, t0 = cpu_seconds(p.pid), time.monotonic()
        time.sleep(interval)
        c1, t1 = cpu_seconds(p.pid), time.monotonic()
    finally:
        p.send_signal(signal.SIGINT)
        try:
            code = p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            code = None
    wall, cpu = t1 - t0, c1 - c0
    share = cpu / wall
    stop = "exited 0 on SIGINT" if code == 0 else f"exit {code} on SIGINT"
    return [Row(JOB, label, "1", wall, cpu, compare=f"{share * 100:.2f}% of a core over {FILES} files; {stop}",
                targets=[below(goal, share, 0.01, f"{share * 100:.2f}%")])]
