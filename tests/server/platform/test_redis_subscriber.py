"""server/platform/redis_subscriber.py on a real Redis: messages of the channels wanted reach the
listener as Redis sent them; a lost or silent connection is made again and its channels
subscribed again, which the listener hears."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis.asyncio as redis

from server.platform.redis_subscriber import SubscriberConnection

WAIT_S = 10.0


class Heard:
    """A listener that keeps what it hears; `fail_on` makes it raise on that payload."""

    def __init__(self, fail_on: bytes | None = None) -> None:
        self.messages: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self.confirmations: asyncio.Queue[str] = asyncio.Queue()
        self.fail_on = fail_on

    def published(self, channel: str, data: bytes) -> None:
        if data == self.fail_on:
            raise ValueError("a listener's own failure")
        self.messages.put_nowait((channel, data))

    def subscribed(self, channel: str) -> None:
        self.confirmations.put_nowait(channel)


@pytest.fixture
async def client(redis_server) -> AsyncIterator[redis.Redis]:
    connection = redis.from_url(redis_server.url, decode_responses=True)
    yield connection
    await connection.aclose()


@contextlib.asynccontextmanager
async def running(subscriber: SubscriberConnection) -> AsyncIterator[SubscriberConnection]:
    task = asyncio.create_task(subscriber.run())
    try:
        yield subscriber
    finally:
        await subscriber.aclose()
        await asyncio.wait_for(task, WAIT_S)


async def next_of(queue: asyncio.Queue[Any]) -> Any:
    return await asyncio.wait_for(queue.get(), WAIT_S)


async def subscribed(subscriber: SubscriberConnection, heard: Heard, channel: str) -> None:
    subscriber.subscribe(channel)
    assert await next_of(heard.confirmations) == channel


async def test_a_subscribed_channels_messages_reach_the_listener_as_published(client):
    heard = Heard()
    async with running(SubscriberConnection.of(client, heard)) as subscriber:
        await subscribed(subscriber, heard, "sub:a")
        await client.publish("sub:a", '[{"type":"chat"}]')
        assert await next_of(heard.messages) == ("sub:a", b'[{"type":"chat"}]')


async def test_an_unsubscribed_channel_is_not_heard(client):
    heard = Heard()
    async with running(SubscriberConnection.of(client, heard)) as subscriber:
        await subscribed(subscriber, heard, "sub:a")
        await subscribed(subscriber, heard, "sub:b")
        subscriber.unsubscribe("sub:a")
        await client.publish("sub:a", "gone")
        await client.publish("sub:b", "kept")
        assert await next_of(heard.messages) == ("sub:b", b"kept")
        assert heard.messages.empty()


async def test_channels_wanted_before_the_connection_opens_are_subscribed_on_it(client):
    heard = Heard()
    subscriber = SubscriberConnection.of(client, heard)
    subscriber.subscribe("sub:early")
    async with running(subscriber):
        assert await next_of(heard.confirmations) == "sub:early"


async def test_a_killed_connection_is_made_again_with_its_channels(client):
    heard = Heard()
    async with running(SubscriberConnection.of(client, heard)) as subscriber:
        await subscribed(subscriber, heard, "sub:a")
        host, port = subscriber._transport.get_extra_info("sockname")[:2]
        assert await client.client_kill_filter(addr=f"{host}:{port}") == 1
        assert await next_of(heard.confirmations) == "sub:a"  # the listener catches up
        await client.publish("sub:a", "after")
        assert await next_of(heard.messages) == ("sub:a", b"after")


async def test_a_connection_that_does_not_answer_its_ping_is_made_again(client, monkeypatch):
    monkeypatch.setattr("server.platform.redis_subscriber.HEALTH_CHECK_S", 0.05)
    heard = Heard()
    subscriber = SubscriberConnection.of(client, heard)
    write, pings = subscriber._write, []

    def pings_lost(*command: Any) -> None:  # as if the connection went silent
        if command == ("PING",) and not pings:
            pings.append(command)
            return
        write(*command)

    subscriber._write = pings_lost  # type: ignore[method-assign]
    async with running(subscriber):
        await subscribed(subscriber, heard, "sub:a")
        assert await next_of(heard.confirmations) == "sub:a"  # on a new connection
        assert pings


async def test_a_listener_that_fails_on_one_message_still_hears_the_next(client):
    heard = Heard(fail_on=b"bad")
    async with running(SubscriberConnection.of(client, heard)) as subscriber:
        await subscribed(subscriber, heard, "sub:a")
        await client.publish("sub:a", "bad")
        await client.publish("sub:a", "good")
        assert await next_of(heard.messages) == ("sub:a", b"good")


@pytest.mark.parametrize("turns_between", [0, 1, 2, 3])
async def test_a_subscriber_cancelled_as_its_connection_goes_ends(client, turns_between):
    """A node's shutdown cancels the reader while closing its connection: whichever comes first
    by a loop turn or two, `run` ends instead of connecting again."""
    heard = Heard()
    subscriber = SubscriberConnection.of(client, heard)
    task = asyncio.create_task(subscriber.run())
    await subscribed(subscriber, heard, "sub:a")
    subscriber._transport.close()
    for _turn in range(turns_between):
        await asyncio.sleep(0)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.wait_for(task, WAIT_S)
    assert task.cancelled()
    await subscriber.aclose()


async def test_a_subscriber_closed_while_it_connects_ends(client):
    subscriber = SubscriberConnection.of(client, Heard())
    task = asyncio.create_task(subscriber.run())
    await asyncio.sleep(0)  # `run` is inside redis-py's connect
    await subscriber.aclose()
    await asyncio.wait_for(task, WAIT_S)  # not connected again, nor kept for health checks
