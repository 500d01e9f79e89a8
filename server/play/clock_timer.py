"""Server-side timers: clock flags, owed AI moves and abandoned games happen even when nobody is
connected.

Every room that will need attention at some instant (a flag falls, an AI seat must move) is in
one sorted set, `timers` (member: room id, score: due epoch ms). Every node scans it every
SCAN_INTERVAL_S. A due entry is claimed by moving it CLAIM_MS into the future, only if its score
is unchanged (so one node acts on it, and if that node dies the entry simply comes due again);
then the room is attended: a fallen flag becomes a `Tick` through the normal atomic path, an owed
AI move goes to the AI player (which holds a lease and keeps the room registered at the lease's
expiry so another node takes over if this one dies mid-search). Finally the claim is released:
the entry is set to the room's next due time, or removed — unless someone registered an earlier
time meanwhile. Registrations only ever move an entry earlier (`ZADD LT`); a stale one costs a
useless look at the room, nothing more.

An unfinished game is also due ROOM_TTL_S after its last move or start: then, if no human
player of it has been connected (on any node) for ROOM_TTL_S, it ends as `abandoned` without a
winner, through the normal atomic path, so its record is kept and every socket still open on it
(spectators) gets the `game_over`; otherwise it is looked at again ROOM_TTL_S after the players
were last seen. (Redis keeps an unfinished room's keys ABANDON_GRACE_S longer than that:
server/play/lifetime.py.)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from ..platform.clock import now_ms
from ..platform.metrics import ArenaMetrics
from ..platform.store import STORE_ERRORS
from ..rooms import RoomState, commands
from ..rooms.outcomes import abandon_at, demo_restart_at, flag_fallen
from ..rooms.timing import ai_due_at
from .repository import RoomRepository
from .room_service import RoomService
from .timer_index import TimerIndex

log = logging.getLogger(__name__)

SCAN_INTERVAL_S = 0.25


class TimerLoop:
    """Scans the timers and attends to due rooms."""

    def __init__(self, index: TimerIndex, repo: RoomRepository, service: RoomService,
                 play_ai: Callable[[str], Awaitable[None]], metrics: ArenaMetrics,
                 watched: Callable[[str], Awaitable[bool]],
                 players_last_seen: Callable[[str, RoomState], Awaitable[int | None]]) -> None:
        self.index = index
        self.repo = repo
        self.service = service
        self.play_ai = play_ai
        self.metrics = metrics
        self.watched = watched  # has the room an open socket on any node?
        self.players_last_seen = players_last_seen  # when a human player was last connected
        self._tasks: set[asyncio.Task] = set()

    async def run(self) -> None:
        while True:
            try:
                await self.scan()
            except STORE_ERRORS as exc:
                log.warning("timer scan failed: %r", exc)
            await asyncio.sleep(SCAN_INTERVAL_S)

    async def scan(self) -> None:
        now = now_ms()
        for room_id, score in await self.index.due(now):
            claimed = await self.index.claim(room_id, score, now)
            if claimed is not None:
                task = asyncio.create_task(self.attend(room_id, claimed))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def attend(self, room_id: str, claimed: int) -> None:
        """Act on a due room. On failure the claimed entry comes due again by itself."""
        try:
            state = await self.repo.find(room_id)
            now = now_ms()
            if state is not None and flag_fallen(state, now):
                self.metrics.timer_fires.labels(kind="flag").inc()
                state = (await self.service.execute(room_id, lambda _s: commands.Tick())).state
            elif state is not None and (ai_due := ai_due_at(state, self.index.pace_ms)) \
                    is not None and ai_due <= now:
                self.metrics.timer_fires.labels(kind="ai").inc()
                await self.play_ai(room_id)  # the AI player keeps the entry up to date
                return
            elif state is not None and (restart := demo_restart_at(state)) is not None \
                    and restart <= now:
                if not await self.watched(room_id):
                    # Nobody to watch the next game: forget the room until a socket opens it
                    # (server/sockets/endpoint.py registers it again) instead of playing to an empty
                    # room.
                    await self.index.release(room_id, claimed, None)
                    return
                self.metrics.timer_fires.labels(kind="demo").inc()
                state = (await self.service.execute(room_id, lambda _s: commands.Tick())).state
            elif state is not None and (abandon := abandon_at(
                    state, None, self.index.abandon_after_ms)) is not None and abandon <= now:
                await self.abandon_if_nobody_plays(room_id, claimed, state, now)
                return
            await self.index.release(room_id, claimed, state)
        except Exception:
            log.exception("attending room %s failed; it comes due again", room_id)

    async def abandon_if_nobody_plays(self, room_id: str, claimed: int, state: RoomState,
                                      now: int) -> None:
        """End the game as abandoned if its players have been gone long enough; else look
        again when they will have been."""
        seen = await self.players_last_seen(room_id, state)
        due = abandon_at(state, seen, self.index.abandon_after_ms)
        if due is not None and due <= now:
            self.metrics.timer_fires.labels(kind="abandon").inc()
            after_ms = self.index.abandon_after_ms
            state = (await self.service.execute(
                room_id, lambda _s: commands.Abandon(seen, after_ms))).state
            log.info("room %s: game %d abandoned", room_id, state.game_no)
        await self.index.release(room_id, claimed, state, seen)
