"""Everything a bench run needs before it measures: paths, corpora, png_floor, a release themegen."""
import glob
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional

from .measure import progress


class SetupError(Exception):
    pass


@dataclass
class Context:
    root: str  # the themegen repository
    shared: str  # ../shared: the peers' scripts, the corpus generator, the quality scorer
    cache: str  # corpora and scratch outputs ($THEMEGEN_BENCH_DIR, default /tmp)
    themegen: str = ""
    floor: str = ""
    runs: int = 5
    slow_runs: int = 3
    quick: bool = False
    commands: Dict[str, str] = field(default_factory=dict)  # themegen subcommand -> its --help
    notes: List[str] = field(default_factory=list)

    @property
    def bench(self) -> str:
        return os.path.join(self.shared, "bench")

    @property
    def work(self) -> str:
        return os.path.join(self.cache, "themegen-bench")

    def scratch(self, *parts: str) -> str:
        path = os.path.join(self.work, *parts)
        os.makedirs(path, exist_ok=True)
        return path

    def has(self, command: str, option: Optional[str] = None) -> bool:
        text = self.commands.get(command)
        return text is not None and (option is None or option in text)


def locate(root: str) -> Context:
    shared = os.environ.get("THEMEGEN_SHARED") or os.path.join(os.path.dirname(root), "shared")
    if not os.path.isfile(os.path.join(shared, "bench", "make_corpus.py")):
        raise SetupError(f"{shared}/bench/make_corpus.py not found: set THEMEGEN_SHARED to the shared folder")
    cache = os.environ.get("THEMEGEN_BENCH_DIR") or "/tmp"
    return Context(root=root, shared=shared, cache=cache)


def _tsv_complete(folder: str, tsv: str, expected: int, pattern: str) -> bool:
    path = os.path.join(folder, tsv)
    if not os.path.isfile(path):
        return False
    names = [line.split()[0] for line in open(path) if line.strip()]
    return len(names) == expected and all(os.path.isfile(os.path.join(folder, pattern.format(n))) for n in names)


def corpus_complete(folder: str, large: bool = False) -> bool:
    if large:
        return _tsv_complete(folder, "themes.tsv", 200, "themes/{}.png")
    return (_tsv_complete(folder, "themes.tsv", 20, "themes/{}.png")
            and _tsv_complete(folder, "assets.tsv", 200, "assets/{}@3x.png"))


def corpus(ctx: Context, large: bool = False, generate: bool = True) -> Optional[str]:
    """The bench corpus (or its 200-theme variant), generated once by the shared script.

    It is written to a temporary folder and renamed into place, so an interrupted
    generation is never mistaken for a corpus."""
    folder = os.path.join(ctx.cache, "bench-corpus-large" if large else "bench-corpus")
    if corpus_complete(folder, large):
        return folder
    if not generate:
        return None
    from .peers import require_corpus_tools  # here, not at the top: peers imports this module
    require_corpus_tools()
    partial = f"{folder}.partial-{os.getpid()}"
    shutil.rmtree(partial, ignore_errors=True)
    extra = ["--scale-large", "--only", "themes"] if large else []
    progress(f"generating {folder} with make_corpus.py (about {'10' if large else '1.5'} min, once)")
    subprocess.run([sys.executable, os.path.join(ctx.bench, "make_corpus.py"), partial] + extra,
                   check=True, stdout=subprocess.DEVNULL)
    if corpus_complete(folder, large):  # another run finished first
        shutil.rmtree(partial)
    else:
        shutil.rmtree(folder, ignore_errors=True)
        os.rename(partial, folder)
    if not corpus_complete(folder, large):
        raise SetupError(f"{folder}: make_corpus.py did not produce the expected files")
    return folder


def _compile(ctx: Context, src: str, name: str, flags: List[str]) -> str:
    out = os.path.join(ctx.scratch("bin"), name)
    if os.path.isfile(out) and os.path.getmtime(out) >= os.path.getmtime(src):
        return out
    progress(f"building {name}")
    result = subprocess.run(["cc", "-O2", "-o", out, src] + flags, capture_output=True, text=True)
    if result.returncode != 0:
        raise SetupError(f"{src}: cc failed:\n{result.stderr.strip()}")
    return out


def build_floor(ctx: Context) -> str:
    try:
        flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libpng"], check=True,
                               capture_output=True, text=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        flags = ["-lpng"]
    return _compile(ctx, os.path.join(ctx.bench, "png_floor.c"), "png_floor", flags)


def build_spawn(ctx: Context) -> str:
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return _compile(ctx, os.path.join(here, "spawn", "bench_spawn.c"), "bench_spawn", [])


# As `make release` builds: the C bridge's debug information in DWARF 4, which valgrind 3.19
# (Debian 12) reads; from two DWARF 5 C files it gives up, and the callgrind rows with it.
RELEASE = ["-c", "release", "--static-swift-stdlib", "-Xcc", "-gdwarf-4"]


def build_themegen(ctx: Context) -> str:
    progress("building a release themegen (swift build " + " ".join(RELEASE) + ", as `make release`)")
    result = subprocess.run(["swift", "build", *RELEASE, "--product", "themegen"], cwd=ctx.root,
                            capture_output=True, text=True)
    if result.returncode != 0:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-15:])
        raise SetupError(f"swift build -c release failed in {ctx.root}:\n{tail}")
    bin_dir = subprocess.run(["swift", "build", *RELEASE, "--show-bin-path"], cwd=ctx.root,
                             check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_dir, "themegen")


def discover_commands(themegen: str) -> Dict[str, str]:
    """The subcommands this themegen has, each with its --help text (to learn its options)."""
    overview = subprocess.run([themegen, "--help"], capture_output=True, text=True).stdout
    names, listing = [], False
    for line in overview.splitlines():
        if line.strip() == "COMMANDS:":
            listing = True
        elif listing and re.match(r"^  \S", line):
            names.append(line.split()[0])
        elif listing and not line.strip():
            listing = False
    helps = {}
    for name in names:
        helps[name] = subprocess.run([themegen, name, "--help"], capture_output=True, text=True).stdout
    return helps


def pngs(folder: str) -> List[str]:
    return sorted(glob.glob(os.path.join(folder, "*.png")))


def which(program: str) -> Optional[str]:
    return shutil.which(program)


def python_has(module: str) -> bool:
    return subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True).returncode == 0


def ruby_has(gem: str) -> bool:
    return bool(which("ruby")) and subprocess.run(
        ["ruby", "-e", f"require '{gem}'"], capture_output=True).returncode == 0
