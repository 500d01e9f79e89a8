"""`bench/load.py --compare REV`: the working tree against a git revision, on the same machine,
in alternating runs, so that the machine's load (other engineers' tests and engine matches)
falls on both alike.

Each round runs scenario 1 (the move load) and then scenario 2 (idle sockets) on a fresh Redis
and node of one side, then of the other; the order flips every round (REV, tree, tree, REV,
...), so a load that drifts one way during the comparison favours neither side. The same
generator (this tree's bench/load_worker.py) drives both. It prints every run, then each side
pooled over its runs and the ratios working tree / REV of:

- node CPU per move: utime + stime of the node process from /proc (AI workers not included)
  over the run / moves served, scenario 1;
- memory per idle socket: the node's RSS growth / sockets, scenario 2 (the generator offers
  permessage-deflate as browsers do, unless `--no-deflate`);
- move latency p99, scenario 1, over the latencies of all the side's runs;
- Redis commands per move, scenario 1 (INFO commandstats).

REV is checked out with `git archive` into a cache directory kept between invocations
(`$TMPDIR/caro-compare/<commit>`, with its own compiled engine), so only the first comparison
against a revision pays for the checkout and the numba compile. The node of REV runs from that
directory (its working directory and PYTHONPATH, so `python -m server` imports REV's code) with
this tree's virtualenv when REV's runtime dependencies are the same as the tree's, and with a
virtualenv of its own in the cache directory when they differ.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from bench.load_clients import Tally
from bench.stats import percentile
from tests.harness import REPO_ROOT, compile_engine

if TYPE_CHECKING:
    from bench.load import Measured

log = logging.getLogger("bench.load")

CACHE_DIR = Path(tempfile.gettempdir()) / "caro-compare"
COMPLETE = ".complete"          # written last: a checkout without it was interrupted
GIT_TIMEOUT_S = 120.0
INSTALL_TIMEOUT_S = 900.0
IMPORT_TIMEOUT_S = 60.0


@dataclasses.dataclass(frozen=True, slots=True)
class Side:
    """What runs the node of one side: the server found in `root`, run by `python`."""

    name: str
    root: Path
    python: str


@dataclasses.dataclass(frozen=True, slots=True)
class Run:
    """What one side's run of one round measured (`idle_kib`: scenario 2's memory per socket,
    None without a scenario 2 run)."""

    round_no: int
    side: str
    tally: Tally
    node_cpu_s: float
    duration_s: float
    redis_commands: int
    idle_kib: float | None
    load: tuple[float, float]   # 1-minute load average before scenario 1, after scenario 2

    @property
    def moves(self) -> int:
        return self.tally.moves + self.tally.ai_moves

    @property
    def cpu_ms_per_move(self) -> float:
        return self.node_cpu_s * 1000 / self.moves if self.moves else float("nan")


# -- the two sides -----------------------------------------------------------------------------
def git(*args: str, repo: Path = REPO_ROOT) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True, timeout=GIT_TIMEOUT_S).stdout.strip()


def resolve(rev: str, repo: Path = REPO_ROOT) -> str:
    """The commit `rev` names; a clear error when it names none."""
    try:
        return git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}", repo=repo)
    except subprocess.CalledProcessError:
        raise SystemExit(f"--compare: {rev!r} is no commit of {repo}") from None


def extract(commit: str, cache: Path, repo: Path = REPO_ROOT) -> Path:
    """The tree of `commit`, unpacked once into `cache/<commit>` (an unfinished earlier
    attempt is started over)."""
    root = cache / commit
    if (root / COMPLETE).exists():
        return root
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    archive = subprocess.Popen(["git", "-C", str(repo), "archive", "--format=tar", commit],
                               stdout=subprocess.PIPE)
    assert archive.stdout is not None
    with tarfile.open(fileobj=archive.stdout, mode="r|") as tar:
        tar.extractall(root, filter="data")
    if archive.wait(timeout=GIT_TIMEOUT_S):
        raise RuntimeError(f"git archive {commit} failed")
    (root / COMPLETE).touch()
    return root


def runtime_dependencies(root: Path) -> list[str]:
    """The `[project] dependencies` of the pyproject.toml in `root`."""
    with (root / "pyproject.toml").open("rb") as file:
        return sorted(tomllib.load(file)["project"].get("dependencies", []))


def interpreter_for(root: Path) -> str:
    """This tree's interpreter when `root` needs the same packages, else the interpreter of a
    virtualenv made for `root` beside it (made once)."""
    if runtime_dependencies(root) == runtime_dependencies(REPO_ROOT):
        return sys.executable
    venv = root.parent / f"{root.name}.venv"
    python = venv / "bin" / "python"
    if not (venv / COMPLETE).exists():
        log.info("%s needs other packages than this tree: installing them into %s", root, venv)
        shutil.rmtree(venv, ignore_errors=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(root)], check=True,
                       timeout=INSTALL_TIMEOUT_S)
        (venv / COMPLETE).touch()
    return str(python)


def imported_from(side: Side) -> Path:
    """Where `side`'s interpreter, started as the node is, finds the `server` package."""
    out = subprocess.run(
        [side.python, "-c", "import server; print(server.__file__)"], cwd=side.root,
        env={**os.environ, "PYTHONPATH": str(side.root)}, check=True, capture_output=True,
        text=True, timeout=IMPORT_TIMEOUT_S).stdout.strip()
    return Path(out).resolve().parent


