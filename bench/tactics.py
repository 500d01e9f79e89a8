"""Issue 26's harder tactics (tests/engine/tactics/hard.txt, deep.txt) solved by the top level.

Each puzzle is searched once per budget: a timed move (``--time-ms``, the top level's second,
so the result depends on the machine and its load) and fixed node budgets (``--nodes``, the
same answer on any machine). A row per category and budget: puzzles solved (the move played
is one of the answers), how many the root threat search (VCT) answered, the mean depth the
alpha-beta search finished on the others, and the median wall time.

    .venv/bin/python -m bench.tactics [--time-ms 1000] [--nodes 10000,150000,1000000]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys

from bench.gomoku import print_table
from engine.analysis import Analysis
from engine.levels import TOP
from engine.search import choose_grid_move, warm_up
from engine.search.player import VCT_WIN
from tests.engine.tactics import NO_CLOCK_MS, Puzzle, load_suite
from tests.engine.tactics.deep import DEEP
from tests.engine.tactics.hard import HARD


def search(puzzle: Puzzle, time_ms: int | None, nodes: int | None) -> Analysis:
    """The top level's move, stopped by the clock (``time_ms``) or by ``nodes`` alone."""
    return choose_grid_move(
        puzzle.board(), time_ms=time_ms or NO_CLOCK_MS, level=TOP, max_nodes=nodes
    )


def budget_rows(
    puzzles: list[Puzzle], label: str, time_ms: int | None, nodes: int | None
) -> list[dict]:
    """One row per category of the puzzles searched at one budget."""
    results: dict[str, list[tuple[Puzzle, Analysis]]] = {p.category: [] for p in puzzles}
    failures = []
    for puzzle in puzzles:
        analysis = search(puzzle, time_ms, nodes)
        results[puzzle.category].append((puzzle, analysis))
        if analysis.move not in puzzle.answers:
            failures.append(f"{puzzle.name} ({analysis.move})")
    print(f"  {label}: missed {', '.join(failures) or 'none'}", file=sys.stderr, flush=True)
    return [row(category, label, done) for category, done in results.items()]


def row(category: str, label: str, done: list[tuple[Puzzle, Analysis]]) -> dict:
    """Solved, how many the root VCT answered (its depth is its line's length, one move, so
    the mean depth is over the alpha-beta answers only), and the median time."""
    by_vct = [a for _, a in done if a.score == VCT_WIN]
    searched = [a.depth for _, a in done if a.score != VCT_WIN]
    return {
        "category": category,
        "budget": label,
        "solved": f"{sum(a.move in p.answers for p, a in done)}/{len(done)}",
        "by_root_vct": len(by_vct),
        "mean_depth": f"{statistics.mean(searched):.2f}" if searched else "-",
        "median_ms": f"{statistics.median(a.time_ms for _, a in done):.0f}",
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time-ms", type=int, default=1000)
    parser.add_argument("--nodes", default="10000,150000,1000000", help="comma-separated")
    args = parser.parse_args(argv)
    puzzles = load_suite(HARD) + load_suite(DEEP)
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    warm_up()
    rows = budget_rows(puzzles, f"{args.time_ms} ms", args.time_ms, None)
    for nodes in (int(n) for n in args.nodes.split(",")):
        rows += budget_rows(puzzles, f"{nodes:,} nodes", None, nodes)
    print_table(rows)
    print(f"\nload average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
