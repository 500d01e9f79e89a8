"""Attempts and puzzle ratings in SQL: each move's transition, counted once on any node.

One player has at most one attempt per puzzle (a unique key). A move is judged against the
attempt as read, then written back only if the attempt is still as read: a conditional update
on its ``plies`` (its version) while it is ``open``, or the insert of a new attempt, which the
unique key lets only one node make. The attempt that ends also rates, in the same
transaction: the player's puzzle rating and the puzzle's own (Glicko-2: a solve is the
player's win against the puzzle), each by a conditional update on its version (``attempts``,
``plays``). A node that loses any of those races rolls the whole transaction back and judges
again from what the winner wrote, so a rating changes exactly once per attempt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from ..platform.errors import ArenaError, ErrorCode
from ..players.glicko2 import Glicko, rate
from ..players.store_sql.schema import puzzle_attempts, puzzle_ratings, puzzles
from .catalogue import StoredPuzzle, find
from .judge import Verdict, judge

RETRIES = 6
OPEN, SOLVED, FAILED = "open", "solved", "failed"


class _Lost(Exception):
    """Another node changed a row this transaction read: roll back and judge again."""


@dataclass(frozen=True, slots=True)
class Outcome:
    verdict: Verdict
    rating_change: int | None  # the player's, once the attempt has ended
    rating: float | None       # the player's rating after it


async def player_rating(connection: AsyncConnection, player_id: str) -> tuple[Glicko, int]:
    """A player's puzzle rating and its version (attempts rated); a newcomer's default."""
    row = (await connection.execute(sa.select(puzzle_ratings).where(
        puzzle_ratings.c.player_id == player_id))).first()
    if row is None:
        return Glicko(), -1
    return Glicko(row.rating, row.rd, row.volatility), row.attempts


async def rating_of(engine: AsyncEngine, player_id: str) -> dict[str, Any]:
    async with engine.connect() as connection:
        glicko, version = await player_rating(connection, player_id)
    return {"rating": round(glicko.rating), "rd": round(glicko.rd),
            "provisional": glicko.provisional, "attempts": max(0, version)}


async def attempt_of(connection: AsyncConnection, player_id: str, puzzle_id: str) -> Any:
    return (await connection.execute(sa.select(puzzle_attempts).where(
        puzzle_attempts.c.player_id == player_id,
        puzzle_attempts.c.puzzle_id == puzzle_id))).first()


async def status_of(engine: AsyncEngine, player_id: str, puzzle_id: str) -> Any:
    async with engine.connect() as connection:
        return await attempt_of(connection, player_id, puzzle_id)


async def play(engine: AsyncEngine, player_id: str, puzzle_id: str, moves: Sequence[str],
               now: int) -> tuple[StoredPuzzle, Outcome]:
    """Judge the player's new move (the last of ``moves``) and record it."""
    for _attempt in range(RETRIES):
        try:
            async with engine.begin() as connection:
                return await _play(connection, player_id, puzzle_id, moves, now, None)
        except (_Lost, IntegrityError):
            continue
    raise ArenaError(ErrorCode.CONFLICT, "the attempt kept changing; try again")


async def give_up(engine: AsyncEngine, player_id: str, puzzle_id: str,
                  now: int) -> tuple[StoredPuzzle, Outcome]:
    """End the player's attempt as failed (to see the solution), rated as a loss."""
    for _attempt in range(RETRIES):
        try:
            async with engine.begin() as connection:
                return await _play(connection, player_id, puzzle_id, (), now, FAILED)
        except (_Lost, IntegrityError):
            continue
    raise ArenaError(ErrorCode.CONFLICT, "the attempt kept changing; try again")


