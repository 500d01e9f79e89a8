"""The one path every change to a room takes: load, apply, commit with a version check, retry.

Handlers (HTTP, WebSocket, the clock timer, the AI player) call `RoomService.execute` with a
function that builds the command from the freshly loaded state (so, after a conflict, the command
is rebuilt and re-judged against the new state: a second click at one version then meets
`not_your_turn` or `illegal_move`, never a second move). No room rule lives here.

The node remembers the last state it saw of each busy room (`RecentStates`), so a move usually
costs one Redis round trip (the versioned commit) instead of two. A remembered state is only a
guess: a commit from it is refused by the version check when the room has moved on (and the
refusal brings the current state), and a command it rejects or ignores is judged again against
the stored state before anyone is told.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable

from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..platform.metrics import ArenaMetrics
from ..platform.store import STORE_ERRORS
from ..rooms import RoomState, Transition, apply
from ..rooms.commands import Command
from .repository import RoomRepository, room_not_found
from .timer_index import TimerIndex

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
RECENT_ROOMS = 4096  # states remembered per node (a 15x15 game's state is a few KiB)
BOOKKEEPING_RETRIES = 5  # a failed post-commit step, tried again this often ...
BOOKKEEPING_RETRY_S = 1.0  # ... this far apart (a cluster failover takes a few seconds)

CommandBuilder = Callable[[RoomState], Command]
CommitHook = Callable[[RoomState, Transition], Awaitable[None]]


class RecentStates:
    """The last state this node committed, per room, least recently used out."""

    def __init__(self, capacity: int = RECENT_ROOMS) -> None:
        self.capacity = capacity
        self._states: OrderedDict[str, RoomState] = OrderedDict()

    def get(self, room_id: str) -> RoomState | None:
        state = self._states.get(room_id)
        if state is not None:
            self._states.move_to_end(room_id)
        return state

    def put(self, state: RoomState) -> None:
        self._states[state.room_id] = state
        self._states.move_to_end(state.room_id)
        if len(self._states) > self.capacity:
            self._states.popitem(last=False)

    def drop(self, room_id: str) -> None:
        self._states.pop(room_id, None)


class RoomTurns:
    """One command at a time per room on this node. Commands to one room from many sockets
    at once (a chat storm from spectators) would otherwise race for the same version and most
    would give up with `conflict`; queued here, each commits on its first try. Nodes still race
    each other, and the version check settles that."""

    def __init__(self) -> None:
        self._locks: dict[str, _Turns] = {}

    def of(self, room_id: str) -> _Turn:
        """`async with turns.of(room_id):` waits for the room's earlier commands on this node."""
        return _Turn(self._locks, room_id)

    def __len__(self) -> int:
        return len(self._locks)


class _Turns:
    """A room's lock and how many commands hold or wait for it (the entry goes with the last)."""

    __slots__ = ("lock", "users")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0


class _Turn:
    """One command's turn in its room: a class, not a generator-based context manager (every
    command of every room enters one; issue 31)."""

    __slots__ = ("locks", "room_id", "turns")

    def __init__(self, locks: dict[str, _Turns], room_id: str) -> None:
        self.locks, self.room_id = locks, room_id
        self.turns = locks.get(room_id) or locks.setdefault(room_id, _Turns())

    async def __aenter__(self) -> None:
        self.turns.users += 1
        try:
            await self.turns.lock.acquire()
        except BaseException:
            self._leave()
            raise

    async def __aexit__(self, *_exc: object) -> None:
        self.turns.lock.release()
        self._leave()

    def _leave(self) -> None:
        self.turns.users -= 1
        if not self.turns.users:
            del self.locks[self.room_id]


