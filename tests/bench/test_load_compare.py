"""bench/load.py --compare REV: which runs it makes on which side, how REV is checked out, and
the table of ratios it prints (from made-up measurements: nothing here is timed)."""

from __future__ import annotations

import argparse
import collections
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.load import Measured, parse_args
from bench.load_clients import Tally
from bench.load_compare import (
    COMPLETE,
    Run,
    Side,
    extract,
    imported_from,
    interpreter_for,
    measure_round,
    resolve,
    schedule,
    table,
    working_tree,
)
from tests.harness import REPO_ROOT


# -- arguments ---------------------------------------------------------------------------------
def test_compare_defaults_to_scenario_1_then_10000_idle_sockets_in_two_rounds() -> None:
    args = parse_args(["--compare", "main"])
    assert (args.compare, args.rounds, args.scenario) == ("main", 2, 1)
    assert (args.games, args.spectators, args.nodes, args.idle) == (1000, 500, 1, 10_000)


def test_compare_with_idle_zero_skips_scenario_2() -> None:
    assert parse_args(["--compare", "main", "--idle", "0"]).idle == 0


@pytest.mark.parametrize(("extra", "error"), [
    (["--scenario", "3"], "--compare runs scenario 1 (and 2 for the idle sockets) on one node"),
    (["--nodes", "2"], "--compare runs scenario 1 (and 2 for the idle sockets) on one node"),
    (["--url", "http://127.0.0.1:8080"], "--compare starts its own nodes"),
    (["--profile", "/tmp/x.prof"], "--compare starts its own nodes"),
    (["--rounds", "0"], "--compare needs --rounds of at least 1"),
    (["--idle", "-1"], "--idle must be 0 (no scenario 2) or more"),
])
def test_compare_refuses_what_it_cannot_run(extra: list[str], error: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--compare", "main", *extra])
    assert error in capsys.readouterr().err


def test_rounds_without_compare_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parse_args(["--rounds", "3"])
    assert "--rounds counts the rounds of --compare" in capsys.readouterr().err


def test_the_sides_alternate_and_the_order_flips_every_round() -> None:
    assert schedule(3) == [(1, 0), (1, 1), (2, 1), (2, 0), (3, 0), (3, 1)]


# -- the runs of one side in one round ---------------------------------------------------------
def measured(moves: int = 0, sockets: int = 0, cpu_share: float = 0.0, rss: tuple = (0, 0),
             latencies: tuple[float, ...] = (), load: tuple[float, float] = (1.0, 1.0),
             redis: int = 0) -> Measured:
    tally = Tally(latencies_ms=list(latencies), moves=moves, sockets=sockets,
                  boards_checked=sockets)
    return Measured(tally, 10.0, rss[0], rss[1], rss[1], None, 0, None,
                    {"server": cpu_share}, (load[0], 0, 0), (load[1], 0, 0),
                    collections.Counter({"evalsha": redis}))


def test_a_round_runs_scenario_1_without_idle_sockets_then_scenario_2_without_games() -> None:
    seen: list[argparse.Namespace] = []

    def measure(_side: Side, args: argparse.Namespace) -> Measured:
        seen.append(args)
        if args.games:
            return measured(moves=1000, cpu_share=0.5, load=(2.0, 3.0), redis=4400)
        return measured(sockets=2048, rss=(100 << 20, 140 << 20), load=(3.0, 4.0))

    run = measure_round(working_tree(), 1, parse_args(["--compare", "main"]), measure)
    assert [(a.scenario, a.games, a.spectators, a.idle) for a in seen] == [
        (1, 1000, 500, 0), (2, 0, 0, 10_000)]
    assert run.cpu_ms_per_move == pytest.approx(5.0)        # 0.5 core x 10 s / 1000 moves
    assert run.idle_kib == pytest.approx(20.0)              # 40 MiB / 2048 sockets
    assert run.redis_commands == 4400
    assert run.load == (2.0, 4.0)


def test_a_round_with_idle_zero_runs_only_scenario_1() -> None:
    calls = []

    def measure(_side: Side, args: argparse.Namespace) -> Measured:
        calls.append(args.scenario)
        return measured(moves=10)

    run = measure_round(working_tree(), 1, parse_args(["--compare", "x", "--idle", "0"]),
                        measure)
    assert calls == [1]
    assert run.idle_kib is None


# -- the table ---------------------------------------------------------------------------------
def run(round_no: int, side: str, cpu_s: float, moves: int, latencies: list[float],
        idle_kib: float) -> Run:
    tally = Tally(latencies_ms=latencies, moves=moves, boards_checked=2500, sockets=2500)
    return Run(round_no, side, tally, cpu_s, 30.0, moves * 4, idle_kib, (2.5, 3.0))


def test_the_table_pools_each_side_and_prints_tree_over_rev() -> None:
    runs = [run(1, "old", 18.0, 30_000, [1.0] * 99 + [40.0], 30.0),
            run(1, "new", 9.0, 30_000, [1.0] * 99 + [20.0], 20.0),
            run(2, "new", 12.0, 30_000, [1.0] * 99 + [20.0], 20.0),
            run(2, "old", 18.0, 30_000, [1.0] * 99 + [40.0], 30.0)]
    text = table(("old", "new"), runs)
    assert "| node CPU per move (ms) | 0.600 | 0.350 | 0.58 |" in text
    assert "| memory per idle socket (KiB) | 30.0 | 20.0 | 0.67 |" in text
    assert "| move latency p99 (ms) | 40.0 | 20.0 | 0.50 |" in text
    assert "| Redis commands per move | 4.00 | 4.00 | 1.00 |" in text
    assert "node CPU per move, new / old by round: 0.50, 0.67" in text


def test_every_run_has_its_row_with_its_load_average() -> None:
    runs = [run(1, "old", 18.0, 30_000, [1.0], 30.0), run(1, "new", 9.0, 30_000, [1.0], 20.0)]
    rows = [line for line in table(("old", "new"), runs).splitlines()
            if line.startswith("| 1 |")]
    assert rows == [
        "| 1 | old | 1000 | 1.0 / 1.0 | 0.600 | 60% | 4.00 | 0 | 2500 of 2500 | 30.0 | "
        "2.50 / 3.00 |",
        "| 1 | new | 1000 | 1.0 / 1.0 | 0.300 | 30% | 4.00 | 0 | 2500 of 2500 | 20.0 | "
        "2.50 / 3.00 |"]


def test_a_side_without_idle_runs_shows_no_ratio_for_memory() -> None:
    runs = [Run(1, "old", Tally(moves=10), 1.0, 10.0, 40, None, (1.0, 1.0)),
            Run(1, "new", Tally(moves=10), 1.0, 10.0, 40, None, (1.0, 1.0))]
    assert "| memory per idle socket (KiB) | nan | nan | n/a |" in table(("old", "new"), runs)


# -- checking out REV --------------------------------------------------------------------------
@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository with two commits of `file.txt`: "one", then "two"."""
    root = tmp_path / "repo"
    root.mkdir()

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t",
                        *args], check=True, capture_output=True)

    git("init", "-q")
    for text in ("one", "two"):
        (root / "file.txt").write_text(text)
        git("add", "file.txt")
        git("commit", "-q", "-m", text)
    return root


def test_extract_unpacks_the_tree_of_the_revision(repo: Path, tmp_path: Path) -> None:
    commit = resolve("HEAD~1", repo)
    root = extract(commit, tmp_path / "cache", repo)
    assert root == tmp_path / "cache" / commit
    assert (root / "file.txt").read_text() == "one"
    assert (root / COMPLETE).exists()


def test_a_finished_checkout_is_reused(repo: Path, tmp_path: Path) -> None:
    commit = resolve("HEAD", repo)
    root = extract(commit, tmp_path / "cache", repo)
    (root / "compiled.marker").touch()  # e.g. the engine's numba cache, kept between runs
    assert extract(commit, tmp_path / "cache", repo) == root
    assert (root / "compiled.marker").exists()


def test_an_interrupted_checkout_is_started_over(repo: Path, tmp_path: Path) -> None:
    commit = resolve("HEAD", repo)
    partial = tmp_path / "cache" / commit
    partial.mkdir(parents=True)
    (partial / "leftover").touch()
    root = extract(commit, tmp_path / "cache", repo)
    assert not (root / "leftover").exists()
    assert (root / "file.txt").read_text() == "two"


def test_an_unknown_revision_is_a_clear_error(repo: Path) -> None:
    with pytest.raises(SystemExit, match="'nosuch' is no commit"):
        resolve("nosuch", repo)


def test_a_revision_with_the_same_dependencies_uses_this_interpreter(tmp_path: Path) -> None:
    shutil.copy(REPO_ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    assert interpreter_for(tmp_path) == sys.executable


def test_the_node_of_a_side_imports_the_server_of_its_own_root() -> None:
    assert imported_from(working_tree()) == (REPO_ROOT / "server").resolve()


def test_an_error_kind_counted_zero_times_does_not_fail_the_run() -> None:
    tally = Tally(boards_checked=2)
    tally.errors["move never reached the opponent"] += 0
    assert tally.clean
    tally.errors["closed by server"] += 1
    assert not tally.clean and tally.error_count == 1
