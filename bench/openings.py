"""Balanced openings for engine matches, judged by our own engine.

Random three-stone openings next to the centre are mostly wins for the first player, so a
match played from them measures the colour more than the engine. This script draws random
openings of ``--stones`` stones (black first, then alternating) inside a square around the
centre, drops symmetric duplicates, searches each with the engine at a fixed node budget (the
same answer on any machine) and keeps those whose score for the side to move is within
``--margin`` of even. ``bench/selfplay.py --openings FILE`` plays each kept opening twice, once
with each engine moving first.

The files in ``bench/data/openings/`` were made with the engine of commit 4b8a8c4 ("today's
main" of issue 26) by the command written in their header; regenerate them only on purpose, a
match compares engines on the same openings.

    .venv/bin/python -m bench.openings --variant gomoku --count 60 --seed 1 \\
        > bench/data/openings/gomoku.txt
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from engine.board import Board
from engine.levels import TOP
from engine.search import choose_grid_move, warm_up

DATA = Path(__file__).resolve().parent / "data" / "openings"
NO_CLOCK_MS = 600_000


def _symmetries(rows: int, cols: int) -> list:
    """The square board's eight symmetries as functions of (row, col)."""
    n = rows - 1
    return [
        lambda r, c: (r, c),
        lambda r, c: (c, n - r),
        lambda r, c: (n - r, n - c),
        lambda r, c: (n - c, r),
        lambda r, c: (r, n - c),
        lambda r, c: (n - r, c),
        lambda r, c: (c, r),
        lambda r, c: (n - c, n - r),
    ]


def canonical(board: Board, cells: list[int]) -> tuple:
    """The same stones under every symmetry; the smallest form names the opening."""
    forms = []
    for turn in _symmetries(board.rows, board.cols):
        black = sorted(turn(*divmod(c, board.cols)) for c in cells[0::2])
        white = sorted(turn(*divmod(c, board.cols)) for c in cells[1::2])
        forms.append((tuple(black), tuple(white)))
    return min(forms)


def candidates(variant: str, stones: int, radius: int, rng: random.Random):
    """Endless random openings: ``stones`` distinct cells within ``radius`` of the centre."""
    board = Board.from_moves(variant, "")
    centre_r, centre_c = board.rows // 2, board.cols // 2
    square = [
        (centre_r + dr) * board.cols + centre_c + dc
        for dr in range(-radius, radius + 1)
        for dc in range(-radius, radius + 1)
    ]
    while True:
        cells = rng.sample(square, stones)
        yield board, cells


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gomoku")
    parser.add_argument("--count", type=int, default=60, help="openings to keep")
    parser.add_argument("--stones", default="3,4", help="stone counts to draw from")
    parser.add_argument("--radius", type=int, default=3, help="half-width of the square")
    parser.add_argument("--nodes", type=int, default=300_000, help="search budget per opening")
    parser.add_argument("--margin", type=int, default=100, help="|score| kept as even")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tries", type=int, default=5_000, help="give up after this many")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    counts = [int(s) for s in args.stones.split(",")]
    warm_up()
    seen: set[tuple] = set()
    kept: list[str] = []
    tried = 0
    started = time.monotonic()
    gen = {n: candidates(args.variant, n, args.radius, rng) for n in counts}
    print(
        f"# {len(kept)} openings: python -m bench.openings --variant {args.variant} "
        f"--count {args.count} --stones {args.stones} --radius {args.radius} "
        f"--nodes {args.nodes} --margin {args.margin} --seed {args.seed}",
        file=sys.stderr,
    )
    while len(kept) < args.count and tried < args.tries:
        board, cells = next(gen[rng.choice(counts)])
        key = canonical(board, cells)
        if key in seen:
            continue
        seen.add(key)
        tried += 1
        try:
            position = Board.from_moves(args.variant, [board.move_str(c) for c in cells])
        except Exception:  # renju: a forbidden or otherwise illegal placement
            continue
        if position.is_game_over():
            continue
        found = choose_grid_move(position, time_ms=NO_CLOCK_MS, level=TOP, max_nodes=args.nodes)
        black = found.score if position.turn == 1 else -found.score
        line = " ".join(position.moves_str())
        print(f"  try {tried}: {line:<24} black {black:+d}", file=sys.stderr, flush=True)
        if abs(found.score) <= args.margin:
            kept.append(f"{line}  # black {black:+d}")
    print(
        f"# {args.variant}: {len(kept)} openings within {args.margin} of even for the side to "
        f"move ({tried} tried, {time.monotonic() - started:.0f} s)"
    )
    print(
        f"# python -m bench.openings --variant {args.variant} --count {args.count} "
        f"--stones {args.stones} --radius {args.radius} --nodes {args.nodes} "
        f"--margin {args.margin} --seed {args.seed}"
    )
    for line in kept:
        print(line)
    return 0 if len(kept) == args.count else 1


if __name__ == "__main__":
    sys.exit(main())