class RoomService:
    def __init__(self, repo: RoomRepository, timers: TimerIndex, metrics: ArenaMetrics) -> None:
        self.repo = repo
        self.timers = timers
        self.metrics = metrics
        self.recent = RecentStates()
        self.turns = RoomTurns()
        self.after_commit: list[CommitHook] = []
        self._retries: set[asyncio.Task[None]] = set()

    async def create(self, state: RoomState) -> None:
        await self.timers.schedule(state)
        await self.repo.create(state)
        log.info("room %s created (%s, %s)", state.room_id, state.variant, state.mode.value)
        await self.repo.refresh_indexes(state, now_ms())  # a no-op for a private room
        self.recent.put(state)
        await self._committed(state, Transition(state, ()))

    async def execute(self, room_id: str, build: CommandBuilder) -> Transition:
        """Apply the command `build(state)` to the room atomically; raises `ArenaError` (or
        whatever `build` raises), always judged against the stored state."""
        async with self.turns.of(room_id):
            old, transition = await self._apply(room_id, build)
        if transition.changed:
            await self._committed(old, transition)
        return transition

    async def _apply(self, room_id: str, build: CommandBuilder) -> tuple[RoomState, Transition]:
        """Load (or remember), judge, commit; returns the state judged and the transition."""
        state = self.recent.get(room_id)
        stored = False  # True once `state` came from Redis in this call
        for _attempt in range(MAX_ATTEMPTS):
            if state is None:
                state, stored = await self.repo.load(room_id), True
            try:
                transition = apply(state, build(state), now_ms())
            except Exception:
                if stored:
                    raise
                state = None  # perhaps only the remembered state was behind: ask Redis
                continue
            if not transition.changed:
                if stored:
                    return state, transition
                state = None
                continue
            # Registered before the commit: if this node dies right after committing, another
            # node's timer scan still finds the room (a stale registration is harmless).
            await self.timers.follow(state, transition.state)
            commit = await self.repo.commit(state, transition)
            if commit.ok:
                self.recent.put(transition.state)
                return state, transition
            if commit.current is None:
                self.recent.drop(room_id)
                raise room_not_found()
            state, stored = commit.current, True
        raise ArenaError(ErrorCode.CONFLICT, "the room kept changing; try again")

    async def _committed(self, old: RoomState, transition: Transition) -> None:
        new = transition.state
        for event in transition.events:
            if event["type"] == "move":
                self.metrics.moves.inc("ai" if new.is_ai(event["seat"]) else "human")
            elif event["type"] == "game_over":
                log.info("room %s game %d over: %s", new.room_id, new.game_no, event["result"])
            elif event["type"] == "game_started":
                log.info("room %s game %d started", new.room_id, new.game_no)
        if new.public and new.status is not old.status:
            # Only public rooms are listed, and only their status decides where (two Redis
            # round trips per move saved: docs/performance.md, "where the time goes").
            # (A retry lists the room as this node last saw it: the write is idempotent.)
            await self._bookkeep(new, "indexes", lambda: self.repo.refresh_indexes(
                self.recent.get(new.room_id) or new, now_ms()))
        for hook in self.after_commit:  # called here, not through `_bookkeep`: on every commit
            try:
                await hook(old, transition)
            except STORE_ERRORS as exc:
                self._failed(new, hook_name(hook), lambda hook=hook: hook(old, transition), exc)

    async def _bookkeep(self, new: RoomState, step: str,
                        run: Callable[[], Awaitable[None]]) -> None:
        """One post-commit step. The command is committed (and its events published) by now,
        so a Redis error here (a shard failing over) must not reach the caller as a failed
        command: it is logged, counted, and the step retried in the background."""
        try:
            await run()
        except STORE_ERRORS as exc:
            self._failed(new, step, run, exc)

    def _failed(self, new: RoomState, step: str, run: Callable[[], Awaitable[None]],
                exc: Exception) -> None:
        self.metrics.post_commit_failures.labels(step=step).inc()
        log.warning("room %s v%d: %s after the commit failed: %r; retrying",
                    new.room_id, new.v, step, exc)
        task = asyncio.create_task(self._retry(new, step, run))
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)

    async def _retry(self, new: RoomState, step: str, run: Callable[[], Awaitable[None]]) -> None:
        """Retry a failed step, bounded. Each step is safe to repeat late: the indexes are
        rewritten from the room's latest state, a player's room list drops stale entries when
        read, the AI player re-reads the room, presence publishes the current claim time."""
        for _attempt in range(BOOKKEEPING_RETRIES):
            await asyncio.sleep(BOOKKEEPING_RETRY_S)
            try:
                await run()
                return
            except STORE_ERRORS as exc:
                self.metrics.post_commit_failures.labels(step=step).inc()
                log.warning("room %s v%d: %s retry failed: %r", new.room_id, new.v, step, exc)
        log.error("room %s v%d: %s after the commit given up", new.room_id, new.v, step)


def hook_name(hook: CommitHook) -> str:
    """The metric label of a commit hook: its owner's class (`PlayerRooms`, `Presence`, ...)."""
    owner = getattr(hook, "__self__", None)
    return type(owner).__name__ if owner is not None else getattr(hook, "__name__", "hook")