async def _play(connection: AsyncConnection, player_id: str, puzzle_id: str,
                moves: Sequence[str], now: int,
                forced: str | None) -> tuple[StoredPuzzle, Outcome]:
    puzzle = await find(connection, puzzle_id)
    if puzzle is None:
        raise ArenaError(ErrorCode.PUZZLE_NOT_FOUND, "no puzzle with this id")
    attempt = await attempt_of(connection, player_id, puzzle_id)
    if attempt is not None and attempt.status != OPEN:
        raise ArenaError(ErrorCode.PUZZLE_FINISHED,
                         "your attempt at this puzzle has ended: a puzzle is played once")
    progress = tuple(attempt.progress) if attempt is not None else ()
    if forced is None:
        verdict = judge(puzzle.variant, puzzle.moves, puzzle.line, progress, moves)
    else:
        verdict = Verdict(False, None, False, progress)
    status = SOLVED if verdict.solved else FAILED if verdict.finished else OPEN
    values: dict[str, Any] = {"status": status, "progress": list(verdict.progress),
                              "plies": len(verdict.progress)}
    change = after = None
    if status != OPEN:
        before, after = await _rate(connection, player_id, puzzle, status == SOLVED, now)
        change = round(after - before)
        values |= {"ended_at": now, "rating_before": before, "rating_after": after}
    if attempt is None:
        await connection.execute(puzzle_attempts.insert().values(
            player_id=player_id, puzzle_id=puzzle_id, started_at=now, **values))
    else:
        done = await connection.execute(puzzle_attempts.update().where(
            puzzle_attempts.c.id == attempt.id, puzzle_attempts.c.status == OPEN,
            puzzle_attempts.c.plies == attempt.plies).values(**values))
        if done.rowcount != 1:
            raise _Lost
    return puzzle, Outcome(verdict, change, after)


async def _rate(connection: AsyncConnection, player_id: str, puzzle: StoredPuzzle,
                solved: bool, now: int) -> tuple[float, float]:
    """Rate one finished attempt: the player's new rating and the puzzle's; returns the
    player's rating before and after."""
    mine, version = await player_rating(connection, player_id)
    score = 1.0 if solved else 0.0
    new_mine = rate(mine, [(puzzle.glicko, score)])
    new_puzzle = rate(puzzle.glicko, [(mine, 1.0 - score)])
    values = {"rating": new_mine.rating, "rd": new_mine.rd,
              "volatility": new_mine.volatility, "attempts": version + 1 if version >= 0 else 1,
              "updated_at": now}
    if version < 0:
        await connection.execute(puzzle_ratings.insert().values(player_id=player_id, **values))
    else:
        done = await connection.execute(puzzle_ratings.update().where(
            puzzle_ratings.c.player_id == player_id,
            puzzle_ratings.c.attempts == version).values(**values))
        if done.rowcount != 1:
            raise _Lost
    done = await connection.execute(puzzles.update().where(
        puzzles.c.id == puzzle.id, puzzles.c.plays == puzzle.plays).values(
        rating=new_puzzle.rating, rd=new_puzzle.rd, volatility=new_puzzle.volatility,
        plays=puzzle.plays + 1))
    if done.rowcount != 1:
        raise _Lost
    return mine.rating, new_mine.rating


async def history(engine: AsyncEngine, player_id: str, limit: int,
                  before: int | None = None) -> list[dict[str, Any]]:
    """The player's attempts, newest first (below id ``before`` when given)."""
    query = (sa.select(puzzle_attempts, puzzles.c.variant, puzzles.c.goal, puzzles.c.themes,
                       puzzles.c.rating.label("puzzle_rating"))
             .join(puzzles, puzzles.c.id == puzzle_attempts.c.puzzle_id)
             .where(puzzle_attempts.c.player_id == player_id)
             .order_by(puzzle_attempts.c.id.desc()).limit(limit))
    if before is not None:
        query = query.where(puzzle_attempts.c.id < before)
    async with engine.connect() as connection:
        rows = (await connection.execute(query)).all()
    return [{"id": row.id, "puzzle_id": row.puzzle_id, "variant": row.variant,
             "goal": row.goal, "themes": row.themes, "puzzle_rating": round(row.puzzle_rating),
             "status": row.status,
             "rating_change": None if row.rating_after is None
             else round(row.rating_after - row.rating_before),
             "rating": None if row.rating_after is None else round(row.rating_after),
             "started_at": row.started_at, "ended_at": row.ended_at} for row in rows]
