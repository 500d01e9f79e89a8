"""bench/room_rules.py: the same random games through the room rules, every played move timed."""

from __future__ import annotations

from bench.room_rules import play_through, random_games
from tests.server.room_helpers import playing_room


def test_each_game_is_played_from_the_start_until_it_ends():
    games = random_games("tictactoe", games=4, moves=9, seed=3)
    spent, played = play_through(playing_room("tictactoe"), games)
    # A game of tic-tac-toe ends after 5 to 9 moves (a line, or a full board): each game is
    # replayed from the same starting room, never from where the last one stopped.
    assert 4 * 5 <= played <= 4 * 9
    assert spent > 0


def test_the_games_are_the_same_for_the_same_seed():
    assert random_games("caro", 2, 30, seed=7) == random_games("caro", 2, 30, seed=7)
