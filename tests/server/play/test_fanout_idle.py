"""server/play/fanout.py: a room still gets its messages after the node's pub/sub connection sat
without a room (health checks included), and after a subscription that failed. (A CI failure:
redis-py's health check inside SUBSCRIBE read the connection the fan-out's reader task was
blocked on, and the room page stayed "Loading the room…" for good. On one Redis server the
channels are now read by server/platform/redis_subscriber.py; the embedded store's still by
redis-py.)"""

from __future__ import annotations

import asyncio

import fakeredis
import pytest
import redis.asyncio as redis

from tests.server.play.fanouts import Inbox, running_fanout

HEALTH_CHECK_S = 0.2  # the nodes' is 30 s (server/platform/store.py); the same path, sooner
IDLE_S = 1.5  # past several health checks, while the reader waits on the connection
CHAT = {"type": "chat", "text": "hi"}


def health_checked(redis_url: str) -> redis.Redis:
    return redis.Redis.from_url(redis_url, decode_responses=True,
                                health_check_interval=HEALTH_CHECK_S)


async def test_a_room_joined_after_every_room_left_long_ago_hears_its_messages(redis_url,
                                                                             monkeypatch):
    monkeypatch.setattr("server.platform.redis_subscriber.HEALTH_CHECK_S", HEALTH_CHECK_S)
    async with running_fanout(health_checked(redis_url)) as fanout:
        first, second = Inbox(), Inbox()
        await fanout.join("room-a", first)
        await fanout.leave("room-a", first)
        await asyncio.sleep(IDLE_S)
        await fanout.join("room-b", second)
        await fanout.publish("room-b", [CHAT])
        assert await asyncio.wait_for(second.messages.get(), 10) == CHAT
        assert first.messages.empty()


async def test_a_join_whose_subscription_failed_leaves_the_room_to_the_next_join(monkeypatch):
    async with running_fanout(fakeredis.FakeAsyncRedis(decode_responses=True)) as fanout:
        async def lost(*_channels: str) -> None:
            raise redis.ConnectionError("connection lost")

        with monkeypatch.context() as patch:
            patch.setattr(fanout.pubsub, "subscribe", lost)
            with pytest.raises(redis.ConnectionError):
                await fanout.join("room-a", Inbox())
        inbox = Inbox()
        await fanout.join("room-a", inbox)
        await fanout.publish("room-a", [CHAT])
        assert await asyncio.wait_for(inbox.messages.get(), 10) == CHAT