def side_of(rev: str, cache: Path = CACHE_DIR) -> Side:
    """REV, checked out (engine compiled) with the interpreter that has its packages; fails
    unless its node would import REV's own server code."""
    commit = resolve(rev)
    root = extract(commit, cache)
    name = commit[:7] if commit.startswith(rev) else f"{rev} ({commit[:7]})"
    side = Side(name, root, interpreter_for(root))
    compile_engine(root, side.python)
    if imported_from(side) != (root / "server").resolve():
        raise SystemExit(f"--compare: the node of {rev} would not import {root / 'server'}")
    return side


def working_tree() -> Side:
    return Side("working tree", REPO_ROOT, sys.executable)


def schedule(rounds: int) -> list[tuple[int, int]]:
    """(round, side) in the order they run; side 0 is REV, 1 the working tree. The order flips
    each round (0 1, 1 0, 0 1, ...)."""
    return [(r, side) for r in range(1, rounds + 1)
            for side in ((0, 1) if r % 2 else (1, 0))]


# -- the runs ---------------------------------------------------------------------------------
Measure = Callable[[Side, argparse.Namespace], "Measured"]


def measure_round(side: Side, round_no: int, args: argparse.Namespace, measure: Measure) -> Run:
    """Scenario 1 (the games of `args`, no idle sockets), then scenario 2 (`args.idle` idle
    sockets, none when 0), each on a fresh Redis and node of `side`."""
    moving = measure(side, argparse.Namespace(**vars(args) | {"idle": 0}))
    load_after, idle_kib = moving.load_after, None
    if args.idle:
        idle = measure(side, argparse.Namespace(**vars(args) | {
            "scenario": 2, "games": 0, "spectators": 0, "ai_games": 0}))
        load_after = idle.load_after
        idle_kib = (idle.rss_end - idle.rss_before) / 1024 / max(idle.tally.sockets, 1)
        if idle.tally.errors:
            moving.tally.errors.update(idle.tally.errors)
    return Run(round_no, side.name, moving.tally, moving.cpu["server"] * moving.duration_s,
               moving.duration_s, moving.redis_calls.total(), idle_kib,
               (moving.load_before[0], load_after[0]))


def compare_sides(args: argparse.Namespace, measure: Measure) -> int:
    """Every run of `schedule`, then the table; non-zero when a run had errors or a board that
    differs from the stored room."""
    sides = (side_of(args.compare), working_tree())
    runs = []
    for round_no, index in schedule(args.rounds):
        log.info("round %d of %d: %s", round_no, args.rounds, sides[index].name)
        runs.append(measure_round(sides[index], round_no, args, measure))
    print(table((sides[0].name, sides[1].name), runs))
    return 0 if all(run.tally.clean for run in runs) else 1


# -- the table ---------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class Pooled:
    """One side over all its runs."""

    cpu_ms_per_move: float
    p50_ms: float
    p99_ms: float
    idle_kib: float
    redis_per_move: float
    moves_per_s: float


