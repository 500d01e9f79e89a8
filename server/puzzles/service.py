"""The puzzles a node serves: the next one for a player, judging moves, the solution after
the attempt, the daily puzzle, a player's history (docs/protocol.md §2i).

Which puzzle comes next: one the player never tried, near their puzzle rating (in streak mode,
near a rating that rises with each puzzle solved in the run), of the variant and theme asked
for. It is remembered in Redis for that kind of request, so a reload shows the same puzzle
instead of skipping it, until it is played. The daily puzzle is chosen once per UTC day
(the first node asked sets it; every node then serves that one).
"""

from __future__ import annotations

import datetime
import logging
import random
from collections.abc import Sequence
from typing import Any

import redis.asyncio as redis
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from engine.puzzles.prover import main_line
from engine.puzzles.puzzle import shipped, shipped_digest
from engine.puzzles.themes import THEMES

from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..platform.keys import puzzle_daily_key, puzzle_served_key
from ..players.store_sql.migrate import instance_id
from ..players.store_sql.schema import store_meta
from . import attempts, catalogue
from .catalogue import StoredPuzzle

log = logging.getLogger(__name__)

VARIANTS = ("gomoku", "caro", "renju")
SERVED_TTL_S = 24 * 3600
DAILY_TTL_S = 3 * 24 * 3600
DAILY_RATINGS = (1100.0, 1900.0)
STREAK_START, STREAK_STEP, STREAK_MAX = 900.0, 70.0, 60
SEEDED_KEY = "puzzles_seed"


