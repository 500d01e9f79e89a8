from __future__ import annotations

import pytest

from engine.ai import choose_move
from engine.errors import EngineError, GameOverError, IllegalMoveError, NotationError
from engine.levels import LOWEST, TOP


def test_finished_game_is_refused():
    with pytest.raises(GameOverError):
        choose_move("tictactoe", "a1 b1 a2 b2 a3")


def test_illegal_game_is_refused():
    with pytest.raises(IllegalMoveError):
        choose_move("gomoku", "h8 h8")


def test_bad_notation_is_refused_naming_the_token():
    with pytest.raises(NotationError) as error:
        choose_move("gomoku", "h8 zz")
    assert error.value.token == "zz"


@pytest.mark.parametrize("level", [LOWEST - 1, TOP + 1, str(TOP), True])
def test_level_outside_the_ladder_is_refused(level):
    with pytest.raises(EngineError) as error:
        choose_move("tictactoe", "", level=level)
    assert error.value.code == "bad_level"


def test_analysis_pv_starts_with_the_move():
    analysis = choose_move("tictactoe", "b2")
    assert analysis.pv[0] == analysis.move
