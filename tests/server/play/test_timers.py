"""The timer index on a real Redis: one node claims a due room; nothing is ever lost."""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as redis

from server.platform.keys import BUCKETS, Buckets, new_room_id
from server.play.timer_index import CLAIM_MS, TimerIndex
from server.rooms import ClockConfig, apply, commands
from server.rooms.timing import due_at
from tests.server.room_helpers import T0, ai_room, play, playing_room

DAY = 24 * 3600 * 1000


@pytest.fixture(params=[1, BUCKETS], ids=["one-key", "bucketed"])
async def index(redis_server, request):
    """The index as on a single Redis (one key) and as under Redis Cluster (BUCKETS keys), in a
    database no node scans."""
    client = redis.from_url(redis_server.quiet_url, decode_responses=True)
    buckets = Buckets(request.param)
    keys = [buckets.timers(bucket) for bucket in buckets.all()]
    await client.delete(*keys)
    yield TimerIndex(client, pace_ms=0, buckets=buckets)
    await client.delete(*keys)
    await client.aclose()


def entry_key(index: TimerIndex, room_id: str) -> str:
    return index.buckets.timers(index.buckets.of(room_id))


def test_room_owing_an_ai_move_is_due_at_its_last_move():
    room = play(ai_room(human_seat=1), "a1", now=T0 + 500)
    assert due_at(room, pace_ms=0, abandon_after_ms=DAY) == T0 + 500


def test_room_with_a_running_clock_is_due_at_the_flag():
    room = play(playing_room(clock=ClockConfig(5_000, 0)), "a1", "b1")  # both first moves
    assert due_at(room, pace_ms=0, abandon_after_ms=DAY) == T0 + 5_000


def test_game_without_a_clock_is_due_for_abandonment_a_room_ttl_after_its_last_move():
    room = play(playing_room("gomoku"), "h8", now=T0 + 500)
    assert due_at(room, pace_ms=0, abandon_after_ms=DAY) == T0 + 500 + DAY


def test_players_seen_later_push_the_abandonment_back():
    room = play(playing_room("gomoku"), "h8", now=T0 + 500)
    assert due_at(room, 0, DAY, players_last_seen=T0 + 9_000) == T0 + 9_000 + DAY


def test_room_whose_clock_has_not_started_is_due_only_for_abandonment():
    room = playing_room(clock=ClockConfig(5_000, 0))
    assert due_at(room, pace_ms=0, abandon_after_ms=DAY) == T0 + DAY


def test_finished_room_is_never_due():
    room = apply(playing_room(clock=ClockConfig(5_000, 0)), commands.Resign(1), T0).state
    assert due_at(room, pace_ms=0, abandon_after_ms=DAY) is None


async def test_only_one_of_two_nodes_claims_a_due_room(index):
    await index.at("room-x", T0)
    claims = await asyncio.gather(index.claim("room-x", T0, T0 + 10),
                                  index.claim("room-x", T0, T0 + 10))
    assert sorted(c is not None for c in claims) == [False, True]


async def test_claimed_room_comes_due_again_if_never_released(index):
    await index.at("room-x", T0)
    claimed = await index.claim("room-x", T0, T0 + 10)
    assert await index.due(T0 + 10 + CLAIM_MS) == [("room-x", float(claimed))]


async def test_release_sets_the_next_due_time(index):
    await index.at("room-x", T0)
    claimed = await index.claim("room-x", T0, T0)
    await index.release("room-x", claimed,
                        play(playing_room(clock=ClockConfig(5_000, 0)), "a1", "b1"))
    assert await index.redis.zscore(entry_key(index, "room-x"), "room-x") == T0 + 5_000


async def test_release_keeps_an_earlier_registration_made_meanwhile(index):
    await index.at("room-x", T0)
    claimed = await index.claim("room-x", T0, T0)
    await index.at("room-x", T0 + 1)  # another node registered the room again
    await index.release("room-x", claimed, None)
    assert await index.redis.zscore(entry_key(index, "room-x"), "room-x") == T0 + 1


async def test_due_rooms_of_every_bucket_come_earliest_first(index):
    rooms = [new_room_id() for _ in range(8)]
    for offset, room_id in enumerate(rooms):
        await index.at(room_id, T0 + 10 * (len(rooms) - offset))
    due = await index.due(T0 + 1_000)
    assert [room_id for room_id, _score in due] == rooms[::-1]