class PuzzleService:
    def __init__(self, engine: AsyncEngine, client: redis.Redis) -> None:
        self.engine = engine
        self.redis = client
        self._instance: str | None = None  # the database's id, which names its daily puzzle

    async def seed(self) -> int:
        """Add the shipped set to the store unless this version of it is there already."""
        digest = shipped_digest()
        async with self.engine.connect() as connection:
            seen = await connection.scalar(
                sa.select(store_meta.c.value).where(store_meta.c.key == SEEDED_KEY))
        if seen == digest:
            return 0
        added = await catalogue.add(self.engine, shipped(), now_ms())
        try:
            async with self.engine.begin() as connection:
                await connection.execute(store_meta.delete().where(store_meta.c.key == SEEDED_KEY))
                await connection.execute(store_meta.insert().values(key=SEEDED_KEY, value=digest))
        except IntegrityError:  # nodes starting at once: another one wrote the mark first
            log.info("puzzles: the shipped set was marked by another node")
        log.info("puzzles: %d shipped puzzles added", added)
        return added

    async def next(self, player_id: str, variant: str | None, theme: str | None,
                   streak: int | None) -> dict[str, Any]:
        """The puzzle to show this player now (the one already given, while unplayed)."""
        if variant is not None and variant not in VARIANTS:
            raise ArenaError(ErrorCode.BAD_VARIANT, f"puzzles are for {', '.join(VARIANTS)}")
        if theme is not None and theme not in THEMES:
            raise ArenaError(ErrorCode.BAD_REQUEST, f"theme must be one of {', '.join(THEMES)}")
        scope = f"{variant or '*'}:{theme or '*'}:{'' if streak is None else streak}"
        key = puzzle_served_key(player_id, scope)
        served = await self.redis.get(key)
        if served is not None:
            puzzle = await catalogue.load(self.engine, served)
            if puzzle is not None:
                attempt = await attempts.status_of(self.engine, player_id, puzzle.id)
                if attempt is None or attempt.status == attempts.OPEN:
                    return await self.view(player_id, puzzle, attempt)
        rating = (await attempts.rating_of(self.engine, player_id))["rating"]
        target = rating if streak is None else STREAK_START + STREAK_STEP * streak
        puzzle = await catalogue.pick(self.engine, player_id, variant, theme, target,
                                      random.Random())
        if puzzle is None:
            raise ArenaError(ErrorCode.NO_PUZZLE_LEFT,
                             "you have tried every puzzle of this kind; try another theme")
        await self.redis.set(key, puzzle.id, ex=SERVED_TTL_S)
        return await self.view(player_id, puzzle, None)

    async def view(self, player_id: str, puzzle: StoredPuzzle, attempt: Any) -> dict[str, Any]:
        """The puzzle as a player sees it, with their attempt so far and their rating."""
        return puzzle.public() | {
            "attempt": None if attempt is None else _attempt(attempt),
            "player": await attempts.rating_of(self.engine, player_id)}

    async def puzzle(self, player_id: str, puzzle_id: str) -> dict[str, Any]:
        """A puzzle by id (a link: the daily puzzle, a review's), with the player's attempt."""
        puzzle = await self._load(puzzle_id)
        attempt = await attempts.status_of(self.engine, player_id, puzzle_id)
        return await self.view(player_id, puzzle, attempt)

    async def move(self, player_id: str, puzzle_id: str,
                   moves: Sequence[str]) -> dict[str, Any]:
        _puzzle, outcome = await attempts.play(self.engine, player_id, puzzle_id, moves,
                                               now_ms())
        verdict = outcome.verdict
        return {"correct": verdict.correct, "reply": verdict.reply, "solved": verdict.solved,
                "rating_change": outcome.rating_change,
                "rating": None if outcome.rating is None else round(outcome.rating)}

    async def give_up(self, player_id: str, puzzle_id: str) -> dict[str, Any]:
        _puzzle, outcome = await attempts.give_up(self.engine, player_id, puzzle_id, now_ms())
        return {"correct": False, "reply": None, "solved": False,
                "rating_change": outcome.rating_change,
                "rating": None if outcome.rating is None else round(outcome.rating)}

    async def solution(self, player_id: str, puzzle_id: str) -> dict[str, Any]:
        """The main line, once this player's attempt has ended; with how a wrong move of a
        defence puzzle loses, when the certificate shows it."""
        puzzle = await self._load(puzzle_id)
        attempt = await attempts.status_of(self.engine, player_id, puzzle_id)
        if attempt is None or attempt.status == attempts.OPEN:
            raise ArenaError(ErrorCode.PUZZLE_NOT_FINISHED,
                             "the solution is shown when your attempt has ended")
        line = main_line(puzzle.tree) if puzzle.goal == "win" else [puzzle.tree["hold"]]
        refutation = None
        played = list(attempt.progress)
        if puzzle.goal == "defend" and played and played[-1] != puzzle.tree["hold"]:
            answer = puzzle.tree["r"].get(played[-1], puzzle.tree.get("x"))
            refutation = main_line(answer) if answer is not None else None
        return {"id": puzzle.id, "line": line, "played": played, "status": attempt.status,
                "refutation": refutation}

    async def daily(self, player_id: str) -> dict[str, Any]:
        """Today's puzzle (UTC), the same on every node all day."""
        day = datetime.datetime.now(datetime.UTC).date().isoformat()
        if self._instance is None:
            self._instance = await instance_id(self.engine)
        key = puzzle_daily_key(self._instance, day)
        chosen = await self.redis.get(key)
        if chosen is None:
            candidates = await catalogue.daily_candidates(self.engine, *DAILY_RATINGS)
            if not candidates:
                raise ArenaError(ErrorCode.NO_PUZZLE_LEFT, "there are no puzzles yet")
            pick = random.Random(day).choice(candidates)
            await self.redis.set(key, pick, ex=DAILY_TTL_S, nx=True)
            chosen = await self.redis.get(key)
        return await self.puzzle(player_id, chosen) | {"date": day}

    async def history(self, player_id: str, limit: int,
                      before: int | None) -> dict[str, Any]:
        items = await attempts.history(self.engine, player_id, limit, before)
        return {"items": items, "next": items[-1]["id"] if len(items) == limit else None,
                "player": await attempts.rating_of(self.engine, player_id)}

    async def of_game(self, game_id: str) -> dict[str, Any]:
        return {"game_id": game_id, "puzzles": await catalogue.of_game(self.engine, game_id)}

    async def _load(self, puzzle_id: str) -> StoredPuzzle:
        puzzle = await catalogue.load(self.engine, puzzle_id)
        if puzzle is None:
            raise ArenaError(ErrorCode.PUZZLE_NOT_FOUND, "no puzzle with this id")
        return puzzle


def _attempt(row: Any) -> dict[str, Any]:
    return {"status": row.status, "progress": list(row.progress),
            "rating_change": None if row.rating_after is None
            else round(row.rating_after - row.rating_before)}
