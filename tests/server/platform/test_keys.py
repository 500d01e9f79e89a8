"""Key placement (server/platform/keys.py): a room's keys, channel and buckets share a slot;
room ids are what docs/protocol.md says they are."""

from __future__ import annotations

import secrets

from server.platform.keys import (
    BUCKET_TAGS,
    BUCKETS,
    ROOM_ID,
    ROOM_ID_BYTES,
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
from tests.protocol_doc import room_ids

CLUSTER = Buckets(BUCKETS)
URL_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def test_minted_room_ids_have_the_documented_length_and_alphabet():
    promise = room_ids()
    ids = [new_room_id() for _ in range(200)]
    assert {len(room_id) for room_id in ids} == {promise.length}
    assert set("".join(ids)) <= set(URL_SAFE)


def test_the_random_part_of_a_room_id_is_as_documented():
    promise = room_ids()
    assert ROOM_ID_BYTES * 8 == promise.random_bits
    assert len(secrets.token_urlsafe(ROOM_ID_BYTES)) == promise.random_chars


def test_the_server_accepts_room_ids_up_to_the_documented_maximum_length():
    longest = room_ids().max_length
    assert ROOM_ID.fullmatch(URL_SAFE[:longest]) and not ROOM_ID.fullmatch("a" * (longest + 1))


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
