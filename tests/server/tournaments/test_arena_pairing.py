"""Arena pairing (server/tournaments/arena_pairing.py): the free players meet the nearest free
player in the standings, never their last opponent unless nobody else is left for long."""

from __future__ import annotations

from server.tournaments.arena_pairing import Free, pair_arena
from server.tournaments.results import Side


def test_free_players_meet_their_neighbours_in_the_standings():
    free = [Free(p) for p in "abcd"]
    assert {frozenset(p) for p in pair_arena(free, now=0)} == {frozenset("ab"), frozenset("cd")}


def test_the_last_opponent_is_skipped_for_the_next_nearest():
    free = [Free("a", last_opponent="b"), Free("b", last_opponent="a"), Free("c"), Free("d")]
    assert {frozenset(p) for p in pair_arena(free, now=0)} == {frozenset("ac"), frozenset("bd")}


def test_two_players_alone_rematch_only_after_both_waited():
    free = [Free("a", last_opponent="b", free_since=0), Free("b", last_opponent="a",
                                                             free_since=5_000)]
    assert pair_arena(free, now=9_000, rematch_after_ms=10_000) == []
    assert len(pair_arena(free, now=15_000, rematch_after_ms=10_000)) == 1


def test_an_odd_player_waits_for_the_next_call():
    assert len(pair_arena([Free(p) for p in "abc"], now=0)) == 1


def test_who_moved_first_more_often_moves_second():
    free = [Free("a", firsts=2, seconds=1, last_side=Side.FIRST), Free("b", firsts=1, seconds=1)]
    assert pair_arena(free, now=0) == [("b", "a")]
