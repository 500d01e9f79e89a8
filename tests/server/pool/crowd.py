"""A crowd of logged-in players searching the rated pools on two real nodes, the pairing node
killed (kill -9) mid-run: shared by the scaled-down test (tests/server/pool/test_pool_nodes.py)
and the 1,000-player bench (bench/pool_nodes.py), which differ only in size.

Each player is a browser tab: the player's socket (`/ws/me`, on a live node: it keeps the
player in the pool and brings the pairing, `pool_paired`), reconnected to the other node when
its node dies as the web page's is; it joins a pool over HTTP and, until told, asks
`GET /api/pool` every few seconds as the web page does (client/js/pool/search.js; docs/
protocol.md §2j, §3b): a tab whose socket was being reopened when its pairing was told finds
it so.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import secrets
import time
from collections import Counter
from dataclasses import dataclass

import aiohttp
import redis.asyncio as redis

from server.platform.keys import outbox_prefix, state_key
from server.platform.tokens import hash_token
from server.players.store_sql.database import open_database
from server.players.store_sql.migrate import instance_id
from server.players.store_sql.schema import accounts, players, ratings, sessions
from server.pool.store import PoolStore
from server.rooms import RoomState

POOLS = ("gomoku-3+2", "caro-5+3")  # two pools, so a wave pairs more than one
ASK_AFTER_S = 5.0  # a page not told of its pairing asks this often, as the web page does
HTTP_AT_ONCE = 24  # requests and socket openings in flight at once, as many browsers would
# The nodes of a crowd: sockets without a per-address cap (every tab comes from 127.0.0.1).
NODE_ENV = {"MAX_SOCKETS_PER_IP": "0"}


@dataclass(frozen=True, slots=True)
class Player:
    player_id: str
    token: str
    rating: int
    pool: str


async def make_accounts(database_url: str, count: int, seed: int = 27) -> list[Player]:
    """`count` accounts written to SQL as registering and logging in would, with ratings from a
    bell curve, half in each pool."""
    rng = random.Random(seed)
    now = int(time.time() * 1000)
    made = [Player(secrets.token_hex(12), secrets.token_urlsafe(24), round(rng.gauss(1500, 250)),
                   POOLS[n % len(POOLS)]) for n in range(count)]
    engine = open_database(database_url)
    try:
        async with engine.begin() as connection:
            await connection.execute(players.insert(), [
                {"id": p.player_id, "name": None, "created_at": now} for p in made])
            await connection.execute(accounts.insert(), [
                {"player_id": p.player_id, "username": f"p{n}", "username_key": f"p{n}",
                 "password_hash": "unused", "created_at": now} for n, p in enumerate(made)])
            await connection.execute(sessions.insert(), [
                {"token_hash": hash_token(p.token), "player_id": p.player_id, "created_at": now,
                 "expires_at": now + 3600_000} for p in made])
            await connection.execute(ratings.insert(), [
                {"player_id": p.player_id, "variant": p.pool.split("-")[0], "rating": p.rating,
                 "rd": 60.0, "volatility": 0.06, "games": 30, "updated_at": now} for p in made])
    finally:
        await engine.dispose()
    return made


async def pools_of(client: redis.Redis, database_url: str) -> PoolStore:
    """The pools of the nodes' database in their Redis (one set per database: server/platform/
    keys.py `pool_key`), to watch and audit."""
    engine = open_database(database_url)
    try:
        return PoolStore(client, outbox_prefix(await instance_id(engine)))
    finally:
        await engine.dispose()


class Page:
    """One player's browser tab."""

    def __init__(self, http: aiohttp.ClientSession, player: Player) -> None:
        self.http, self.pool = http, player.pool
        self.headers = {"Cookie": f"caro_session={player.token}"}
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
        """Open the socket, join, wait to be told; ask every ASK_AFTER_S meanwhile (and join
        again if the search was dropped)."""
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


