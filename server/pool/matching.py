"""Who plays whom in a rated pool: a pure function of the waiting players and the time.

As lichess's pools do (lila `modules/pool`: `MatchMaking`, waves), the pairing runs in waves, and
the rating gap a player accepts starts narrow and widens the longer they wait: `window` is
BASE_GAP at once, GROW_PER_S more for every second waited, at most MAX_GAP. Two players may be
paired when their gap is within both windows (the newer player's, so a newcomer is never thrown
to a far opponent because the other waited long) and neither blocks the other.

Among the allowed pairs, a wave pairs as many players as it can and, among those pairings, the
one with the smallest total gap. Players are sorted by rating and a pair is sought among the
next BAND players in that order: in one dimension the nearest ratings are what the windows
allow anyway, and the band leaves room to step over a blocked or too-new neighbour. Inside the
band the answer is exact: a dynamic programme over the sorted players whose state is which of
the last BAND players are taken (2**BAND states, so a wave of n players costs O(n * BAND *
2**BAND): about 0.2 s of one core for 2,000 players, bench/pool.py).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

BASE_GAP = 100     # rating points a player accepts at once
GROW_PER_S = 10    # ... and this many more per second waited
MAX_GAP = 600      # never more
BAND = 4           # a player is paired with one of the next BAND in rating order


@dataclass(slots=True, frozen=True)
class Seeker:
    """A player waiting in a pool: who, at what rating, since when (epoch ms)."""

    player_id: str
    rating: int
    since: int


@dataclass(slots=True, frozen=True)
class Pair:
    one: Seeker
    two: Seeker

    @property
    def gap(self) -> int:
        return abs(self.one.rating - self.two.rating)


def window(seeker: Seeker, now: int) -> int:
    """The widest rating gap `seeker` accepts at `now`."""
    waited_s = max(0, now - seeker.since) / 1000
    return min(MAX_GAP, BASE_GAP + int(GROW_PER_S * waited_s))


def blocked_key(one: str, two: str) -> frozenset[str]:
    """How a block between two players is looked up (either may have blocked the other)."""
    return frozenset((one, two))


def allowed(one: Seeker, two: Seeker, now: int,
            blocked: Collection[frozenset[str]] = ()) -> bool:
    """May `one` and `two` be paired at `now`?"""
    if one.player_id == two.player_id or blocked_key(one.player_id, two.player_id) in blocked:
        return False
    return abs(one.rating - two.rating) <= min(window(one, now), window(two, now))


def pair(seekers: Sequence[Seeker], now: int,
         blocked: Collection[frozenset[str]] = ()) -> list[Pair]:
    """The pairs of one wave: as many players as the windows and blocks allow, then the
    smallest total rating gap (module docstring). Deterministic for the same input."""
    order = sorted(seekers, key=lambda s: (s.rating, s.since, s.player_id))
    full = (1 << BAND) - 1
    # best[mask] = (pairs, -total gap): bit j of mask says the player j+1 places back is taken.
    best: dict[int, tuple[int, int]] = {0: (0, 0)}
    choices: list[dict[int, tuple[int, int | None]]] = []  # per player: mask -> (prev, partner)
    for i, seeker in enumerate(order):
        partners = [(back, abs(seeker.rating - order[i - 1 - back].rating))
                    for back in range(min(BAND, i))
                    if allowed(seeker, order[i - 1 - back], now, blocked)]
        step: dict[int, tuple[int, int]] = {}
        came: dict[int, tuple[int, int | None]] = {}
        for mask, (count, neg_gap) in best.items():
            options = [((mask << 1) & full, (count, neg_gap), None)]  # left alone for now
            options += [(((mask | 1 << back) << 1 | 1) & full, (count + 1, neg_gap - gap),
                         i - 1 - back) for back, gap in partners if not mask >> back & 1]
            for new_mask, value, partner in options:
                if new_mask not in step or value > step[new_mask]:
                    step[new_mask], came[new_mask] = value, (mask, partner)
        best = step
        choices.append(came)
    mask = max(best, key=lambda m: best[m])
    pairs = []
    for i in range(len(order) - 1, -1, -1):
        mask, partner = choices[i][mask]
        if partner is not None:
            pairs.append(Pair(order[partner], order[i]))
    return pairs[::-1]
