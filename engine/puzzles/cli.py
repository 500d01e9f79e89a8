"""``caro-arena puzzles``: make the shipped puzzle set from self-play, and prove a set again.

``generate`` plays self-play games (``--seeds A:B``, in ``--workers`` processes), mines each
for puzzles (:func:`engine.puzzles.mine.mine_game`) and appends the new ones (by position id)
to ``--out``, one JSON line each, logging a line per game; it stops after ``--max-puzzles``
puzzles in the file or ``--max-minutes``. Run again with later seeds to add more.

``verify`` runs the proof test (:func:`engine.puzzles.verify.problems`) on every puzzle of
the files given: the certificate always, the search for rival first moves with ``--nodes``
per candidate (0: skip it); ``--sample N`` checks N puzzles per file, spread evenly.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path

from engine.puzzles.mine import PUZZLE_VARIANTS, SHIPPED_BUDGET, mine_game
from engine.puzzles.puzzle import read_puzzles
from engine.puzzles.selfplay import play
from engine.puzzles.verify import problems

log = logging.getLogger(__name__)


def register(subparsers: argparse._SubParsersAction) -> None:
    puzzles = subparsers.add_parser("puzzles", help="make and prove puzzles")
    commands = puzzles.add_subparsers(dest="puzzles_command", required=True, metavar="STEP")
    generate = commands.add_parser("generate", help="mine self-play games for puzzles")
    generate.add_argument("--variant", required=True, choices=PUZZLE_VARIANTS)
    generate.add_argument("--seeds", required=True, help="self-play games A:B (B excluded)")
    generate.add_argument("--out", required=True, type=Path, help="JSON lines file to extend")
    generate.add_argument("--workers", type=int, default=1)
    generate.add_argument("--max-puzzles", type=int, default=300)
    generate.add_argument("--max-minutes", type=float, default=600.0)
    generate.set_defaults(func=run_generate)
    verify = commands.add_parser("verify", help="run the proof test on puzzle files")
    verify.add_argument("files", nargs="+", type=Path)
    verify.add_argument("--nodes", type=int, default=30_000,
                        help="search per rival first move (0: the certificate only)")
    verify.add_argument("--sample", type=int, default=0, help="check N per file (0: all)")
    verify.set_defaults(func=run_verify)


def game_puzzles(variant: str, seed: int) -> tuple[int, list[str], float]:
    """Worker: self-play game ``seed`` and the puzzles in it (as JSON lines), and CPU time."""
    started = time.process_time()
    moves = play(variant, seed)
    found = mine_game(variant, moves, SHIPPED_BUDGET, {"kind": "selfplay", "seed": seed})
    return seed, [puzzle.to_json() for puzzle in found], time.process_time() - started


def run_generate(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    first, last = (int(part) for part in args.seeds.split(":"))
    known = {puzzle.id for puzzle in read_puzzles(args.out)}
    deadline = time.monotonic() + args.max_minutes * 60
    args.out.parent.mkdir(parents=True, exist_ok=True)
    log.info("puzzles generate %s seeds %d:%d, budget %s, %d puzzles already",
             args.variant, first, last, json.dumps(asdict(SHIPPED_BUDGET)), len(known))
    games = cpu = 0.0
    with ProcessPoolExecutor(args.workers) as pool, args.out.open("a") as out:
        jobs = [pool.submit(game_puzzles, args.variant, seed) for seed in range(first, last)]
        for job in jobs:
            seed, lines, spent = job.result()
            games, cpu = games + 1, cpu + spent
            new = [line for line in lines if json.loads(line)["id"] not in known]
            for line in new:
                known.add(json.loads(line)["id"])
                out.write(line + "\n")
            out.flush()
            log.info("seed %d: %d new puzzles (%d in all) in %.1f s CPU; %.1f s CPU per "
                     "puzzle so far", seed, len(new), len(known), spent,
                     cpu / max(1, len(known)))
            if len(known) >= args.max_puzzles or time.monotonic() > deadline:
                for pending in jobs:
                    pending.cancel()
                break
    return 0


def run_verify(args: argparse.Namespace) -> int:
    failed = checked = 0
    for path in args.files:
        puzzles = read_puzzles(path)
        if args.sample:
            step = max(1, len(puzzles) // args.sample)
            puzzles = puzzles[::step][:args.sample]
        for puzzle in puzzles:
            found = problems(puzzle, nodes=args.nodes)
            checked += 1
            if found:
                failed += 1
                print(f"{path.name} {puzzle.id}: {'; '.join(found)}")
    print(f"{checked} puzzles checked, {failed} failed")
    return 1 if failed else 0
