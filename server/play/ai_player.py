"""Plays the AI seats: whoever holds a room's AI lease searches and commits the AI's move.

A person's opponent answers like a player: the move is committed no sooner than
`reply_pause_ms` after the person's move (a timer while or after the search runs, never more
search), so both moves get their animation and the client its "thinking" moment.

The lease (`room:{id}:lease:ai`, a redis-py `Lock` that expires after LEASE_MS, the same kind
as quick play's) makes one node at a time responsible for a room's AI move; it is renewed while
the search runs. Before searching, the room is registered in the
timers at the lease's expiry, so if this node dies, another node's timer scan finds the room, the
lease has lapsed, and that node makes the move. The move is committed through the same atomic
path as a human move, and only if the position is still the one searched.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import zlib
from collections.abc import Callable
from dataclasses import replace

import redis.asyncio as redis
from redis.asyncio.lock import Lock
from redis.exceptions import LockError

from engine import opening
from engine.ai import MIN_TIME_MS
from engine.analysis import Analysis
from engine.levels import LEVELS

from ..platform.ai_pool import AiPool
from ..platform.clock import now_ms
from ..platform.errors import ArenaError
from ..platform.keys import ai_lease_key
from ..platform.store import STORE_ERRORS
from ..rooms import Mode, Phase, RoomState, Transition, commands
from ..rooms.opening import FIRST_STONES, options_of
from ..rooms.timing import ai_due_at
from .repository import RoomRepository
from .room_service import RoomService
from .timer_index import TimerIndex

log = logging.getLogger(__name__)

LEASE_MS = 3000
RENEW_EVERY_S = LEASE_MS / 3000
RETRY_AFTER_FAILURE_MS = 1000
CLOCK_SHARE = 15  # with a clock, spend at most 1/CLOCK_SHARE of the time left on one move
BUSY_PLIES = 30  # the reply pause grows with the stones on the board up to twice the least



class StaleSearch(Exception):
    """The position changed while the AI was thinking (takeback, resignation, flag...)."""


def search_budget_ms(state: RoomState, level: int, cap_ms: int) -> int:
    budget = LEVELS[level].time_ms
    if cap_ms > 0:
        budget = min(budget, cap_ms)
    if state.clock is not None:
        left = state.clock.time_left(state.turn, now_ms())
        budget = min(budget, left // CLOCK_SHARE)
    return max(MIN_TIME_MS, budget)


def reply_pause_ms(state: RoomState, analysis: Analysis, least_ms: int) -> int:
    """How long after the person's move the AI's answer should land: at least `least_ms`,
    longer as the position fills up (up to twice as long after BUSY_PLIES plies), none in an
    AI-vs-AI demo (its own pace applies) or once the search has proven the result."""
    if state.mode is not Mode.AI or analysis.decided or least_ms <= 0:
        return 0
    return least_ms + least_ms * min(len(state.moves), BUSY_PLIES) // BUSY_PLIES


class AiPlayer:
    def __init__(self, client: redis.Redis, repo: RoomRepository, service: RoomService,
                 timers: TimerIndex, pool: AiPool, node_id: str, cap_ms: int,
                 think_ms: int = 0) -> None:
        self.redis = client
        self.repo = repo
        self.service = service
        self.timers = timers
        self.pool = pool
        self.node_id = node_id
        self.cap_ms = cap_ms
        self.think_ms = think_ms
        self._running: dict[str, asyncio.Task] = {}

    async def on_commit(self, _old: RoomState, transition: Transition) -> None:
        """After any commit: if an AI seat must move now, start at once (no timer wait)."""
        due = ai_due_at(transition.state, self.timers.pace_ms)
        if due is not None and due <= now_ms():
            await self.play(transition.state.room_id)

    async def play(self, room_id: str) -> None:
        """Make the AI move in `room_id` unless this or another node is already on it."""
        if room_id in self._running:
            # Searching here already; look again when the lease would lapse if this node died.
            await self.timers.at(room_id, now_ms() + LEASE_MS + 500)
            return
        lease = self.redis.lock(ai_lease_key(room_id), timeout=LEASE_MS / 1000, thread_local=False)
        if not await lease.acquire(blocking=False,
                                   token=f"{self.node_id}:{secrets.token_hex(4)}"):
            left = await self.redis.pttl(ai_lease_key(room_id))
            await self.timers.at(room_id, now_ms() + max(left, 0) + 100)
            return
        task = asyncio.create_task(self._play(room_id, lease))
        self._running[room_id] = task
        task.add_done_callback(lambda _t: self._running.pop(room_id, None))

    async def _play(self, room_id: str, lease: Lock) -> None:
        renewer = asyncio.create_task(self._keep_lease(room_id, lease))
        retry_at = None
        try:
            await self._search_and_move(room_id)
        except (StaleSearch, ArenaError) as exc:
            log.info("room %s: AI move dropped (%r)", room_id, exc)
        except Exception:
            log.exception("room %s: AI move failed; retrying", room_id)
            retry_at = now_ms() + RETRY_AFTER_FAILURE_MS
        finally:
            renewer.cancel()
            with contextlib.suppress(*STORE_ERRORS):
                with contextlib.suppress(LockError):  # lapsed: nothing to release
                    await lease.release()
                if retry_at is not None:
                    await self.timers.at(room_id, retry_at)
                elif (state := await self.repo.find(room_id)) is not None:
                    await self.timers.schedule(state)  # e.g. a stale search: still owed

    async def _keep_lease(self, room_id: str, lease: Lock) -> None:
        while True:
            await asyncio.sleep(RENEW_EVERY_S)
            try:
                await lease.reacquire()  # back to a full LEASE_MS, if still ours
            except LockError:
                log.warning("room %s: AI lease lost", room_id)
                return

    async def _search_and_move(self, room_id: str) -> None:
        state = await self.repo.find(room_id)
        if state is None or not state.ai_to_move():
            return
        # If this node dies from here on, another node finds the room when the lease lapses.
        await self.timers.at(room_id, now_ms() + LEASE_MS + 500)
        seat = state.seat(state.turn)
        assert seat is not None and seat.level is not None
        act, analysis = await self._decide(state, seat.level)
        answer_at = (state.last_move_at or 0) + reply_pause_ms(state, analysis, self.think_ms)
        await asyncio.sleep(max(0, answer_at - now_ms()) / 1000)

        def ai_action(current: RoomState) -> commands.Command:
            if current.moves != state.moves or current.game_no != state.game_no \
                    or current.opening_choices != state.opening_choices \
                    or not current.ai_to_move():
                raise StaleSearch(room_id)
            return act(current.turn)

        await self.service.execute(room_id, ai_action)
        log.info("room %s: AI played %s (depth %d, %.0f ms)", room_id, analysis.move,
                 analysis.depth, analysis.time_ms)

    async def _decide(self, state: RoomState, level: int
                      ) -> tuple[Callable[[int], commands.Command], Analysis]:
        """What the AI does now, as a command for its seat, and the search behind it: an
        opening stone of its three-stone opening, a choice (engine/opening.py), or a move."""
        phase, plies = state.phase, len(state.moves)
        budget = search_budget_ms(state, level, self.cap_ms)
        if phase is Phase.PLACE and plies < FIRST_STONES:
            seed = zlib.crc32(f"{state.room_id}-{state.game_no}".encode())
            stone = opening.opening_stones(state.variant, seed)[plies]
            return (lambda seat: commands.Move(seat, stone, by_ai=True),
                    Analysis(stone, 0, 0, 0, 0.0))
        if phase is Phase.CHOOSE:
            options = [option.value for option in options_of(state.opening, phase, plies)]
            choice, analysis = await self.pool.call(
                opening.choose, state.variant, list(state.moves), options, level, budget,
                secrets.randbelow(2**31))
            return (lambda seat: commands.OpeningChoice(seat, choice, by_ai=True),
                    replace(analysis, move=choice))
        analysis = await self.pool.choose(state.variant, state.moves, level=level,
                                          time_ms=budget, seed=secrets.randbelow(2**31))
        return lambda seat: commands.Move(seat, analysis.move, by_ai=True), analysis

    async def close(self) -> None:
        for task in list(self._running.values()):
            task.cancel()
