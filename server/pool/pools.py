"""The rated pools: one per game and time control, as the home page offers them.

A pool's id is `<variant>-<minutes>+<seconds>` (`caro-3+2`). The games are the home page's
named ones and the clocks its presets (client/js/home/home.js): a player in a pool plays a rated
game of that variant with that clock, against whoever the pairing finds (server/pool/matching.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..platform.errors import ArenaError, ErrorCode
from ..rooms import ClockConfig

POOL_VARIANTS = ("caro", "gomoku", "renju", "caro9", "tictactoe", "connect4")
POOL_CLOCKS = ((1, 0), (3, 2), (5, 3), (10, 5), (15, 10))  # minutes, seconds a move


@dataclass(slots=True, frozen=True)
class Pool:
    variant: str
    minutes: int
    increment_s: int

    @property
    def id(self) -> str:
        return f"{self.variant}-{self.minutes}+{self.increment_s}"

    @property
    def clock(self) -> ClockConfig:
        return ClockConfig(self.minutes * 60_000, self.increment_s * 1000)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "variant": self.variant,
                "clock": {"initial_s": self.minutes * 60, "increment_s": self.increment_s}}


POOLS: dict[str, Pool] = {pool.id: pool for pool in (
    Pool(variant, minutes, increment) for variant in POOL_VARIANTS
    for minutes, increment in POOL_CLOCKS)}


def find_pool(pool_id: object) -> Pool:
    """The pool named `pool_id`, or `bad_pool`."""
    pool = POOLS.get(pool_id) if isinstance(pool_id, str) else None
    if pool is None:
        raise ArenaError(ErrorCode.BAD_POOL, "no such pool (GET /api/pools lists them)")
    return pool
