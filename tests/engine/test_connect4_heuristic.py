"""The Connect Four fallback search: its evaluation and the tactics it must never miss."""

from __future__ import annotations

import numpy as np
import pytest

from engine.connect4.heuristic import NO_MOVE, PROVEN, evaluate, search_root
from engine.connect4.move_sorter import new_scratch
from engine.connect4.position import COLUMN_ORDER
from engine.connect4.solver import position_from_columns
from engine.connect4.transposition import CTX_LEN


def mirrored(moves: str) -> str:
    return "".join(str(8 - int(col)) for col in moves)


def root_scores(moves: str, depth: int) -> np.ndarray:
    current, mask, played = position_from_columns(moves)
    scores = np.full(7, NO_MOVE, dtype=np.int64)
    ctx = np.zeros(CTX_LEN, dtype=np.int64)
    search_root(current, mask, played, depth, True, COLUMN_ORDER, scores, ctx, *new_scratch())
    return scores


@pytest.mark.parametrize("moves", ["4", "4453", "32164625", "274552224131661"])
def test_evaluation_is_the_same_for_the_mirrored_position(moves: str) -> None:
    assert evaluate(*position_from_columns(moves)) == evaluate(
        *position_from_columns(mirrored(moves))
    )


def test_evaluation_favours_the_side_with_an_open_three() -> None:
    # First player (to move) has 3, 4, 5 on the bottom row; the second player stacked on 1 and 7.
    assert evaluate(*position_from_columns("31471")) < 0  # second player to move: facing it
    assert evaluate(*position_from_columns("314717")) > 0  # first player to move: owning it


def test_search_finds_the_double_threat_that_wins() -> None:
    # 4 and 5 on the bottom for the first player: 3 or 6 makes an open three that cannot be held.
    scores = root_scores("4455", depth=3)
    assert scores[2] == PROVEN + 18  # win with the fourth stone: 22 - 4
    assert scores[5] == PROVEN + 18


def test_search_sees_that_ignoring_a_threat_loses() -> None:
    # The first player holds 1, 2, 3 on the bottom row: the second must block column 4.
    scores = root_scores("17273", depth=2)
    losing = {col for col in range(7) if scores[col] <= -PROVEN}
    assert losing == {0, 1, 2, 4, 5, 6}


def test_full_columns_score_as_no_move() -> None:
    scores = root_scores("444444", depth=2)
    assert scores[3] == NO_MOVE
    assert all(scores[col] > NO_MOVE for col in (0, 1, 2, 4, 5, 6))
