"""The installed binary (issue 13): its size as `make install` leaves it, its shared-library
dependencies, and its start-up time to `--version`."""
import os
import re
import subprocess
from typing import List, Optional

from .measure import Cmd, CommandFailed, progress, series
from .prepare import Context, which
from .table import MB, Row, Target, at_most

JOB = "Install (#13)"

# What a statically linked Swift runtime may still need from the system (issue 13), plus the
# loader and libc's own pieces. Anything else (libswiftCore, libFoundation, libdispatch, ICU...)
# would tie the binary to a toolchain.
SYSTEM_LIBS = ("linux-vdso", "ld-linux", "libc.so", "libm.so", "libdl.so", "libpthread.so", "librt.so", "libutil.so",
               "libstdc++", "libgcc_s", "libpng", "libz.so")


def stripped_copy(ctx: Context) -> Optional[str]:
    """The release binary stripped as `make install` does (`install -s`), beside the bench's scratch."""
    if not which("strip"):
        return None
    out = os.path.join(ctx.scratch("bin"), "themegen-stripped")
    progress("stripping a copy of the release themegen (as make install)")
    subprocess.run(["strip", "-o", out, ctx.themegen], check=True, capture_output=True)
    return out


def libraries(binary: str) -> Optional[List[str]]:
    if not which("ldd"):
        return None
    text = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    return sorted({line.split()[0] for line in text.splitlines() if line.strip()})


def rows(ctx: Context) -> List[Row]:
    out: List[Row] = []
    size_goal, deps_goal, start_goal = "size ≤ 20 MB", "only system libraries", "wall ≤ 10 ms"
    stripped = stripped_copy(ctx)
    if stripped is None:
        out.append(Row(JOB, "stripped release binary", compare="strip (binutils) not installed",
                       targets=[Target(size_goal)]))
        binary = ctx.themegen
    else:
        binary = stripped
        size = os.path.getsize(stripped)
        note = f"{size / MB:.1f} MB stripped; {os.path.getsize(ctx.themegen) / MB:.1f} MB as built"
        out.append(Row(JOB, "stripped release binary (`make install`)", out_bytes=size, compare=note,
                       targets=[at_most(size_goal, size, 20 * MB, f"{size / MB:.1f} MB")]))
    libs = libraries(binary)
    if libs is None:
        out.append(Row(JOB, "runtime libraries (`ldd`)", compare="ldd not available", targets=[Target(deps_goal)]))
    else:
        names = [re.sub(r"\.so.*$", "", lib) for lib in libs if not lib.startswith(("linux-vdso", "/"))]
        foreign = [lib for lib in libs if not lib.startswith(SYSTEM_LIBS) and not lib.startswith("/lib")]
        out.append(Row(JOB, "runtime libraries (`ldd`)", compare=", ".join(names),
                       targets=[Target(deps_goal, "none else" if not foreign else ", ".join(foreign), not foreign)]))
    try:
        s = series(Cmd("themegen --version (start-up)", [binary, "--version"]), max(20, ctx.runs * 6))
        floor = series(Cmd("/bin/true (process floor)", ["/bin/true"]), max(20, ctx.runs * 6))
    except CommandFailed as e:
        out.append(Row(JOB, "`themegen --version` start-up", compare=f"failed: {e}", targets=[Target(start_goal)]))
        return out
    out.append(Row(JOB, "`themegen --version` start-up", f"{len(s.runs)}", s.wall, s.cpu, s.rss,
                   compare=f"`/bin/true` from the same launcher: {floor.wall * 1000:.1f} ms wall",
                   targets=[at_most(start_goal, s.wall, 0.010, f"{s.wall * 1000:.1f} ms")]))
    return out
