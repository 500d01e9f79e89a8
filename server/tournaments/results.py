"""The values the pure parts share: a tournament's format, a game as the standings see it, and
one player's outcome of it.

A `Game` is a pairing: two players and, once it has ended, the result from the first mover's
side; a bye is a game without a second player (the first player is given the point, or, in a
round robin, only the rest). Player ids are the server's identities (never shown); the pages
name players by username.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import NamedTuple


class Format(enum.StrEnum):
    ARENA = "arena"
    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"


class Result(enum.StrEnum):
    """How a game ended, from the board: who won (`first` moved first) or a draw."""

    FIRST = "first"
    SECOND = "second"
    DRAW = "draw"


class Outcome(enum.StrEnum):
    """A game from one player's side."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    BYE = "bye"  # no opponent this round


class Side(enum.StrEnum):
    """Who moves first: `first` is black in gomoku and renju, X in tic-tac-toe."""

    FIRST = "first"
    SECOND = "second"

    @property
    def other(self) -> Side:
        return Side.SECOND if self is Side.FIRST else Side.FIRST


@dataclass(slots=True, frozen=True)
class Game:
    """One pairing of a tournament: `first` moves first; `second` None is a bye to `first`;
    `result` None while the game is played. `berserks`: the players who halved their clock.
    `forfeit`: not played, given to the opponent of a round robin player who withdrew."""

    round: int
    first: str
    second: str | None
    result: Result | None = None
    berserks: frozenset[str] = frozenset()
    ended_at: int | None = None
    room_id: str | None = None
    forfeit: bool = False

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def finished(self) -> bool:
        return self.result is not None

    def opponent(self, player_id: str) -> str | None:
        return self.second if player_id == self.first else self.first

    def side_of(self, player_id: str) -> Side:
        return Side.FIRST if player_id == self.first else Side.SECOND

    def outcome(self, player_id: str) -> Outcome | None:
        """`player_id`'s outcome (None while played)."""
        if self.is_bye:
            return Outcome.BYE
        if self.result is None:
            return None
        if self.result is Result.DRAW:
            return Outcome.DRAW
        won = (self.result is Result.FIRST) == (player_id == self.first)
        return Outcome.WIN if won else Outcome.LOSS


@dataclass(slots=True, frozen=True)
class Entrant:
    """A player of a tournament as the pure parts need them: `rating` when they joined (the
    seed order and the arena's performance), `seed` their number in that order (1 = top)."""

    player_id: str
    username: str
    rating: int
    seed: int


class Ending(NamedTuple):
    """How a game's room ended it: the result, when (epoch ms), and the players whose berserk
    counts (server/tournaments/rooms.py)."""

    result: Result
    at: int
    berserks: frozenset[str] = frozenset()
