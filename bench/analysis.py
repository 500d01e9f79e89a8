"""Game analysis speed, and what queued analyses cost live AI moves.

1. A 60-move gomoku game (self-play, seeded) is analysed the way the server does it: every
   position searched for ``--ms`` (at least 0.5 s) in an analysis pool of ``--workers``
   processes at nice 15, then judged. Prints the wall time (target: under 40 s with two).
2. Live AI latency: ``--live`` searches at level 4 with ``--live-ms`` each in the live pool
   (``AI_WORKERS`` processes at nice 5), first on an idle machine, then while the same game's
   analysis runs in the analysis pool. Prints median / p99 latency and median nodes searched
   (the live search is time-bound, so a loss of CPU shows as fewer nodes, not more time).

    python bench/analysis.py [--workers 2] [--ms 500] [--live 12] [--live-ms 500]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stats import percentile  # noqa: E402
from engine.ai import choose_move  # noqa: E402
from engine.board import Board  # noqa: E402
from engine.review import review_game  # noqa: E402
from server.ai_pool import AiPool  # noqa: E402
from server.analysis import ANALYSIS_NICE, evaluate_job  # noqa: E402
from server.metrics import ArenaMetrics  # noqa: E402

GAME_PLIES = 60
MAX_NODES = 50_000_000  # time decides, as on the server


def sixty_move_game(seed: int = 1) -> list[str]:
    """A self-play gomoku game of at least 60 moves (levels 2 and 3, seeded; tries seeds)."""
    for attempt in range(seed, seed + 50):
        board = Board("gomoku")
        while not board.is_game_over() and len(board.move_stack) < GAME_PLIES:
            level = 2 + len(board.move_stack) % 2
            move = choose_move("gomoku", board.moves_str(), level=level, time_ms=40, seed=attempt)
            board.push_str(move.move)
        if len(board.move_stack) == GAME_PLIES and not board.is_game_over():
            return board.moves_str()
    raise RuntimeError("no 60-move game in 50 seeds")


async def analyse(pool: AiPool, moves: list[str], ms: int) -> float:
    started = time.perf_counter()
    evals = await asyncio.gather(*(pool.call(evaluate_job, "gomoku", moves[:ply], ms, MAX_NODES, 1)
                                   for ply in range(len(moves) + 1)))
    review_game("gomoku", moves, evals)
    return time.perf_counter() - started


async def live_moves(pool: AiPool, moves: list[str], count: int, ms: int) -> tuple[list, list]:
    latencies, nodes = [], []
    for i in range(count):
        position = moves[: 10 + 4 * i]
        started = time.perf_counter()
        found = await pool.choose("gomoku", position, level=4, time_ms=ms, seed=i)
        latencies.append((time.perf_counter() - started) * 1000)
        nodes.append(found.nodes)
    return latencies, nodes


def row(label: str, latencies: list[float], nodes: list[int]) -> str:
    return (f"| {label} | {len(latencies)} | {statistics.median(latencies):.0f} | "
            f"{percentile(latencies, 0.99):.0f} | {statistics.median(nodes):,.0f} |")


async def main(args: argparse.Namespace) -> None:
    moves = sixty_move_game()
    metrics = ArenaMetrics()
    live = AiPool(int(os.environ.get("AI_WORKERS", os.cpu_count() or 1)), metrics)
    analysis = AiPool(args.workers, metrics, nice=ANALYSIS_NICE, gauges=False)
    await asyncio.gather(live.call(int), analysis.call(int))  # workers started and warm
    await asyncio.sleep(2)
    seconds = await analyse(analysis, moves, args.ms)
    print(f"CPUs: {os.cpu_count()}, live workers: {live.workers}, "
          f"analysis workers: {args.workers}\n")
    print("| analysis | positions | ms per position | wall s | target s |")
    print("| --- | --- | --- | --- | --- |")
    print(f"| 60-move gomoku game | {len(moves) + 1} | {args.ms} | {seconds:.1f} | 40 |\n")
    quiet = await live_moves(live, moves, args.live, args.live_ms)
    background = asyncio.create_task(analyse(analysis, moves, args.ms))
    await asyncio.sleep(1)
    busy = await live_moves(live, moves, args.live, args.live_ms)
    background.cancel()
    print(f"| live AI move (level 4, {args.live_ms} ms) | moves | median ms | p99 ms | "
          "median nodes |")
    print("| --- | --- | --- | --- | --- |")
    print(row("no analysis", *quiet))
    print(row("analysis running", *busy))
    ratio = statistics.median(busy[1]) / statistics.median(quiet[1])
    print(f"\nnodes with analysis / without: {ratio:.2f}")
    await asyncio.gather(live.close(), analysis.close())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ms", type=int, default=500)
    parser.add_argument("--live", type=int, default=12)
    parser.add_argument("--live-ms", type=int, default=500)
    asyncio.run(main(parser.parse_args()))
