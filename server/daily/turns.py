""""Your turn" in a daily game: the player to move hears of it on every page and the next visit.

A room commit hook (`RoomService.after_commit`, wired in server/app.py) that looks only at daily
rooms. When the player to move changes (the game starts, a move, an opening choice, a takeback,
a rematch), the player who now has the move gets a `your_turn` notification, unless they have
the room open; the one who just moved has theirs about this game marked read. So a player has
at most one unread "your turn" per game, and it goes away once they have played. When the game
ends, both players' are marked read (the "game ended" notice of server/notifications/ follows).
SQL and pushes run in the background: the committing command does not wait for them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

from ..notifications.kinds import Kind
from ..notifications.service import Notifier
from ..play.presence import Presence
from ..rooms import RoomState, SeatKind, Status, Transition
from ..rooms.state import other

log = logging.getLogger(__name__)


def turn_ref(room_id: str) -> str:
    """What a `your_turn` notification is about (`mark_read(ref=...)`): the game's room."""
    return f"turn:{room_id}"


def player_to_move(state: RoomState) -> str | None:
    """The player id of the person whose move it is in a daily game being played, else None."""
    if state.status is not Status.PLAYING:
        return None
    seat = state.seat(state.turn)
    if seat is None or seat.kind is not SeatKind.HUMAN:
        return None
    return seat.player_id


def notice(state: RoomState) -> dict[str, Any]:
    """The data of a `your_turn` notification to the player to move (docs/protocol.md §2e)."""
    opponent = state.seat(other(state.turn))
    assert state.clock_config is not None
    return {"room_id": state.room_id, "variant": state.variant, "rated": state.rated,
            "days": state.clock_config.days, "deadline": state.flag_deadline(),
            "moves": len(state.moves),
            "opponent": opponent.to_public() if opponent else None}


class TurnNotices:
    def __init__(self, notifier: Notifier, room_presence: Presence) -> None:
        self.notifier = notifier
        self.room_presence = room_presence
        self._last: dict[str, asyncio.Task[None]] = {}  # per room: its latest notice's task

    async def on_commit(self, old: RoomState, transition: Transition) -> None:
        new = transition.state
        if not new.daily:
            return
        before, after = player_to_move(old), player_to_move(new)
        if before == after and old.game_no == new.game_no:
            return  # an offer, a chat, the same player still to move
        done = {before}
        if new.status is Status.FINISHED:
            done |= {seat.player_id for seat in new.seats if seat is not None}
        self._in_order(new.room_id, self._tell(new, after, sorted(p for p in done if p)))

    async def _tell(self, state: RoomState, to_move: str | None, done: list[str]) -> None:
        ref = turn_ref(state.room_id)
        for player_id in done:
            if player_id != to_move:
                await self.notifier.mark_read(player_id, ref=ref)
        if to_move is None:
            return
        totals, _seen = await self.room_presence.totals(state.room_id)
        if totals[str(state.turn)] > 0:
            return  # they are looking at the game
        await self.notifier.mark_read(to_move, ref=ref)  # an older one about this game
        await self.notifier.publish(to_move, Kind.YOUR_TURN, notice(state), ref=ref)

    def _in_order(self, room_id: str, job: Coroutine[Any, Any, None]) -> None:
        """Run `job` in the background after the room's previous notice (moves in quick
        succession are told in their order)."""
        previous = self._last.get(room_id)

        async def run() -> None:
            if previous is not None:
                await asyncio.gather(previous, return_exceptions=True)
            try:
                await job
            except Exception:
                log.exception("room %s: a daily game's turn notice failed", room_id)

        task = asyncio.get_running_loop().create_task(run())
        self._last[room_id] = task
        task.add_done_callback(lambda done: self._forget(room_id, done))

    def _forget(self, room_id: str, task: asyncio.Task[None]) -> None:
        if self._last.get(room_id) is task:
            del self._last[room_id]

    async def close(self) -> None:
        tasks = list(self._last.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
