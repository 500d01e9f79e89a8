"""The live-play services of one node, built once after the Redis client exists.

`build_arena` wires repository, timers, room service, presence, fan-out, chat, the AI pool and
AI player, and the per-player room index together; `running(arena)` starts their background
loops (pub/sub reader, timer scan, presence refresh, loop-lag monitor) and stops everything on
the way out. The application factory (server/app.py) runs it for the app's lifetime; the HTTP
routes and the socket endpoint reach it as `app[ARENA]` (server/http/context.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
import weakref
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import redis.asyncio as redis
from limits.aio.strategies import MovingWindowRateLimiter

from ..platform.ai_pool import AiPool
from ..platform.engine_warmup import EngineWarmup
from ..platform.ip_limits import IpLimit, ip_limit, shared_limiter
from ..platform.keys import Buckets
from ..platform.metrics import ArenaMetrics, GcPauseMonitor, LoopLagMonitor
from ..platform.redis_batch import CommandBatcher, ReplicaWait
from ..platform.redis_lane import CommandLane
from ..platform.settings import Settings
from .ai_player import AiPlayer
from .chat import ChatStore
from .clock_timer import TimerLoop
from .fanout import Fanout
from .player_rooms import PlayerRooms
from .presence import Presence
from .repository import RoomRepository
from .room_service import RoomService
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
    chat: ChatStore
    player_rooms: PlayerRooms
    ip_limiter: MovingWindowRateLimiter  # per-address counts all nodes share (ip_limits.py)
    creation_limiter: IpLimit | None
    warmup: EngineWarmup  # the engine compiled ahead, before any worker starts
    sockets: weakref.WeakSet = field(default_factory=weakref.WeakSet)
    sockets_per_ip: Counter[str] = field(default_factory=Counter)
    tasks: list[asyncio.Task] = field(default_factory=list)


def build_arena(settings: Settings, client: redis.Redis, outbox_key: str) -> Arena:
    """The services, wired; `outbox_key` is this SQL database's archive outbox
    (players/store_sql/context.py), where a finished game's record goes."""
    metrics = ArenaMetrics()
    buckets = Buckets.for_cluster(settings.redis_cluster)
    lane = own_lane(settings, client)
    batcher = CommandBatcher(client, ReplicaWait(settings.wait_replicas, settings.redis_wait_ms),
                             metrics.unreplicated_commits.inc, lane,
                             gather_s=settings.redis_gather_ms / 1000 if lane else 0.0)
    repo = RoomRepository(client, room_ttl_s=settings.room_ttl_s,
                          record_ttl_s=settings.record_ttl_s, outbox_key=outbox_key,
                          buckets=buckets, batcher=batcher)
    timers = TimerIndex(client, settings.ai_pace_ms, settings.room_ttl_s * 1000, buckets)
    service = RoomService(repo, timers, metrics)
    fanout = Fanout(client)
    presence = Presence(client, settings.node_id, settings.room_ttl_s, fanout.publish, repo.find,
                        settings.claim_after_s * 1000, own_lane(settings, client))
    service.after_commit.append(presence.on_commit)
    warmup = EngineWarmup()
    pool = AiPool(settings.ai_workers, metrics, warmup=warmup)
    ai = AiPlayer(client, repo, service, timers, pool, settings.node_id, settings.ai_max_time_ms,
                  settings.ai_think_ms)
    service.after_commit.append(ai.on_commit)
    player_rooms = PlayerRooms(client, repo, settings.room_ttl_s)
    service.after_commit.append(player_rooms.on_commit)
    limiter = shared_limiter(client, settings.redis_url)
    chat = ChatStore(client, keep_s=repo.lifetime.open_keep_s,
                     per_ip=ip_limit(limiter, "chat", settings.chat_per_ip_per_minute),
                     per_room=settings.chat_per_room_per_minute)
    return Arena(settings, metrics, repo, timers, service, fanout, presence, pool, ai, chat,
                 player_rooms, limiter,
                 ip_limit(limiter, "rooms", settings.room_creations_per_minute), warmup)


def own_lane(settings: Settings, client: redis.Redis) -> CommandLane | None:
    """A connection for one user's batches (the commits', the presence refreshes'), on a single
    Redis server (server/platform/redis_lane.py)."""
    if settings.embedded_store or settings.redis_cluster:
        return None
    return CommandLane.of(client)


GC_YOUNG_THRESHOLD = 100_000  # Python's default is 700


def tune_garbage_collector() -> None:
    """Fewer, cheaper collections (docs/performance.md, "garbage collection"). Everything
    alive now (modules, the engine's compiled code, the arena) lives as long as the node: it
    is frozen out of the collector's sight. And the young generation is collected only after
    100,000 more objects than were freed, not 700: a collection scans every young object still
    alive, and on a busy node those are mostly what each socket has in flight (its pending
    read: a coroutine, a future, a timer, the last message; some 15 objects, 40,000 for 2,500
    sockets), whatever the threshold. At 700, then 10,000, a node playing 2,000 moves a second
    collected about once a second, 20 ms each, some 6% of its CPU, and promoted what was in
    flight towards the old generation, whose full collections stop the node for 100 ms and more;
    at 100,000 a 30 s run at that rate collects not once while playing. The price is cyclic
    garbage kept a little longer: at most 100,000 objects, a few MB."""
    gc.collect()
    gc.freeze()
    _young, middle, old = gc.get_threshold()
    gc.set_threshold(GC_YOUNG_THRESHOLD, middle, old)


AI_LOAD_WAIT_S = 30.0  # then it serves anyway: the first AI moves wait for the worker


async def wait_for_the_ai(pool: AiPool) -> None:
    """On compiled code, the node opens its port once an AI worker has loaded it (a second or
    two, while the rest of the node starts anyway): the first page it serves gets the
    computer's first move at once, not after the worker's start (docs/performance.md, "The
    first game against the computer"). A node that compiles first serves meanwhile, warming."""
    if pool.warming:
        return
    started = time.monotonic()
    if await pool.loaded(AI_LOAD_WAIT_S):
        log.info("AI workers ready in %.1f s", time.monotonic() - started)
    else:
        log.warning("no AI worker ready after %.0f s; serving anyway", AI_LOAD_WAIT_S)


@contextlib.asynccontextmanager
async def running(arena: Arena) -> AsyncIterator[Arena]:
    """The arena's background loops, from start to a clean stop (AI searches ended, pub/sub
    closed, worker processes gone)."""
    loop_lag = LoopLagMonitor(arena.metrics.loop_lag)
    gc_pauses = GcPauseMonitor(arena.metrics.gc_pauses)
    gc.callbacks.append(gc_pauses)
    tune_garbage_collector()
    timer_loop = TimerLoop(arena.timers, arena.repo, arena.service, arena.ai.play,
                           arena.metrics, arena.presence.watched, arena.presence.players_last_seen)
    for name, job in (("fanout", arena.fanout.run()), ("timers", timer_loop.run()),
                      ("presence", arena.presence.run()), ("loop-lag", loop_lag.run())):
        arena.tasks.append(asyncio.create_task(job, name=name))
    await wait_for_the_ai(arena.pool)
    try:
        yield arena
    finally:
        gc.callbacks.remove(gc_pauses)
        for task in arena.tasks:
            task.cancel()
        await arena.ai.close()
        for task in arena.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await arena.fanout.close()
        await arena.presence.aclose()
        await arena.repo.aclose()
        await arena.pool.close()
        await arena.warmup.close()
