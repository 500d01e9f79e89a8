"""Grid-game AI benchmark: speed, tactics and matches against the shared baseline.

Tables (each a list of row dicts, so bench/engine.py can combine them):
  * speed   — nodes per second, depth reached and overrun past the budget on 15x15 midgames
  * tactics — the tactics suite (tests/engine/tactics/*.txt) solved at the budget
  * match   — 20 games (10 openings x both colours) against the baseline under ``gomoku`` and
              ``caro`` (adjudicated by our Board), in worker processes;
              ``--variants renju`` plays renju, where a forbidden move loses (``forbidden_end``)
  * caro9   — moving first on caro9 against the baseline (k=4) and a random player

The baseline is a typical published classroom caro AI (``seed_caro15.py``, class ``Peer``), an
optional extra that is not part of the repository: it is looked for in ``$CARO_SEED_ENGINE``,
else in ``../shared/baselines`` beside the repository. Without it the baseline games are
skipped with a message and the other tables run.

Run from the repository root:

    .venv/bin/python -m bench.gomoku [--time-ms 1000] [--games 20] [--workers 2]
        [--tables speed,tactics,match,caro9] [--variants gomoku,caro] [--random-games 10]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed

from bench.seed_engine import seed_choose, seed_missing, seed_peer
from engine.board import Board
from engine.errors import ForbiddenMoveError
from engine.levels import TOP
from engine.search import choose_grid_move, warm_up
from tests.engine.tactics import RENJU_SUITE, load_suite, solves

# Ten 3-stone openings near the centre of 15x15 (first, second, first); each is played twice.
OPENINGS = (
    "h8 h9 i9",
    "h8 i9 g9",
    "h8 i8 g10",
    "h8 h7 j8",
    "h8 g9 i10",
    "h8 i7 h10",
    "h8 j9 i10",
    "h8 g7 i9",
    "h8 h10 i9",
    "h8 j8 g9",
)
# Midgame positions for the speed table: openings continued to 20 stones by a fixed-node
# self-play of the engine (as of commit 8873041), kept when a 20,000-node search found no
# forced result (a decided position is not a speed test). Written out, not regenerated: the
# self-play depends on the engine (node counting, ordering, evaluation), and the table must
# time the same positions from one engine version to the next.
SPEED_GAMES = (
    "h8 h9 i9 j10 i8 g8 f7 i10 j11 k10 h10 g11 g7 l10 m10 e7 f6 e5 e8 f5",
    "h8 h7 j8 i8 i7 j6 j9 k6 h6 k9 l7 l5 j7 k7 k8 m6 h11 i10 g5 f4",
    "h8 g9 i10 g8 h11 j9 h9 h10 i11 g11 g10 i9 j8 e12 e6 e13 f12 c4 e11 f9",
    "h8 i7 h10 h9 i9 j8 j10 k11 g5 k9 g7 f6 l10 e3 c1 k10 k12 k8 k7 m8",
)


def random_move(rng: random.Random, board: Board) -> int:
    return rng.choice(board.legal_moves())


def play_game(
    variant: str, opening: str, ai_side: int, time_ms: int, opponent: str, seed: int
) -> dict:
    """One game in a worker: our AI (top level) against ``opponent`` ("baseline" or "random").

    The referee enforces renju as Gomocup's does: a forbidden move loses at once (the baseline
    does not know the rule; our AI must never play one). Such games are counted in
    ``forbidden_end``."""
    board = Board.from_moves(variant, opening)
    peer = seed_peer(board) if opponent == "baseline" else None
    rng = random.Random(seed)
    overruns, depths = [], []
    winner, forbidden_end = None, False
    while not board.is_game_over():
        try:
            if board.turn == ai_side:
                started = time.perf_counter()
                analysis = choose_grid_move(board, time_ms=time_ms, level=TOP, seed=seed)
                overruns.append((time.perf_counter() - started) * 1000 - time_ms)
                depths.append(analysis.depth)
                board.push_str(analysis.move)
            else:
                board.push(seed_choose(peer, board) if peer else random_move(rng, board))
        except ForbiddenMoveError:
            winner, forbidden_end = 3 - board.turn, True
            break
    outcome = board.outcome()
    winner = outcome.winner if outcome else winner
    result = "draw" if winner is None else ("win" if winner == ai_side else "loss")
    return {
        "variant": variant,
        "opening": opening,
        "ai_side": ai_side,
        "opponent": opponent,
        "result": result,
        "forbidden_end": forbidden_end,
        "plies": len(board.move_stack),
        "max_overrun_ms": max(overruns, default=0.0),
        "mean_depth": statistics.fmean(depths) if depths else 0.0,
        "game": board.game_str(),
    }


def _run_games(tasks: list[tuple], workers: int, label: str) -> list[dict]:
    """Play ``tasks`` (play_game arguments) in worker processes, printing progress."""
    results = []
    with ProcessPoolExecutor(max_workers=workers, initializer=warm_up) as pool:
        futures = [pool.submit(play_game, *task) for task in tasks]
        for done, future in enumerate(as_completed(futures), 1):
            game = future.result()
            results.append(game)
            print(
                f"  [{label} {done}/{len(tasks)}] {game['opening']:>10} ai={game['ai_side']} "
                f"{game['result']:<4} plies={game['plies']} overrun={game['max_overrun_ms']:.0f}ms",
                file=sys.stderr,
                flush=True,
            )
    return results


def _summary(label: str, games: list[dict]) -> dict:
    return {
        "table": label,
        "games": len(games),
        "wins": sum(g["result"] == "win" for g in games),
        "draws": sum(g["result"] == "draw" for g in games),
        "losses": sum(g["result"] == "loss" for g in games),
        "forbidden_end": sum(g["forbidden_end"] for g in games),
        "mean_plies": round(statistics.fmean(g["plies"] for g in games), 1) if games else 0,
        "mean_depth": round(statistics.fmean(g["mean_depth"] for g in games), 1) if games else 0,
        "max_overrun_ms": round(max((g["max_overrun_ms"] for g in games), default=0.0), 1),
    }


def match_rows(variants: Iterable[str], games: int, time_ms: int, workers: int) -> list[dict]:
    """``games`` per variant against the baseline: openings in order, each with both colours.
    No rows when the baseline is missing."""
    if missing := seed_missing():
        print(f"  match skipped: {missing}", file=sys.stderr)
        return []
    rows = []
    for variant in variants:
        tasks = [
            (variant, OPENINGS[(i // 2) % len(OPENINGS)], 1 + i % 2, time_ms, "baseline", i)
            for i in range(games)
        ]
        played = _run_games(tasks, workers, variant)
        rows.append(_summary(f"match {variant} vs baseline", played))
        for g in played:
            if g["result"] != "win":
                print(f"  not won: {variant} ai={g['ai_side']} {g['game']}", file=sys.stderr)
    return rows


def caro9_rows(random_games: int, time_ms: int, workers: int) -> list[dict]:
    """caro9, our AI first: one game against the (deterministic) baseline, and random games.
    Only the random games when the baseline is missing."""
    missing = seed_missing()
    if missing:
        print(f"  caro9 vs baseline skipped: {missing}", file=sys.stderr)
    tasks = [] if missing else [("caro9", "", 1, time_ms, "baseline", 0)]
    tasks += [("caro9", "", 1, time_ms, "random", seed) for seed in range(random_games)]
    played = _run_games(tasks, workers, "caro9")
    opponents = ("random",) if missing else ("baseline", "random")
    return [
        _summary(f"caro9 first vs {who}", [g for g in played if g["opponent"] == who])
        for who in opponents
    ]


def _speed_positions() -> list[Board]:
    """The undecided 15x15 midgames of :data:`SPEED_GAMES`."""
    return [Board.from_moves("gomoku", moves) for moves in SPEED_GAMES]


def speed_rows(time_ms: int) -> list[dict]:
    """Nodes per second, depth and overrun per midgame at the budget. ``cpu_nps`` divides by
    the thread's CPU time instead of the wall clock: on a shared machine it moves less."""
    rows = []
    for board in _speed_positions():
        started, cpu_started = time.perf_counter(), time.thread_time()
        analysis = choose_grid_move(board, time_ms=time_ms, level=TOP)
        elapsed = (time.perf_counter() - started) * 1000
        cpu = time.thread_time() - cpu_started
        rows.append(
            {
                "table": "speed 15x15 midgame",
                "position": " ".join(board.moves_str()[:6]) + " ...",
                "depth": analysis.depth,
                "nodes": analysis.nodes,
                "nps": round(analysis.nodes / max(analysis.time_ms, 1e-3) * 1000),
                "cpu_nps": round(analysis.nodes / max(cpu, 1e-6)),
                "time_ms": round(elapsed, 1),
                "overrun_ms": round(elapsed - time_ms, 1),
            }
        )
    rows.append(
        {
            "table": "speed 15x15 midgame",
            "position": "MEAN",
            "depth": round(statistics.fmean(r["depth"] for r in rows), 2),
            "nodes": round(statistics.fmean(r["nodes"] for r in rows)),
            "nps": round(statistics.fmean(r["nps"] for r in rows)),
            "cpu_nps": round(statistics.fmean(r["cpu_nps"] for r in rows)),
            "time_ms": round(statistics.fmean(r["time_ms"] for r in rows), 1),
            "overrun_ms": max(r["overrun_ms"] for r in rows),
        }
    )
    return rows


