"""The AI ladder: round robins between the levels and reference players, fitted to Elo ratings.

    python -m bench.ladder --games 40 --workers 1            # every pair, 40 games per variant
    python -m bench.ladder --refit                            # refit the games already played

Pairs: every level against the next two above it, every level against the reference players
of ``bench/ladder_players.py`` (random, greedy, and the seed engine when it is present), on
gomoku and caro (the rated games) and on Connect Four and caro 9x9 (a quarter of the games).
``--games`` is played by neighbouring levels and by the lowest and default levels against
greedy; other pairs play a quarter of it or nothing (:func:`pair_games`). Every opening is played
twice, each player moving first once: random three-stone openings near the centre on the
grid boards, random two-disc openings in Connect Four. Engine moves are seeded and stop on the
levels' node budgets, so a rerun replays the same games (the top level thinks for its time).

Games are appended to ``--log`` as they finish (one JSON line each), so a run can be stopped
and resumed with ``--resume``. The fit is a Bradley-Terry maximum likelihood on the Elo scale
(greedy = 0), draws half a win, one virtual draw per pair played as the prior (a player who
won every game still gets a finite rating), 95% intervals from the observed information.
``engine/data/ladder.json`` gets the ratings (``levels``: gomoku and caro together, which the
server shows), the per-variant fits, and every pair's score.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from bench.ladder_players import mover, seed_available
from engine.ai import warm_up
from engine.board import Board
from engine.levels import DEFAULT, LEVELS, LOWEST

REPO = Path(__file__).resolve().parents[1]

RATED = ("gomoku", "caro")
VARIANTS = (*RATED, "connect4", "caro9")
ANCHOR = "greedy"
TABLE = REPO / "engine" / "data" / "ladder.json"
ELO = 400 / math.log(10)


def opening(variant: str, rng: random.Random) -> str:
    """A random opening: three stones within two cells of the centre, or two Connect Four discs."""
    board = Board(variant)
    if board.variant.gravity:
        return " ".join(str(rng.randrange(board.cols) + 1) for _ in range(2))
    centre = (board.rows // 2) * board.cols + board.cols // 2
    near = [centre + dr * board.cols + dc for dr in range(-2, 3) for dc in range(-2, 3) if dr or dc]
    return " ".join(board.move_str(c) for c in [centre, *rng.sample(near, 2)])


def pair_games(a: str, b: str, games: int, variant: str) -> int:
    """Games for one pair on one variant: the full count where a target is measured
    (neighbouring levels; the lowest and the default level against greedy), a quarter for the
    other pairs that tie the scale together, none where the result is foregone (a level above
    the third against the random mover or the seed engine)."""
    count = games if variant in RATED else max(2, games // 4)
    few = max(2, count // 4)
    levels = sorted(int(p[1:]) for p in (a, b) if p.startswith("L"))
    if len(levels) == 2:
        return count if levels[1] - levels[0] == 1 else few
    if not levels:
        return few
    if "greedy" in (a, b):
        return count if levels[0] in (LOWEST, DEFAULT) else few
    return few if levels[0] <= LOWEST + 2 else 0


def schedule(games: int, seed: int, players: list[str], variants: tuple[str, ...],
             top_ms: int | None) -> list[dict]:
    """Every game to play: pairs, variants, openings (each twice, colours swapped)."""
    levels = [p for p in players if p.startswith("L")]
    refs = [p for p in players if not p.startswith("L")]
    pairs = [(a, b) for a, b in itertools.combinations(levels, 2)
             if int(b[1:]) - int(a[1:]) <= 2]
    pairs += [(level, ref) for level in levels for ref in refs]
    pairs += list(itertools.combinations(refs, 2))
    tasks = []
    for variant in variants:
        rng = random.Random(f"{seed}:{variant}")
        for a, b in pairs:
            if "seed" in (a, b) and seed_available(variant):
                continue
            for i in range(pair_games(a, b, games, variant) // 2 * 2):
                if i % 2 == 0:
                    moves = opening(variant, rng)
                first, second = (a, b) if i % 2 == 0 else (b, a)
                tasks.append({"variant": variant, "first": first, "second": second,
                              "opening": moves, "seed": seed * 1000 + i, "top_ms": top_ms})
    return tasks


def cost(task: dict) -> int:
    """Rough seconds the two players spend on a game: only the order of play uses it."""
    top = max(LEVELS)
    per_player = {"seed": 4, f"L{top - 1}": 4, f"L{top}": 12}
    return per_player.get(task["first"], 0) + per_player.get(task["second"], 0)


def key(task: dict) -> str:
    return f"{task['variant']}|{task['first']}|{task['second']}|{task['opening']}|{task['seed']}"


def play(task: dict) -> dict:
    """One game; the result from the first player's side (1, 0.5, 0)."""
    board = Board.from_moves(task["variant"], task["opening"])
    rng = random.Random(task["seed"])
    players = {n: mover(task[side], task["seed"], task["top_ms"])
               for n, side in ((1, "first"), (2, "second"))}
    started = time.perf_counter()
    while not board.is_game_over():
        board.push(players[board.turn](board, rng))
    outcome = board.outcome()
    assert outcome is not None
    score = 0.5 if outcome.winner is None else (1.0 if outcome.winner == 1 else 0.0)
    return {**task, "score": score, "plies": len(board.move_stack), "game": board.game_str(),
            "seconds": round(time.perf_counter() - started, 2)}


