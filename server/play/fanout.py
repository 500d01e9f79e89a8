"""Room messages from Redis pub/sub to this node's sockets.

One pub/sub connection per node. The node subscribes to a room's channel while it has at least
one socket in that room; every message on the channel (a JSON list of client messages, published
by the commit script or by presence) is handed to each local subscriber. Any node can therefore
serve any room: a move committed on node A reaches the sockets on node B through Redis.

On a Redis Cluster the channels are shard channels (`SSUBSCRIBE`, `SPUBLISH`, Redis 7): a
room's channel carries the room's hash tag, so its messages travel only within the shard that
owns the room instead of over the whole cluster bus, and the node holds one pub/sub connection
per shard it has rooms on (redis-py's cluster pub/sub, which moves a subscription to the new
owner after a failover; the confirmation of that re-subscription triggers the resync below).
Each shard connection has a reader task of its own, blocked on that connection alone, so a
message is handed on as soon as it arrives instead of waiting for the other shards' reads.

On one Redis server the connection is read by an asyncio protocol of ours
(server/platform/redis_subscriber.py), which hands each message on as it arrives: through
redis-py's `PubSub` a message cost a reader task's wake-up and a read timeout (issue 31).

The embedded store's pub/sub is read through redis-py, and its connection never goes without a
subscription: it keeps ANCHOR_CHANNEL (nobody publishes on it) from its first join on. redis-py
health-checks a pub/sub connection that has no subscription by sending PING and reading the PONG
itself inside the next SUBSCRIBE, and that read collided with the reader task blocked on the
same connection ("read() called while another coroutine is already waiting"): a node whose rooms
had all closed for half a minute could not subscribe to its next room. (A cluster's shard
connection is closed by redis-py when its last channel goes, so it has no such idle state.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple, Protocol

import msgspec
import redis.asyncio as redis

from ..platform.compact_json import dumps
from ..platform.keys import room_channel
from ..platform.redis_subscriber import SubscriberConnection
from ..platform.store import STORE_ERRORS, is_cluster, is_embedded
from ..platform.waiting import set_within

log = logging.getLogger(__name__)

SUBSCRIBE_TIMEOUT_S = 3.0
READ_TIMEOUT_S = 1.0
RETRY_S = 0.5
# How often the shard readers are matched to the shard connections when nothing else says so
# (a join wakes it at once): bounds how late a connection opened by redis-py's own
# re-subscription after a failover gets its reader (its messages wait in the socket meanwhile).
SHARD_SCAN_S = 0.1
ANCHOR_CHANNEL = "fanout:anchor"
SUBSCRIBED = ("subscribe", "ssubscribe")
MESSAGES = ("message", "smessage")


class RoomMessage(NamedTuple):
    """A message for a room's sockets, with its JSON (UTF-8): the bytes it had in the published
    list, shared by every socket of the room (never encoded again on this node)."""

    message: dict[str, Any]
    data: bytes


_items = msgspec.json.Decoder(list[msgspec.Raw])
_item = msgspec.json.Decoder(dict[str, Any])


def room_messages(published: str | bytes) -> list[RoomMessage]:
    """A published JSON list of messages, each item decoded and kept as its own JSON bytes."""
    return [RoomMessage(_item.decode(raw), bytes(raw)) for raw in _items.decode(published)]


class Subscriber(Protocol):
    def deliver(self, messages: list[RoomMessage]) -> None: ...

    def resync(self) -> None:
        """The channel was re-subscribed after a lost Redis connection: what was published
        meanwhile never arrived, so fetch the missed events from the room's event log."""


