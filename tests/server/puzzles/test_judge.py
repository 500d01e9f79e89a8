"""Judging a puzzle move, pure: the solution's move or any five is right, the reply follows
the line, the last move of the player's part solves it, and moves that do not continue the
attempt are refused."""

from __future__ import annotations

import pytest

from server.platform.errors import ArenaError, ErrorCode
from server.puzzles.judge import judge
from tests.server.puzzles.samples import VCF_MOVES

POSITION = VCF_MOVES.split()
LINE = ("h7", "g6", "l11")


def test_the_solutions_move_is_answered_with_the_lines_reply():
    verdict = judge("gomoku", POSITION, LINE, (), ["h7"])
    assert (verdict.correct, verdict.reply, verdict.solved) == (True, "g6", False)
    assert verdict.progress == ("h7", "g6") and not verdict.finished


def test_the_last_move_of_the_line_solves_the_puzzle():
    verdict = judge("gomoku", POSITION, LINE, ("h7", "g6"), ["h7", "g6", "l11"])
    assert (verdict.correct, verdict.reply, verdict.solved) == (True, None, True)


def test_any_five_is_accepted_even_off_the_line():
    # After h7 and a reply far away, both g6 and l11 make five; the line names g6.
    verdict = judge("gomoku", POSITION, ("h7", "a1", "g6"), ("h7", "a1"), ["h7", "a1", "l11"])
    assert (verdict.correct, verdict.solved) == (True, True)


def test_a_wrong_move_ends_the_attempt_without_a_reply():
    verdict = judge("gomoku", POSITION, LINE, (), ["a1"])
    assert (verdict.correct, verdict.reply, verdict.solved) == (False, None, False)
    assert verdict.finished and verdict.progress == ("a1",)


@pytest.mark.parametrize(("progress", "moves"), [
    ((), []),                                  # no move at all
    ((), ["h7", "g6"]),                        # a reply sent as the player's move
    ((), ["h7", "g6", "l11"]),                 # moves the attempt has not played
    (("h7", "g6"), ["h7", "l11", "g6"]),       # a reply other than the server's
    (("h7", "g6"), ["l11"]),                   # a stale tab, one move behind
])
def test_moves_that_do_not_continue_the_attempt_are_out_of_step(progress, moves):
    with pytest.raises(ArenaError) as refused:
        judge("gomoku", POSITION, LINE, progress, moves)
    assert refused.value.code is ErrorCode.PUZZLE_OUT_OF_STEP


@pytest.mark.parametrize(("move", "code"), [("h8", ErrorCode.ILLEGAL_MOVE),
                                            ("zz", ErrorCode.BAD_NOTATION),
                                            ("p8", ErrorCode.ILLEGAL_MOVE)])
def test_a_move_that_cannot_be_played_is_refused_with_the_rooms_codes(move, code):
    with pytest.raises(ArenaError) as refused:
        judge("gomoku", POSITION, LINE, (), [move])
    assert refused.value.code is code
