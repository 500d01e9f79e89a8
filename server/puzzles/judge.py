"""Judging a player's move in a puzzle: pure, no I/O (the rooms' way: state in, verdict out).

The client sends the whole list of moves since the puzzle's position: the player's moves, the
replies it was given, and the new move. The list must be the attempt's progress plus exactly
one move; anything else is a client out of step (a stale tab, moves meant for another puzzle,
a replay) and is refused without changing the attempt. The new move is right when it is the
solution's next move, or when it wins at once (any five is accepted, as lichess accepts any
mate). The reply is the next move of the solution's main line; the attempt is solved when
the player's part of the line is played out (or a five ended the game), and failed at the
first wrong move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.board import Board
from engine.errors import EngineError

from ..platform.errors import ArenaError, ErrorCode, from_engine


@dataclass(frozen=True, slots=True)
class Verdict:
    correct: bool
    reply: str | None
    solved: bool
    progress: tuple[str, ...]  # the moves after this one (the reply included)

    @property
    def finished(self) -> bool:
        return self.solved or not self.correct


def judge(variant: str, position: Sequence[str], line: Sequence[str],
          progress: Sequence[str], moves: Sequence[str]) -> Verdict:
    """The verdict on the last of ``moves`` for an attempt that has played ``progress`` from
    the puzzle's ``position``; ``line`` is the player's part of the solution."""
    if len(moves) != len(progress) + 1 or list(moves[:-1]) != list(progress):
        raise ArenaError(ErrorCode.PUZZLE_OUT_OF_STEP,
                         f"the moves must be the {len(progress)} played so far in this "
                         "attempt, then one new move")
    try:
        board = Board.from_moves(variant, [*position, *progress])
        player = board.turn
        board.push_str(moves[-1])
    except EngineError as error:
        raise from_engine(error) from None
    played = board.move_str(board.move_stack[-1])
    outcome = board.outcome()
    wins_at_once = outcome is not None and outcome.winner == player
    ply = len(progress)
    if played != line[ply] and not wins_at_once:
        return Verdict(False, None, False, (*progress, played))
    if wins_at_once or ply + 1 >= len(line):
        return Verdict(True, None, True, (*progress, played))
    reply = line[ply + 1]
    return Verdict(True, reply, False, (*progress, played, reply))