def tactics_rows(time_ms: int) -> list[dict]:
    """Solved / total per tactics category at the budget."""
    by_category: dict[str, list[bool]] = {}
    failures = []
    for puzzle in [*load_suite(), *load_suite(RENJU_SUITE)]:
        ok = solves(puzzle, time_ms=time_ms)
        by_category.setdefault(puzzle.category, []).append(ok)
        if not ok:
            failures.append(puzzle.name)
    rows = [
        {"table": "tactics", "category": cat, "solved": sum(oks), "total": len(oks)}
        for cat, oks in sorted(by_category.items())
    ]
    rows.append(
        {
            "table": "tactics",
            "category": "ALL",
            "solved": sum(r["solved"] for r in rows),
            "total": sum(r["total"] for r in rows),
        }
    )
    if failures:
        print("  tactics failed: " + ", ".join(failures), file=sys.stderr)
    return rows


def print_table(rows: list[dict]) -> None:
    """Plain fixed-width table, one header per group of rows with the same columns."""
    header: tuple[str, ...] = ()
    for row in rows:
        keys = tuple(row)
        widths = [max(len(str(k)), 12) for k in keys]
        if keys != header:
            header = keys
            print()
            print("  ".join(f"{k:<{w}}" for k, w in zip(keys, widths, strict=True)))
        print("  ".join(f"{row[k]!s:<{w}}" for k, w in zip(keys, widths, strict=True)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-ms", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20, help="match games per variant")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--tables", default="speed,tactics,match,caro9")
    parser.add_argument("--variants", default="gomoku,caro")
    parser.add_argument("--random-games", type=int, default=10)
    args = parser.parse_args(argv)
    tables = set(args.tables.split(","))
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    warm_up()
    producers: list[tuple[str, Callable[[], list[dict]]]] = [
        ("speed", lambda: speed_rows(args.time_ms)),
        ("tactics", lambda: tactics_rows(args.time_ms)),
        (
            "match",
            lambda: match_rows(args.variants.split(","), args.games, args.time_ms, args.workers),
        ),
        ("caro9", lambda: caro9_rows(args.random_games, args.time_ms, args.workers)),
    ]
    for name, produce in producers:
        if name in tables:
            print_table(produce())
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
