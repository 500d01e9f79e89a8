"""The director's lease over real Redis (server/pool/lease.py, store.py): one node holds
it, another takes it over once it expires, and a write from a node that does not hold it is
refused `not_director`."""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as redis

from server.platform.errors import ArenaError
from server.platform.keys import tournament_channel, tournament_lease_key
from server.play.fanout import Fanout
from server.pool.lease import Lease
from server.tournaments.results import Format
from server.tournaments.store import TournamentStore
from server.tournaments.tournament import Terms, Tournament

TTL_MS = 200


@pytest.fixture
async def client(redis_server):
    client = redis.from_url(redis_server.url, decode_responses=True)
    yield client
    await client.aclose()


def a_tournament(tournament_id: str) -> Tournament:
    return Tournament(tournament_id, Terms(Format.SWISS, "Club", "tictactoe", "none", 60_000, 0,
                                           False, 0, rounds=3), 0)


async def test_one_node_holds_the_lease_and_another_takes_it_once_it_expires(client):
    key = tournament_lease_key("lease-test")
    first, second = (Lease(client, key, node, TTL_MS) for node in ("node-a", "node-b"))
    assert await first.hold() and not await second.hold()
    assert await first.hold()  # renewed
    await asyncio.sleep(TTL_MS / 1000 * 2)  # node-a died: nothing renews it
    assert await second.hold() and await second.holder() == "node-b"


async def test_a_pairing_stored_by_a_node_without_the_lease_is_refused(client):
    store = TournamentStore(client, "archive:outbox:lease-test",
                            Fanout(client, channel=tournament_channel))
    t = a_tournament("fenced-test")
    await store.add(t)
    await Lease(client, tournament_lease_key(t.id), "node-b", 5_000).hold()
    with pytest.raises(ArenaError) as refused:
        await store.replace(t, t, director="node-a")
    assert refused.value.code == "not_director"
    stored = await store.replace(t, t, director="node-b")
    assert stored is not None and stored.v == 1
    assert await store.replace(t, t, director="node-b") is None  # v 0 is gone: changed
