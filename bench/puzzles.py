"""Puzzle mining (issue 28): how many puzzles 1,000 games give, and the CPU each one costs.

Mines games with the miner's own code and budgets (`engine.puzzles.mine.mine_game`,
`SHIPPED_BUDGET`: what server/puzzles/miner.py runs on every newly archived game). The games
are an archive's (`--database-url`: the newest `--games` archived games of the variant with at
least 12 moves, as the miner takes them) or, without one, engine self-play games with seeds
from `--first-seed` (10,000 by default, past those the shipped set was made from). Playing a
self-play game is not counted: only the mining is. Prints per variant the games, the puzzles
found (win / defence), puzzles per 1,000 games, and the CPU per game and per puzzle
(process CPU time, which the machine's other load changes little).

Run from the repository root:
    .venv/bin/python -m bench.puzzles                              # 10 self-play games each
    .venv/bin/python -m bench.puzzles --variants gomoku --games 50
    .venv/bin/python -m bench.puzzles --database-url postgresql://... --games 200
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from dataclasses import dataclass, field

import sqlalchemy as sa

from engine.puzzles.mine import PUZZLE_VARIANTS, SHIPPED_BUDGET, mine_game
from engine.puzzles.selfplay import play
from server.players.store_sql.database import open_database
from server.players.store_sql.schema import games
from server.puzzles.miner import MIN_MOVES


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    defences: int = 0
    cpu: list[float] = field(default_factory=list)  # seconds per game

    @property
    def puzzles(self) -> int:
        return self.wins + self.defences


async def archived(url: str, variant: str, count: int) -> list[list[str]]:
    """The newest ``count`` archived games of ``variant`` the miner would mine."""
    engine = open_database(url)
    try:
        async with engine.connect() as connection:
            rows = (await connection.execute(
                sa.select(games.c.moves).where(games.c.variant == variant)
                .order_by(games.c.archived_at.desc()).limit(count * 4))).all()
    finally:
        await engine.dispose()
    return [list(row.moves) for row in rows if len(row.moves) >= MIN_MOVES][:count]


def mine(variant: str, moves: list[str], tally: Tally) -> None:
    started = time.process_time()
    found = mine_game(variant, moves, SHIPPED_BUDGET)
    tally.cpu.append(time.process_time() - started)
    tally.games += 1
    tally.wins += sum(p.goal == "win" for p in found)
    tally.defences += sum(p.goal == "defend" for p in found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", nargs="+", default=list(PUZZLE_VARIANTS),
                        choices=PUZZLE_VARIANTS)
    parser.add_argument("--games", type=int, default=10, help="games per variant")
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--database-url", help="mine this archive's games, not self-play")
    args = parser.parse_args()
    source = "archive" if args.database_url else f"self-play from seed {args.first_seed}"
    print(f"puzzle mining, {args.games} games per variant ({source}), budgets {SHIPPED_BUDGET}")
    print(f"{'variant':8} {'games':>5} {'wins':>5} {'def.':>5} {'per 1000':>8} "
          f"{'CPU/game s':>10} {'p90 s':>6} {'CPU/puzzle s':>12}")
    for variant in args.variants:
        tally = Tally()
        if args.database_url:
            for moves in asyncio.run(archived(args.database_url, variant, args.games)):
                mine(variant, moves, tally)
        else:
            for seed in range(args.first_seed, args.first_seed + args.games):
                mine(variant, play(variant, seed), tally)
        if not tally.games:
            print(f"{variant:8} no games")
            continue
        per_game = statistics.fmean(tally.cpu)
        p90 = sorted(tally.cpu)[int(0.9 * (len(tally.cpu) - 1))]
        per_puzzle = f"{sum(tally.cpu) / tally.puzzles:12.1f}" if tally.puzzles else f"{'-':>12}"
        print(f"{variant:8} {tally.games:5} {tally.wins:5} {tally.defences:5} "
              f"{1000 * tally.puzzles / tally.games:8.0f} {per_game:10.1f} {p90:6.1f} "
              f"{per_puzzle}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
