"""Issue 26's deep defences, stored in ``deep.txt`` (the format of ``suite.txt``, category
``deep``): positions of lost games where one of a few moves holds, and the top level's search
to depth ``CAPPED_DEPTH`` (8) plays a move that loses.

Random positions did not give such puzzles (docs/engine.md, "Deep defences, tried and
dropped"): the search finds the defences of nearly all of them by depth 6. Lost games do,
because a loss has a move where a holdable position became lost. ``lost_games.txt`` holds the
decisive games of the 1 s matches (the top level against Pela 7.9 and against e94bafd). For
each game, walking back from the end over the loser's moves, the *critical* position is the
last one where some move holds: it escapes every threat win of the winner (searches of
``proofs.THREAT_NODES``), and neither the full search of ``proofs.SCREEN_NODES`` after it nor
that of ``proofs.PROOF_NODES`` (12 million) finds the winner a win. The walk stops (no puzzle)
at a position too open for a defence: more than ``proofs.MAX_THREAT_SAFE`` moves escape the
threats, or more than ``proofs.MOST_DEFENCES`` survive the first full search. So the answers are
proven as the suite's ``defend`` answers are: every move left out loses to a win found, every
answer holds through both full searches. The critical position is a puzzle when:

- the side to move cannot win itself (no threat win, no win of the full search within
  ``proofs.SCREEN_NODES``): a defence, not an attack;
- the top level stopped at depth ``CAPPED_DEPTH`` (no clock) plays none of the answers.

Rebuild (hours of CPU; the searches are bounded by nodes, so the file is the same on
every machine for one engine): ``python -m tests.engine.tactics.deep``. After a change to
what the engine calls a win, ``--reprove`` proves the file's own positions again (minutes).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from engine.board import Board
from engine.levels import TOP
from engine.search import choose_grid_move, position_of
from tests.engine.tactics import NO_CLOCK_MS, Puzzle, load_suite
from tests.engine.tactics.positions import names
from tests.engine.tactics.proofs import (
    MOST_DEFENCES,
    SCREEN_NODES,
    holding_moves,
    search_wins,
    wins_by_threats,
)

LOST_GAMES = Path(__file__).with_name("lost_games.txt")
DEEP = Path(__file__).with_name("deep.txt")
DEEP_CATEGORIES = ("deep",)
DEEP_WANTED = 30  # issue 26 asks for at least this many harder positions
CAPPED_DEPTH = 8  # a deep defence is missed by the top level searching this deep


@dataclass(frozen=True, slots=True)
class LostGame:
    variant: str
    loser: int  # 1: the first player
    opening: int  # stones placed by the opening, not chosen by the engines
    moves: tuple[str, ...]
    source: str  # the match log and game index

    def board_before(self, ply: int) -> Board:
        return Board.from_moves(self.variant, " ".join(self.moves[:ply]))


def load_lost_games(path: Path = LOST_GAMES) -> list[LostGame]:
    games = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            variant, loser, opening, moves, source = line.split(";")
            games.append(LostGame(variant, int(loser), int(opening), tuple(moves.split()), source))
    return games


def critical_position(game: LostGame) -> tuple[int, list[int]] | None:
    """The loser's last position where some move holds, walking back from the end: its ply
    and the holding moves (``pos`` cells of ``game.board_before(ply)``), proven as the suite's
    defend answers are. None when a position on the way is too open (more than
    ``proofs.MAX_THREAT_SAFE`` moves escape the threats, or more than ``MOST_DEFENCES`` survive
    the first full search) or the opening is reached."""
    ply = len(game.moves) - 1
    if ply % 2 != game.loser - 1:
        ply -= 1
    while ply >= game.opening:
        board = game.board_before(ply)
        holding = holding_moves(board, position_of(board), MOST_DEFENCES)
        if holding is None:
            return None
        if holding:
            return ply, holding
        ply -= 2
    return None


def capped_move(board: Board) -> str:
    """The top level's move when its search stops at ``CAPPED_DEPTH``."""
    return choose_grid_move(board, time_ms=NO_CLOCK_MS, level=TOP, max_depth=CAPPED_DEPTH).move


def is_defence(board: Board) -> bool:
    """Whether the side to move cannot win itself (no threat win, no win of the full search
    within ``SCREEN_NODES``): a defence puzzle, not an attack."""
    if wins_by_threats(position_of(board), board.turn):  # a five to complete included
        return False
    return not search_wins(board, SCREEN_NODES)  # a deeper attack: defending is not the point


def puzzle_deep(game: LostGame) -> tuple[int, str, str] | None:
    """(ply, answers, move the capped search plays) of the deep defence in ``game``, or None:
    none when the side to move there could win itself or the capped search holds."""
    if (critical := critical_position(game)) is None:
        return None
    ply, holding = critical
    board = game.board_before(ply)
    if not is_defence(board):
        return None
    answers = names(board, position_of(board), holding)
    played = capped_move(board)
    return None if played in answers.split() else (ply, answers, played)


def build_deep(games: list[LostGame], wanted: int | None = None) -> Iterator[str]:
    """Puzzle lines from the critical positions of ``games``, in order (at most ``wanted``)."""
    found = 0
    for number, game in enumerate(games, 1):
        if wanted is not None and found >= wanted:
            return
        result = puzzle_deep(game)
        print(f"game {number} {game.source}: {result}", flush=True)
        if result is not None:
            found += 1
            ply, answers, played = result
            note = f"{game.variant} {game.source} ply {ply + 1} depth-8 plays {played} #{found}"
            yield f"deep;{game.variant};{' '.join(game.moves[:ply])};{answers};{note}"


def reprove_deep(puzzles: list[Puzzle]) -> Iterator[str]:
    """The lines of ``puzzles`` (deep.txt's) whose positions are still defence puzzles for the
    current engine, their answers proven again: after a change to what the engine calls a win
    (session 19: caro's caps), without walking the lost games again. A puzzle the top level
    now solves stays (its note names the move the capped search of its build played): the set
    measures progress, it is not redrawn at every step. One whose answers now include the move
    that capped search played is dropped: it was no deep defence even then."""
    for puzzle in puzzles:
        board = puzzle.board()
        pos = position_of(board)
        holding = holding_moves(board, pos, MOST_DEFENCES)
        answers = names(board, pos, holding) if holding and is_defence(board) else ""
        played = puzzle.note.split(" depth-8 plays ")[1].split()[0]
        kept = bool(answers) and played not in answers.split()
        print(f"{puzzle.name}: {answers if kept else None}", flush=True)
        if kept:
            yield f"deep;{puzzle.variant};{puzzle.moves};{answers};{puzzle.note}"


def main() -> None:
    parser = argparse.ArgumentParser(description="Rebuild deep.txt from lost_games.txt.")
    parser.add_argument("--wanted", type=int, default=None, help="stop after this many")
    parser.add_argument("--first", type=int, default=0, help="skip this many games")
    parser.add_argument("--out", type=Path, default=DEEP)
    parser.add_argument(
        "--reprove", action="store_true", help="prove deep.txt's own positions again instead"
    )
    args = parser.parse_args()
    lines = (
        reprove_deep(load_suite(DEEP))
        if args.reprove
        else build_deep(load_lost_games()[args.first :], args.wanted)
    )
    header = "# category;variant;moves;answers;note  (generated and proven by deep.py)\n"
    text = header
    for line in lines:
        text += line + "\n"
        print(line, flush=True)
    args.out.write_text(text)


if __name__ == "__main__":
    main()