def fit(games: list[dict]) -> dict[str, dict]:
    """Elo per player (anchor 0) with a 95% interval, by Newton's method on the likelihood."""
    names = sorted({g["first"] for g in games} | {g["second"] for g in games})
    if ANCHOR not in names:
        return {}
    index = {n: i for i, n in enumerate(names)}
    wins: dict[tuple[int, int], float] = defaultdict(float)  # (i, j) -> points i took from j
    for g in games:
        i, j = index[g["first"]], index[g["second"]]
        wins[i, j] += g["score"]
        wins[j, i] += 1 - g["score"]
    for i, j in list(wins):  # the prior: one virtual draw per pair played
        wins[i, j] += 0.5
    free = [i for i in range(len(names)) if names[i] != ANCHOR]
    theta = np.zeros(len(names))
    for _ in range(100):
        grad = np.zeros(len(names))
        hess = np.zeros((len(names), len(names)))
        for (i, j), w in wins.items():
            p = 1 / (1 + math.exp(theta[j] - theta[i]))
            grad[i] += w * (1 - p)
            grad[j] -= w * (1 - p)
            for a, b, sign in ((i, i, 1), (j, j, 1), (i, j, -1), (j, i, -1)):
                hess[a, b] += sign * w * p * (1 - p)
        info = hess[np.ix_(free, free)]
        step = np.linalg.solve(info, grad[free])
        theta[free] += step
        if np.abs(step).max() < 1e-9:
            break
    cov = np.linalg.inv(info)
    played = defaultdict(int)
    for g in games:
        played[g["first"]] += 1
        played[g["second"]] += 1
    result = {}
    for name in names:
        elo, half = theta[index[name]] * ELO, 0.0
        if name != ANCHOR:
            k = free.index(index[name])
            half = 1.96 * math.sqrt(cov[k, k]) * ELO
        result[name] = {"elo": round(elo), "low": round(elo - half), "high": round(elo + half),
                        "games": played[name]}
    return result


def pair_scores(games: list[dict]) -> list[dict]:
    """Per variant and pair (lower name first): games and the first-named player's score."""
    totals: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for g in games:
        a, b = sorted((g["first"], g["second"]), key=_order)
        totals[g["variant"], a, b].append(g["score"] if g["first"] == a else 1 - g["score"])
    return [{"variant": v, "a": a, "b": b, "games": len(s), "a_score": round(sum(s) / len(s), 3)}
            for (v, a, b), s in sorted(totals.items())]


REFERENCES = ("random", "greedy", "seed")


def _order(name: str) -> tuple[int, int]:
    return (0, int(name[1:])) if name.startswith("L") else (1, REFERENCES.index(name))


