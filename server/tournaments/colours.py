"""Swiss colours (who moves first), after the FIDE Dutch system (Handbook C.04.3, A.6 and E).

A player's colour difference is the games they moved first minus those they moved second.
Their preference is
- absolute when the difference is beyond +-1 or their last two games had the same side: the
  other side, which they must get (two players with the same absolute preference never meet);
- strong when the difference is +-1: the side that evens it;
- mild when it is 0: the other side than in their last game;
- none before their first game.
Two paired players get (E.1) both preferences if they differ, else (E.2) the stronger one's,
else (E.3) the sides opposite to the last round in which they had different sides, else (E.4)
the higher ranked player's preference; with no preference at all (E.5) the higher ranked
player gets the initial side when their pairing number is odd, the other when even (so round
1 alternates from board to board).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from .results import Side


class Strength(enum.IntEnum):
    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(slots=True, frozen=True)
class Preference:
    side: Side | None
    strength: Strength


NO_PREFERENCE = Preference(None, Strength.NONE)


def preference(sides: Sequence[Side | None]) -> Preference:
    """The preference of a player whose side in each round so far was `sides` (None: no game
    that round)."""
    played = [s for s in sides if s is not None]
    if not played:
        return NO_PREFERENCE
    difference = played.count(Side.FIRST) - played.count(Side.SECOND)
    last_two_same = len(played) >= 2 and played[-1] is played[-2]
    if difference > 1 or (last_two_same and played[-1] is Side.FIRST):
        return Preference(Side.SECOND, Strength.ABSOLUTE)
    if difference < -1 or (last_two_same and played[-1] is Side.SECOND):
        return Preference(Side.FIRST, Strength.ABSOLUTE)
    if difference:
        return Preference(Side.SECOND if difference > 0 else Side.FIRST, Strength.STRONG)
    return Preference(played[-1].other, Strength.MILD)


def difference(sides: Sequence[Side | None]) -> int:
    return sum(1 if s is Side.FIRST else -1 for s in sides if s is not None)


def compatible(one: Preference, two: Preference) -> bool:
    """Whether two players may meet as far as colours go (not both absolute for one side)."""
    return not (one.strength is two.strength is Strength.ABSOLUTE and one.side is two.side)


def higher_gets(higher: Sequence[Side | None], higher_number: int,
                lower: Sequence[Side | None], initial: Side) -> Side:
    """The side of the higher ranked of two paired players (the lower gets the other)."""
    hp, lp = preference(higher), preference(lower)
    if hp.side is not None and (lp.side is None or lp.side is not hp.side):
        return hp.side  # E.1 (the lower player's preference, if any, is granted too)
    if lp.side is not None and hp.side is None:
        return lp.side.other
    if hp.side is not None:  # both prefer the same side
        if hp.strength is not lp.strength:  # E.2
            return hp.side if hp.strength > lp.strength else hp.side.other
        if hp.strength is Strength.ABSOLUTE:
            wider = abs(difference(higher)) - abs(difference(lower))
            if wider:
                return hp.side if wider > 0 else hp.side.other
        for mine, theirs in zip(reversed(higher), reversed(lower), strict=False):  # E.3
            if mine is not None and theirs is not None and mine is not theirs:
                return mine.other
        return hp.side  # E.4
    return initial if higher_number % 2 else initial.other  # E.5


def misses(preferences: Sequence[Preference], granted: Sequence[Side]) -> tuple[int, int]:
    """(players not given their preference, of whom with a strong or absolute one)."""
    missed = [p for p, side in zip(preferences, granted, strict=True)
              if p.side is not None and p.side is not side]
    return len(missed), sum(1 for p in missed if p.strength >= Strength.STRONG)
