"""The "game ended" notice: a player whose game ends while they are not in its room (they lost
on time away, the opponent claimed the win, nobody played on) hears of it.

A room commit hook (`RoomService.after_commit`, wired in server/app.py): only the commit that
finishes a game of two people goes further than one comparison, so moves cost nothing more. It
asks the room's presence which seats have a socket open, and notifies the others' players in
the background, so the committing command does not wait for SQL.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..play.presence import Presence
from ..rooms import Mode, RoomState, Status, Transition
from ..rooms.state import Reason, other
from .kinds import Kind
from .service import Notifier

log = logging.getLogger(__name__)


def outcome(state: RoomState, seat: int) -> str:
    """`win`, `loss` or `draw`, from `seat`'s side."""
    winner = state.result.winner if state.result else None
    return "draw" if winner is None else "win" if winner == seat else "loss"


def notice(state: RoomState, seat: int) -> dict[str, Any]:
    """The data of a `game_ended` notification to the player of `seat`."""
    assert state.result is not None
    opponent = state.seat(other(seat))
    return {"room_id": state.room_id, "game_id": state.public_game_id,
            "variant": state.variant, "rated": state.rated, "outcome": outcome(state, seat),
            "reason": state.result.reason.value,
            "opponent": opponent.to_public() if opponent else None}


class GameEndNotices:
    def __init__(self, notifier: Notifier, room_presence: Presence) -> None:
        self.notifier = notifier
        self.room_presence = room_presence
        self._tasks: set[asyncio.Task[None]] = set()

    async def on_commit(self, old: RoomState, transition: Transition) -> None:
        new = transition.state
        if old.status is Status.FINISHED or new.status is not Status.FINISHED \
                or new.mode is not Mode.HUMAN or new.result is None \
                or new.result.reason is Reason.CANCELLED:
            return
        task = asyncio.get_running_loop().create_task(self._notify_absent(new))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _notify_absent(self, state: RoomState) -> None:
        try:
            totals, _seen = await self.room_presence.totals(state.room_id)
            for number in (1, 2):
                seat = state.seat(number)
                if seat is not None and seat.player_id and totals[str(number)] == 0:
                    await self.notifier.publish(seat.player_id, Kind.GAME_ENDED,
                                                notice(state, number))
        except Exception:
            log.exception("room %s: the game-ended notices failed", state.room_id)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