def targets(pairs: list[dict]) -> list[str]:
    """The issue's targets, one line each with its verdict."""
    lines = []
    by = {(p["variant"], p["a"], p["b"]): p for p in pairs}
    for variant in RATED:
        for low in sorted(LEVELS)[:-1]:
            p = by.get((variant, f"L{low}", f"L{low + 1}"))
            if p:
                won = 1 - p["a_score"]
                lines.append(f"{variant}: L{low + 1} vs L{low} {won:.0%} of {p['games']} "
                             f"(>= 70%: {'ok' if won >= 0.7 else 'MISSED'})")
        p = by.get((variant, f"L{DEFAULT}", "greedy"))
        if p:
            lines.append(f"{variant}: default L{DEFAULT} vs greedy {p['a_score']:.0%} of "
                         f"{p['games']} (>= 95%: {'ok' if p['a_score'] >= 0.95 else 'MISSED'})")
        p = by.get((variant, f"L{min(LEVELS)}", "greedy"))
        if p:
            lines.append(f"{variant}: lowest L{min(LEVELS)} vs greedy {p['a_score']:.0%} "
                         f"(loses sometimes: {'ok' if p['a_score'] < 1 else 'MISSED'})")
    return lines


def write_table(games: list[dict], path: Path, note: str) -> dict:
    rated = [g for g in games if g["variant"] in RATED]
    overall = fit(rated)
    table = {
        "note": note,
        "anchor": ANCHOR,
        "games": len(games),
        "levels": {n[1:]: r for n, r in overall.items() if n.startswith("L")},
        "players": overall,
        "by_variant": {v: fit([g for g in games if g["variant"] == v]) for v in VARIANTS},
        "pairs": pair_scores(games),
    }
    path.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return table


def print_table(table: dict) -> None:
    print(f"{'player':8} {'elo (gomoku+caro)':>18} {'95%':>14} {'games':>6}  "
          + " ".join(f"{v:>9}" for v in VARIANTS))
    for name, r in sorted(table["players"].items(), key=lambda kv: _order(kv[0])):
        per = " ".join(f"{table['by_variant'][v].get(name, {}).get('elo', '-'):>9}"
                       for v in VARIANTS)
        print(f"{name:8} {r['elo']:>18} {r['low']:>6}..{r['high']:<6} {r['games']:>6}  {per}")
    for line in targets(table["pairs"]):
        print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per pair and variant")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--players", default=",".join(
        [f"L{n}" for n in LEVELS] + ["random", "greedy", "seed"]))
    parser.add_argument("--log", type=Path, default=Path("/tmp/caro-ladder-games.jsonl"))
    parser.add_argument("--resume", action="store_true", help="skip games already in --log")
    parser.add_argument("--refit", action="store_true", help="play nothing; fit --log")
    parser.add_argument("--table", type=Path, default=TABLE)
    parser.add_argument("--top-ms", type=int, help="think time of the top level (default: its own)")
    args = parser.parse_args(argv)
    for variant in args.variants.split(","):
        if why := seed_available(variant):
            print(f"seed engine skipped on {variant}: {why}", file=sys.stderr)
    tasks = schedule(args.games, args.seed, args.players.split(","),
                     tuple(args.variants.split(",")), args.top_ms)
    done = {}
    if (args.resume or args.refit) and args.log.exists():
        done = {key(g): g for g in map(json.loads, args.log.read_text().splitlines())}
    if not args.refit:
        todo = [t for t in tasks if key(t) not in done]
        todo.sort(key=cost)  # cheap games first: a run cut short still covers every pair
        print(f"{len(todo)} games to play ({len(tasks) - len(todo)} already in {args.log})",
              file=sys.stderr)
        started = time.perf_counter()
        with args.log.open("a") as log, ProcessPoolExecutor(args.workers, initializer=warm_up) \
                as pool:
            for n, game in enumerate(pool.map(play, todo, chunksize=1), 1):
                done[key(game)] = game
                log.write(json.dumps(game) + "\n")
                log.flush()
                if n % 50 == 0:
                    print(f"  {n}/{len(todo)} in {time.perf_counter() - started:.0f} s",
                          file=sys.stderr)
    games = [done[key(t)] for t in tasks if key(t) in done]
    top = f" --top-ms {args.top_ms}" if args.top_ms else ""
    note = (f"bench/ladder.py --games {args.games} --seed {args.seed}{top}: {len(games)} games; "
            f"ratings on gomoku and caro, greedy = 0")
    print_table(write_table(games, args.table, note))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
