"""The puzzles in SQL: adding them (the shipped set at start, mined ones later), finding one,
and choosing the next one for a player.

A puzzle row holds everything to serve and judge it; `public` is what a player may see before
an attempt ends (the position, never the line or the certificate).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from engine.puzzles.puzzle import Puzzle

from ..players.glicko2 import Glicko
from ..players.store_sql.schema import puzzle_attempts, puzzle_themes, puzzles

PUZZLE_RD = 300.0  # a new puzzle's deviation: its starting rating is the engine's guess
WINDOWS = (150, 300, 600, 1200, None)  # rating half-widths tried in turn for the next puzzle
CHOICES = 12  # the next puzzle is one of the nearest few, at random, so players differ
INSERT_BATCH = 200


@dataclass(frozen=True, slots=True)
class StoredPuzzle:
    id: str
    variant: str
    goal: str
    moves: tuple[str, ...]
    line: tuple[str, ...]
    tree: dict[str, Any]
    themes: tuple[str, ...]
    glicko: Glicko
    plays: int
    game_id: str | None
    ply: int | None

    @property
    def to_move(self) -> str:
        return "black" if len(self.moves) % 2 == 0 else "white"

    def public(self) -> dict[str, Any]:
        """GET /api/puzzles/next's answer: the position and the task, not the solution."""
        return {"id": self.id, "variant": self.variant, "moves": list(self.moves),
                "to_move": self.to_move, "goal": self.goal,
                "rating": round(self.glicko.rating), "themes": list(self.themes),
                "plays": self.plays}


def _stored(row: Any) -> StoredPuzzle:
    return StoredPuzzle(row.id, row.variant, row.goal, tuple(row.moves), tuple(row.line),
                        row.tree, tuple(row.themes), Glicko(row.rating, row.rd, row.volatility),
                        row.plays, row.game_id, row.ply)


def _row(puzzle: Puzzle, now: int) -> dict[str, Any]:
    source = puzzle.source
    return {"id": puzzle.id, "variant": puzzle.variant, "goal": puzzle.goal,
            "moves": list(puzzle.moves), "line": list(puzzle.line), "tree": puzzle.tree,
            "themes": list(puzzle.themes), "source": source,
            "game_id": source.get("game_id"), "ply": source.get("ply"),
            "rating": float(puzzle.rating), "rd": PUZZLE_RD, "volatility": 0.06, "plays": 0,
            "created_at": now}


async def add(engine: AsyncEngine, found: Iterable[Puzzle], now: int) -> int:
    """Add the puzzles not stored yet (by id: a position is one puzzle); returns how many.
    Nodes adding the same puzzles at once: the loser of a race reads again and adds the rest."""
    candidates = {puzzle.id: puzzle for puzzle in found}
    for _attempt in range(3):
        try:
            return await _add(engine, candidates, now)
        except IntegrityError:
            continue
    return await _add(engine, candidates, now)


async def _add(engine: AsyncEngine, candidates: dict[str, Puzzle], now: int) -> int:
    async with engine.begin() as connection:
        known = set((await connection.execute(sa.select(puzzles.c.id))).scalars())
        new = [puzzle for key, puzzle in candidates.items() if key not in known]
        for start in range(0, len(new), INSERT_BATCH):
            batch = new[start:start + INSERT_BATCH]
            await connection.execute(puzzles.insert(), [_row(p, now) for p in batch])
            themes = [{"theme": theme, "puzzle_id": p.id} for p in batch for theme in p.themes]
            if themes:
                await connection.execute(puzzle_themes.insert(), themes)
    return len(new)


async def find(connection: AsyncConnection, puzzle_id: str) -> StoredPuzzle | None:
    row = (await connection.execute(
        sa.select(puzzles).where(puzzles.c.id == puzzle_id))).first()
    return None if row is None else _stored(row)


async def load(engine: AsyncEngine, puzzle_id: str) -> StoredPuzzle | None:
    async with engine.connect() as connection:
        return await find(connection, puzzle_id)


async def pick(engine: AsyncEngine, player_id: str, variant: str | None, theme: str | None,
               target: float, rng: random.Random) -> StoredPuzzle | None:
    """A puzzle the player never tried, near ``target``: one of the ``CHOICES`` nearest in
    the narrowest rating window that has any."""
    tried = sa.select(puzzle_attempts.c.id).where(
        puzzle_attempts.c.player_id == player_id,
        puzzle_attempts.c.puzzle_id == puzzles.c.id).exists()
    query = sa.select(puzzles).where(~tried)
    if variant is not None:
        query = query.where(puzzles.c.variant == variant)
    if theme is not None:
        query = query.join(puzzle_themes, sa.and_(puzzle_themes.c.puzzle_id == puzzles.c.id,
                                                  puzzle_themes.c.theme == theme))
    async with engine.connect() as connection:
        for width in WINDOWS:
            windowed = query if width is None else query.where(
                puzzles.c.rating.between(target - width, target + width))
            rows = (await connection.execute(
                windowed.order_by(sa.func.abs(puzzles.c.rating - target), puzzles.c.id)
                .limit(CHOICES))).all()
            if rows:
                return _stored(rng.choice(rows))
    return None


async def daily_candidates(engine: AsyncEngine, low: float, high: float) -> list[str]:
    """Ids of the puzzles fit to be a daily puzzle (rated ``low``..``high``), in id order."""
    async with engine.connect() as connection:
        return list((await connection.execute(
            sa.select(puzzles.c.id).where(puzzles.c.rating.between(low, high))
            .order_by(puzzles.c.id))).scalars())


async def of_game(engine: AsyncEngine, game_id: str) -> list[dict[str, Any]]:
    """The puzzles cut from an archived game: ``{"id", "ply", "goal"}`` by ply."""
    async with engine.connect() as connection:
        rows = await connection.execute(
            sa.select(puzzles.c.id, puzzles.c.ply, puzzles.c.goal)
            .where(puzzles.c.game_id == game_id).order_by(puzzles.c.ply))
        return [{"id": row.id, "ply": row.ply, "goal": row.goal} for row in rows]


async def count(engine: AsyncEngine) -> int:
    async with engine.connect() as connection:
        return int(await connection.scalar(sa.select(sa.func.count()).select_from(puzzles)) or 0)
