"""Puzzles, attempts and puzzle ratings in SQL (PostgreSQL and SQLite): adding puzzles once,
the next one near a rating and never one tried before, each move a transition that happens
once, and ratings changed exactly once per attempt even when the same move races itself."""

from __future__ import annotations

import asyncio
import random

import pytest
import redis.asyncio as redis

from engine.puzzles.puzzle import shipped
from server.platform.errors import ArenaError, ErrorCode
from server.puzzles import attempts, catalogue
from server.puzzles.service import PuzzleService
from tests.server.puzzles.samples import defence, many, vcf


async def test_puzzles_are_added_once_by_position(engine):
    assert await catalogue.add(engine, [vcf(), defence()], 1) == 2
    assert await catalogue.add(engine, [vcf(), defence(), *many(2)], 2) == 2
    assert await catalogue.count(engine) == 4


async def test_nodes_adding_the_same_puzzles_at_once_store_each_once(engine):
    puzzles = many(6)
    added = await asyncio.gather(*(catalogue.add(engine, puzzles, 1) for _ in range(3)))
    assert sum(added) == 6 and await catalogue.count(engine) == 6


async def test_nodes_starting_at_once_all_seed_the_shipped_set(engine, redis_server):
    """The nodes of a new deployment start together: none fails on another one's mark."""
    client = redis.from_url(redis_server.quiet_url)
    try:
        nodes = [PuzzleService(engine, client) for _ in range(8)]
        added = await asyncio.gather(*(node.seed() for node in nodes))
        assert sum(added) == len({puzzle.id for puzzle in shipped()})
        assert await nodes[0].seed() == 0  # marked: the next start adds nothing
    finally:
        await client.aclose()


async def test_the_next_puzzle_is_near_the_rating_and_never_one_tried(engine):
    await catalogue.add(engine, many(7), 1)  # rated 1000 .. 1600
    rng = random.Random(1)
    catalogue.CHOICES, choices = 1, catalogue.CHOICES
    try:
        first = await catalogue.pick(engine, "p1", "gomoku", None, 1290, rng)
        assert first is not None and first.glicko.rating == 1300
        await attempts.give_up(engine, "p1", first.id, 5)
        second = await catalogue.pick(engine, "p1", "gomoku", None, 1290, rng)
        assert second is not None and second.glicko.rating in (1200, 1400)
        moved = await catalogue.load(engine, first.id)  # the give-up raised its rating
        other = await catalogue.pick(engine, "p2", "gomoku", None, moved.glicko.rating, rng)
        assert other is not None and other.id == first.id  # others still get it
    finally:
        catalogue.CHOICES = choices


async def test_a_theme_or_variant_with_nothing_left_gives_none(engine):
    await catalogue.add(engine, [vcf(), defence()], 1)
    rng = random.Random(1)
    found = await catalogue.pick(engine, "p1", None, "defence", 1500, rng)
    assert found is not None and found.goal == "defend"
    await attempts.give_up(engine, "p1", found.id, 2)
    assert await catalogue.pick(engine, "p1", None, "defence", 1500, rng) is None
    assert await catalogue.pick(engine, "p1", "caro", None, 1500, rng) is None


async def test_solving_takes_the_line_and_rates_player_and_puzzle_once(engine):
    puzzle = vcf(rating=1500)
    await catalogue.add(engine, [puzzle], 1)
    _stored, first = await attempts.play(engine, "p1", puzzle.id, ["h7"], 10)
    assert (first.verdict.reply, first.rating_change) == ("g6", None)
    _stored, last = await attempts.play(engine, "p1", puzzle.id, ["h7", "g6", "l11"], 11)
    assert last.verdict.solved and last.rating_change is not None and last.rating_change > 0
    stored = await catalogue.load(engine, puzzle.id)
    assert stored.plays == 1 and stored.glicko.rating < 1500  # the puzzle lost to the player
    mine = await attempts.rating_of(engine, "p1")
    assert mine["attempts"] == 1 and mine["rating"] == 1500 + last.rating_change


async def test_a_finished_attempt_cannot_be_played_again(engine):
    puzzle = vcf()
    await catalogue.add(engine, [puzzle], 1)
    _stored, wrong = await attempts.play(engine, "p1", puzzle.id, ["a1"], 10)
    assert not wrong.verdict.correct and wrong.rating_change < 0
    for moves in (["a1"], ["h7"], ["a1", "b1", "h7"]):
        with pytest.raises(ArenaError) as refused:
            await attempts.play(engine, "p1", puzzle.id, moves, 11)
        assert refused.value.code is ErrorCode.PUZZLE_FINISHED
    with pytest.raises(ArenaError) as refused:
        await attempts.give_up(engine, "p1", puzzle.id, 12)
    assert refused.value.code is ErrorCode.PUZZLE_FINISHED
    assert (await attempts.rating_of(engine, "p1"))["attempts"] == 1


async def test_the_same_move_sent_twice_at_once_is_counted_once(engine):
    puzzles = many(4)
    await catalogue.add(engine, puzzles, 1)
    for puzzle in puzzles:  # the first move of an attempt, and the move that ends one
        tries = await asyncio.gather(
            *(attempts.play(engine, "p1", puzzle.id, [puzzle.line[0]], 5) for _ in range(4)),
            return_exceptions=True)
        assert sum(not isinstance(t, Exception) for t in tries) == 1, tries
        assert all(t.code is ErrorCode.PUZZLE_OUT_OF_STEP
                   for t in tries if isinstance(t, Exception))
        ends = await asyncio.gather(
            *(attempts.play(engine, "p1", puzzle.id, list(puzzle.line), 6) for _ in range(4)),
            return_exceptions=True)
        assert sum(not isinstance(t, Exception) for t in ends) == 1, ends
    assert (await attempts.rating_of(engine, "p1"))["attempts"] == 4
    for puzzle in puzzles:
        assert (await catalogue.load(engine, puzzle.id)).plays == 1


async def test_an_unknown_puzzle_is_not_found(engine):
    with pytest.raises(ArenaError) as refused:
        await attempts.play(engine, "p1", "nope", ["h8"], 1)
    assert refused.value.code is ErrorCode.PUZZLE_NOT_FOUND


async def test_history_lists_attempts_newest_first_with_their_rating_change(engine):
    await catalogue.add(engine, many(3), 1)
    for puzzle in many(3):
        await attempts.play(engine, "p1", puzzle.id, ["a1"], 2)
    items = await attempts.history(engine, "p1", 2)
    assert [item["puzzle_id"] for item in items] == [p.id for p in many(3)][::-1][:2]
    assert items[0]["status"] == "failed" and items[0]["rating_change"] < 0
    older = await attempts.history(engine, "p1", 2, before=items[-1]["id"])
    assert [item["puzzle_id"] for item in older] == [many(3)[0].id]
