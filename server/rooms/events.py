"""Every kind of event the room machine emits, each one typed value defined once here
(docs/protocol.md §3.3).

An event carries every state field it changes, under that field's name and with its new value
(`status`, `turn`, `clock`, `draw_offer`, ...), so a client applies any of them the same way;
the few other fields say what happened (`seat`, `move`, `choice`, ...). The rules build these
values; `machine.apply` stamps each with its version (`v`), the first with the command's
`cid`, every one with the seats' `allowed` commands when the command changed them, and hands
the server their wire form
(`to_wire`: JSON-ready, the dict stored in the room's event log and sent to the sockets).

`EVENT_TYPES` is derived from the definitions below, so the replay tests
(tests/server/rooms/test_event_replay.py, and the page's reducer in
tests/client/test_state_replay.py) cover every kind there is.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

Public = dict[str, Any]  # a public projection (a seat, the clock, the result, the whole state)
BySeat = dict[str, Any]  # keyed by seat number as text ("1", "2"), as in the public state


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """What every event carries: its room version, the `cid` of the command that caused it
    (on the first event of that command only), and, when that command changed them, the
    commands each seat may send now (`allowed`, server/rooms/allowed.py) and the seat a
    visitor may take (`open_seat`, null once there is none)."""

    v: int = 0
    cid: str | UnsetType = UNSET
    allowed: BySeat | UnsetType = UNSET
    open_seat: int | None | UnsetType = UNSET

    def to_wire(self) -> dict[str, Any]:
        """The event as the client gets it (unset fields left out)."""
        return msgspec.to_builtins(self)


class Timed(Event, frozen=True, kw_only=True):
    """An event that sets the move deadline, and so the instants from which each seat may
    claim the win by it (`claim_at`, filled in by `machine.apply` from the new state)."""

    move_deadline: int | None
    claim_at: BySeat | UnsetType = UNSET


# play.py: seating


class SeatTaken(Event, frozen=True, tag="seat_taken"):
    seat: int
    player: Public  # the new value of `seats[seat]`


class GameStarted(Timed, frozen=True, tag="game_started"):
    status: str
    turn: int
    started_at: int | None
    clock: Public | None


class Unlisted(Event, frozen=True, tag="unlisted"):
    public: bool


class SeatResumed(Event, frozen=True, tag="seat_resumed"):
    seat: int


# play.py, outcomes.py: the game


class Move(Timed, frozen=True, tag="move"):
    seat: int
    move: str  # appended to `moves`
    ply: int
    turn: int
    clock: Public | None
    last_move_at: int
    draw_offer: None
    takeback_request: None
    forbidden: list[str]
    phase: str | UnsetType = UNSET  # in rooms with an opening rule
    opening_choices: list[str] | UnsetType = UNSET
    choices: list[str] | UnsetType = UNSET
    unscored: Public | UnsetType = UNSET  # a row the rule does not count, and why


class GameOver(Timed, frozen=True, tag="game_over"):
    status: str
    result: Public
    clock: Public | None
    finished_at: int
    draw_offer: None
    takeback_request: None
    rematch_offer: None
    game_id: str | None


class Berserk(Event, frozen=True, tag="berserk"):
    """berserk.py: the player in `seat` halved their clock (its `berserk` marks the seat)."""

    seat: int
    clock: Public


# offers.py: each carries the pending offer it sets or clears


class DrawOffered(Event, frozen=True, tag="draw_offered"):
    seat: int
    draw_offer: int


class DrawDeclined(Event, frozen=True, tag="draw_declined"):
    seat: int
    draw_offer: None = None


class TakebackRequested(Event, frozen=True, tag="takeback_requested"):
    seat: int
    takeback_request: int


class TakebackDeclined(Event, frozen=True, tag="takeback_declined"):
    seat: int
    takeback_request: None = None


class Takeback(Timed, frozen=True, tag="takeback"):
    seat: int
    undone: list[str]
    moves: list[str]
    turn: int
    clock: Public | None
    draw_offer: None
    takeback_request: None
    forbidden: list[str]


class RematchOffered(Event, frozen=True, tag="rematch_offered"):
    seat: int
    rematch_offer: int


class RematchDeclined(Event, frozen=True, tag="rematch_declined"):
    seat: int
    rematch_offer: None = None


class Rematch(Event, frozen=True, tag="rematch"):
    """A new game: the whole new public state (filled in by `machine.apply`)."""

    state: Public | None = None


# opening_play.py: swap / swap2


class OpeningChoice(Timed, frozen=True, tag="opening_choice"):
    seat: int
    choice: str
    swapped: bool  # the players changed seats (server/rooms/offers.py `seat_after`)
    phase: str
    opening_choices: list[str]
    choices: list[str]
    turn: int
    seats: BySeat
    clock: Public | None
    last_move_at: int


EVENT_KINDS: tuple[type[Event], ...] = (
    SeatTaken, GameStarted, Unlisted, SeatResumed, Move, GameOver, Berserk,
    DrawOffered, DrawDeclined, TakebackRequested, TakebackDeclined, Takeback,
    RematchOffered, RematchDeclined, Rematch, OpeningChoice,
)
EVENT_TYPES: frozenset[str] = frozenset(str(kind.__struct_config__.tag) for kind in EVENT_KINDS)
