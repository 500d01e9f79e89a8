"""The room state machine: `apply(state, command, now) -> Transition` and nothing else.

Pure: no I/O, no clock reads (`now` is an argument, epoch ms), no randomness. It either raises
an `ArenaError` (the room is unchanged) or returns the next state and the events to publish
(typed values of server/rooms/events.py, handed out in their wire form), each stamped with its
room version; the new state's `v` is the last event's. Handlers in
server/ only load a state, call this, store the result atomically and publish the events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from msgspec.structs import replace as with_fields

from . import berserk, offers, opening_play, play
from . import commands as cmd
from . import events as ev
from .allowed import allowed_by_seat, public_state
from .outcomes import Step, flag_fallen, timeout
from .state import SEATS, RoomState

Rule = Callable[[RoomState, Any, int], Step]

RULES: dict[type, Rule] = {
    cmd.Join: play.join,
    cmd.Move: play.move,
    cmd.OpeningChoice: opening_play.choose,
    cmd.Resign: play.resign,
    cmd.Berserk: berserk.berserk,
    cmd.ClaimWin: play.claim_win,
    cmd.Unlist: play.unlist,
    cmd.Resume: play.resume,
    cmd.Cancel: play.cancel,
    cmd.Abandon: play.abandon,
    cmd.Tick: play.tick,
    cmd.DrawOffer: offers.draw_offer,
    cmd.DrawAnswer: offers.draw_answer,
    cmd.TakebackRequest: offers.takeback_request,
    cmd.TakebackAnswer: offers.takeback_answer,
    cmd.RematchOffer: offers.rematch_offer,
    cmd.RematchAnswer: offers.rematch_answer,
}

# Commands judged even when a flag has fallen (they do not touch the game).
_CLOCK_INDEPENDENT = (cmd.Join, cmd.Resume)


@dataclass(slots=True, frozen=True)
class Transition:
    state: RoomState
    events: tuple[dict[str, Any], ...]  # each `events.Event.to_wire()`

    @property
    def changed(self) -> bool:
        return bool(self.events)


def apply(state: RoomState, command: cmd.Command, now: int) -> Transition:
    """Judge `command` against `state` at time `now`.

    A fallen flag is settled first: a move (or any game command) that arrives after the mover's
    time ran out ends the game on time instead of being played.
    """
    if flag_fallen(state, now) and not isinstance(command, _CLOCK_INDEPENDENT):
        new_state, events = timeout(state, now)
    else:
        new_state, events = RULES[type(command)](state, command, now)
    return _stamp(state, new_state, events, getattr(command, "cid", None))


def _stamp(old: RoomState, new: RoomState, events: list[ev.Event],
           cid: str | None) -> Transition:
    """Give each event its version (consecutive after the old state's) and echo the `cid`;
    an event that sets `move_deadline` also sets the `claim_at` it implies, and a rematch
    carries the new state. When the command changed what a seat may do or the seat a visitor
    may take, every event says it (`allowed`, `open_seat`, worked out from the last event's
    state: the events of a command are applied together)."""
    if not events:
        return Transition(old, ())
    new = new.evolve(v=old.v + len(events))
    changed: dict[str, Any] = {}
    before = allowed_by_seat(old)  # first: the memo holds one state a room, `old` until `new`
    if (allowed := allowed_by_seat(new)) != before:
        changed["allowed"] = allowed
    if (seat := play.open_seat(new)) != play.open_seat(old):
        changed["open_seat"] = seat
    stamped = []
    for index, event in enumerate(events):
        fields: dict[str, Any] = {"v": old.v + index + 1, **changed}
        if isinstance(event, ev.Rematch):
            fields["state"] = public_state(new)
        if isinstance(event, ev.Timed):  # who may claim on a deadline (state.claim_at)
            fields["claim_at"] = {str(n): new.deadline_claim_at(n) for n in SEATS}
        if index == 0 and cid is not None:
            fields["cid"] = cid
        stamped.append(with_fields(event, **fields).to_wire())
    return Transition(new, tuple(stamped))
