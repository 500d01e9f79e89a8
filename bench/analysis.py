"""Game analysis speed, and what queued analyses cost live AI moves.

1. A 60-move gomoku game (``GAME_60``, engine self-play) is analysed the way the
   server does it: every position searched to ``--nodes`` (ANALYSIS_NODES) in an analysis
   pool of ``--workers`` processes at nice 15 that stop while a live search runs
   (server/analysis/gate.py), then judged. Prints the wall time (target: under 40 s with
   two).
2. Live AI latency: ``--live`` searches at level 4 with ``--live-ms`` each in the live pool
   (``AI_WORKERS`` processes at nice 5): without analyses, while the same game's analysis
   runs in the analysis pool, and without again (the machine's load drifts). Prints median /
   p99 latency and median nodes searched (the live search is time-bound, so a loss of CPU
   shows as fewer nodes, not more time).

    python -m bench.analysis [--workers 2] [--nodes 400000] [--live 12] [--live-ms 500]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time

from bench.stats import percentile
from engine.review import review_game
from server.analysis.gate import BackgroundGate
from server.analysis.service import ANALYSIS_NICE, evaluate_job
from server.platform.ai_pool import AiPool
from server.platform.metrics import ArenaMetrics

TIME_CAP_MS = 5_000  # ANALYSIS_MS's default: nodes decide, as on the server


# A 60-move gomoku game, still open at move 60: engine self-play, both sides level 3 at 500 nodes
# a move, seed 18 (``choose_grid_move(board, time_ms=10_000, level=3, seed=18,
# max_nodes=500)``: node-bounded, so reproducible). Stronger self-play ends sooner (freestyle
# gomoku is a first-player win), and a move list kept here does not change with the engine.
GAME_60 = (
    "h8 f6 i7 g9 h7 h9 i9 i10 f7 g7 g8 f9 f8 e8 i6 i8 g10 e6 e9 d6 c6 h6 g6 e5 c7 e3 e4 d3 d4 f3 "
    "g3 c4 d8 f10 c9 c5 a5 b6 j5 k4 c8 c10 b5 d5 b3 f4 g5 g4 f2 f5 h3 k6 i5 l5 j7 h4 i4 i3 h5 k5"
).split()


def sixty_move_game() -> list[str]:
    return list(GAME_60)


async def analyse(pool: AiPool, moves: list[str], nodes: int) -> float:
    started = time.perf_counter()
    evals = await asyncio.gather(*(
        pool.call(evaluate_job, "gomoku", moves[:ply], TIME_CAP_MS, nodes, 1)
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
    gate = BackgroundGate(live, analysis)
    await asyncio.gather(live.call(int), analysis.call(int))  # workers started and warm
    await asyncio.sleep(2)
    seconds = await analyse(analysis, moves, args.nodes)
    print(f"CPUs: {os.cpu_count()}, live workers: {live.workers}, "
          f"analysis workers: {args.workers}\n")
    positions = len(moves) + 1
    print("| analysis | positions | nodes per position | s per position (one worker) | "
          "wall s | target s |")
    print("| --- | --- | --- | --- | --- | --- |")
    print(f"| 60-move gomoku game | {positions} | {args.nodes:,} | "
          f"{seconds * args.workers / positions:.2f} | {seconds:.1f} | 40 |\n")
    quiet = await live_moves(live, moves, args.live, args.live_ms)
    background = asyncio.create_task(analyse(analysis, moves, args.nodes))
    await asyncio.sleep(1)
    busy = await live_moves(live, moves, args.live, args.live_ms)
    background.cancel()
    after = await live_moves(live, moves, args.live, args.live_ms)
    print(f"| live AI move (level 4, {args.live_ms} ms) | moves | median ms | p99 ms | "
          "median nodes |")
    print("| --- | --- | --- | --- | --- |")
    print(row("no analysis", *quiet))
    print(row("analysis running", *busy))
    print(row("no analysis (again, after)", *after))
    ratio = statistics.median(busy[1]) / statistics.median(quiet[1] + after[1])
    print(f"\nnodes with analysis / without (before and after): {ratio:.2f}")
    await gate.close()
    await asyncio.gather(live.close(), analysis.close())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--nodes", type=int, default=400_000)
    parser.add_argument("--live", type=int, default=12)
    parser.add_argument("--live-ms", type=int, default=500)
    asyncio.run(main(parser.parse_args()))
