"""Two pairing nodes, one real Redis and one real PostgreSQL, 1,000 logged-in players joining
rated pools over HTTP on both nodes: the node holding the pairing lease is killed (kill -9)
mid-run, the other takes the lease over and pairs the rest, and no player is ever in two
pairings or two rooms (docs/protocol.md §2i)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import time

import aiohttp
import pytest
import redis.asyncio as redis

from server.platform.keys import pool_key, state_key
from server.platform.tokens import hash_token
from server.players.store_sql.database import open_database
from server.players.store_sql.schema import accounts, players, ratings, sessions
from server.rooms import RoomState
from tests.server.conftest import FAST_ENV

pytestmark = [pytest.mark.slow, pytest.mark.timeout(420)]

PLAYERS = 1000
POOLS = ("gomoku-3+2", "caro-5+3")  # two pools, so a wave pairs more than one
ARRIVALS_S = 8.0  # the players arrive over this long
ASK_AFTER_S = 30.0  # a page not told of its pairing by then asks
WITHIN_S = 180.0  # all paired by then (on a loaded machine: a quiet one takes ~30 s)
HTTP_AT_ONCE = 24


async def make_accounts(database_url: str) -> list[tuple[str, str, int, str]]:
    """(player id, session token, rating, pool) of PLAYERS accounts, written to SQL as
    registering and logging in would (with ratings from a bell curve)."""
    rng = random.Random(27)
    now = int(time.time() * 1000)
    made = [(secrets.token_hex(12), secrets.token_urlsafe(24), round(rng.gauss(1500, 250)),
             POOLS[n % len(POOLS)]) for n in range(PLAYERS)]
    engine = open_database(database_url)
    try:
        async with engine.begin() as connection:
            await connection.execute(players.insert(), [
                {"id": pid, "name": None, "created_at": now} for pid, *_ in made])
            await connection.execute(accounts.insert(), [
                {"player_id": pid, "username": f"p{n}", "username_key": f"p{n}",
                 "password_hash": "unused", "created_at": now}
                for n, (pid, *_) in enumerate(made)])
            await connection.execute(sessions.insert(), [
                {"token_hash": hash_token(token), "player_id": pid, "created_at": now,
                 "expires_at": now + 3600_000} for pid, token, *_ in made])
            await connection.execute(ratings.insert(), [
                {"player_id": pid, "variant": pool.split("-")[0], "rating": rating, "rd": 60.0,
                 "volatility": 0.06, "games": 30, "updated_at": now}
                for pid, _token, rating, pool in made])
    finally:
        await engine.dispose()
    return made


async def paired_at_least(client: redis.Redis, count: int) -> None:
    """Wait until `count` players have been paired (read from the pool's Redis)."""
    deadline = time.monotonic() + WITHIN_S
    while await client.hlen(pool_key("paired")) < count:
        assert time.monotonic() < deadline, f"fewer than {count} paired in {WITHIN_S} s"
        await asyncio.sleep(0.05)


class Page:
    """One player's browser tab: the player's socket (`/ws/me`, which keeps the player in the
    pool and brings the pairing), reconnected to the other node when its node dies, as the
    web page's is; joins a pool and waits to be told of its pairing."""

    def __init__(self, http: aiohttp.ClientSession, token: str, pool: str) -> None:
        self.http, self.token, self.pool = http, token, pool
        self.headers = {"Cookie": f"caro_session={self.token}"}
        self.paired: dict | None = None
        self.told = asyncio.Event()

    async def call(self, nodes: list, method: str, path: str, body: dict | None = None) -> dict:
        """Ask a live node (the first that answers: a dead node's page goes elsewhere)."""
        for node in nodes:
            try:
                async with self.http.request(method, node.url + path, headers=self.headers,
                                             json=body if method != "GET" else None) as response:
                    assert response.status == 200, await response.text()
                    return await response.json()
            except aiohttp.ClientConnectionError:
                continue
        raise AssertionError("no node answers")

    async def socket(self, nodes: list, gate: asyncio.Semaphore) -> None:
        """Keep the player's socket open on a live node until told of the pairing."""
        while not self.told.is_set():
            for node in nodes:
                try:
                    async with gate:
                        ws = await self.http.ws_connect(f"{node.ws_url}/ws/me",
                                                        headers=self.headers)
                except aiohttp.ClientError:
                    continue
                async with ws:
                    async for message in ws:
                        data = json.loads(message.data)
                        if data["type"] == "pool_paired":
                            self.paired = data["paired"]
                            self.told.set()
                            return
                break  # the node closed the socket (it died): open one again
            await asyncio.sleep(0.5)

    async def search(self, nodes: list, gate: asyncio.Semaphore) -> None:
        """Open the socket, join, wait to be told; ask (and join again if the search was
        dropped) only if the message is long in coming."""
        keeping = asyncio.create_task(self.socket(nodes, gate))
        async with gate:
            await self.call(nodes, "POST", "/api/pool", {"pool": self.pool})
        while not self.told.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.told.wait(), ASK_AFTER_S)
                break
            async with gate:
                answer = await self.call(nodes, "GET", "/api/pool")
            if answer["paired"]:
                self.paired = answer["paired"]
                break
            if answer["pool"] is None:
                async with gate:
                    await self.call(nodes, "POST", "/api/pool", {"pool": self.pool})
        keeping.cancel()
        await asyncio.gather(keeping, return_exceptions=True)


