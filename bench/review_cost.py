"""What a game review costs the engine: every position of a game searched as the server's
analysis does (`evaluate_job`, one line, a node budget), in this process, on its CPU clock.

Issue 26 asks that a review of a 60-move game take no longer than before at the same node
budget. bench/analysis.py times a review through the analysis pool in wall time, which a
shared machine stretches; this counts the searching thread's CPU time, so two engines (two
worktrees) can be compared back to back on a busy machine. Prints, per budget, the CPU seconds,
the nodes searched, nodes per CPU-second and the mean depth reached.

    .venv/bin/python -m bench.review_cost                      # 400,000 nodes (the default)
    .venv/bin/python -m bench.review_cost --nodes 300000 400000
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bench.analysis import GAME_60
from bench.openings import NO_CLOCK_MS  # the node budget, not the clock, ends every search
from server.analysis.service import evaluate_job
from server.platform.settings import Settings


@dataclass(frozen=True)
class ReviewCost:
    cpu_s: float
    nodes: int
    mean_depth: float

    @property
    def nodes_per_s(self) -> float:
        return self.nodes / self.cpu_s if self.cpu_s else 0.0


def review_cost(variant: str, moves: Sequence[str], max_nodes: int) -> ReviewCost:
    """Search the position before every move and after the last, as a review does."""
    cpu, nodes, depths = 0.0, 0, []
    for ply in range(len(moves) + 1):
        started = time.thread_time()
        found = evaluate_job(variant, moves[:ply], NO_CLOCK_MS, max_nodes, 1)
        cpu += time.thread_time() - started
        nodes += found.nodes
        depths.append(found.depth)
    return ReviewCost(cpu, nodes, sum(depths) / len(depths))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, nargs="+", default=[Settings().analysis_nodes],
                        help="node budgets per position (default: ANALYSIS_NODES's default)")
    args = parser.parse_args()
    evaluate_job("gomoku", GAME_60[:10], NO_CLOCK_MS, 20_000, 1)  # load the compiled engine
    print(f"| nodes a position | CPU s ({len(GAME_60)}-move gomoku game) | nodes | "
          "M nodes per CPU-s | mean depth |")
    print("|---|---|---|---|---|")
    for budget in args.nodes:
        cost = review_cost("gomoku", GAME_60, budget)
        print(f"| {budget:,} | {cost.cpu_s:.1f} | {cost.nodes:,} | {cost.nodes_per_s / 1e6:.2f} "
              f"| {cost.mean_depth:.2f} |")


if __name__ == "__main__":
    main()
