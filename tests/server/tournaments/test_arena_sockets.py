"""A whole arena over the real sockets on the shared node: four bots play one minute of
tic-tac-toe (1+0), each paired again as soon as their game ends; every game is scored as the
archive has it, and each player's score is the sum of their games' points."""

from __future__ import annotations

import asyncio

import pytest

from tests.server.tournaments.bots import GAME, Bot
from tests.server.tournaments.test_tournament_api import soon

PLAYERS = 4
WINNER = {1: "first", 2: "second", None: "draw"}

pytestmark = pytest.mark.slow  # a minute of play (little CPU: tic-tac-toe bots)


async def test_a_one_minute_arena_of_four_bots_is_played_and_scored_from_its_games(
        arena_node):
    bots = [await Bot.sign_up(arena_node.url, n) for n in range(PLAYERS)]
    try:
        status, made = await bots[0].visitor.post("/api/tournaments", GAME | {
            "format": "arena", "name": "Một phút", "minutes": 1, "starts_at": soon(2)})
        assert status == 201, made
        for bot in bots:
            await bot.join(made["id"])
        await asyncio.gather(*(bot.play_tournament(made["id"]) for bot in bots))
        page = (await bots[0].visitor.get(f"/api/tournaments/{made['id']}"))[1]
        assert page["status"] == "finished"
        games = page["pairings"]
        assert all(len(bot.played) >= 2 for bot in bots)  # paired again after a game
        for game in games:
            archived = (await bots[0].visitor.get(f"/api/games/{game['room_id']}-1"))[1]
            assert WINNER[archived["result"]["winner"]] == game["result"], game
        for row in page["standings"]:
            assert row["score"] == sum(g["points"] for g in row["games"]), row
            assert len(row["games"]) == sum(row["username"] in (g["first"], g["second"])
                                            for g in games)
    finally:
        for bot in bots:
            await bot.close()