class Fanout:
    """`channel(key)` names the pub/sub channel of a key: a room id (the default), or for the
    player sockets of server/notifications a player id (`keys.player_channel`)."""

    def __init__(self, client: redis.Redis,
                 channel: Callable[[str], str] = room_channel) -> None:
        self.redis = client
        self.channel = channel
        self.sharded = is_cluster(client)
        self.subscriber = None if self.sharded or is_embedded(client) \
            else SubscriberConnection.of(client, self)
        self.pubsub = client.pubsub(ignore_subscribe_messages=False) \
            if self.subscriber is None else None
        self.rooms: dict[str, set[Subscriber]] = {}
        self._channels: dict[str, str] = {}
        self._confirmations: dict[str, asyncio.Future] = {}
        self._active = asyncio.Event()
        self._shards_changed = asyncio.Event()

    async def publish(self, room_id: str, messages: list[dict[str, Any]]) -> None:
        publish = self.redis.spublish if self.sharded else self.redis.publish
        await publish(self.channel(room_id), dumps(messages))

    async def join(self, room_id: str, subscriber: Subscriber) -> None:
        """Deliver the room's messages to `subscriber`; returns once the subscription is live,
        so nothing published afterwards can be missed."""
        subscribers = self.rooms.setdefault(room_id, set())
        subscribers.add(subscriber)
        name = self.channel(room_id)
        if name in self._channels:
            confirmation = self._confirmations.get(name)
            if confirmation is not None:
                await asyncio.wait_for(asyncio.shield(confirmation), SUBSCRIBE_TIMEOUT_S)
            return
        self._channels[name] = room_id
        confirmation = asyncio.get_running_loop().create_future()
        self._confirmations[name] = confirmation
        try:
            await self._subscribe(name)
        except BaseException:
            # Not subscribed (redis-py re-subscribes only what was sent): the next join tries
            # again instead of finding the channel taken and waiting for nothing.
            self._channels.pop(name, None)
            self._confirmations.pop(name, None)
            subscribers.discard(subscriber)
            if not subscribers:
                self.rooms.pop(room_id, None)
            raise
        self._active.set()
        try:
            await asyncio.wait_for(asyncio.shield(confirmation), SUBSCRIBE_TIMEOUT_S)
        finally:
            self._confirmations.pop(name, None)

    async def _subscribe(self, name: str) -> None:
        if self.subscriber is not None:
            self.subscriber.subscribe(name)
        elif self.sharded:
            await self.redis.initialize()  # the slot map, once: SSUBSCRIBE routes by it
            await self.pubsub.ssubscribe(name)
            self._shards_changed.set()  # perhaps a new shard connection: give it its reader
        else:
            anchor = () if self.pubsub.subscribed else (ANCHOR_CHANNEL,)
            await self.pubsub.subscribe(*anchor, name)

    async def leave(self, room_id: str, subscriber: Subscriber) -> None:
        subscribers = self.rooms.get(room_id)
        if subscribers is None:
            return
        subscribers.discard(subscriber)
        if not subscribers:
            del self.rooms[room_id]
            name = self.channel(room_id)
            self._channels.pop(name, None)
            if self.subscriber is not None:
                self.subscriber.unsubscribe(name)
                return
            with contextlib.suppress(*STORE_ERRORS):
                await (self.pubsub.sunsubscribe if self.sharded else self.pubsub.unsubscribe)(name)

    async def run(self) -> None:
        if self.subscriber is not None:
            await self.subscriber.run()
        elif self.sharded:
            await self._run_shard_readers()
        else:
            await self._active.wait()
            await self._read_loop(lambda: self.pubsub.get_message(timeout=READ_TIMEOUT_S),
                                  lambda: True)

    async def _read_loop(self, read: Callable[[], Awaitable[dict[str, Any] | None]],
                         wanted: Callable[[], bool]) -> None:
        """Dispatch what `read()` returns while `wanted()`; a failed read is retried (redis-py
        reconnects the connection and re-subscribes its channels)."""
        while wanted():
            try:
                message = await read()
            except STORE_ERRORS as exc:
                log.warning("pub/sub read failed: %r; retrying", exc)
                await asyncio.sleep(RETRY_S)
                continue
            if message is not None:
                self._dispatch(message)

    async def _run_shard_readers(self) -> None:
        """One reader task per shard connection of the cluster pub/sub, started when the
        connection appears (a join, a re-subscription after a failover) and ending when redis-py
        drops it."""
        readers: dict[str, tuple[Any, asyncio.Task[None]]] = {}
        try:
            while True:
                for name, connection in list(self.pubsub.node_pubsub_mapping.items()):
                    known = readers.get(name)
                    if known is None or known[0] is not connection or known[1].done():
                        readers[name] = (connection, asyncio.create_task(
                            self._read_shard(name, connection), name=f"fanout {name}"))
                for name in [n for n, (_, task) in readers.items() if task.done()]:
                    del readers[name]
                self._shards_changed.clear()
                await set_within(self._shards_changed, SHARD_SCAN_S)
        finally:
            for _, task in readers.values():
                task.cancel()
            await asyncio.gather(*(task for _, task in readers.values()),
                                 return_exceptions=True)

    async def _read_shard(self, name: str, connection: Any) -> None:
        """Read one shard connection (through the cluster pub/sub, which keeps its bookkeeping of
        unsubscribed channels) until redis-py replaces or drops it."""
        node = self.redis.get_node(node_name=name)
        if node is None:
            return  # the node left the topology; its channels move to a new connection

        def current() -> bool:
            return self.pubsub.node_pubsub_mapping.get(name) is connection

        async def read() -> dict[str, Any] | None:
            if connection.connection is None:  # SSUBSCRIBE not sent yet, or being closed
                await asyncio.sleep(SHARD_SCAN_S)
                return None
            return await self.pubsub.get_sharded_message(timeout=READ_TIMEOUT_S,
                                                         target_node=node)

        await self._read_loop(read, current)

    def _dispatch(self, message: dict[str, Any]) -> None:
        """A message as redis-py's pub/sub reads it."""
        if message["type"] in SUBSCRIBED:
            self.subscribed(message["channel"])
        elif message["type"] in MESSAGES:
            self.published(message["channel"], message["data"])

    def subscribed(self, channel: str) -> None:
        confirmation = self._confirmations.get(channel)
        if confirmation is not None and not confirmation.done():
            confirmation.set_result(None)
        elif (room_id := self._channels.get(channel)) is not None:
            # A confirmation nobody waits for: subscribed again after a lost connection.
            log.info("room %s: channel re-subscribed; catching up", room_id)
            for subscriber in list(self.rooms.get(room_id, ())):
                subscriber.resync()

    def published(self, channel: str, data: str | bytes) -> None:
        room_id = self._channels.get(channel)
        if room_id is None:
            return
        messages = room_messages(data)
        for subscriber in list(self.rooms.get(room_id, ())):
            subscriber.deliver(messages)

    async def close(self) -> None:
        if self.subscriber is not None:
            await self.subscriber.aclose()
            return
        with contextlib.suppress(*STORE_ERRORS):
            await self.pubsub.aclose()
