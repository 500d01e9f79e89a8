"""The director's step (server/tournaments/progress.py) and a player's join and leave
(tournament.py), pure: when a tournament starts, what it pairs, when it finishes."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from server.platform.errors import ArenaError
from server.tournaments.progress import advance
from server.tournaments.results import Format, Result
from server.tournaments.tournament import (
    MAX_PLAYERS,
    Player,
    Status,
    Terms,
    Tournament,
    join,
    leave,
    password_hash,
)

START = 1_000_000


def tournament(format: Format, players: int, **terms) -> Tournament:
    t = Tournament("t1", Terms(format, "Club", "tictactoe", "none", 60_000, 0, False, START,
                               **terms), 0)
    for n in range(players):
        t = join(t, Player(f"p{n}", f"user{n}", 1600 - 10 * n, False, n), None)
    return t


def minted():
    counter = itertools.count(1)
    return lambda: f"room{next(counter)}"


def test_nothing_happens_before_the_start():
    t = tournament(Format.SWISS, 4, rounds=3)
    assert advance(t, START - 1, {}, minted()) == (t, [])


def test_a_swiss_of_five_pairs_two_games_and_a_bye_at_the_start():
    t, games = advance(tournament(Format.SWISS, 5, rounds=3), START, {}, minted())
    assert t.status is Status.STARTED and t.round == 1
    assert sum(g.is_bye for g in games) == 1 and len(games) == 3
    assert [g.room_id for g in games if not g.is_bye] == ["room1", "room2"]


def test_the_next_round_waits_for_every_game_of_the_round():
    mint = minted()
    t, games = advance(tournament(Format.SWISS, 4, rounds=3), START, {}, mint)
    one = games[0].room_id
    t, paired = advance(t, START + 5, {one: (Result.FIRST, START + 5)}, mint)
    assert paired == [] and t.round == 1
    t, paired = advance(t, START + 9, {games[1].room_id: (Result.DRAW, START + 9)}, mint)
    assert t.round == 2 and len(paired) == 2
    assert {frozenset((g.first, g.second)) for g in paired}.isdisjoint(
        {frozenset((g.first, g.second)) for g in games})


def test_a_swiss_finishes_after_its_last_round():
    mint, t, now = minted(), tournament(Format.SWISS, 2, rounds=1), START
    t, games = advance(t, now, {}, mint)
    t, paired = advance(t, now + 1, {games[0].room_id: (Result.SECOND, now + 1)}, mint)
    assert t.status is Status.FINISHED and paired == []


def test_a_round_robin_of_three_plays_three_rounds_each_with_one_player_idle():
    mint, t, now = minted(), tournament(Format.ROUND_ROBIN, 3, cycles=1), START
    rounds = []
    while t.status is not Status.FINISHED:
        t, paired = advance(t, now, {g.room_id: (Result.DRAW, now) for g in t.playing()}, mint)
        rounds.append(paired)
        now += 1
    assert [len(r) for r in rounds] == [2, 2, 2, 0]
    assert all(sum(g.is_bye for g in r) == 1 for r in rounds[:3])


def test_a_round_robin_with_one_player_finishes_at_the_start_without_games():
    t, games = advance(tournament(Format.ROUND_ROBIN, 1), START, {}, minted())
    assert t.status is Status.FINISHED and games == []


def test_an_arena_pairs_players_as_they_finish_and_stops_when_the_time_is_up():
    mint = minted()
    t, games = advance(tournament(Format.ARENA, 4, minutes=1), START, {}, mint)
    assert len(games) == 2
    t, paired = advance(t, START + 10, {games[0].room_id: (Result.FIRST, START + 10)}, mint)
    assert paired == []  # two free players who just met wait for someone else
    t, paired = advance(t, START + 20, {games[1].room_id: (Result.FIRST, START + 20)}, mint)
    assert len(paired) == 2
    t, paired = advance(t, START + 60_000, {g.room_id: (Result.DRAW, START + 60_000)
                                            for g in paired}, mint)
    assert t.status is Status.FINISHED and paired == []


def test_a_paused_arena_player_is_not_paired():
    t, _ = advance(tournament(Format.ARENA, 3, minutes=5), START - 1, {}, minted())
    t, games = advance(leave(replace_status(t), "p0"), START, {}, minted())
    assert all("p0" not in (g.first, g.second) for g in games)


def replace_status(t: Tournament) -> Tournament:
    return replace(t, status=Status.STARTED, started_at=START)


def test_joining_twice_is_refused():
    with pytest.raises(ArenaError) as refused:
        join(tournament(Format.SWISS, 2, rounds=3), Player("p0", "user0", 1500, False, 9), None)
    assert refused.value.code == "already_joined"


def test_a_private_tournament_refuses_a_wrong_password():
    t = tournament(Format.SWISS, 0, rounds=3, password_hash=password_hash("mèo"))
    with pytest.raises(ArenaError) as refused:
        join(t, Player("p9", "u", 1500, False, 1), "cho")
    assert refused.value.code == "wrong_password"
    assert join(t, Player("p9", "u", 1500, False, 1), "mèo").player("p9") is not None


def test_a_full_round_robin_refuses_one_more():
    t = tournament(Format.ROUND_ROBIN, MAX_PLAYERS[Format.ROUND_ROBIN])
    with pytest.raises(ArenaError) as refused:
        join(t, Player("late", "late", 1500, False, 99), None)
    assert refused.value.code == "tournament_full"


def test_a_started_swiss_and_a_finished_arena_cannot_be_joined():
    swiss, _ = advance(tournament(Format.SWISS, 2, rounds=1), START, {}, minted())
    arena, _ = advance(tournament(Format.ARENA, 1, minutes=1), START + 60_000, {}, minted())
    for t, code in ((swiss, "tournament_started"), (arena, "tournament_finished")):
        with pytest.raises(ArenaError) as refused:
            join(t, Player("late", "late", 1500, False, 99), None)
        assert refused.value.code == code


def test_an_arena_player_who_left_joins_again():
    t = replace_status(tournament(Format.ARENA, 2, minutes=5))
    t = join(leave(t, "p1"), Player("p1", "user1", 1500, False, 50), None)
    assert t.player("p1") is not None and not t.player("p1").paused


def test_a_round_robin_player_who_withdraws_loses_their_remaining_games_by_forfeit():
    mint, t, now = minted(), tournament(Format.ROUND_ROBIN, 4, cycles=1), START
    t, games = advance(t, now, {}, mint)
    t = leave(t, "p3")  # during round 1: that game is played out (or lost on time)
    assert t.player("p3").paused and len(t.playing()) == 2
    for _round in (2, 3):
        t, games = advance(t, now, {g.room_id: (Result.DRAW, now) for g in t.playing()}, mint)
        forfeits = [g for g in games if "p3" in (g.first, g.second)]
        assert len(forfeits) == 1 and forfeits[0].forfeit and forfeits[0].room_id is None
        assert forfeits[0].outcome("p3").value == "loss" and forfeits[0].finished
        assert [g for g in games if g.room_id is not None] == t.playing()  # only real games
    t, _ = advance(t, now, {g.room_id: (Result.DRAW, now) for g in t.playing()}, mint)
    assert t.status is Status.FINISHED and len(t.games) == 6


def test_a_game_between_two_withdrawn_round_robin_players_is_dropped():
    t, _ = advance(tournament(Format.ROUND_ROBIN, 4, cycles=1), START, {}, minted())
    t = leave(leave(t, "p2"), "p3")
    mint = minted()
    while t.status is not Status.FINISHED:  # every game played is drawn at once
        t = replace(t, games=tuple(replace(g, result=g.result or Result.DRAW) for g in t.games))
        t, _ = advance(t, START, {}, mint)
    assert t.round == 3 and len(t.games) == 5
    assert not any({g.first, g.second} == {"p2", "p3"} for g in t.games)


def test_a_withdrawn_round_robin_player_cannot_come_back():
    t, _ = advance(tournament(Format.ROUND_ROBIN, 4, cycles=1), START, {}, minted())
    with pytest.raises(ArenaError) as refused:
        join(leave(t, "p3"), Player("p3", "user3", 1570, False, 3), None)
    assert refused.value.code == "tournament_started"
