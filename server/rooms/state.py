"""The room as a value: everything the server knows about one room, frozen.

A `RoomState` is replaced, never mutated: `server.rooms.machine.apply` returns a new one. It
round-trips through a JSON-ready dict (`to_record` / `from_record`, with the seats' token hashes,
for storage) and has a public projection (`to_public`, the `state` object of docs/protocol.md).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from engine.variants import get_variant

from .boards import forbidden_after
from .clock import Clock, ClockConfig
from .opening import Choice, Opening, Phase, actor_of, options_of, phase_of


class Status(enum.StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"


class Mode(enum.StrEnum):
    HUMAN = "human"
    AI = "ai"
    AI_VS_AI = "ai_vs_ai"


class SeatKind(enum.StrEnum):
    HUMAN = "human"
    AI = "ai"


class Reason(enum.StrEnum):
    LINE = "line"
    BOARD_FULL = "board_full"
    RESIGN = "resign"
    TIMEOUT = "timeout"
    AGREEMENT = "agreement"
    ABANDONED = "abandoned"
    CANCELLED = "cancelled"


SEATS = (1, 2)


def other(seat: int) -> int:
    return 3 - seat


def game_id(room_id: str, game_no: int) -> str:
    """A game's id for good (the archive's key): its room and its number in that room."""
    return f"{room_id}-{game_no}"


@dataclass(slots=True, frozen=True)
class Seat:
    """Who sits in a seat. A human seat is held by whoever has the token hashing to
    `token_hash`; an AI seat has a `level` and no token. An account's seat has its `username`
    and its `rating` in the room's variant when it sat down (`provisional` while its Glicko
    deviation is high), so every page can name it as "alice 1500?" without asking the store."""

    kind: SeatKind
    name: str | None
    joined_at: int
    level: int | None = None
    token_hash: str | None = None
    player_id: str | None = None  # the player identity (server/http/identity.py), never public
    username: str | None = None   # set when the seat is an account's
    # Tokens of the player's other devices (an account resuming elsewhere), never public.
    device_hashes: tuple[str, ...] = ()
    rating: int | None = None     # an account's rating in the variant when it sat down
    provisional: bool = False

    def to_public(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value, "name": self.name,
                                "joined_at": self.joined_at}
        if self.level is not None:
            data["level"] = self.level
        if self.username is not None:
            data["username"] = self.username
        if self.rating is not None:
            data["rating"] = self.rating
            data["provisional"] = self.provisional
        return data

    def to_record(self) -> dict[str, Any]:
        return {**self.to_public(), "token_hash": self.token_hash, "player_id": self.player_id,
                "device_hashes": list(self.device_hashes)}

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Seat:
        return cls(SeatKind(data["kind"]), data["name"], data["joined_at"],
                   data.get("level"), data.get("token_hash"), data.get("player_id"),
                   data.get("username"), tuple(data.get("device_hashes", ())),
                   data.get("rating"), data.get("provisional", False))

    def held_by(self, token_hash: str, compare) -> bool:
        if self.token_hash and compare(self.token_hash, token_hash):
            return True  # the usual answer, without a generator (asked on every command)
        return any(compare(held, token_hash) for held in self.device_hashes if held)


RATING_BOUNDS = (0, 4000)  # a rating range's ends lie within these


@dataclass(slots=True, frozen=True)
class RatingRange:
    """The ratings a seek accepts for its free seat, both ends included (`{"min", "max"}`)."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not RATING_BOUNDS[0] <= self.low <= self.high <= RATING_BOUNDS[1]:
            raise ValueError(f"a rating range is {{\"min\", \"max\"}} with {RATING_BOUNDS[0]} "
                             f"<= min <= max <= {RATING_BOUNDS[1]}")

    def admits(self, rating: int | None) -> bool:
        return rating is not None and self.low <= rating <= self.high

    def to_dict(self) -> dict[str, int]:
        return {"min": self.low, "max": self.high}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> RatingRange:
        return cls(data["min"], data["max"])


