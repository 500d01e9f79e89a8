"""A pub/sub connection read by an asyncio protocol instead of redis-py's `PubSub`: the room
fan-out's on a single Redis server (server/play/fanout.py).

Read through `PubSub.get_message`, every message cost a wake-up of the reader task, an
`asyncio.timeout` around the read, redis-py's parse and handler layers and a dict: at 1,000
moves a second, `bench/floor.py` measured the node's layers at 0.046 ms of CPU per move more
than with the channels read this way (0.285 against 0.239; issue 31, docs/performance.md).
Here hiredis parses what arrives in `data_received`, and each message is handed to the listener
from there, as it comes, with its payload as the bytes Redis sent.

redis-py connects and speaks the handshake (AUTH, SELECT, TLS: whatever the URL says); then the
connection's transport is taken over. The channels wanted are kept here: after a lost connection
(Redis restarted, a network failure) `run` makes a new one every RETRY_S and subscribes them all
again, and each confirmation tells the listener, which catches up on what it missed meanwhile.
A connection that has not answered the PING sent HEALTH_CHECK_S ago is dropped and made again.
Not for a Redis Cluster (sharded pub/sub spans connections: redis-py's `ClusterPubSub`) nor the
embedded store (not a socket).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

import hiredis
import redis.asyncio as redis
from redis.asyncio.connection import AbstractConnection

from .store import HEALTH_CHECK_INTERVAL_S, STORE_ERRORS, dedicated_connection
from .waiting import set_within

log = logging.getLogger(__name__)

RETRY_S = 0.5  # between attempts to connect again
HEALTH_CHECK_S = HEALTH_CHECK_INTERVAL_S  # a PING this often; no answer by the next: dropped
MESSAGE, SUBSCRIBE = b"message", b"subscribe"


class ChannelListener(Protocol):
    def published(self, channel: str, data: bytes) -> None:
        """A message on a subscribed channel."""

    def subscribed(self, channel: str) -> None:
        """Redis confirmed a subscription: nothing published on `channel` from now is missed."""


class SubscriberConnection(asyncio.Protocol):
    def __init__(self, connection: AbstractConnection, listener: ChannelListener) -> None:
        self.connection = connection  # redis-py's: connects and speaks the handshake
        self.listener = listener
        self.channels: set[str] = set()  # subscribed, or to subscribe on (re)connecting
        self._transport: asyncio.Transport | None = None
        self._reader = hiredis.Reader()
        self._lost = asyncio.Event()
        self._heard = True  # something arrived since the last PING
        self._closed = False

    @classmethod
    def of(cls, client: redis.Redis, listener: ChannelListener) -> SubscriberConnection:
        """On a connection of its own (it waits for messages as long as there are none; its
        health is `_check_health`'s)."""
        return cls(dedicated_connection(client), listener)

    def subscribe(self, channel: str) -> None:
        self.channels.add(channel)
        self._write("SUBSCRIBE", channel)

    def unsubscribe(self, channel: str) -> None:
        self.channels.discard(channel)
        self._write("UNSUBSCRIBE", channel)

    def _write(self, *command: Any) -> None:
        """Now if connected; otherwise `_connect` subscribes every channel wanted."""
        if self._transport is not None:
            self._transport.write(hiredis.pack_command(command))

    async def run(self) -> None:
        """Keep the connection, until cancelled or closed."""
        try:
            while not self._closed:
                try:
                    await self._connect()
                except STORE_ERRORS as exc:
                    log.warning("pub/sub: connecting failed (%r); retrying", exc)
                    await asyncio.sleep(RETRY_S)
                    continue
                await self._check_health_until_lost()
                if not self._closed:
                    log.warning("pub/sub connection lost; connecting again")
        finally:
            await self.connection.disconnect(nowait=True)

    async def aclose(self) -> None:
        self._closed = True
        self._lost.set()
        await self.connection.disconnect(nowait=True)

    async def _connect(self) -> None:
        """Connect (redis-py's handshake), take the transport over, subscribe what is wanted."""
        await self.connection.disconnect(nowait=True)
        await self.connection.connect()
        transport = self.connection._writer.transport  # type: ignore[attr-defined]
        self._reader, self._heard = hiredis.Reader(), True
        self._lost.clear()
        transport.set_protocol(self)
        self._transport = transport
        if self.channels:
            self._write("SUBSCRIBE", *self.channels)

    async def _check_health_until_lost(self) -> None:
        """Until the connection goes, or `aclose` came while it was being made."""
        while not self._closed and not await set_within(self._lost, HEALTH_CHECK_S):
            self._check_health()

    def _check_health(self) -> None:
        """A PING in subscribed mode is answered on the connection like a message; a connection
        that said nothing since the last one is dead (its `connection_lost` follows)."""
        if self._transport is None:
            return
        if not self._heard:
            log.warning("pub/sub: no answer to PING within %.0f s; dropping the connection",
                        HEALTH_CHECK_S)
            self._transport.abort()
            return
        self._heard = False
        self._write("PING")

    # -- the protocol ---------------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        self._heard = True
        reader = self._reader
        reader.feed(data)
        while (reply := reader.gets()) is not False:
            try:
                self._handle(reply)
            except Exception:  # a listener's failure must not stop the channels' other messages
                log.exception("pub/sub: handling %.200r failed", reply)

    def _handle(self, reply: list[bytes]) -> None:
        kind = reply[0]
        if kind == MESSAGE:
            self.listener.published(reply[1].decode(), reply[2])
        elif kind == SUBSCRIBE:
            self.listener.subscribed(reply[1].decode())

    def connection_lost(self, exc: Exception | None) -> None:
        self._transport = None
        self._lost.set()
