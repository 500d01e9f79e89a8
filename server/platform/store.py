"""The Redis client the server keeps all shared state in.

Three kinds, one interface (`redis.asyncio.Redis` or `redis.asyncio.RedisCluster`):
- REDIS_URL `redis://...`: a real Redis (or compatible) server, shared by every node behind the
  load balancer. Node-to-node fan-out goes through its pub/sub.
- REDIS_URL `redis+cluster://[user:password@]host:port[,host:port...]`: a Redis Cluster (Redis 7),
  reached through any of the listed nodes (the client discovers the rest and follows
  failovers). Keys are placed by server/platform/keys.py so every script stays in one slot; room
  messages go through sharded pub/sub (server/play/fanout.py).
- REDIS_URL unset: the embedded store, fakeredis running inside this process, with Lua
  scripting (lupa) so the same atomic scripts run; its pub/sub works within the process. One
  node only, and nothing survives a restart: it is what `make run` uses so a laptop needs no
  Redis install.

Responses are decoded: every command returns `str` (UTF-8), never `bytes`. Store JSON text or
plain strings; binary values are not supported.

Use the client created by the app (`app[REDIS]`, see server/app.py) rather than calling
`create_redis` again: with the embedded store a second call would create a second, empty store.
"""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import unquote, urlsplit

import fakeredis
import redis.asyncio as redis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.connection import AbstractConnection
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.commands.core import AsyncScript
from redis.exceptions import RedisClusterException

from .resp_packing import packed_by_hiredis
from .settings import Settings

log = logging.getLogger(__name__)

# What a store command can raise when Redis is unreachable or failing over. A cluster client
# also raises RedisClusterException ("Redis Cluster cannot be connected", a slot not covered),
# which is not a RedisError.
STORE_ERRORS: tuple[type[Exception], ...] = (redis.RedisError, RedisClusterException, OSError)

CONNECT_TIMEOUT_S = 3.0   # fail fast when Redis is down instead of hanging a request
HEALTH_CHECK_INTERVAL_S = 30  # PING idle pooled connections before reuse so dead ones are dropped
MAX_CONNECTIONS = 100     # per node (redis-py's default); pub/sub holds one of them
# A cluster client's pools fail at once when full instead of waiting, and each archive outbox
# bucket's consumer holds a connection in a blocking read (64 buckets: ~21 per master), so a
# burst of moves found a pool of 100 full (MaxConnectionsError in bench/capacity.py --cluster).
# Redis's own limit is 10,000 clients.
CLUSTER_MAX_CONNECTIONS = 1000
POOL_WAIT_S = 10.0        # how long a command waits for a free connection
# After Redis restarts, every pooled connection is dead but looks open: without a retry each one
# fails the first command sent on it (an `internal_error` to a player, tests/faults). A command
# that failed to connect or lost its connection is sent again on a new one, twice at most. A
# room commit sent twice cannot apply twice: its script checks the room's version.
RETRY = Retry(ExponentialBackoff(cap=0.5, base=0.05), 2)
NODE_HEALTH_TIMEOUT_S = 1.0  # /healthz on a cluster: the longest one node's answer is awaited


def create_redis(settings: Settings) -> redis.Redis | RedisCluster:
    """A new client for the configured store; connections open lazily on first command."""
    if settings.redis_url is None:
        log.warning("REDIS_URL not set: using the embedded in-process store (single node)")
        return fakeredis.FakeAsyncRedis(decode_responses=True)
    if settings.redis_cluster:
        log.info("using the Redis Cluster at %s", redact_url(settings.redis_url))
        return create_cluster(settings.redis_url)
    log.info("using Redis at %s", redact_url(settings.redis_url))
    # A blocking pool: when all connections are busy (a burst of moves), a command waits for
    # one instead of failing with MaxConnectionsError (7% of moves failed in bench/load.py
    # scenario 1 with redis-py's default pool).
    pool = redis.BlockingConnectionPool.from_url(
        settings.redis_url,
        decode_responses=True,
        socket_connect_timeout=CONNECT_TIMEOUT_S,
        health_check_interval=HEALTH_CHECK_INTERVAL_S,
        max_connections=MAX_CONNECTIONS,
        timeout=POOL_WAIT_S,
        retry=RETRY,
    )
    pool.connection_class = packed_by_hiredis(pool.connection_class)
    return redis.Redis.from_pool(pool)


