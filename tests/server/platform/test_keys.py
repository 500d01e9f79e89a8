"""Key placement (server/platform/keys.py): a room's keys, channel and buckets share a slot."""

from __future__ import annotations

from server.platform.keys import (
    BUCKET_TAGS,
    BUCKETS,
    SLOT_STRIDE,
    Buckets,
    ai_lease_key,
    chat_history_key,
    new_room_id,
    presence_key,
    room_channel,
    slot,
    state_key,
)

CLUSTER = Buckets(BUCKETS)


def test_each_bucket_tag_hashes_to_its_bucket_slot():
    assert [slot(tag) for tag in BUCKET_TAGS] == [b * SLOT_STRIDE for b in range(BUCKETS)]


def test_minted_room_ids_land_on_bucket_slots():
    assert {slot(new_room_id()) % SLOT_STRIDE for _ in range(200)} == {0}


def test_room_keys_and_channel_share_the_room_slot():
    room_id = new_room_id()
    names = [state_key(room_id), presence_key(room_id),
             chat_history_key(room_id, "players"), ai_lease_key(room_id), room_channel(room_id)]
    assert {slot(name) for name in names} == {slot(room_id)}


def test_a_rooms_bucket_keys_share_the_room_slot_under_cluster():
    room_id = new_room_id()
    bucket = CLUSTER.of(room_id)
    names = [CLUSTER.timers(bucket), CLUSTER.lobby(bucket), CLUSTER.live(bucket),
             CLUSTER.outbox("archive:outbox:db", bucket)]
    assert {slot(name) for name in names} == {slot(room_id)}


def test_rooms_spread_over_all_buckets():
    assert {CLUSTER.of(new_room_id()) for _ in range(2000)} == set(range(BUCKETS))


def test_a_single_redis_keeps_the_plain_names():
    one = Buckets()
    assert [one.timers(0), one.lobby(0), one.live(0), one.outbox("archive:outbox:db", 0)] \
        == ["timers", "lobby", "live", "archive:outbox:db"]
