"""Game analysis in the background, and the analysis board's one-position searches.

A request for a finished game claims its analysis document in the store (the first claim
wins, so repeated requests and other nodes reuse it), then every position is searched in the
analysis pool: its own worker processes at a lower CPU priority than the live AI's
(``ANALYSIS_WORKERS``, nice 15), started on first use, so analyses never take a live game's
worker, and are stopped while a live search runs (``server/background.py``), so they do not
take its CPU either. Each position is searched to ``ANALYSIS_NODES`` nodes (``ANALYSIS_MS``
caps the time). Progress is saved after each
position; when all are done, ``engine.review`` judges the moves and the document becomes
``done``. A document left ``queued``/``running`` for ``STALE_S`` (its node died) is started
again by the next request.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Sequence
from typing import Any

from engine.review import PositionEval, evaluate_position, review_game

from .ai_pool import AiPool
from .analysis_store import AnalysisStore
from .background import BackgroundGate
from .clock import now_ms
from .errors import ArenaError, ErrorCode
from .metrics import ArenaMetrics
from .repository import RoomRepository
from .settings import Settings

log = logging.getLogger(__name__)

ANALYSIS_NICE = 15
STALE_S = 60
BOARD_MULTIPV_MAX = 5
ARCHIVE_ID = re.compile(r"(?P<room>[A-Za-z0-9_-]{1,32})-(?P<game_no>[0-9]{1,9})")


def evaluate_job(variant: str, moves: Sequence[str], time_ms: int, max_nodes: int,
                 multipv: int) -> PositionEval:
    """Worker entry point (module level, so it pickles)."""
    return evaluate_position(variant, list(moves), time_ms=time_ms, max_nodes=max_nodes,
                             multipv=multipv)


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

    @property
    def pool(self) -> AiPool:
        """The analysis workers, started by the first analysis (most nodes never need them)."""
        if self._pool is None:
            self._pool = AiPool(self.settings.analysis_workers, self.metrics,
                                nice=ANALYSIS_NICE, gauges=False)
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

    async def request(self, game_id: str) -> dict[str, Any]:
        """The game's analysis document, starting the analysis unless it exists or runs.
        Documents are kept by room and game number, whichever id named the game."""
        record = await self.finished_game(game_id)
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

    async def status(self, game_id: str) -> dict[str, Any]:
        record = await self.finished_game(game_id)
        document = await self.store.load(record["room_id"], record["game_no"])
        return document if document is not None else new_document("none")

    async def position(self, variant: str, moves: Sequence[str], multipv: int) -> PositionEval:
        """One position for the analysis board, in the analysis pool."""
        settings = self.settings
        return await self.pool.call(evaluate_job, variant, list(moves), settings.analysis_ms,
                                    settings.analysis_nodes, multipv)

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
