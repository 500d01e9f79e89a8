"""Who plays whom next in an arena (pure): players who are free are paired at once, each with
the nearest free player in the standings, avoiding an immediate rematch (docs/tournaments.md).

The director calls `pair_arena` with the free players in standings order (the best first)
whenever one becomes free. Walking down the list, each player not yet paired meets the next
free player below them who was not their last opponent (nor had them as theirs). Two players
who just met are paired again only when neither has anyone else to meet and both have waited
REMATCH_AFTER_MS (two players alone in an arena would otherwise wait for good). A player
with nobody to meet waits for the next call.

Who moves first: the one who has moved first fewer times; if equal, the one who moved
second in their last game; if still equal, the higher ranked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .results import Side

REMATCH_AFTER_MS = 10_000


@dataclass(slots=True, frozen=True)
class Free:
    """A free player: `last_opponent` their last game's, `free_since` when it ended (or they
    joined), `firsts` / `seconds` how often they have moved first / second, `last_side`."""

    player_id: str
    last_opponent: str | None = None
    free_since: int = 0
    firsts: int = 0
    seconds: int = 0
    last_side: Side | None = None


def is_rematch(one: Free, two: Free) -> bool:
    return one.last_opponent == two.player_id or two.last_opponent == one.player_id


def first_mover(higher: Free, lower: Free) -> tuple[Free, Free]:
    """(who moves first, who moves second) of two players, `higher` ranked above `lower`."""
    balance = (higher.firsts - higher.seconds) - (lower.firsts - lower.seconds)
    if balance != 0:
        return (higher, lower) if balance < 0 else (lower, higher)
    if higher.last_side is not lower.last_side:
        return (lower, higher) if higher.last_side is Side.FIRST or \
            lower.last_side is Side.SECOND else (higher, lower)
    return higher, lower


def pair_arena(free: Sequence[Free], now: int,
               rematch_after_ms: int = REMATCH_AFTER_MS) -> list[tuple[str, str]]:
    """Pairs (first mover, second mover) among `free` (in standings order, the best first)."""
    taken = [False] * len(free)
    pairs: list[tuple[str, str]] = []
    for i, player in enumerate(free):
        if taken[i]:
            continue
        partner = next((j for j in range(i + 1, len(free))
                        if not taken[j] and not is_rematch(player, free[j])), None)
        if partner is None:
            partner = _rematch(free, taken, i, now, rematch_after_ms)
        if partner is None:
            continue
        taken[i] = taken[partner] = True
        one, two = first_mover(player, free[partner])
        pairs.append((one.player_id, two.player_id))
    return pairs


def _rematch(free: Sequence[Free], taken: list[bool], i: int, now: int,
             after_ms: int) -> int | None:
    """The last opponent of `free[i]` (who has nobody else), if both have waited long enough
    and that opponent has nobody else free to meet either."""
    one = free[i]
    j = next((j for j in range(i + 1, len(free)) if not taken[j]), None)
    if j is None or now - one.free_since < after_ms or now - free[j].free_since < after_ms:
        return None
    others = (k for k in range(i + 1, len(free)) if k != j and not taken[k])
    if any(not is_rematch(free[j], free[k]) for k in others):
        return None
    return j
