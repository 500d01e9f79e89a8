"""The game server's services, built once per app after the Redis client exists.

`arena_context` (an aiohttp cleanup context) wires repository, timers, room service, presence,
fan-out, AI pool and AI player together, starts the background loops (pub/sub reader, timer scan,
presence refresh, loop-lag monitor) and tears everything down on shutdown.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import weakref
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from aiohttp import WSCloseCode, web

from .ai_player import AiPlayer
from .ai_pool import AiPool
from .analysis import AnalysisService
from .analysis_store import RedisAnalysisStore
from .appkeys import OUTBOX, REDIS, SETTINGS
from .chat import ChatStore
from .clock_timer import TimerLoop
from .fanout import Fanout
from .ip_limits import IpLimit, ip_limit, shared_limiter
from .keys import Buckets
from .metrics import ArenaMetrics, GcPauseMonitor, LoopLagMonitor
from .presence import Presence
from .redis_batch import CommandBatcher, ReplicaWait
from .repository import ABANDON_GRACE_S, RoomRepository
from .room_service import RoomService
from .settings import Settings
from .timer_index import TimerIndex

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Arena:
    settings: Settings
    metrics: ArenaMetrics
    repo: RoomRepository
    timers: TimerIndex
    service: RoomService
    fanout: Fanout
    presence: Presence
    pool: AiPool
    ai: AiPlayer
    creation_limiter: IpLimit | None
    chat: ChatStore
    analysis: AnalysisService
    analysis_limiter: IpLimit | None
    board_limiter: IpLimit | None
    sockets: weakref.WeakSet = field(default_factory=weakref.WeakSet)
    sockets_per_ip: Counter[str] = field(default_factory=Counter)
    tasks: list[asyncio.Task] = field(default_factory=list)


ARENA = web.AppKey("arena", Arena)


def build_arena(app: web.Application) -> Arena:
    settings, client = app[SETTINGS], app[REDIS]
    metrics = ArenaMetrics()
    buckets = Buckets.for_cluster(settings.redis_cluster)
    repo = RoomRepository(client, room_ttl_s=settings.room_ttl_s,
                          record_ttl_s=settings.record_ttl_s, outbox_key=app[OUTBOX],
                          buckets=buckets, batcher=CommandBatcher(
                              client, ReplicaWait(settings.wait_replicas, settings.redis_wait_ms),
                              metrics.unreplicated_commits.inc))
    timers = TimerIndex(client, settings.ai_pace_ms, settings.room_ttl_s * 1000, buckets)
    service = RoomService(repo, timers, metrics)
    fanout = Fanout(client)
    presence = Presence(client, settings.node_id, settings.room_ttl_s, fanout.publish, repo.find,
                        settings.claim_after_s * 1000)
    service.after_commit.append(presence.on_commit)
    pool = AiPool(settings.ai_workers, metrics)
    ai = AiPlayer(client, repo, service, timers, pool, settings.node_id, settings.ai_max_time_ms,
                  settings.ai_think_ms)
    service.after_commit.append(ai.on_commit)
    limiter = shared_limiter(client, settings.redis_url)
    chat = ChatStore(client, keep_s=settings.room_ttl_s + ABANDON_GRACE_S,
                     per_ip=ip_limit(limiter, "chat", settings.chat_per_ip_per_minute),
                     per_room=settings.chat_per_room_per_minute)
    analysis = AnalysisService(repo, RedisAnalysisStore(client, settings.record_ttl_s), settings,
                               metrics, pool)
    return Arena(settings, metrics, repo, timers, service, fanout, presence, pool, ai,
                 ip_limit(limiter, "rooms", settings.room_creations_per_minute), chat, analysis,
                 ip_limit(limiter, "analyses", settings.analyses_per_minute),
                 ip_limit(limiter, "board", settings.board_searches_per_minute))


GC_YOUNG_THRESHOLD = 10_000  # Python's default is 700


def tune_garbage_collector() -> None:
    """Fewer, cheaper collections (docs/performance.md, "garbage collection"). Everything
    alive now (modules, the engine's compiled code, the arena) lives as long as the node: it
    is frozen out of the collector's sight. And a collection of the young generation every 700
    new objects, which a busy node makes in a few milliseconds, promoted everything in flight
    (requests, room states, queued messages) towards the old generation, whose collection
    scans every socket's objects: 200k objects, 200-400 ms with the whole node stopped, every
    ~12 s at 1,000 moves/s. At 10,000 the in-flight objects die young."""
    gc.collect()
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG_THRESHOLD, middle, old)


async def arena_context(app: web.Application) -> AsyncIterator[None]:
    arena = build_arena(app)
    app[ARENA] = arena
    loop_lag = LoopLagMonitor(arena.metrics.loop_lag)
    gc_pauses = GcPauseMonitor(arena.metrics.gc_pauses)
    gc.callbacks.append(gc_pauses)
    tune_garbage_collector()
    timer_loop = TimerLoop(arena.timers, arena.repo, arena.service, arena.ai.play,
                           arena.metrics, arena.presence.watched, arena.presence.players_last_seen)
    for name, job in (("fanout", arena.fanout.run()), ("timers", timer_loop.run()),
                      ("presence", arena.presence.run()), ("loop-lag", loop_lag.run())):
        arena.tasks.append(asyncio.create_task(job, name=name))
    yield
    gc.callbacks.remove(gc_pauses)
    for task in arena.tasks:
        task.cancel()
    await arena.ai.close()
    for task in arena.tasks:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
    await arena.fanout.close()
    await arena.analysis.close()
    await arena.pool.close()


async def close_sockets(app: web.Application) -> None:
    """On shutdown, tell every client to reconnect (to another node)."""
    if ARENA not in app:
        return
    for ws in list(app[ARENA].sockets):
        with contextlib.suppress(Exception):
            await ws.close(code=WSCloseCode.GOING_AWAY, message=b"server shutting down")
