"""Round robin rounds (server/tournaments/berger.py) against the Berger tables published in the
FIDE Handbook (C.05, Annex 1): the table for 3-4 players, for 5-6, for 7-8 and for 9-10.
An odd number plays the next even number's table, the highest number standing for "no game".
"""

from __future__ import annotations

import pytest

from server.tournaments.berger import berger_round, rounds_of, schedule


def table(text: str) -> list[list[tuple[int, int]]]:
    """A published table, one round a line: `1-4 2-3`."""
    return [[tuple(int(n) for n in pair.split("-")) for pair in line.split()]  # type: ignore[misc]
            for line in text.strip().splitlines()]


FOUR = table("""
1-4 2-3
4-3 1-2
2-4 3-1
""")

SIX = table("""
1-6 2-5 3-4
6-4 5-3 1-2
2-6 3-1 4-5
6-5 1-4 2-3
3-6 4-2 5-1
""")

EIGHT = table("""
1-8 2-7 3-6 4-5
8-5 6-4 7-3 1-2
2-8 3-1 4-7 5-6
8-6 7-5 1-4 2-3
3-8 4-2 5-1 6-7
8-7 1-6 2-5 3-4
4-8 5-3 6-2 7-1
""")

TEN = table("""
1-10 2-9 3-8 4-7 5-6
10-6 7-5 8-4 9-3 1-2
2-10 3-1 4-9 5-8 6-7
10-7 8-6 9-5 1-4 2-3
3-10 4-2 5-1 6-9 7-8
10-8 9-7 1-6 2-5 3-4
4-10 5-3 6-2 7-1 8-9
10-9 1-8 2-7 3-6 4-5
5-10 6-4 7-3 8-2 9-1
""")


@pytest.mark.parametrize(("players", "published"), [(4, FOUR), (5, SIX), (8, EIGHT), (9, TEN)])
def test_rounds_follow_the_published_berger_table(players, published):
    assert [berger_round(players, r) for r in range(1, rounds_of(players) + 1)] == published


def test_an_odd_number_leaves_one_player_idle_each_round_and_each_once():
    idle = [next(a if b == 6 else b for a, b in pairs if 6 in (a, b)) for pairs in schedule(5)]
    assert sorted(idle) == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("players", [4, 5, 8, 9, 10, 16])
def test_each_pair_meets_once_per_cycle_and_swaps_sides_in_the_second(players):
    rounds = schedule(players, cycles=2)
    assert len(rounds) == 2 * rounds_of(players)
    games = [pair for pairs in rounds for pair in pairs]
    assert len(set(games)) == len(games)  # every pair twice, once each way round
    assert {frozenset(p) for p in games} == {frozenset((a, b)) for a in range(1, players + 2)
                                             for b in range(a + 1, players + 2)
                                             if players % 2 or b <= players}


def test_nobody_moves_first_three_times_running_across_the_seam_of_two_cycles():
    rounds = schedule(8, cycles=2)
    for player in range(1, 9):
        sides = [next(a == player for a, b in pairs if player in (a, b)) for pairs in rounds]
        assert all(len(set(sides[i:i + 3])) == 2 for i in range(len(sides) - 2)), player


def test_a_third_cycle_is_refused():
    with pytest.raises(ValueError):
        schedule(4, cycles=3)
