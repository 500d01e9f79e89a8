"""What can happen to a room, as values. The handlers build these; `machine.apply` judges them.

`seat` is the seat the sender proved with its token (the handler resolved it); `cid` is the
client's id for the command, echoed on the first event it causes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True, frozen=True)
class Standing:
    """An account's rating in one variant, as shown beside its name ("1500?" while
    `provisional`)."""

    rating: int
    provisional: bool


@dataclass(slots=True, frozen=True)
class PlayerRef:
    """Whose seat it is: a player identity, and the account's username when logged in, with
    its ratings per variant (`standings`) and the rating of a variant it has not played yet
    (`newcomer`), read when the request came in."""

    player_id: str
    username: str | None = None
    standings: tuple[tuple[str, Standing], ...] = ()
    newcomer: Standing | None = None

    def standing(self, variant: str) -> Standing | None:
        """The account's rating in `variant` (None for an anonymous player)."""
        if self.username is None:
            return None
        return next((s for v, s in self.standings if v == variant), self.newcomer)


@dataclass(slots=True, frozen=True)
class Join:
    """Take the free seat of a human room waiting for a player."""

    token_hash: str
    name: str | None = None
    player: PlayerRef | None = None


@dataclass(slots=True, frozen=True)
class Resume:
    """The player of a seat (by identity) opens it on another device: one more token."""

    player_id: str
    token_hash: str


@dataclass(slots=True, frozen=True)
class Move:
    seat: int
    move: str
    cid: str | None = None
    by_ai: bool = False


@dataclass(slots=True, frozen=True)
class OpeningChoice:
    """In an opening's choose phase: play `black`, play `white`, or (swap2, after the first
    three stones) `place_two` more stones (server/rooms/opening.py)."""

    seat: int
    choice: str
    cid: str | None = None
    by_ai: bool = False


@dataclass(slots=True, frozen=True)
class Resign:
    seat: int
    cid: str | None = None


@dataclass(slots=True, frozen=True)
class Berserk:
    """In an arena tournament's game, before the player's first move: half the clock, no
    increment, one more point for a win (server/rooms/berserk.py)."""

    seat: int
    cid: str | None = None


@dataclass(slots=True, frozen=True)
class DrawOffer:
    seat: int
    cid: str | None = None


@dataclass(slots=True, frozen=True)
class DrawAnswer:
    seat: int
    accept: bool
    cid: str | None = None


@dataclass(slots=True, frozen=True)
class TakebackRequest:
    seat: int
    cid: str | None = None


@dataclass(slots=True, frozen=True)
class TakebackAnswer:
    seat: int
    accept: bool
    cid: str | None = None


# The players' ratings (by player id) as a rematch would start, read by the handler after the
# finished game was rated: the new game's seats show them (its ratings "at the game's start").
Standings = tuple[tuple[str, Standing], ...]


@dataclass(slots=True, frozen=True)
class RematchOffer:
    seat: int
    cid: str | None = None
    standings: Standings = ()


@dataclass(slots=True, frozen=True)
class RematchAnswer:
    seat: int
    accept: bool
    cid: str | None = None
    standings: Standings = ()


@dataclass(slots=True, frozen=True)
class Unlist:
    """The waiting player stops looking for anyone: the room leaves the lobby and quick play,
    and stays open to whoever has its link."""

    seat: int
    cid: str | None = None


@dataclass(slots=True, frozen=True)
class ClaimWin:
    """Claim the game because the opponent has been gone for `claim_after_ms`.
    `opponent_connected` / `opponent_last_seen` (epoch ms or None: never seen) come from the
    presence records."""

    seat: int
    opponent_connected: bool
    opponent_last_seen: int | None
    claim_after_ms: int
    cid: str | None = None


@dataclass(slots=True, frozen=True)
class Cancel:
    """The seated player closes a room nobody has joined yet."""

    seat: int
    cid: str | None = None


@dataclass(slots=True, frozen=True)
class Abandon:
    """End an unfinished game nobody plays any more: no human player has been connected since
    `players_last_seen` (epoch ms; None: never) and `after_ms` have passed since then (or
    since the last move)."""

    players_last_seen: int | None
    after_ms: int


@dataclass(slots=True, frozen=True)
class Tick:
    """Time passes: ends the game when the running clock's flag has fallen, or starts the next
    game of a finished AI-vs-AI demo once its pause is over."""


Command = (Join | Move | OpeningChoice | Resign | Berserk | DrawOffer | DrawAnswer | TakebackRequest
           | TakebackAnswer | RematchOffer | RematchAnswer | Unlist | ClaimWin | Cancel | Abandon
           | Tick)
