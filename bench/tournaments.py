"""Full-size tournaments on two nodes (issue 29), with bots through the real sockets.

Starts a Redis, a PostgreSQL and two server nodes (real processes), signs up the bots (each
talks to one of the nodes: its own socket for the "paired" notification, the seat token from
`GET /api/rooms/{id}/seat`, the room socket to play random legal tic-tac-toe moves with
--think seconds before each), and runs, one after the other:
- an arena of --arena-players for --arena-minutes of 1+0 games;
- a Swiss of --swiss-players and --swiss-rounds rounds;
- a round robin of --robin-players.
Then, for each: the games played, how long it took, the time from a player's game ending to
their next pairing (arena: median, p99, max, from the archived games' `finished_at` and the
next game's `created_at`), and whether the final standings equal those worked out again from
the archived games alone (tests/server/tournaments/archived.py).

    .venv/bin/python -m bench.tournaments
    .venv/bin/python -m bench.tournaments --arena-minutes 1 --arena-players 20   # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from bench.stats import percentile
from server.players.store_sql.database import open_database
from server.players.store_sql.schema import games, tournament_games
from tests.harness import PostgresServer, RedisFactory, ServerFactory
from tests.server.conftest import FAST_ENV
from tests.server.tournaments.archived import recomputed, shown
from tests.server.tournaments.bots import GAME, Bot

START_AFTER_S = 8
SIGN_UPS_AT_ONCE = 4


async def pairing_waits(database_url: str, tournament_id: str) -> list[float]:
    """Seconds from each archived game's end to its players' next game's room."""
    engine = open_database(database_url)
    try:
        async with engine.connect() as connection:
            rows = (await connection.execute(
                sa.select(tournament_games.c.first_id, tournament_games.c.second_id,
                          games.c.created_at, games.c.finished_at)
                .join(games, games.c.id == tournament_games.c.room_id + "-1")
                .where(tournament_games.c.tournament_id == tournament_id))).all()
    finally:
        await engine.dispose()
    by_player: dict[str, list[tuple[int, int]]] = {}
    for row in rows:
        for player in (row.first_id, row.second_id):
            by_player.setdefault(player, []).append((row.created_at, row.finished_at))
    waits = []
    for played in by_player.values():
        played.sort()
        waits += [(nxt[0] - prev[1]) / 1000 for prev, nxt in zip(played, played[1:], strict=False)]
    return waits


async def run(bots: list[Bot], database_url: str, **terms: Any) -> dict[str, Any]:
    creator = bots[0]
    starts = datetime.now(UTC) + timedelta(seconds=START_AFTER_S)
    status, made = await creator.visitor.post("/api/tournaments", GAME | terms | {
        "clock": {"initial_s": 60, "increment_s": 0}, "starts_at": starts.isoformat()})
    assert status == 201, made
    tid = made["id"]
    for bot in bots:
        await bot.join(tid)
    began = time.monotonic()
    await asyncio.gather(*(bot.play_tournament(tid, within_s=3600) for bot in bots))
    took = time.monotonic() - began - START_AFTER_S
    _status, page = await creator.visitor.get(f"/api/tournaments/{tid}")
    await asyncio.sleep(2)  # the archive's last games
    same = shown(page) == await recomputed(database_url, tid)
    waits = await pairing_waits(database_url, tid)
    played = [p for p in page["pairings"] if p["second"]]
    return {"format": terms["format"], "players": len(bots), "games": len(played),
            "took_s": took, "waits": waits, "same": same}


def line(result: dict[str, Any]) -> str:
    waits = sorted(result["waits"]) or [0.0]
    return (f"| {result['format']:<11} | {result['players']:>7} | {result['games']:>5} | "
            f"{result['took_s']:>7.0f} | {statistics.median(waits):>6.1f} | "
            f"{percentile(waits, 0.99):>6.1f} | {max(waits):>6.1f} | "
            f"{'yes' if result['same'] else 'NO':>28} |")


async def main_async(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "redis").mkdir()
        redis_factory = RedisFactory(Path(tmp) / "redis")
        postgres = PostgresServer.create().start()
        database_url = postgres.create_database()
        factory = ServerFactory(Path(tmp), redis_factory.start().url)
        env = FAST_ENV | {"DATABASE_URL": database_url, "LOG_LEVEL": "WARNING"}
        # One after the other: two nodes seeding a new database's puzzles at once collide.
        nodes = [factory.start(node, env=env) for node in ("node-a", "node-b")]
        results = []
        try:
            for format_, count, extra in (
                    ("round_robin", args.robin_players, {"cycles": 1}),
                    ("swiss", args.swiss_players, {"rounds": args.swiss_rounds}),
                    ("arena", args.arena_players, {"minutes": args.arena_minutes})):
                if format_ not in args.formats:
                    continue
                bots = []
                for first in range(0, count, SIGN_UPS_AT_ONCE):  # argon2: a few at a time
                    bots += await asyncio.gather(*(
                        Bot.sign_up(nodes[n % 2].url, n)
                        for n in range(first, min(count, first + SIGN_UPS_AT_ONCE))))
                for bot in bots:
                    bot.think_s = args.think
                try:
                    results.append(await run(bots, database_url, format=format_,
                                             name=f"Bench {format_}", **extra))
                finally:
                    for bot in bots:
                        await bot.close()
                print(line(results[-1]), flush=True)
        finally:
            factory.close()
            postgres.close()
            redis_factory.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arena-players", type=int, default=60)
    parser.add_argument("--arena-minutes", type=int, default=5)
    parser.add_argument("--swiss-players", type=int, default=40)
    parser.add_argument("--swiss-rounds", type=int, default=8)
    parser.add_argument("--robin-players", type=int, default=10)
    parser.add_argument("--formats", nargs="+", default=["round_robin", "swiss", "arena"])
    parser.add_argument("--think", type=float, default=0.3, help="seconds before each move")
    args = parser.parse_args()
    print("| format      | players | games | took s | wait p50 | p99 | max | "
          "standings = archive recomputed |")
    print("|---|---|---|---|---|---|---|---|")
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
