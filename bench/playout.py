"""Play a position out against a thorough defender and print the game: what the position *is*.

Whether a position is a win for the side to move is not something one timed search can tell a
test: the answer depends on how deep it gets. Here the attacker (the side to move) plays the
engine's move with a long budget; at each of the defender's turns *every* empty cell is tried
as the reply, and after each the attacker's forced win is looked for: by threat search
(VCF / VCT) first, then by a full search limited by nodes, not by the clock. A reply after
which no win is found holds, and the defender plays it; when none holds the defender plays the
engine's own choice (the slowest loss it sees). A game the attacker wins with "holds" at 0 on
every defender row is a win shown against every defence along the line.

The default position used to be a test that claimed "no win" under caro: x to move has d11-g11
with o at c11 and i11, so h11 makes a five blocked at both ends (no win); but x has four stones
and the move, and wins anyway by building beside the dead four.

Run from the repository root:

    .venv/bin/python -m bench.playout [--variant caro] [--moves "..."] [--time-ms 10000]
        [--max-plies 60]
"""

from __future__ import annotations

import argparse
import sys
import time

from engine.board import Board
from engine.levels import TOP
from engine.search import choose_grid_move, position_of, warm_up
from engine.search.position import make, unmake
from engine.search.ttable import MATE_BOUND
from tests.engine.tactics.proofs import loses, wins_by_threats

BLOCKED_FIVE = "d11 c11 e11 i11 f11 a1 g11 a3"  # x to move; h11 makes a five c11/i11 block


def replies(board: Board, nodes: int) -> tuple[int, int, list[int]]:
    """Try every reply of the side to move: (lost to a threat win, lost to the full search
    within ``nodes``, the board moves after which no win for the opponent was found)."""
    pos, side = position_of(board), board.turn
    by_threats, rest = 0, []
    for cell in (int(c) for c in pos.cells if pos.board[c] == 0):
        make(pos, cell, side)
        lost = wins_by_threats(pos, 3 - side)
        unmake(pos, cell)
        if lost:
            by_threats += 1
        else:
            rest.append(int(pos.index_of[cell]))
    holding = [move for move in rest if not loses(board, move, nodes)]
    return by_threats, len(rest) - len(holding), holding


def play_out(
    variant: str, moves: str, time_ms: int, nodes: int, max_plies: int
) -> tuple[Board, list[dict]]:
    """Play until the game ends (or ``max_plies``): the attacker with ``time_ms`` a move, the
    defender with a holding reply when one exists, else with the engine's move."""
    board = Board.from_moves(variant, moves)
    attacker = board.turn
    rows = []
    for _ in range(max_plies):
        if board.is_game_over():
            break
        started = time.perf_counter()
        row: dict = {"ply": len(board.move_stack) + 1, "side": "xo"[board.turn - 1]}
        holding: list[int] = []
        if board.turn != attacker:
            row["threat_wins"], row["search_wins"], holding = replies(board, nodes)
            row["holds"] = len(holding)
        analysis = choose_grid_move(board, time_ms=time_ms, level=TOP)
        move = board.move_str(holding[0]) if holding else analysis.move
        row |= {
            "move": move,
            "score": analysis.score,
            "mate": "yes" if abs(analysis.score) >= MATE_BOUND else "",
            "depth": analysis.depth,
            "seconds": round(time.perf_counter() - started, 1),
        }
        rows.append(row)
        print(" ".join(f"{k}={v}" for k, v in row.items()), file=sys.stderr, flush=True)
        board.push_str(move)
    return board, rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="caro")
    parser.add_argument("--moves", default=BLOCKED_FIVE)
    parser.add_argument("--time-ms", type=int, default=10_000, help="attacker's time a move")
    parser.add_argument(
        "--nodes", type=int, default=2_000_000, help="full search after each defence"
    )
    parser.add_argument("--max-plies", type=int, default=60)
    args = parser.parse_args(argv)
    warm_up()
    board, rows = play_out(args.variant, args.moves, args.time_ms, args.nodes, args.max_plies)
    print(
        f"{args.variant}: {args.moves}; attacker {args.time_ms} ms a move, every defence "
        f"checked (threat search, then {args.nodes:,} nodes)\n"
    )
    columns = ("ply", "side", "move", "score", "mate", "depth", "seconds")
    columns += ("threat_wins", "search_wins", "holds")
    print("  ".join(f"{k:>11}" for k in columns))
    for row in rows:
        print("  ".join(f"{row.get(k, '')!s:>11}" for k in columns))
    outcome = board.outcome()
    result = "unfinished" if outcome is None else "draw" if outcome.winner is None else (
        f"{'xo'[outcome.winner - 1]} wins"
    )
    print(f"\nresult: {result} after {len(board.move_stack)} plies: {board.game_str()}")


if __name__ == "__main__":
    main()
