"""Glicko-2 against Glickman's worked example, and the properties a rating must have."""

from __future__ import annotations

import pytest

from server.players.glicko2 import MIN_RD, Glicko, rate, rate_game


def test_glickmans_worked_example():
    """"Example of the Glicko-2 system", section 3: 1500/200/0.06 beats 1400/30, loses to
    1550/100 and to 1700/300 -> 1464.06, RD 151.52, volatility 0.05999."""
    player = Glicko(1500, 200, 0.06)
    after = rate(player, [(Glicko(1400, 30), 1), (Glicko(1550, 100), 0),
                          (Glicko(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_the_winner_gains_what_the_loser_loses_between_equal_newcomers():
    first, second = rate_game(Glicko(), Glicko(), winner=1)
    assert first.rating > 1500 > second.rating
    assert first.rating - 1500 == pytest.approx(1500 - second.rating)


def test_a_draw_between_equals_changes_no_rating_but_lowers_the_deviation():
    first, second = rate_game(Glicko(), Glicko(), winner=None)
    assert first.rating == pytest.approx(1500) and second.rating == pytest.approx(1500)
    assert first.rd < 350


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one():
    me = Glicko(1500, 100)
    upset = rate(me, [(Glicko(1800, 100), 1)]).rating
    expected = rate(me, [(Glicko(1200, 100), 1)]).rating
    assert upset - 1500 > expected - 1500 > 0


def test_a_newcomer_is_provisional_and_many_games_make_the_rating_sure():
    player, opponent = Glicko(), Glicko(1500, 60)
    assert player.provisional
    for game in range(40):
        player = rate(player, [(opponent, game % 2)])
    assert not player.provisional and player.rd >= MIN_RD
