"""Game analysis in the background, and the analysis board's one-position searches.

A request for a finished game claims its analysis document in the store (the first claim
wins, so repeated requests and other nodes reuse it), then every position is searched in the
analysis pool: its own worker processes at a lower CPU priority than the live AI's
(``ANALYSIS_WORKERS``, nice 15), started on first use, so analyses never take a live game's
worker, and are stopped while a live search runs (``server/analysis/gate.py``), so they do
not take its CPU either. Each position is searched to ``ANALYSIS_NODES`` nodes (``ANALYSIS_MS``
caps the time). Progress is saved after each position; when all are done, ``engine.review``
judges the moves and the document becomes ``done``. A document left ``queued``/``running``
for ``STALE_S`` (its node died) is started again by the next request.

The analysis board's searches (:meth:`AnalysisService.deepen`) run in the same pool one depth
at a time (``engine.review.searched_deep_enough`` says when to stop), so each depth's answer
reaches the page while the next is searched, and a page that moved on stops its search at the
next depth. One client address runs at most ``BOARD_SEARCHES_PER_IP`` board searches at once;
more wait their turn (up to ``BOARD_WAITING_PER_IP`` of them, then ``rate_limited``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from engine.review import (
    MAX_DEPTH,
    PositionEval,
    evaluate_position,
    review_game,
    searched_deep_enough,
)

from ..platform.ai_pool import AiPool
from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..platform.keys import ROOM_ID
from ..platform.metrics import ArenaMetrics
from ..platform.settings import Settings
from ..play.repository import RoomRepository
from .gate import BackgroundGate
from .store import AnalysisStore

log = logging.getLogger(__name__)

ANALYSIS_NICE = 15
STALE_S = 60
BOARD_MULTIPV_MAX = 5
BOARD_SEARCHES_PER_IP = 2
BOARD_WAITING_PER_IP = 4
ARCHIVE_ID = re.compile(rf"(?P<room>{ROOM_ID.pattern})-(?P<game_no>[0-9]{{1,9}})")


def evaluate_job(variant: str, moves: Sequence[str], time_ms: int, max_nodes: int,
                 multipv: int, max_depth: int = MAX_DEPTH) -> PositionEval:
    """Worker entry point (module level, so it pickles)."""
    return evaluate_position(variant, list(moves), time_ms=time_ms, max_nodes=max_nodes,
                             multipv=multipv, max_depth=max_depth)


class PerKeySlots:
    """At most ``running`` holders per key (a client address) at once; up to ``waiting`` more
    queue for a slot, beyond that ``rate_limited``. Keys without holders are forgotten."""

    def __init__(self, running: int, waiting: int) -> None:
        self.running = running
        self.waiting = waiting
        self._slots: dict[str, asyncio.Semaphore] = {}
        self._holders: Counter[str] = Counter()  # running and waiting, per key
        self.queued = 0  # waiting for a slot, all keys

    @contextlib.asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[None]:
        if self._holders[key] >= self.running + self.waiting:
            raise ArenaError(ErrorCode.RATE_LIMITED,
                             "too many analysis board searches from this address at once")
        self._holders[key] += 1
        slot = self._slots.setdefault(key, asyncio.Semaphore(self.running))
        try:
            self.queued += 1
            try:
                await slot.acquire()
            finally:
                self.queued -= 1
            try:
                yield
            finally:
                slot.release()
        finally:
            self._holders[key] -= 1
            if not self._holders[key]:
                del self._holders[key], self._slots[key]


def new_document(status: str) -> dict[str, Any]:
    return {"status": status, "progress": 0.0, "moves": [], "accuracy": None,
            "updated_at": now_ms()}


class AnalysisService:
    def __init__(self, repo: RoomRepository, store: AnalysisStore, settings: Settings,
                 metrics: ArenaMetrics, live: AiPool) -> None:
        self.repo = repo
        self.live = live
        self.store = store
        self.settings = settings
        self.metrics = metrics
        self._pool: AiPool | None = None
        self._gate: BackgroundGate | None = None
        self._jobs: set[asyncio.Task] = set()
        self.board_slots = PerKeySlots(BOARD_SEARCHES_PER_IP, BOARD_WAITING_PER_IP)
        metrics.board_waiting.set_function(lambda: float(self.board_slots.queued))

    @property
    def pool(self) -> AiPool:
        """The analysis workers, started by the first analysis (most nodes never need them)."""
        if self._pool is None:
            self._pool = AiPool(self.settings.analysis_workers, self.metrics,
                                nice=ANALYSIS_NICE, gauges=False, idle_class=True,
                                warmup=self.live.warmup)
            self._gate = BackgroundGate(self.live, self._pool)
        return self._pool

    async def finished_game(self, game_id: str) -> dict[str, Any]:
        """The game record (kept in Redis for RECORD_TTL_S) of `game_id`: a room id (its last
        finished game) or a game's archive id `<room id>-<game no>` (``rooms.state.game_id``)."""
        record = await self.repo.record(game_id, None)
        if record is None and (archive_id := ARCHIVE_ID.fullmatch(game_id)):
            record = await self.repo.record(archive_id["room"], int(archive_id["game_no"]))
        if record is None:
            raise ArenaError(ErrorCode.ROOM_NOT_FOUND, "no finished game with this id")
        return record

    async def request(self, record: dict[str, Any]) -> dict[str, Any]:
        """The analysis document of the game ``record`` (``finished_game``, or an archived
        game's), starting the analysis unless it exists or runs. Documents are kept by room and
        game number, whichever id named the game."""
        game_id, game_no = record["room_id"], record["game_no"]
        document = await self.store.load(game_id, game_no)
        if document is not None and not _stale(document):
            return document
        fresh = new_document("queued")
        if document is None:
            if not await self.store.claim(game_id, game_no, fresh):
                return await self.store.load(game_id, game_no) or fresh
        else:
            log.info("analysis of %s/%d was abandoned; starting it again", game_id, game_no)
            await self.store.save(game_id, game_no, fresh)
        task = asyncio.create_task(self._analyse(game_id, record), name=f"analysis-{game_id}")
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)
        return fresh

    async def status(self, record: dict[str, Any]) -> dict[str, Any]:
        document = await self.store.load(record["room_id"], record["game_no"])
        return document if document is not None else new_document("none")

    async def position(self, variant: str, moves: Sequence[str], multipv: int) -> PositionEval:
        """One position for the analysis board, in the analysis pool."""
        settings = self.settings
        return await self.pool.call(evaluate_job, variant, list(moves), settings.analysis_ms,
                                    settings.analysis_nodes, multipv)

    async def deepen(self, variant: str, moves: Sequence[str], multipv: int,
                     gone: Callable[[], bool]) -> AsyncIterator[tuple[PositionEval, bool]]:
        """The analysis board's search of one position: its answer after each depth, with
        whether it is the last, within ``ANALYSIS_NODES`` nodes (``ANALYSIS_MS`` caps each
        depth). Stops early, between two depths, once ``gone()`` (the page left or asked for
        another position); counted in ``caro_board_searches{end}``."""
        settings, nodes_left = self.settings, self.settings.analysis_nodes
        end, last = "cancelled", None
        try:
            for depth in range(1, MAX_DEPTH + 1):
                if gone():
                    return
                found = await self.pool.call(evaluate_job, variant, list(moves),
                                             settings.analysis_ms, nodes_left, multipv, depth)
                nodes_left -= found.nodes
                final = searched_deep_enough(found, depth, nodes_left) or depth == MAX_DEPTH
                if final:
                    end = "done"
                if final and found.depth < depth and last is not None:
                    found = last  # cut short: the deepest finished answer stays the answer
                yield found, final
                if final:
                    return
                last = found
        except Exception:
            end = "failed"
            raise
        finally:
            self.metrics.board_searches.labels(end=end).inc()

    async def _analyse(self, game_id: str, record: dict[str, Any]) -> None:
        variant, moves, game_no = record["variant"], record["moves"], record["game_no"]
        positions = len(moves) + 1
        evals: list[PositionEval | None] = [None] * positions
        finished = 0
        log.info("analysing %s/%d: %d positions", game_id, game_no, positions)

        async def one(ply: int) -> None:
            nonlocal finished
            evals[ply] = await self.position(variant, moves[:ply], 1)
            finished += 1
            progress = new_document("running") | {"progress": round(finished / positions, 3)}
            await self.store.save(game_id, game_no, progress)

        try:
            await asyncio.gather(*(one(ply) for ply in range(positions)))
            review = review_game(variant, moves, [e for e in evals if e is not None])
        except Exception:  # noqa: BLE001 - a failed analysis must say so, not stay "running"
            log.exception("analysis of %s/%d failed", game_id, game_no)
            await self.store.save(game_id, game_no, new_document("failed"))
            return
        done = new_document("done") | {"progress": 1.0} | review.to_dict()
        await self.store.save(game_id, game_no, done)
        log.info("analysis of %s/%d done", game_id, game_no)

    async def close(self) -> None:
        for task in self._jobs:
            task.cancel()
        if self._gate is not None:
            await self._gate.close()
        if self._pool is not None:
            await self._pool.close()


def _stale(document: dict[str, Any]) -> bool:
    """Whether to start the analysis again: it failed, or its node stopped updating it."""
    if document["status"] == "failed":
        return True
    waiting = document["status"] in ("queued", "running")
    return waiting and now_ms() - document["updated_at"] > STALE_S * 1000
