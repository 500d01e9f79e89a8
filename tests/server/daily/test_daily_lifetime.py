"""How long a daily game is kept (docs/protocol.md §4, server/play/lifetime.py): past ROOM_TTL_S,
until its flag falls and 60 s more, after a commit and after its last socket closes; once over,
like any finished game. Read from Redis, which keeps the instant it will forget each key."""

from __future__ import annotations

from dataclasses import replace

import pytest
import redis.asyncio as redis

from server.platform.keys import state_key
from server.platform.metrics import ArenaMetrics
from server.play.fanout import Fanout
from server.play.lifetime import ABANDON_GRACE_S
from server.play.presence import Presence
from server.play.repository import RoomRepository
from server.play.room_service import RoomService
from server.play.timer_index import TimerIndex
from server.rooms import ClockConfig, Status, commands
from server.rooms.clock import DAY_MS
from tests.server.room_helpers import human_room

ROOM_TTL_S = 60
SLACK_MS = 2000  # the test's own time between a write and the read of its expiry


@pytest.fixture
async def service(redis_server):
    client = redis.from_url(redis_server.url, decode_responses=True)
    repo = RoomRepository(client, room_ttl_s=ROOM_TTL_S, record_ttl_s=600,
                          outbox_key="archive:outbox:daily-test")
    yield RoomService(repo, TimerIndex(client, pace_ms=0, abandon_after_ms=ROOM_TTL_S * 1000),
                      ArenaMetrics())
    await client.aclose()


async def daily_game(service: RoomService, room_id: str) -> None:
    """A one-day game, just started (the first player's day runs from now)."""
    room = replace(human_room("gomoku", ClockConfig.daily(1)), room_id=room_id)
    await service.create(room)
    await service.execute(room_id, lambda _s: commands.Join("b" * 64, "B"))


async def kept_ms(service: RoomService, room_id: str) -> int:
    return await service.repo.redis.pttl(state_key(room_id))


def presence_of(service: RoomService) -> Presence:
    return Presence(service.repo.redis, "daily-node", ROOM_TTL_S,
                    Fanout(service.repo.redis).publish, service.repo.find, 1000)


async def test_a_daily_game_is_kept_until_its_flag_falls_and_a_minute_more(service):
    await daily_game(service, "dailykeep1")
    keep = DAY_MS + ABANDON_GRACE_S * 1000  # a game being played may have some slack more
    slack = service.repo.lifetime.slack_ms(Status.PLAYING)
    assert keep - SLACK_MS <= await kept_ms(service, "dailykeep1") <= keep + slack


async def test_the_close_of_its_last_socket_does_not_shorten_a_daily_game(service):
    await daily_game(service, "dailykeep2")
    presence = presence_of(service)
    await presence.connected("dailykeep2", 1)
    await presence.disconnected("dailykeep2", 1)
    assert await kept_ms(service, "dailykeep2") > DAY_MS


async def test_a_daily_game_over_is_kept_as_a_finished_game_is(service):
    await daily_game(service, "dailykeep3")
    await service.execute("dailykeep3", lambda _s: commands.Resign(2))
    presence = presence_of(service)
    await presence.connected("dailykeep3", 1)
    await presence.disconnected("dailykeep3", 1)
    assert ROOM_TTL_S * 1000 - SLACK_MS <= await kept_ms(service, "dailykeep3") \
        <= ROOM_TTL_S * 1000
