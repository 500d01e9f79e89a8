"""How fast one tournament director pairs an arena (issue 29): the pure step the director runs
every second (server/tournaments/progress.py `advance`: the results recorded, the standings
worked out, the free players paired), at 100 to 1,000 players.

Each arena has been running a while: every player has played `--history` games (random
results, in the order they ended). Then two moments are timed:
- "all free": every player is free at once (the start, or a wave of games ending together):
  the step pairs them all;
- "a few free": --free players have just finished (the usual second of a busy arena).
Prints per size: the step's time (median and max of --repeat runs) and the players paired per
second of director time. A Swiss round is timed as well (`pair_swiss` on --swiss players after
--swiss-rounds rounds), for the formats played in rounds.

    .venv/bin/python -m bench.tournament_pairing
    .venv/bin/python -m bench.tournament_pairing --sizes 1000 --history 20 --repeat 5
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from dataclasses import replace

from server.tournaments.progress import advance
from server.tournaments.results import Format, Game, Result
from server.tournaments.tournament import Player, Status, Terms, Tournament

START = 1_000_000_000


def arena(players: int, history: int, rng: random.Random) -> Tournament:
    """A started arena whose players have each played about `history` games, all over."""
    people = tuple(Player(f"p{n}", f"user{n}", round(rng.gauss(1500, 250)), False, n)
                   for n in range(players))
    games, at = [], START
    ids = [p.player_id for p in people]
    for _round in range(history):
        rng.shuffle(ids)
        for a, b in zip(ids[::2], ids[1::2], strict=False):
            at += 1
            games.append(Game(len(games) + 1, a, b, rng.choice(list(Result)), ended_at=at,
                              room_id=f"r{len(games)}"))
    terms = Terms(Format.ARENA, "Bench", "gomoku", "none", 60_000, 0, True, START,
                  minutes=600)
    return Tournament("bench", terms, 0, Status.STARTED, people, tuple(games),
                      started_at=START)


def busy(t: Tournament, free: int, rng: random.Random) -> tuple[Tournament, dict]:
    """`t` with every player in a game but `free` of them, whose games have just ended."""
    ids = [p.player_id for p in t.players]
    rng.shuffle(ids)
    playing = [Game(len(t.games) + i + 1, a, b, room_id=f"live{i}")
               for i, (a, b) in enumerate(zip(ids[::2], ids[1::2], strict=False))]
    ending = playing[:free // 2]
    ended = {g.room_id: (rng.choice(list(Result)), START + 10**7) for g in ending}
    return replace(t, games=(*t.games, *playing)), ended


def timed(t: Tournament, ended: dict, repeat: int) -> tuple[list[float], int]:
    times, paired = [], 0
    for _ in range(repeat):
        mint = map("new{}".format, itertools.count()).__next__
        began = time.perf_counter()
        _t, games = advance(t, START + 10**7 + 1, ended, mint)
        times.append(time.perf_counter() - began)
        paired = 2 * len(games)
    return times, paired


def row(label: str, players: int, times: list[float], paired: int) -> str:
    median = statistics.median(times)
    return (f"| {label:<12} | {players:>7,} | {paired:>6,} | {median * 1000:>9.1f} | "
            f"{max(times) * 1000:>8.1f} | {paired / median:>15,.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--history", type=int, default=10, help="games per player so far")
    parser.add_argument("--free", type=int, default=20, help="players just free")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("| moment       | players | paired | median ms |   max ms | players paired/s |")
    print("|---|---|---|---|---|---|")
    for size in args.sizes:
        t = arena(size, args.history, rng)
        print(row("all free", size, *timed(t, {}, args.repeat)))
        print(row(f"{args.free} free", size,
                  *timed(*busy(t, args.free, rng), args.repeat)))


if __name__ == "__main__":
    main()
