"""The durable outbox from Redis to the SQL archive: a consumer group on every node.

A game's end is committed to Redis first, by the same script that appends the game to the
stream `archive:outbox:<database id>` (server/play/repository.py; one stream per SQL database, so
nodes of another database sharing the Redis never take its games; under Redis Cluster one per
bucket, server/platform/keys.py, each read by its own consumer task). Every node reads that
stream in the consumer group `archivers`: Redis hands each entry to one node, which writes it
to SQL (server/players/store_sql/archive.py, idempotent on the game id), with the game's analysis if
one was done already (server/analysis/store.py), and only then acknowledges and deletes it. So:
- while the database is down, games still finish; entries wait in the stream (and in the
  reading node's pending list), retried every few seconds, and are archived when it is back;
- a node that dies holding entries leaves them pending; another node claims them once they
  have been idle for CLAIM_IDLE_MS;
- an entry delivered twice (claimed while the first node was only slow) finds the game
  archived and changes nothing: each game is archived, and rated, exactly once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from typing import Protocol

import redis.asyncio as redis
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from ..platform.clock import monotonic_s, now_ms
from ..platform.metrics import ArenaMetrics
from ..platform.store import STORE_ERRORS
from .store_sql.archive import archive_game

log = logging.getLogger(__name__)

GROUP = "archivers"
BATCH = 100
BLOCK_MS = 1000
EMBEDDED_POLL_S = 0.1  # the embedded store cannot block a read without stopping the node
CLAIM_IDLE_MS = 30_000     # an entry pending this long on another node: that node is gone
CLAIM_EVERY_S = 10.0
RETRY_PAUSES_S = (0.5, 1.0, 2.0, 5.0)  # after a failed write, growing; the last repeats
STOP_WAIT_S = 5.0  # how long a node's shutdown waits for its consumers to stop

Entry = tuple[str, dict[str, str]]


class AnalysisArchive(Protocol):
    """Where a game's computer analysis, if one was done already, joins the archived game
    (server/analysis/store.py `ArchivedAnalysisStore`)."""

    async def archived(self, room_id: str, game_no: int) -> None: ...


def entry_age_s(entry_id: str, at_ms: int) -> float:
    """Seconds since the entry was added: its id starts with Redis's clock in ms."""
    return max(0.0, (at_ms - int(entry_id.split("-", 1)[0])) / 1000)


class ArchiveConsumer:
    def __init__(self, client: redis.Redis, engine: AsyncEngine, key: str, consumer: str,
                 metrics: ArenaMetrics, analyses: AnalysisArchive, *,
                 embedded: bool = False) -> None:
        self.redis = client
        self.analyses = analyses
        self.key = key
        self.embedded = embedded
        self.engine = engine
        self.consumer = consumer
        self.metrics = metrics
        self._failures = 0
        self._pending_first = True  # our own unacknowledged entries go before new ones
        self._next_claim = 0.0

    async def ensure_group(self) -> None:
        try:
            await self.redis.xgroup_create(self.key, GROUP, id="0", mkstream=True)
        except redis.ResponseError as error:
            if "BUSYGROUP" not in str(error):
                raise

    async def run(self) -> None:
        """Forever: claim what dead nodes left, read, archive, acknowledge."""
        while True:
            try:
                await self.ensure_group()
                while True:
                    await self.step()
            except asyncio.CancelledError:
                raise
            except STORE_ERRORS as error:
                log.warning("archive outbox: Redis error %r; retrying", error)
                await asyncio.sleep(RETRY_PAUSES_S[-1])

    async def step(self) -> int:
        """One round; returns how many entries were archived (or found archived)."""
        entries = await self._claim_stale() or await self._read()
        done = await self.archive(entries)
        if done < len(entries):
            self._pending_first = True
            pause = RETRY_PAUSES_S[min(self._failures, len(RETRY_PAUSES_S) - 1)]
            self._failures += 1
            await asyncio.sleep(pause)
        else:
            self._failures = 0
        return done

    async def _read(self) -> list[Entry]:
        if self._pending_first:
            reply = await self.redis.xreadgroup(GROUP, self.consumer, {self.key: "0"},
                                                count=BATCH)
            entries = reply[0][1] if reply else []
            if entries:
                return entries
            self._pending_first = False
        if self.embedded:
            reply = await self.redis.xreadgroup(GROUP, self.consumer, {self.key: ">"},
                                                count=BATCH)
            if not reply:
                await asyncio.sleep(EMBEDDED_POLL_S)
        else:
            reply = await self.redis.xreadgroup(GROUP, self.consumer, {self.key: ">"},
                                                count=BATCH, block=BLOCK_MS)
        return reply[0][1] if reply else []

    async def _claim_stale(self) -> list[Entry]:
        now = monotonic_s()
        if now < self._next_claim:
            return []
        self._next_claim = now + CLAIM_EVERY_S
        reply = await self.redis.xautoclaim(self.key, GROUP, self.consumer,
                                            min_idle_time=CLAIM_IDLE_MS, count=BATCH)
        claimed = [entry for entry in reply[1] if entry[1]]  # deleted entries come back empty
        if claimed:
            log.info("archive outbox: claimed %d entries left by another node", len(claimed))
        return claimed

    async def archive(self, entries: list[Entry]) -> int:
        """Write each entry to SQL, then acknowledge and delete it; stops at the first
        failure (the rest stay pending, in order)."""
        done = 0
        for entry_id, fields in entries:
            try:
                game = json.loads(fields["game"])
                archived = await archive_game(self.engine, game, now_ms())
                await self.analyses.archived(game["room_id"], game["game_no"])
            except (SQLAlchemyError, OSError) as error:
                self.metrics.archive_failures.inc()
                log.warning("archive outbox: cannot write %s yet: %s", entry_id, error)
                return done
            except (KeyError, ValueError, TypeError):
                log.exception("archive outbox: dropping malformed entry %s", entry_id)
                archived = False
            await self._done(entry_id)
            done += 1
            if archived:
                self.metrics.archived.inc()
                self.metrics.archive_lag.observe(entry_age_s(entry_id, await self._redis_ms()))
        return done

    async def _done(self, entry_id: str) -> None:
        pipe = self.redis.pipeline(transaction=True)
        pipe.xack(self.key, GROUP, entry_id)
        pipe.xdel(self.key, entry_id)
        await pipe.execute()

    async def _redis_ms(self) -> int:
        """Redis's clock, which stamped the entry ids (the nodes' clocks may differ)."""
        seconds, micros = await self.redis.time()
        return int(seconds) * 1000 + int(micros) // 1000


@contextlib.asynccontextmanager
async def archive_consumers(client: redis.Redis, engine: AsyncEngine, keys: list[str],
                            consumer: str, metrics: ArenaMetrics, analyses: AnalysisArchive, *,
                            embedded: bool) -> AsyncIterator[None]:
    """One consumer per outbox key, running while the context is open: one on a single Redis;
    under Redis Cluster one per bucket, each reading its bucket's stream on that bucket's
    shard (server/platform/keys.py)."""
    tasks = [asyncio.create_task(
        ArchiveConsumer(client, engine, key, consumer, metrics, analyses,
                        embedded=embedded).run(), name=f"archive-{key}") for key in keys]
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        # Bounded: a consumer found still in a Redis read a minute after its cancellation (seen
        # once in CI) must not hold the node's shutdown for good.
        _, stuck = await asyncio.wait(tasks, timeout=STOP_WAIT_S) if tasks else ((), ())
        if stuck:
            log.warning("archive outbox: %d consumer(s) did not stop within %.0f s",
                        len(stuck), STOP_WAIT_S)
