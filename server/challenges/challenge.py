"""A challenge as a pure state machine: the values, and `apply(challenge, command, now)`.

No I/O and no clock reads (the caller passes `now`), as the room machine (server/rooms/). A
challenge is `open` until the challenged player (or, for an open challenge, anyone holding its
link) accepts or declines it, the challenger cancels it, or `expires_at` passes (then it reads
as `expired`; nothing needs to happen for that). Accepting names the room the game will be
played in and who takes which seat; the service (service.py) then seats both players there.
"""

from __future__ import annotations

import enum
from typing import Any

import msgspec

from ..platform.errors import ArenaError, ErrorCode
from ..rooms import ClockConfig, Mode, Opening
from ..rooms.commands import PlayerRef
from ..rooms.opening import check_opening
from ..rooms.play import check_rated


class Status(enum.StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    CANCELLED = "cancelled"
    EXPIRED = "expired"  # never stored: an open challenge past `expires_at` reads so


class Colour(enum.StrEnum):
    """The challenger's side: first (moves first: black, X, red), second, or by lot."""

    FIRST = "first"
    SECOND = "second"
    RANDOM = "random"


# Why a challenge is declined, as lichess asks (the page words each one).
DECLINE_REASONS = ("generic", "later", "too_fast", "too_slow", "time_control", "rated",
                   "casual", "variant")


class Party(msgspec.Struct, frozen=True):
    """A player of a challenge: their identity, the account's username, the name they typed."""

    player_id: str
    username: str | None = None
    name: str | None = None

    @classmethod
    def of(cls, player: PlayerRef, name: str | None = None) -> Party:
        return cls(player.player_id, player.username, name)

    @property
    def ref(self) -> PlayerRef:
        return PlayerRef(self.player_id, self.username)

    def public(self) -> dict[str, str | None]:
        return {"username": self.username, "name": self.name}


class Terms(msgspec.Struct, frozen=True):
    """The game on offer. `clock` (Fischer, ms) or `days` per move (a daily game), or neither
    (no clock)."""

    variant: str
    opening: Opening = Opening.NONE
    clock: tuple[int, int] | None = None  # (initial_ms, increment_ms)
    days: int | None = None
    rated: bool = False
    colour: Colour = Colour.RANDOM

    @property
    def clock_config(self) -> ClockConfig | None:
        """The room's clock: days per move (a daily game), Fischer, or none."""
        if self.days is not None:
            return ClockConfig.daily(self.days)
        return None if self.clock is None else ClockConfig(*self.clock)

    def public(self) -> dict[str, Any]:
        clock: dict[str, Any] | None = None
        if self.days is not None:
            clock = {"days": self.days}
        elif self.clock is not None:
            clock = {"initial_s": self.clock[0] / 1000, "increment_s": self.clock[1] / 1000}
        return {"variant": self.variant, "opening": self.opening.value, "clock": clock,
                "rated": self.rated, "colour": self.colour.value}


class Challenge(msgspec.Struct, frozen=True):
    id: str
    challenger: Party
    to: Party | None  # None: an open challenge, for whoever holds its link
    terms: Terms
    created_at: int
    expires_at: int
    v: int = 0  # +1 per change: the store's compare-and-set
    status: Status = Status.OPEN
    room_id: str | None = None        # once accepted
    acceptor: Party | None = None     # once accepted
    challenger_seat: int | None = None  # once accepted: the colour decided
    reason: str | None = None         # once declined
    closed_at: int | None = None

    def status_at(self, now: int) -> Status:
        return Status.EXPIRED if self.status is Status.OPEN and now >= self.expires_at \
            else self.status

    def is_open(self, now: int) -> bool:
        return self.status_at(now) is Status.OPEN

    def role_of(self, viewer: str | None) -> str | None:
        """`challenger`, `challenged` (by name, or the acceptor of an open challenge) or None."""
        if viewer is None:
            return None
        if viewer == self.challenger.player_id:
            return "challenger"
        if viewer in (self.to and self.to.player_id, self.acceptor and self.acceptor.player_id):
            return "challenged"
        return None

    def public(self, now: int, viewer: str | None = None) -> dict[str, Any]:
        """The challenge as docs/protocol.md §2f shows it to `viewer` (a player id): `you`
        is their part in it, and `room_id` is told to its two players only."""
        you = self.role_of(viewer)
        return {"id": self.id, "url": challenge_url(self.id),
                "status": self.status_at(now).value, "challenger": self.challenger.public(),
                "to": None if self.to is None else self.to.public(), **self.terms.public(),
                "created_at": self.created_at, "expires_at": self.expires_at,
                "reason": self.reason, "room_id": self.room_id if you else None, "you": you}


def challenge_url(challenge_id: str) -> str:
    return f"/challenge/{challenge_id}"


def new_challenge(challenge_id: str, challenger: Party, to: Party | None, terms: Terms,
                  now: int, lifetime_ms: int) -> Challenge:
    """An open challenge, refused when it is to oneself, when its opening does not fit its
    variant, or when it is rated and the challenger or the challenged is no account."""
    if to is not None and to.player_id == challenger.player_id:
        raise ArenaError(ErrorCode.CANNOT_TARGET_SELF, "you cannot challenge yourself")
    try:
        check_opening(terms.variant, terms.opening)
    except ValueError as error:
        raise ArenaError(ErrorCode.BAD_OPENING, str(error)) from None
    if terms.rated:
        check_rated(Mode.HUMAN, challenger.ref)
        if to is not None:
            check_rated(Mode.HUMAN, to.ref)
    return Challenge(challenge_id, challenger, to, terms, now, now + lifetime_ms)


# -- commands -------------------------------------------------------------------------------------
class Accept(msgspec.Struct, frozen=True):
    """`by` takes up the challenge in the room `room_id`, the challenger in `challenger_seat`
    (the caller draws it when the colour is random)."""

    by: Party
    room_id: str
    challenger_seat: int


class Decline(msgspec.Struct, frozen=True):
    by: Party
    reason: str = "generic"


class Cancel(msgspec.Struct, frozen=True):
    by: Party


Command = Accept | Decline | Cancel


def _require_open(challenge: Challenge, now: int) -> None:
    status = challenge.status_at(now)
    if status is Status.EXPIRED:
        raise ArenaError(ErrorCode.CHALLENGE_EXPIRED, "this challenge has expired")
    if status is not Status.OPEN:
        raise ArenaError(ErrorCode.CHALLENGE_CLOSED, f"this challenge was {status.value}")


def _require_challenged(challenge: Challenge, by: Party) -> None:
    """The challenged player of a challenge by name; anyone but the challenger for an open
    one."""
    if by.player_id == challenge.challenger.player_id:
        raise ArenaError(ErrorCode.CANNOT_TARGET_SELF, "this is your own challenge")
    if challenge.to is not None and challenge.to.player_id != by.player_id:
        raise ArenaError(ErrorCode.NOT_YOUR_CHALLENGE, "this challenge is for someone else")


def accept(challenge: Challenge, command: Accept, now: int) -> Challenge:
    if challenge.status is Status.ACCEPTED and challenge.acceptor is not None \
            and challenge.acceptor.player_id == command.by.player_id:
        return challenge  # accepted by them already: the service finishes seating them
    _require_open(challenge, now)
    _require_challenged(challenge, command.by)
    if challenge.terms.rated:
        check_rated(Mode.HUMAN, command.by.ref)
    return msgspec.structs.replace(
        challenge, v=challenge.v + 1, status=Status.ACCEPTED, room_id=command.room_id,
        acceptor=command.by, challenger_seat=command.challenger_seat, closed_at=now)


def decline(challenge: Challenge, command: Decline, now: int) -> Challenge:
    if challenge.to is None:
        raise ArenaError(ErrorCode.NOT_YOUR_CHALLENGE,
                         "an open challenge cannot be declined; just leave it")
    _require_challenged(challenge, command.by)
    _require_open(challenge, now)
    if command.reason not in DECLINE_REASONS:
        raise ArenaError(ErrorCode.BAD_REQUEST,
                         f"the reason is one of {', '.join(DECLINE_REASONS)}")
    return msgspec.structs.replace(challenge, v=challenge.v + 1, status=Status.DECLINED,
                                   reason=command.reason, closed_at=now)


def cancel(challenge: Challenge, command: Cancel, now: int) -> Challenge:
    if command.by.player_id != challenge.challenger.player_id:
        raise ArenaError(ErrorCode.NOT_YOUR_CHALLENGE, "only its challenger may cancel it")
    _require_open(challenge, now)
    return msgspec.structs.replace(challenge, v=challenge.v + 1, status=Status.CANCELLED,
                                   closed_at=now)


def apply(challenge: Challenge, command: Command, now: int) -> Challenge:
    """The challenge after `command`, or an `ArenaError` saying why not (unchanged)."""
    match command:
        case Accept():
            return accept(challenge, command, now)
        case Decline():
            return decline(challenge, command, now)
        case Cancel():
            return cancel(challenge, command, now)
    raise AssertionError(command)


def challenger_seat(colour: Colour, draw: int) -> int:
    """The challenger's seat for `colour`; `draw` (1 or 2) decides a random one."""
    return {Colour.FIRST: 1, Colour.SECOND: 2}.get(colour, draw)
