"""Tournaments run by two nodes on one Redis and one PostgreSQL, with bots playing through the
real sockets: the final standings are what the archived games give; a director killed with -9
mid-round is taken over and the tournament finishes right on the other node."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from server.platform.keys import tournament_lease_key
from tests.server.conftest import FAST_ENV
from tests.server.tournaments.archived import recomputed, shown
from tests.server.tournaments.bots import GAME, Bot

pytestmark = pytest.mark.slow


def soon(seconds: float) -> str:
    return (datetime.now(UTC) + timedelta(seconds=seconds)).isoformat()


@pytest.fixture
def database_url(postgres_server) -> str:
    return postgres_server.create_database()


@pytest.fixture
def two_nodes(server_factory, database_url):
    # One after the other: two nodes seeding the puzzles of a new database at once collide
    # on `store_meta` (server/puzzles/, reported), and one of them does not start.
    env = FAST_ENV | {"DATABASE_URL": database_url}
    return [server_factory.start(node, env=env) for node in ("node-a", "node-b")]


async def bots_on(urls: list[str], count: int) -> list[Bot]:
    return list(await asyncio.gather(*(Bot.sign_up(urls[n % len(urls)], n)
                                       for n in range(count))))


async def create(bot: Bot, **terms: Any) -> str:
    status, made = await bot.visitor.post("/api/tournaments", GAME | terms)
    assert status == 201, made
    assert made["url"] == f"/tournament/{made['id']}"
    return made["id"]


async def finished_page(bot: Bot, tournament_id: str) -> dict[str, Any]:
    status, page = await bot.visitor.get(f"/api/tournaments/{tournament_id}")
    assert status == 200 and page["status"] == "finished", page
    return page


async def test_a_round_robin_on_two_nodes_ends_with_the_standings_of_the_archived_games(
        two_nodes, database_url, redis_server):
    """And a page watching it on the node that does not direct it hears every change."""
    bots = await bots_on([node.url for node in two_nodes], 4)
    watcher = None
    try:
        tid = await create(bots[0], format="round_robin", name="Club night", cycles=1,
                           starts_at=soon(3))
        holder = await lease_holder(redis_server, tid)
        other = next(node for node in two_nodes if node.node_id != holder)
        watcher = await bots[0].visitor.player_socket(other.url)
        await watcher.send(type="watch_tournament", id=tid)
        await watcher.send(type="ping")
        await watcher.wait_for("pong")  # the watch is live
        for bot in bots:
            await bot.join(tid)
        await asyncio.gather(*(bot.play_tournament(tid) for bot in bots))
        heard = await watcher.wait_for("tournament", lambda m: m["status"] == "finished")
        page = await finished_page(bots[1], tid)
        announced = [m["v"] for m in watcher.received if m["type"] == "tournament"]
        assert set(announced) >= set(range(1, heard["v"] + 1))  # every change, none missed
        assert heard["id"] == tid
        assert len(page["pairings"]) == 6 and all(p["result"] for p in page["pairings"])
        met = {frozenset((p["first"], p["second"])) for p in page["pairings"]}
        assert len(met) == 6  # each pair once
        for bot in bots:
            await bot.notification(within=1)
            assert set(bot.played) <= bot.notified | set(bot.played[-1:])
        assert shown(page) == await recomputed(database_url, tid)
    finally:
        if watcher is not None:
            await watcher.close()
        for bot in bots:
            await bot.close()


async def lease_holder(redis_server, tournament_id: str) -> str:
    client = redis_server.client()
    async with asyncio.timeout(10):
        while True:
            if (holder := client.get(tournament_lease_key(tournament_id))) is not None:
                return holder
            await asyncio.sleep(0.1)


async def mid_round(bot: Bot, tournament_id: str, round_no: int) -> None:
    """Until a game of round `round_no` is being played."""
    async with asyncio.timeout(60):
        while True:
            _status, page = await bot.visitor.get(f"/api/tournaments/{tournament_id}")
            if any(p["round"] == round_no and p["result"] is None and p["second"]
                   for p in page["pairings"]):
                return
            await asyncio.sleep(0.1)


async def test_a_swiss_whose_director_is_killed_mid_round_finishes_right_on_the_other_node(
        two_nodes, database_url, redis_server):
    creator, *bots = await bots_on([two_nodes[0].url], 6)
    tid = await create(creator, format="swiss", name="Kill -9 open", rounds=3,
                       starts_at=soon(4))
    holder = await lease_holder(redis_server, tid)
    director = next(node for node in two_nodes if node.node_id == holder)
    survivor = next(node for node in two_nodes if node is not director)
    try:
        for bot in bots:
            await bot.move_to(survivor.url)
            bot.think_s = 0.2
            await bot.join(tid)
        playing = [asyncio.create_task(bot.play_tournament(tid)) for bot in bots]
        await mid_round(bots[0], tid, 2)
        director.kill()
        await asyncio.gather(*playing)
        page = await finished_page(bots[0], tid)
        assert await lease_holder(redis_server, tid) == survivor.node_id
        games = [p for p in page["pairings"] if p["second"]]
        assert len(games) == 6 and all(p["result"] for p in page["pairings"])
        assert len({frozenset((p["first"], p["second"])) for p in games}) == 6  # no repeat
        for round_no in (1, 2, 3):
            seated = [name for p in page["pairings"] if p["round"] == round_no
                      for name in (p["first"], p["second"]) if name]
            assert sorted(seated) == sorted(bot.username for bot in bots)  # each once
        assert shown(page) == await recomputed(database_url, tid)
    finally:
        for bot in [creator, *bots]:
            await bot.close()
