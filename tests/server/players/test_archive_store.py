"""The SQL game archive: each game written once, read back whole, a player's games paged."""

from __future__ import annotations

import asyncio

import sqlalchemy as sa

from server.players.store_sql.archive import archive_game, find_game, player_games
from tests.server.games import T0, finished_game


async def count_games(engine) -> int:
    async with engine.connect() as connection:
        return (await connection.execute(sa.text("SELECT count(*) FROM games"))).scalar_one()


async def test_an_archived_game_reads_back_with_moves_times_clock_and_result(engine):
    game = finished_game()
    assert await archive_game(engine, game, now=T0 + 61_000)
    stored = await find_game(engine, game["id"])
    assert stored["moves"] == game["moves"] and stored["move_times"] == game["move_times"]
    assert stored["result"]["winner"] == 1 and stored["termination"] == "resign"
    assert stored["clock"] == game["clock"] and stored["finished_at"] == game["finished_at"]
    assert stored["players"]["1"]["name"] == "First" and not stored["rated"]


async def test_the_archive_does_not_publish_player_identities(engine):
    game = finished_game("secret-player-1")
    await archive_game(engine, game, now=T0)
    assert "secret-player-1" not in str(await find_game(engine, game["id"]))


async def test_archiving_a_game_twice_writes_it_once(engine):
    game = finished_game()
    assert await archive_game(engine, game, now=T0)
    assert not await archive_game(engine, game, now=T0 + 1)
    assert await count_games(engine) == 1


async def test_the_same_game_archived_concurrently_is_written_once(engine):
    game = finished_game()
    results = await asyncio.gather(*(archive_game(engine, game, now=T0) for _ in range(4)))
    assert sorted(results) == [False, False, False, True]
    assert await count_games(engine) == 1


async def test_unknown_game_is_none(engine):
    assert await find_game(engine, "nope-1") is None


async def test_a_players_games_come_newest_first_in_pages_without_gaps(engine):
    ids = []
    for minute in range(7):
        game = finished_game("me", "other", finished_at=T0 + minute * 60_000)
        await archive_game(engine, game, now=T0)
        ids.append(game["id"])
    await archive_game(engine, finished_game("someone", "else"), now=T0)
    seen, before = [], None
    for _page in range(5):
        page = await player_games(engine, "me", before, limit=3)
        seen += [game["id"] for game in page.games]
        before = page.next_before
        if before is None:
            break
    assert seen == ids[::-1]


async def test_a_players_game_says_which_seat_they_had_and_how_it_went(engine):
    await archive_game(engine, finished_game("a", "b", winner=2), now=T0)
    (as_first,) = (await player_games(engine, "a")).games
    (as_second,) = (await player_games(engine, "b")).games
    assert (as_first["seat"], as_first["outcome"]) == (1, "l")
    assert (as_second["seat"], as_second["outcome"]) == (2, "w")


async def test_a_seat_without_identity_is_archived_without_a_player(engine):
    game = finished_game("a", None)
    await archive_game(engine, game, now=T0)
    assert (await find_game(engine, game["id"]))["players"]["2"]["name"] == "Second"


async def ratings_of(engine, player_id: str) -> list[tuple]:
    async with engine.connect() as connection:
        return (await connection.execute(sa.text(
            "SELECT variant, rating, games FROM ratings WHERE player_id = :p"),
            {"p": player_id})).all()


async def test_a_rated_game_changes_both_ratings_once_with_the_archive(engine):
    game = finished_game("alice", "bob", winner=1, rated=True, usernames=("alice", "bob"))
    await archive_game(engine, game, now=T0)
    await archive_game(engine, game, now=T0 + 1)  # delivered twice: applied once
    ((variant, alice, games),) = await ratings_of(engine, "alice")
    ((_, bob, _),) = await ratings_of(engine, "bob")
    stored = await find_game(engine, game["id"])
    assert variant == "gomoku" and games == 1 and alice > 1500 > bob
    assert stored["rating_changes"]["1"] == {"before": 1500, "after": round(alice),
                                             "diff": round(alice) - 1500}


async def test_an_unrated_game_changes_no_rating(engine):
    await archive_game(engine, finished_game("carol", "dave"), now=T0)
    assert await ratings_of(engine, "carol") == []


async def test_many_rated_games_archived_at_once_are_each_applied_exactly_once(engine):
    games = [finished_game("p", "q", winner=1 + n % 2, rated=True) for n in range(20)]
    await asyncio.gather(*(archive_game(engine, game, now=T0) for game in games + games))
    (( _, _, p_games),) = await ratings_of(engine, "p")
    async with engine.connect() as connection:
        history = (await connection.execute(sa.text(
            "SELECT count(*) FROM rating_history WHERE player_id = 'p'"))).scalar_one()
    assert p_games == 20 and history == 20


async def test_an_archived_game_keeps_its_opening_rule_and_the_choices_made(engine):
    game = finished_game() | {"opening": "swap2", "opening_choices": ["place_two", "white"]}
    await archive_game(engine, game, now=T0)
    stored = await find_game(engine, game["id"])
    assert (stored["opening"], stored["opening_choices"]) == ("swap2", ["place_two", "white"])


async def test_a_game_queued_before_opening_rules_is_archived_without_one(engine):
    game = finished_game()
    del game["opening"], game["opening_choices"]
    await archive_game(engine, game, now=T0)
    stored = await find_game(engine, game["id"])
    assert (stored["opening"], stored["opening_choices"]) == ("none", [])
