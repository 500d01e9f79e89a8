"""What the room rules cost a move: `server.rooms.apply` alone, no I/O (issue 31).

bench/load.py measures a whole node; this isolates the pure state machine that judges each
command (`machine.apply`: the move's rules, the board, `allowed`, the events' stamps), so a cut
there can be told from the noise of a shared machine. It plays the same random games (a fixed
seed, alternate seats, each game to its end or to `--moves`) through `apply`, one room state
after another as the node does, and prints the thread CPU time per move, the best of
`--repeats` runs (the least disturbed by the rest of the machine). Compare revisions by running
it in each worktree, back to back.

    .venv/bin/python -m bench.room_rules
    .venv/bin/python -m bench.room_rules --games 100 --repeats 5
"""

from __future__ import annotations

import argparse
import random
import time

from engine.board import Board
from server.platform.errors import ArenaError
from server.rooms import ClockConfig, RoomState, Status, apply, commands
from tests.server.room_helpers import T0, playing_room

CASES: dict[str, tuple[str, ClockConfig | None]] = {
    "gomoku, no clock": ("gomoku", None),
    "caro, no clock": ("caro", None),
    "caro, 5+3 clock": ("caro", ClockConfig(300_000, 3_000)),
    "renju, no clock": ("renju", None),
}


def random_games(variant: str, games: int, moves: int, seed: int) -> list[list[str]]:
    """`games` move orders of up to `moves` distinct cells of the variant's board."""
    board = Board(variant)
    cells = [board.move_str(cell) for cell in range(board.rows * board.cols)]
    rng = random.Random(seed)
    return [rng.sample(cells, min(moves, len(cells))) for _ in range(games)]


def play_through(start: RoomState, games: list[list[str]]) -> tuple[float, int]:
    """Thread CPU seconds spent in `apply` for the moves of `games`, and how many were played
    (a move the rules refuse, such as a renju forbidden point, is skipped and not counted)."""
    spent, played = 0.0, 0
    for order in games:
        state, now = start, T0
        for ply, move in enumerate(order):
            now += 1_000
            command = commands.Move(state.turn, move, cid=f"c{ply}")
            started = time.thread_time()
            try:
                transition = apply(state, command, now)
            except ArenaError:
                continue
            spent += time.thread_time() - started
            played += 1
            state = transition.state
            if state.status is not Status.PLAYING:
                break
    return spent, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per case")
    parser.add_argument("--moves", type=int, default=60, help="at most this many moves a game")
    parser.add_argument("--repeats", type=int, default=9, help="runs per case; the best counts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| case | moves a run | µs per move (best run) | median run |")
    print("|---|---|---|---|")
    for name, (variant, clock) in CASES.items():
        games = random_games(variant, args.games, args.moves, args.seed)
        start = playing_room(variant, clock)
        runs = [play_through(start, games) for _ in range(args.repeats)]
        per_move = sorted(spent / played * 1e6 for spent, played in runs)
        print(f"| {name} | {runs[0][1]} | {per_move[0]:.1f} | {per_move[len(per_move) // 2]:.1f} |")


if __name__ == "__main__":
    main()
