"""The one path every change to a room takes: load, apply, commit with a version check, retry.

Handlers (HTTP, WebSocket, the clock timer, the AI player) call `RoomService.execute` with a
function that builds the command from the freshly loaded state (so, after a conflict, the command
is rebuilt and re-judged against the new state: a second click at one version then meets
`not_your_turn` or `illegal_move`, never a second move). No room rule lives here.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

from .clock_timer import TimerIndex
from .errors import ArenaError, ErrorCode
from .metrics import ArenaMetrics
from .repository import RoomRepository
from .rooms import RoomState, Transition, apply
from .rooms.commands import Command

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8

CommandBuilder = Callable[[RoomState], Command]
CommitHook = Callable[[RoomState, Transition], Awaitable[None]]


def now_ms() -> int:
    return int(time.time() * 1000)


class RoomService:
    def __init__(self, repo: RoomRepository, timers: TimerIndex, metrics: ArenaMetrics) -> None:
        self.repo = repo
        self.timers = timers
        self.metrics = metrics
        self.after_commit: list[CommitHook] = []

    async def create(self, state: RoomState) -> None:
        await self.timers.schedule(state)
        await self.repo.create(state)
        log.info("room %s created (%s, %s)", state.room_id, state.variant, state.mode.value)
        if state.public:
            await self.repo.refresh_indexes(state, now_ms())
        await self._committed(state, Transition(state, ()))

    async def execute(self, room_id: str, build: CommandBuilder) -> Transition:
        """Apply the command `build(state)` to the room atomically; raises `ArenaError`."""
        for _attempt in range(MAX_ATTEMPTS):
            state = await self.repo.load(room_id)
            transition = apply(state, build(state), now_ms())
            if not transition.changed:
                return transition
            # Registered before the commit: if this node dies right after committing, another
            # node's timer scan still finds the room (a stale registration is harmless).
            await self.timers.schedule(transition.state)
            if await self.repo.commit(state, transition):
                await self._committed(state, transition)
                return transition
        raise ArenaError(ErrorCode.CONFLICT, "the room kept changing; try again")

    async def _committed(self, old: RoomState, transition: Transition) -> None:
        new = transition.state
        if new.public and new.status is not old.status:
            # Only public rooms are listed, and only their status decides where (two Redis
            # round trips per move saved: docs/performance.md, "where the time goes").
            await self.repo.refresh_indexes(new, now_ms())
        for event in transition.events:
            if event["type"] == "move":
                self.metrics.moves.inc(by="ai" if new.is_ai(event["seat"]) else "human")
            elif event["type"] == "game_over":
                log.info("room %s game %d over: %s", new.room_id, new.game_no, event["result"])
            elif event["type"] == "game_started":
                log.info("room %s game %d started", new.room_id, new.game_no)
        for hook in self.after_commit:
            await hook(old, transition)
