"""The leaderboard per variant: ratings of recently active accounts, the established ones best
first, then the provisional ones, marked."""

from __future__ import annotations

from server.players.store_sql.accounts import create_account
from server.players.store_sql.archive import archive_game
from server.players.store_sql.rating_store import LEADERBOARD_RECENT_MS, leaderboard
from tests.server.games import T0, finished_game


async def play_rated(engine, first: str, second: str, games: int, now: int = T0) -> None:
    for n in range(games):
        await archive_game(engine, finished_game(first, second, winner=1 + (n % 3 == 0),
                                                 rated=True), now=now)


async def test_established_ratings_come_first_then_provisional_ones_marked(engine):
    for name in ("strong", "weak", "newcomer"):
        await create_account(engine, name, name.upper(), "hash", T0)
    await play_rated(engine, "strong", "weak", 30)
    await play_rated(engine, "newcomer", "weak", 1)
    board = await leaderboard(engine, "gomoku", now=T0)
    assert [(row["username"], row["provisional"]) for row in board] == [
        ("STRONG", False), ("WEAK", False), ("NEWCOMER", True)]
    assert board[0]["rating"] > board[1]["rating"] and board[0]["games"] == 30


async def test_a_new_servers_leaderboard_lists_its_provisional_players(engine):
    for name in ("lan", "minh"):
        await create_account(engine, name, name, "hash", T0)
    await play_rated(engine, "lan", "minh", 1)  # minh wins
    board = await leaderboard(engine, "gomoku", now=T0)
    assert [(row["username"], row["provisional"], row["games"]) for row in board] == [
        ("minh", True, 1), ("lan", True, 1)]


async def test_players_without_a_recent_rated_game_drop_off(engine):
    for name in ("old_a", "old_b"):
        await create_account(engine, name, name, "hash", T0)
    await play_rated(engine, "old_a", "old_b", 30)
    assert await leaderboard(engine, "gomoku", now=T0 + LEADERBOARD_RECENT_MS + 1) == []
    assert await leaderboard(engine, "connect4", now=T0) == []
