"""AI worker memory: many searches over every variant and custom size, each worker's RSS.

Runs ``--searches`` AI searches (default 1,000) through the node's own pool
(``server.platform.ai_pool.AiPool``: spawned workers, warmed up on code compiled ahead, as a
node runs them) with two workers, two searches at a time so no budget is cut. The searches
cycle through every catalogue variant, every caro size and custom boards from 4x5 to 25x25
with k = 3..7 under each rule, at every level with its own budgets, from random positions of
0 to 40 stones. At checkpoints it
prints each worker's resident memory (RSS) and peak (VmHWM), and the node total: this process,
which holds the pool as a node does, plus its workers. Target: each worker at most 300 MB, the
node with two workers within 1 GB (docs/performance.md).

Run from the repository root:

    .venv/bin/python -m bench.ai_memory [--searches 1000] [--workers 2] [--time-ms N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time
from pathlib import Path

import psutil

from engine.board import Board
from engine.levels import LEVELS
from engine.search.player import RULE_CODES
from engine.variants import CARO_SIZES, VARIANTS
from server.platform.ai_pool import AiPool
from server.platform.engine_warmup import EngineWarmup
from server.platform.metrics import ArenaMetrics

MB = 1_000_000
WORKER_TARGET_MB = 300
NODE_TARGET_MB = 1000
CUSTOM = (
    "custom-19x19-k5-caro",
    "custom-19x19-k5-freestyle",
    "custom-25x25-k5-standard",
    "custom-19x19-k6-caro",
    "custom-20x20-k6-standard",
    "custom-16x16-k7-freestyle",
    "custom-12x12-k7-caro-exact",
    "custom-10x10-k4-caro",
    "custom-8x8-k3-standard",
    "custom-4x5-k4-freestyle",  # small boards: solved exactly, into the exact solver's memo
    "custom-5x5-k4-caro",
    "custom-7x6-k4-freestyle-gravity",
)
# Catalogue variants whose rule the grid search does not play yet are left out (and named).
UNPLAYABLE = tuple(
    name for name, v in VARIANTS.items() if v.rule not in RULE_CODES and name != "connect4"
)
SPECS = (
    *(name for name in VARIANTS if name not in UNPLAYABLE),
    *(f"caro-{n}" for n in CARO_SIZES if n != 15),
    *(f"caro-exact-{n}" for n in CARO_SIZES if n != 15),
    *CUSTOM,
)
MAX_STONES = 40


def random_game(spec: str, rng: random.Random) -> list[str]:
    """An unfinished game of up to MAX_STONES random moves, clustered as real games are: each
    move lands within two cells of the previous ones when it can."""
    board = Board.from_moves(spec, [])
    for _ in range(rng.randint(0, min(MAX_STONES, board.variant.cells - 2))):
        legal = board.legal_moves()
        cols = board.variant.cols
        near = [
            m
            for m in legal
            if any(abs(m // cols - s // cols) <= 2 and abs(m % cols - s % cols) <= 2
                   for s in board.move_stack[-6:])
        ]
        board.push(rng.choice(near or legal))
        if board.is_game_over():
            board.pop()
            break
    return board.moves_str()


def memory(pid: int) -> tuple[float, float]:
    """(RSS, peak RSS) of a process in MB."""
    process = psutil.Process(pid)
    peak = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1]) * 1024 / MB
    return process.memory_info().rss / MB, peak


def worker_pids() -> list[int]:
    """This process's spawned pool workers (not multiprocessing's resource tracker)."""
    children = psutil.Process().children()
    return sorted(c.pid for c in children if "spawn_main" in " ".join(c.cmdline()))


async def run(searches: int, workers: int, time_ms: int | None, seed: int) -> None:
    rng = random.Random(seed)
    levels = sorted(LEVELS)
    jobs = [
        (SPECS[i % len(SPECS)], levels[(i // len(SPECS)) % len(levels)]) for i in range(searches)
    ]
    games = [random_game(spec, rng) for spec, _ in jobs]
    pool = AiPool(workers, ArenaMetrics(), warmup=EngineWarmup())  # compiled ahead if cold
    await pool.choose("tictactoe", [], level=1, time_ms=None, seed=0)  # workers warmed up
    checkpoints = sorted({0, searches // 10, searches // 4, searches // 2, searches})
    done, nodes, started = 0, 0, time.perf_counter()
    queue = list(zip(jobs, games, strict=True))
    print(
        f"{searches} searches over {len(SPECS)} variants, levels {levels[0]}-{levels[-1]}, "
        f"{workers} workers; "
        f"budget {'per level' if time_ms is None else f'{time_ms} ms'}"
        + (f"; left out, no AI for their rule: {', '.join(UNPLAYABLE)}" if UNPLAYABLE else "")
        + "\n"
    )
    header = ["searches", "nodes"]
    header += [f"w{i} RSS" for i in range(workers)] + [f"w{i} peak" for i in range(workers)]
    header += ["node total", "seconds"]
    print("  ".join(f"{h:>11}" for h in header))

    def report() -> None:
        pids = worker_pids()
        rss = [memory(pid) for pid in pids]
        total = memory(os.getpid())[0] + sum(r for r, _ in rss)
        cells = [done, f"{nodes:,}", *(f"{r:.0f}" for r, _ in rss), *(f"{p:.0f}" for _, p in rss)]
        cells += [f"{total:.0f}", f"{time.perf_counter() - started:.0f}"]
        print("  ".join(f"{c!s:>11}" for c in cells), flush=True)

    async def searcher() -> None:
        nonlocal done, nodes
        while queue:
            (spec, level), moves = queue.pop(0)
            analysis = await pool.choose(spec, moves, level=level, time_ms=time_ms, seed=done)
            nodes += analysis.nodes
            done += 1
            if done in checkpoints:
                report()

    report()
    await asyncio.gather(*(searcher() for _ in range(workers)))
    peaks = [memory(pid)[1] for pid in worker_pids()]
    await pool.close()
    verdict = "ok" if max(peaks) <= WORKER_TARGET_MB else "MISSED"
    print(f"\nworst worker peak {max(peaks):.0f} MB (target <= {WORKER_TARGET_MB} MB): {verdict}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--searches", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--time-ms", type=int, default=None, help="cap instead of level budgets")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    asyncio.run(run(args.searches, args.workers, args.time_ms, args.seed))


if __name__ == "__main__":
    main()