async def test_two_pairing_nodes_never_pair_a_player_twice_and_one_takes_over(
        server_factory, redis_factory, postgres_server):
    store = redis_factory.start()
    database = postgres_server.create_database()
    nodes = server_factory.start_many(["pool-a", "pool-b"], redis_url=store.url,
                                      env=FAST_ENV | {"DATABASE_URL": database,
                                                       "MAX_SOCKETS_PER_IP": "0"})
    made = await make_accounts(database)
    client = redis.from_url(store.url, decode_responses=True)
    gate = asyncio.Semaphore(HTTP_AT_ONCE)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        pages = [Page(http, token, pool) for _pid, token, _rating, pool in made]

        async def arrive(n: int, page: Page) -> None:
            await asyncio.sleep(ARRIVALS_S * n / PLAYERS)
            order = nodes if n % 2 == 0 else nodes[::-1]  # half of them on each node
            await page.search(order, gate)

        searches = asyncio.gather(*(arrive(n, page) for n, page in enumerate(pages)))
        # Mid-run: once pairs are being made and players still arrive, kill the lease holder.
        await paired_at_least(client, PLAYERS // 4)
        holder = await client.get(pool_key("lease"))
        doomed = next(node for node in nodes if node.node_id == holder)
        survivor = next(node for node in nodes if node is not doomed)
        paired_before = await client.hlen(pool_key("paired"))
        doomed.kill()
        killed_at = int(time.time() * 1000)
        await asyncio.wait_for(searches, WITHIN_S)

    assert paired_before < PLAYERS, "the kill came before the run was over"
    assert await client.get(pool_key("lease")) == survivor.node_id
    pairings = [json.loads(raw) for raw in (await client.hgetall(pool_key("paired"))).values()]
    assert len(pairings) == PLAYERS
    assert any(p["at"] > killed_at for p in pairings), "the survivor paired after the kill"
    assert await client.hlen(pool_key("unmade")) == 0
    assert await client.hlen(pool_key("members")) == 0

    # Every player is in exactly one room, seated once, with the room the page was told.
    rooms = {page.paired["room_id"] for page in pages}
    assert len(rooms) == PLAYERS // 2
    seated: dict[str, str] = {}
    for room_id in rooms:
        state = RoomState.from_record(json.loads(await client.hget(state_key(room_id), "data")))
        assert state.rated and state.status.value == "playing"
        for seat in state.seats:
            assert seat is not None and seat.player_id not in seated
            seated[seat.player_id] = room_id
    assert set(seated) == {pid for pid, *_ in made}
    for (pid, *_), page in zip(made, pages, strict=True):
        assert seated[pid] == page.paired["room_id"]
    await client.aclose()