def create_cluster(url: str) -> RedisCluster:
    """A cluster client from `redis+cluster://[user:password@]host:port[,host:port...]`
    (`rediss+cluster://` for TLS). A command finding its connection pool full fails at once
    (redis-py's cluster pools do not block); CLUSTER_MAX_CONNECTIONS is per Redis node."""
    parts = urlsplit(url)
    credentials, _, hosts = parts.netloc.rpartition("@")
    username, _, password = credentials.partition(":")
    nodes = []
    for item in hosts.split(","):
        host, colon, port = item.strip().rpartition(":")
        if not colon:
            host, port = port, "6379"
        nodes.append(ClusterNode(host.strip("[]"), int(port)))
    return RedisCluster(
        startup_nodes=nodes,
        username=unquote(username) or None,
        password=unquote(password) or None,
        ssl=parts.scheme.startswith("rediss"),
        decode_responses=True,
        socket_connect_timeout=CONNECT_TIMEOUT_S,
        health_check_interval=HEALTH_CHECK_INTERVAL_S,
        max_connections=CLUSTER_MAX_CONNECTIONS,
    )


def dedicated_connection(client: redis.Redis) -> AbstractConnection:
    """A connection made like the client's pooled ones, held by one user outside the pool
    (the commit lane, the pub/sub reader), without the per-call socket timeout (its user keeps
    its own deadline) or the health check before each use."""
    pool = client.connection_pool
    kwargs = {**pool.connection_kwargs, "socket_timeout": None, "health_check_interval": 0}
    return pool.connection_class(**kwargs)


def is_embedded(client: object) -> bool:
    """Is this client the embedded store's (in this process, not a socket)?"""
    return isinstance(client, fakeredis.FakeAsyncRedis)


def is_cluster(client: object) -> bool:
    """Is this client a Redis Cluster's (scripts publish with SPUBLISH, pub/sub is sharded)?"""
    return isinstance(client, RedisCluster)


async def cluster_serves_every_slot(client: RedisCluster) -> bool:
    """Health of a Redis Cluster as this node sees it: a reachable node says `cluster_state:ok`
    (every slot has a master), and every master in that node's view answers this client. A
    dead node the client still remembers (a master replaced by its replica) does not count:
    asking every known node (redis-py's PING) would report the cluster down until the client
    forgets it. Nodes are asked at once, each for at most NODE_HEALTH_TIMEOUT_S."""
    if not client.get_nodes():
        await client.initialize()  # the first command would: learn the topology from the seeds
    nodes = client.get_nodes()
    answers = await asyncio.gather(
        *(asyncio.wait_for(client.cluster_info(target_nodes=node), NODE_HEALTH_TIMEOUT_S)
          for node in nodes), return_exceptions=True)
    answered = {node.name for node, answer in zip(nodes, answers, strict=True)
                if isinstance(answer, dict)}
    witness = next((node for node, answer in zip(nodes, answers, strict=True)
                    if isinstance(answer, dict) and answer.get("cluster_state") == "ok"), None)
    if witness is None:
        return False
    view = await client.execute_command("CLUSTER NODES", target_nodes=witness)
    masters = [address.split("@")[0] for address, node in view.items()
               if "master" in (flags := node["flags"].split(",")) and "fail" not in flags
               and node["slots"]]
    return all(address in answered for address in masters)


def register_publishing_script(client: redis.Redis | RedisCluster, text: str) -> AsyncScript:
    """Register a Lua script that publishes to a room's channel. On a cluster its `PUBLISH`
    becomes `SPUBLISH`: the message then goes only to the shard owning the room (whose slot the
    channel's hash tag names, the script's own), not to every node of the cluster."""
    if is_cluster(client):
        text = text.replace("redis.call('PUBLISH',", "redis.call('SPUBLISH',")
    return client.register_script(text)


def redact_url(url: str) -> str:
    """The URL without its password, for logs."""
    scheme, sep, rest = url.partition("://")
    credentials, at, location = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    user = credentials.split(":", 1)[0]
    return f"{scheme}{sep}{user}:***@{location}"