def pool(runs: list[Run]) -> Pooled:
    moves = sum(run.moves for run in runs)
    latencies = [ms for run in runs for ms in run.tally.latencies_ms]
    idle = [run.idle_kib for run in runs if run.idle_kib is not None]
    nan = float("nan")
    return Pooled(
        cpu_ms_per_move=sum(run.node_cpu_s for run in runs) * 1000 / moves if moves else nan,
        p50_ms=percentile(latencies, .5), p99_ms=percentile(latencies, .99),
        idle_kib=sum(idle) / len(idle) if idle else nan,
        redis_per_move=sum(run.redis_commands for run in runs) / moves if moves else nan,
        moves_per_s=moves / sum(run.duration_s for run in runs) if runs else nan)


def ratio(new: float, old: float) -> str:
    return f"{new / old:.2f}" if old and old == old and new == new else "n/a"


def table(names: tuple[str, str], runs: list[Run]) -> str:
    """Every run, then both sides pooled and the working tree's ratios to REV (and the
    spread of the CPU ratio over the rounds)."""
    lines = ["| round | side | moves/s | p50 / p99 ms | node CPU ms/move | node CPU | "
             "Redis cmds/move | errors | boards equal | KiB per idle socket | "
             "load before / after |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for run in runs:
        t = run.tally
        idle = "n/a" if run.idle_kib is None else f"{run.idle_kib:.1f}"
        per_move = run.redis_commands / run.moves if run.moves else float("nan")
        lines.append(
            f"| {run.round_no} | {run.side} | {run.moves / run.duration_s:.0f} | "
            f"{percentile(t.latencies_ms, .5):.1f} / {percentile(t.latencies_ms, .99):.1f} | "
            f"{run.cpu_ms_per_move:.3f} | {run.node_cpu_s / run.duration_s:.0%} | "
            f"{per_move:.2f} | {t.error_count} | "
            f"{t.boards_checked - t.boards_wrong} of {t.boards_checked} | {idle} | "
            f"{run.load[0]:.2f} / {run.load[1]:.2f} |")
    old, new = (pool([run for run in runs if run.side == name]) for name in names)
    rows = [("node CPU per move (ms)", old.cpu_ms_per_move, new.cpu_ms_per_move, "{:.3f}"),
            ("memory per idle socket (KiB)", old.idle_kib, new.idle_kib, "{:.1f}"),
            ("move latency p99 (ms)", old.p99_ms, new.p99_ms, "{:.1f}"),
            ("move latency p50 (ms)", old.p50_ms, new.p50_ms, "{:.1f}"),
            ("Redis commands per move", old.redis_per_move, new.redis_per_move, "{:.2f}"),
            ("moves/s", old.moves_per_s, new.moves_per_s, "{:.0f}")]
    lines += ["", f"| pooled | {names[0]} | {names[1]} | {names[1]} / {names[0]} |",
              "|---|---|---|---|"]
    lines += [f"| {what} | {fmt.format(a)} | {fmt.format(b)} | {ratio(b, a)} |"
              for what, a, b, fmt in rows]
    by_round = sorted({run.round_no for run in runs})
    cpu = {(run.round_no, run.side): run.cpu_ms_per_move for run in runs}
    spread = [ratio(cpu[r, names[1]], cpu[r, names[0]]) for r in by_round
              if (r, names[0]) in cpu and (r, names[1]) in cpu]
    lines += ["", f"node CPU per move, {names[1]} / {names[0]} by round: {', '.join(spread)}"]
    return "\n".join(lines)


def check_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """--compare runs scenarios 1 and 2 on nodes it starts itself, one node per side."""
    if not args.compare:
        if args.rounds != DEFAULT_ROUNDS:
            parser.error("--rounds counts the rounds of --compare")
        return
    if args.rounds < 1:
        parser.error("--compare needs --rounds of at least 1")
    if args.scenario != 1 or args.nodes != 1:
        parser.error("--compare runs scenario 1 (and 2 for the idle sockets) on one node")
    if args.url or args.alternate or args.interleave or args.analyses or args.profile:
        parser.error("--compare starts its own nodes and runs plain scenarios: without --url, "
                     "--alternate, --interleave, --analyses and --profile")
    if args.idle < 0:
        parser.error("--idle must be 0 (no scenario 2) or more")


DEFAULT_ROUNDS = 2