@dataclass(slots=True)
class Run:
    """What happened: when the holder was killed, how many were paired by then, how long the
    survivor took to hold the lease, and how long until every page was told."""
    pages: list[Page]
    doomed: str
    survivor: str
    paired_before_kill: int
    killed_at_ms: int
    takeover_s: float
    all_told_s: float


async def run(nodes: list, pools: PoolStore, made: list[Player], *, arrivals_s: float,
              kill_after: int, within_s: float) -> Run:
    """The players arrive over `arrivals_s`, half of them on each node; once `kill_after` are
    paired the lease holder is killed; every page is told within `within_s` or this fails."""
    client, gate = pools.redis, asyncio.Semaphore(HTTP_AT_ONCE)
    started = time.monotonic()
    deadline = started + within_s
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        pages = [Page(http, player) for player in made]

        async def arrive(n: int, page: Page) -> None:
            await asyncio.sleep(arrivals_s * n / len(pages))
            await page.search(nodes if n % 2 == 0 else nodes[::-1], gate)

        searches = asyncio.gather(*(arrive(n, page) for n, page in enumerate(pages)))
        try:
            while await client.hlen(pools.keys["paired"]) < kill_after:
                assert time.monotonic() < deadline, f"fewer than {kill_after} paired in time"
                await asyncio.sleep(0.05)
            holder = await client.get(pools.keys["lease"])
            doomed = next(node for node in nodes if node.node_id == holder)
            survivor = next(node for node in nodes if node is not doomed)
            paired_before = await client.hlen(pools.keys["paired"])
            doomed.kill()
            killed_at_ms, killed = int(time.time() * 1000), time.monotonic()
            while await client.get(pools.keys["lease"]) != survivor.node_id:
                assert time.monotonic() < deadline, "the survivor never took the lease"
                await asyncio.sleep(0.05)
            takeover_s = time.monotonic() - killed
            await asyncio.wait_for(searches, max(0.0, deadline - time.monotonic()))
        finally:
            searches.cancel()
            await asyncio.gather(searches, return_exceptions=True)
    return Run(pages, doomed.node_id, survivor.node_id, paired_before, killed_at_ms, takeover_s,
               time.monotonic() - started)


@dataclass(slots=True)
class Audit:
    """The pool's Redis and the rooms after a run: every count but `pairings`, `rooms` and
    `after_kill` is 0 when no player was paired twice or lost."""
    pairings: int  # players with a pairing
    rooms: int
    after_kill: int  # pairings made by the survivor after the kill
    in_two_rooms: int  # players seated in more than one room
    unseated: int  # players in no room
    told_another_room: int  # pages told a room where their player does not sit
    unmade: int  # pairings whose room was never made
    still_waiting: int


async def audit(pools: PoolStore, made: list[Player], result: Run) -> Audit:
    client = pools.redis
    pairings = [json.loads(raw) for raw in (await client.hgetall(pools.keys["paired"])).values()]
    rooms = {page.paired["room_id"] for page in result.pages if page.paired}
    seats: Counter[str] = Counter()
    room_of: dict[str, str] = {}
    for room_id in rooms:
        raw = await client.hget(state_key(room_id), "data")
        state = RoomState.from_record(json.loads(raw))
        assert state.rated and state.status.value == "playing", room_id
        for seat in state.seats:
            if seat is not None:
                seats[seat.player_id] += 1
                room_of[seat.player_id] = room_id
    told_wrong = sum(1 for player, page in zip(made, result.pages, strict=True)
                     if page.paired is None
                     or room_of.get(player.player_id) != page.paired["room_id"])
    return Audit(
        pairings=len(pairings), rooms=len(rooms),
        after_kill=sum(1 for p in pairings if p["at"] > result.killed_at_ms),
        in_two_rooms=sum(1 for n in seats.values() if n > 1),
        unseated=sum(1 for p in made if p.player_id not in seats),
        told_another_room=told_wrong,
        unmade=await client.hlen(pools.keys["unmade"]),
        still_waiting=await client.hlen(pools.keys["members"]))
