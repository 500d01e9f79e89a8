"""Mining newly archived games for puzzles, in the background, at the lowest priority.

One node at a time mines (a lease in Redis, renewed while it works; another node takes over
when it lapses). It reads the archive in the order games were archived, from a cursor kept in
SQL (`store_meta`), so every game of gomoku, caro or renju with enough moves is mined once,
and each game's puzzles are added before the cursor moves past it (a node that dies
mid-game leaves that game to be mined again). The search runs in a worker process of its own,
as the analyses do: niced to 19, in Linux's idle scheduling class, and stopped outright while
a live search runs or waits (server/analysis/gate.py), so mining takes no time from a move.
The pool starts with the first game to mine. Each game costs a few seconds of CPU
(bench/puzzles.py measures it); a proven puzzle is rare, so most games add none.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any

import redis.asyncio as redis
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

from engine.puzzles.mine import PUZZLE_VARIANTS, SHIPPED_BUDGET, Budget, mine_game
from engine.puzzles.puzzle import Puzzle

from ..analysis.gate import BackgroundGate
from ..platform.ai_pool import AiPool
from ..platform.clock import now_ms
from ..platform.keys import PUZZLE_MINER_LEASE
from ..platform.metrics import ArenaMetrics
from ..players.store_sql.schema import games, store_meta
from . import catalogue

log = logging.getLogger(__name__)

MINER_NICE = 19
CURSOR_KEY = "puzzle_miner_cursor"
LEASE_MS = 120_000
IDLE_S = 30.0      # between looks at the archive when there was nothing to mine
BATCH = 20
MIN_MOVES = 12


def mine_job(variant: str, moves: list[str], game_id: str, budget: Budget) -> list[str]:
    """Worker entry point: the puzzles of one archived game, as JSON lines."""
    found = mine_game(variant, moves, budget, {"kind": "game", "game_id": game_id})
    return [puzzle.to_json() for puzzle in found]


@dataclass(frozen=True, slots=True)
class Cursor:
    """The last game mined: archived at ``at`` with id ``game_id`` (keyset order)."""

    at: int = -1
    game_id: str = ""

    def text(self) -> str:
        return f"{self.at}/{self.game_id}"

    @classmethod
    def parse(cls, text: str | None) -> Cursor:
        if not text or "/" not in text:
            return cls()
        at, game_id = text.split("/", 1)
        return cls(int(at), game_id)


class PuzzleMiner:
    def __init__(self, engine: AsyncEngine, client: redis.Redis, metrics: ArenaMetrics,
                 live: AiPool, workers: int, node_id: str, budget: Budget = SHIPPED_BUDGET) -> None:
        self.engine = engine
        self.redis = client
        self.metrics = metrics
        self.live = live
        self.workers = workers
        self.node_id = node_id
        self.budget = budget
        self._pool: AiPool | None = None
        self._gate: BackgroundGate | None = None
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        """Mine in the background until :meth:`close`."""
        self._task = asyncio.create_task(self._run(), name="puzzle-miner")

    @property
    def pool(self) -> AiPool:
        if self._pool is None:
            self._pool = AiPool(self.workers, self.metrics, warm=False, nice=MINER_NICE,
                                gauges=False, idle_class=True)
            self._gate = BackgroundGate(self.live, self._pool)
        return self._pool

    async def _run(self) -> None:
        while True:
            try:
                mined = await self.mine_some() if await self.lease() else 0
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the miner must outlive a bad game or a dead DB
                log.exception("puzzle miner: a batch failed; trying again later")
                mined = 0
            if not mined:
                await asyncio.sleep(IDLE_S)

    async def lease(self) -> bool:
        """Hold (or take) the mining lease; False while another node holds it."""
        if await self.redis.set(PUZZLE_MINER_LEASE, self.node_id, px=LEASE_MS, nx=True):
            return True
        if await self.redis.get(PUZZLE_MINER_LEASE) == self.node_id:
            await self.redis.pexpire(PUZZLE_MINER_LEASE, LEASE_MS)
            return True
        return False

    async def mine_some(self) -> int:
        """Mine the next few archived games (those of other variants, or too short, are
        passed over); returns how many games the cursor moved past."""
        batch = await self._games_after(await self._cursor())
        for game in batch:
            if game["variant"] in PUZZLE_VARIANTS and len(game["moves"]) >= MIN_MOVES:
                await self._mine(game)
            await self._advance(Cursor(game["archived_at"], game["id"]))
            await self.redis.pexpire(PUZZLE_MINER_LEASE, LEASE_MS)
        return len(batch)

    async def _mine(self, game: dict[str, Any]) -> None:
        lines = await self.pool.call(mine_job, game["variant"], game["moves"], game["id"],
                                     self.budget)
        added = await catalogue.add(self.engine, [Puzzle.from_json(line) for line in lines],
                                    now_ms())
        self.metrics.puzzle_games.inc()
        if added:
            self.metrics.puzzles_mined.labels(variant=game["variant"]).inc(added)
            log.info("puzzle miner: %d new puzzles from game %s", added, game["id"])

    async def _cursor(self) -> Cursor:
        async with self.engine.connect() as connection:
            return Cursor.parse(await connection.scalar(
                sa.select(store_meta.c.value).where(store_meta.c.key == CURSOR_KEY)))

    async def _advance(self, cursor: Cursor) -> None:
        async with self.engine.begin() as connection:
            done = await connection.execute(store_meta.update().where(
                store_meta.c.key == CURSOR_KEY).values(value=cursor.text()))
            if done.rowcount == 0:
                await connection.execute(store_meta.insert().values(key=CURSOR_KEY,
                                                                    value=cursor.text()))

    async def _games_after(self, cursor: Cursor) -> list[dict[str, Any]]:
        query = (sa.select(games.c.id, games.c.variant, games.c.moves, games.c.archived_at)
                 .where(sa.tuple_(games.c.archived_at, games.c.id)
                        > sa.tuple_(sa.literal(cursor.at), sa.literal(cursor.game_id)))
                 .order_by(games.c.archived_at, games.c.id).limit(BATCH))
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).all()
        return [{"id": row.id, "variant": row.variant, "moves": list(row.moves),
                 "archived_at": row.archived_at} for row in rows]

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._gate is not None:
            await self._gate.close()
        if self._pool is not None:
            await self._pool.close()