@dataclass(slots=True, frozen=True)
class Result:
    winner: int | None
    reason: Reason
    line: tuple[str, ...] = ()  # the winning moves, in notation
    # The same cells as [column, row] from the bottom-left, 0-based: in Connect Four the
    # notation names only a column, so `line` alone cannot say where the four stones are.
    cells: tuple[tuple[int, int], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason.value, "line": list(self.line),
                "cells": [list(cell) for cell in self.cells]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Result:
        cells = tuple((col, row) for col, row in data["cells"])
        return cls(data["winner"], Reason(data["reason"]), tuple(data["line"]), cells)


@dataclass(slots=True, frozen=True)
class RoomState:
    room_id: str
    variant: str
    mode: Mode
    public: bool
    created_at: int
    seats: tuple[Seat | None, Seat | None]
    clock_config: ClockConfig | None = None
    rated: bool = False
    v: int = 0
    status: Status = Status.WAITING
    game_no: int = 1
    moves: tuple[str, ...] = ()
    move_times: tuple[int, ...] = ()  # when each move was played (epoch ms), for the archive
    clock: Clock | None = None
    result: Result | None = None
    draw_offer: int | None = None
    takeback_request: int | None = None
    rematch_offer: int | None = None
    started_at: int | None = None
    finished_at: int | None = None
    last_move_at: int | None = None
    # Games without a clock: how long a player may sit on their turn before the opponent may
    # claim (None: no such limit in this room), and when the player to move runs out of it.
    idle_claim_ms: int | None = None
    move_deadline: int | None = None
    # The opening rule (server/rooms/opening.py) and the choices made in this game so far.
    opening: Opening = Opening.NONE
    opening_choices: tuple[str, ...] = ()
    # A seek's rating range: who may take the free seat (None: anyone the room admits).
    rating_range: RatingRange | None = None
    # A tournament game whose players may berserk (server/rooms/berserk.py).
    berserkable: bool = False

    def evolve(self, **changes: Any) -> RoomState:
        """`dataclasses.replace(self, **changes)` in half the time: every command makes a new
        state, a move two (issue 31, docs/performance.md)."""
        return _evolve_room(self, changes)

    @property
    def daily(self) -> bool:
        """A daily (correspondence) game: days per move (server/rooms/clock.py). It waits with
        nobody connected and ends by its clock, never as abandoned or by a claim."""
        return self.clock_config is not None and self.clock_config.days is not None

    @property
    def phase(self) -> Phase:
        if self.opening is Opening.NONE:  # most rooms; asked some 14 times a move (issue 31)
            return Phase.PLAY
        return phase_of(self.opening, len(self.moves), self.opening_choices)

    @property
    def choices(self) -> tuple[Choice, ...]:
        """The opening's choices on offer (none outside its choose phase)."""
        return options_of(self.opening, self.phase, len(self.moves))

    @property
    def turn(self) -> int:
        """Seat to act: in the game proper players alternate, seat 1 (black) first; in an
        opening phase, the seat the opening rule names."""
        # Most rooms have no opening rule, so no `phase` to ask (asked ~9 times a move).
        if self.opening is not Opening.NONE and (phase := self.phase) is not Phase.PLAY:
            return actor_of(phase, len(self.moves))
        return 1 + len(self.moves) % 2

    def seat(self, number: int) -> Seat | None:
        return self.seats[number - 1]

    def public_seats(self) -> dict[str, dict[str, Any] | None]:
        """The seats as clients see them, keyed by seat number as text (None: free)."""
        return {str(n): (s.to_public() if (s := self.seat(n)) else None) for n in SEATS}

    def free_seat(self) -> int | None:
        return next((s for s in SEATS if self.seat(s) is None), None)

    def is_ai(self, number: int) -> bool:
        seat = self.seats[number - 1]
        return seat is not None and seat.kind is SeatKind.AI

    def ai_to_move(self) -> bool:
        """True when the game waits for an AI seat's move (the server owes one)."""
        return self.status is Status.PLAYING and self.is_ai(self.turn)

    def seat_of_token_hash(self, token_hash: str, compare) -> int | None:
        """The seat held by `token_hash`; `compare` is a constant-time string comparison."""
        for number in SEATS:
            seat = self.seat(number)
            if seat is not None and seat.held_by(token_hash, compare):
                return number
        return None

    def flag_deadline(self) -> int | None:
        """When the running clock's flag falls (epoch ms), or None when no clock runs."""
        if self.status is not Status.PLAYING or self.clock is None:
            return None
        return self.clock.flag_at()

    def clock_runs(self) -> bool:
        return self.clock is not None and self.clock.running is not None

    def deadline_claim_at(self, seat: int) -> int | None:
        """From when `seat` may claim the win because its opponent, to move, let the move
        deadline pass (None: not by a deadline now). Only while the game goes on without a
        running clock (once a clock runs, it decides)."""
        if self.status is not Status.PLAYING or self.clock_runs() or self.turn == seat:
            return None
        return self.move_deadline

    def shown_clock(self) -> Clock | None:
        """The clock as players see it: while the room waits, the configured one, full and
        stopped (a waiting room's `clock: null` would say "no clock")."""
        if self.status is Status.WAITING and self.clock_config is not None:
            return self.clock_config.start(self.created_at)
        return self.clock

    @property
    def public_game_id(self) -> str | None:
        """The archive's id of the finished game (GET /api/games/{id}, /g/{id}), else None;
        None for a cancelled room too (nobody joined: there was no game to archive)."""
        if self.status is not Status.FINISHED or self.result is None \
                or self.result.reason is Reason.CANCELLED:
            return None
        return game_id(self.room_id, self.game_no)

    def to_public(self) -> dict[str, Any]:
        variant = get_variant(self.variant)
        clock = self.shown_clock()
        return {
            "room_id": self.room_id,
            "v": self.v,
            "variant": self.variant,
            "board": variant.to_dict(),
            "mode": self.mode.value,
            "public": self.public,
            "rated": self.rated,
            "status": self.status.value,
            "game_no": self.game_no,
            "seats": self.public_seats(),
            "moves": list(self.moves),
            "turn": self.turn,
            "opening": self.opening.value,
            "opening_choices": list(self.opening_choices),
            "phase": self.phase.value,
            "choices": [choice.value for choice in self.choices],
            "forbidden": forbidden_after(self.variant, self.moves)
            if self.status is Status.PLAYING else [],
            "last_move_at": self.last_move_at,
            "move_deadline": self.move_deadline,
            "claim_at": {str(n): self.deadline_claim_at(n) for n in SEATS},
            "clock": clock.to_dict() if clock else None,
            "result": self.result.to_dict() if self.result else None,
            "draw_offer": self.draw_offer,
            "takeback_request": self.takeback_request,
            "rematch_offer": self.rematch_offer,
            "created_at": self.created_at,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "game_id": self.public_game_id,
            "rating_range": self.rating_range.to_dict() if self.rating_range else None,
            "berserkable": self.berserkable,
        }

    def to_record(self) -> dict[str, Any]:
        """The stored form: the public state's own fields (not those worked out from them:
        board, turn, phase, choices, forbidden points, claims, game id) plus token hashes and
        the clock settings. Built directly, not from `to_public`: it is written on every move
        (docs/performance.md)."""
        return {
            "room_id": self.room_id,
            "v": self.v,
            "variant": self.variant,
            "mode": self.mode.value,
            "public": self.public,
            "rated": self.rated,
            "status": self.status.value,
            "game_no": self.game_no,
            "seats": {str(n): (s.to_record() if (s := self.seat(n)) else None) for n in SEATS},
            "moves": list(self.moves),
            "opening": self.opening.value,
            "opening_choices": list(self.opening_choices),
            "last_move_at": self.last_move_at,
            "move_deadline": self.move_deadline,
            "clock": self.clock.to_dict() if self.clock else None,
            "result": self.result.to_dict() if self.result else None,
            "draw_offer": self.draw_offer,
            "takeback_request": self.takeback_request,
            "rematch_offer": self.rematch_offer,
            "created_at": self.created_at,
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "clock_config": self.clock_config.to_dict() if self.clock_config else None,
            "move_times": list(self.move_times),
            "idle_claim_ms": self.idle_claim_ms,
            "rating_range": self.rating_range.to_dict() if self.rating_range else None,
            "berserkable": self.berserkable,
            "chat": [],  # read by nodes from before chat had its own store (rolling upgrade)
        }

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> RoomState:
        seats = data["seats"]
        return cls(
            room_id=data["room_id"],
            variant=data["variant"],
            mode=Mode(data["mode"]),
            public=data["public"],
            created_at=data["created_at"],
            seats=tuple(Seat.from_record(seats[str(n)]) if seats[str(n)] else None
                        for n in SEATS),  # type: ignore[arg-type]
            clock_config=ClockConfig.from_dict(data["clock_config"])
            if data["clock_config"] else None,
            rated=data.get("rated", False),  # rooms stored before ratings existed: unrated
            v=data["v"],
            status=Status(data["status"]),
            game_no=data["game_no"],
            moves=tuple(data["moves"]),
            move_times=tuple(data.get("move_times", ())),
            clock=Clock.from_dict(data["clock"]) if data["clock"] else None,
            result=Result.from_dict(data["result"]) if data["result"] else None,
            draw_offer=data["draw_offer"],
            takeback_request=data["takeback_request"],
            rematch_offer=data["rematch_offer"],
            started_at=data["started_at"],
            finished_at=data["finished_at"],
            last_move_at=data["last_move_at"],
            idle_claim_ms=data.get("idle_claim_ms"),  # records from before: no limit
            move_deadline=data.get("move_deadline"),
            opening=Opening(data.get("opening", "none")),  # records from before: no opening
            opening_choices=tuple(data.get("opening_choices", ())),
            rating_range=RatingRange.from_dict(data["rating_range"])
            if data.get("rating_range") else None,  # records from before: none
            berserkable=data.get("berserkable", False),
        )


Frozen = TypeVar("Frozen")


def _field_copier(cls: type[Frozen]) -> Callable[[Frozen, dict[str, Any]], Frozen]:
    """`dataclasses.replace` for the frozen slotted dataclass `cls`, written out field by field
    (as dataclasses writes `__init__`), each slot set through its own descriptor. `replace`
    loops over the fields in Python and then calls that `__init__`: about 10 µs for a
    `RoomState` of 26 fields on this machine, 1.2 µs this way (2.3 with `object.__setattr__`
    and a `pop` of `changes` per field). Raises TypeError for a name that is not a field, as
    `replace` does."""
    names = [field.name for field in fields(cls)]  # type: ignore[arg-type]
    setters = {name: getattr(cls, name).__set__ for name in names}
    lines = [f"    set_{index}(new, old.{name})" for index, name in enumerate(names)]
    source = "\n".join([
        "def copy_with(old, changes):",
        "    new = new_object(cls)",
        *lines,
        "    for name, value in changes.items():",
        "        if name not in setters:",
        "            raise TypeError(f'{cls.__name__} has no field {name!r}')",
        "        setters[name](new, value)",
        "    return new",
    ])
    namespace: dict[str, Any] = {"cls": cls, "new_object": object.__new__, "setters": setters,
                                 **{f"set_{index}": setters[name]
                                    for index, name in enumerate(names)}}
    exec(source, namespace)  # noqa: S102 - the source is made of the class's own field names
    return namespace["copy_with"]


_evolve_room = _field_copier(RoomState)
