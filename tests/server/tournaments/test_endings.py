"""How a finished game's room becomes a tournament result (server/tournaments/rooms.py
`ending`): the winner by username, whoever's seat they ended in, and a berserk recorded only
for a berserker who made at least seven moves (lichess's rule)."""

from __future__ import annotations

from dataclasses import replace

from server.tournaments.progress import record
from server.tournaments.results import Ending, Format, Game, Result
from server.tournaments.rooms import ending
from tests.server.tournaments.test_progress import tournament

T = tournament(Format.ARENA, 2, minutes=5)  # p0 "user0", p1 "user1"
GAME = Game(1, "p0", "p1", room_id="r1")
SEATS = {"1": {"username": "user0"}, "2": {"username": "user1"}}
BERSERK_1 = {"berserk": {"1": True, "2": False}}


def test_the_winner_is_named_by_their_seats_username():
    assert ending(T, GAME, SEATS, {"winner": 2}, None, 9, 5).result is Result.SECOND
    swapped = {"1": SEATS["2"], "2": SEATS["1"]}  # an opening's colour choice
    assert ending(T, GAME, swapped, {"winner": 2}, None, 9, 5).result is Result.FIRST
    assert ending(T, GAME, SEATS, {"winner": None}, None, 9, 5).result is Result.DRAW


def test_a_berserk_counts_after_seven_moves_of_the_berserker():
    assert ending(T, GAME, SEATS, {"winner": 1}, BERSERK_1, 13, 5).berserks == {"p0"}
    assert ending(T, GAME, SEATS, {"winner": 1}, BERSERK_1, 12, 5).berserks == frozenset()


def test_a_recorded_berserk_scores_its_win_one_more():
    t = record(replace(T, games=(GAME,)), {"r1": Ending(Result.FIRST, 5, frozenset({"p0"}))})
    assert t.games[0].berserks == {"p0"} and t.games[0].result is Result.FIRST
