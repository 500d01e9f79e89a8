"""The pairing of a rated pool (pure, server/pool/matching.py): windows that widen with waiting,
blocks, as many pairs as allowed with the smallest gaps."""

from __future__ import annotations

import random

from server.pool.matching import BASE_GAP, GROW_PER_S, MAX_GAP, Seeker, allowed, blocked_key, pair

NOW = 1_700_000_000_000


def seeker(name: str, rating: int, waited_s: float = 0) -> Seeker:
    return Seeker(name, rating, NOW - int(waited_s * 1000))


def names(pairs) -> set[frozenset[str]]:
    return {frozenset((p.one.player_id, p.two.player_id)) for p in pairs}


def test_two_newcomers_close_in_rating_are_paired_at_once():
    assert names(pair([seeker("a", 1500), seeker("b", 1500 + BASE_GAP)], NOW)) == \
        {frozenset("ab")}


def test_two_newcomers_far_apart_wait():
    assert pair([seeker("a", 1500), seeker("b", 1500 + BASE_GAP + 1)], NOW) == []


def test_the_window_widens_the_longer_both_wait():
    gap = BASE_GAP + 20 * GROW_PER_S
    assert pair([seeker("a", 1500, 19), seeker("b", 1500 + gap, 19)], NOW) == []
    assert len(pair([seeker("a", 1500, 20), seeker("b", 1500 + gap, 20)], NOW)) == 1


def test_a_newcomer_is_not_thrown_to_a_far_opponent_who_waited_long():
    assert pair([seeker("old", 1500, 60), seeker("new", 1500 + BASE_GAP + 50)], NOW) == []


def test_the_window_stops_widening_at_its_widest():
    assert pair([seeker("a", 1000, 3600), seeker("b", 1000 + MAX_GAP + 1, 3600)], NOW) == []
    assert len(pair([seeker("a", 1000, 3600), seeker("b", 1000 + MAX_GAP, 3600)], NOW)) == 1


def test_players_who_block_each_other_are_never_paired():
    players = [seeker("a", 1500), seeker("b", 1500)]
    assert pair(players, NOW, {blocked_key("b", "a")}) == []


def test_a_block_is_stepped_over_to_the_next_nearest():
    players = [seeker("a", 1500), seeker("b", 1510), seeker("c", 1520), seeker("d", 1530)]
    blocked = {blocked_key("a", "b"), blocked_key("c", "d"), blocked_key("a", "d")}
    assert names(pair(players, NOW, blocked)) == {frozenset("ac"), frozenset("bd")}


def test_as_many_as_can_be_are_paired_then_the_smallest_gaps():
    # a-b and c-d (gaps 90 and 90) beat b-c alone (gap 10), and beat a-c, b-d (gaps 100, 100).
    players = [seeker("a", 1400), seeker("b", 1490), seeker("c", 1500), seeker("d", 1590)]
    assert names(pair(players, NOW)) == {frozenset("ab"), frozenset("cd")}


def test_a_crowd_is_paired_into_disjoint_allowed_pairs():
    rng = random.Random(7)
    crowd = [seeker(f"p{i}", int(rng.gauss(1500, 250)), rng.uniform(0, 40)) for i in range(600)]
    blocked = {blocked_key(f"p{i}", f"p{i + 1}") for i in range(0, 600, 3)}
    pairs = pair(crowd, NOW, blocked)
    seated = [p for pair_ in pairs for p in (pair_.one.player_id, pair_.two.player_id)]
    assert len(seated) == len(set(seated)) > 500
    assert all(allowed(p.one, p.two, NOW, blocked) for p in pairs)


def test_the_same_wave_gives_the_same_pairs():
    rng = random.Random(3)
    crowd = [seeker(f"p{i}", rng.randint(1200, 1800), rng.uniform(0, 30)) for i in range(100)]
    assert names(pair(crowd, NOW)) == names(pair(list(reversed(crowd)), NOW))
