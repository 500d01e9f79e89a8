"""The engine's command-line tools: ``ai``, ``solve``, ``pbrain`` and ``compile``.

``register`` adds them to the ``caro-arena`` parser. Each reads one request per line from
stdin and answers one line per request, so other programs (and our tests) can drive them
through pipes. A bad line gets an error answer and the tool goes on with the next one.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import TextIO

from engine.ai import choose_move, warm_up
from engine.analysis import Analysis
from engine.board import Board
from engine.connect4.solver import solve
from engine.errors import EngineError, VariantError
from engine.levels import LEVELS, TOP, level_range
from engine.pbrain import PbrainSession
from engine.precompile import ensure_compiled
from engine.search.player import choose_grid_move
from engine.variants import VARIANTS, get_variant

# A mid-game position that solves in milliseconds: enough to load every compiled function.
SOLVER_WARM_UP = "32164625"


def register(subparsers: argparse._SubParsersAction) -> None:
    ai = subparsers.add_parser("ai", help="choose a move for each game read from stdin")
    ai.add_argument("--variant", required=True, help="variant name or custom spec")
    strength = ai.add_mutually_exclusive_group()
    strength.add_argument(
        "--level", type=int, choices=level_range(), default=TOP, help="playing level (top: full)"
    )
    strength.add_argument("--time-ms", type=int, help="time budget per move (full strength)")
    ai.add_argument("--seed", type=int, default=0)
    ai.add_argument(
        "--batch",
        action="store_true",
        help="read every game first, then search them in parallel (one process per core)",
    )
    ai.set_defaults(func=run_ai)

    solver = subparsers.add_parser("solve", help="solve Connect Four positions read from stdin")
    solver.add_argument("--variant", default="connect4", choices=["connect4"])
    solver.add_argument("--weak", action="store_true", help="win / draw / loss only (1, 0, -1)")
    solver.add_argument(
        "--time-limit-ms",
        type=int,
        help="give up on a position after this long (early openings can take minutes)",
    )
    solver.set_defaults(func=run_solve)

    pbrain = subparsers.add_parser("pbrain", help="play through the Gomocup engine protocol")
    pbrain.add_argument(
        "--level",
        type=int,
        choices=level_range(),
        default=TOP,
        help="playing level; below the top, a move also stops at the level's own budget",
    )
    pbrain.set_defaults(func=run_pbrain)

    compiler = subparsers.add_parser(
        "compile",
        help="compile the AI engine into numba's cache ahead of serving (make run and the "
        "Docker image's build run it; a no-op when the cache is up to date)",
    )
    compiler.set_defaults(func=run_compile)


# -- ai ----------------------------------------------------------------------------------------


def run_ai(args: argparse.Namespace, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    try:
        get_variant(args.variant)
    except VariantError as error:
        print(json.dumps({"error": error.code, "message": str(error)}), file=stdout, flush=True)
        return 2
    search = partial(
        _answer_game,
        args.variant,
        level=TOP if args.time_ms is not None else args.level,
        time_ms=args.time_ms if args.time_ms is not None else LEVELS[args.level].time_ms,
        seed=args.seed,
    )
    # Loading the compiled searches takes a second or more; pay it before the first game so
    # every game's time budget is spent searching.
    if args.batch:
        games = [line.strip() for line in stdin]
        with ProcessPoolExecutor(initializer=warm_up) as pool:
            for answer in pool.map(search, games):
                print(answer, file=stdout, flush=True)
    else:
        warm_up()
        for line in stdin:
            print(search(line.strip()), file=stdout, flush=True)
    return 0


def _answer_game(variant: str, game: str, *, level: int, time_ms: int, seed: int) -> str:
    """One JSON line: the analysis of ``game``, or the error that stops it from being searched."""
    try:
        analysis = choose_move(variant, game, level=level, time_ms=time_ms, seed=seed)
    except EngineError as error:
        return json.dumps({"error": error.code, "message": str(error)})
    return json.dumps(analysis.to_dict())


# -- solve -------------------------------------------------------------------------------------


def run_solve(
    args: argparse.Namespace, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout
) -> int:
    """``<moves> <score> <nodes> <microseconds>`` per line, as Pascal Pons' solver prints."""
    solve(SOLVER_WARM_UP)  # load the compiled solver now, not inside the first line's time
    for line in stdin:
        fields = line.split()
        if not fields:
            continue
        moves = fields[0]
        try:
            Board.from_moves(VARIANTS[args.variant], moves)  # typed errors name the bad token
            result = solve(moves, weak=args.weak, time_limit_ms=args.time_limit_ms)
        except EngineError as error:
            print(f"{moves} error {error.code}: {error}", file=stdout, flush=True)
            continue
        print(f"{moves} {result.score} {result.nodes} {result.micros:.0f}", file=stdout, flush=True)
    return 0


# -- compile -----------------------------------------------------------------------------------


def run_compile(args: argparse.Namespace, stdout: TextIO = sys.stdout) -> int:
    ensure_compiled(stdout)
    return 0


# -- pbrain ------------------------------------------------------------------------------------


def _pbrain_choose(board: Board, *, time_ms: int, tt_mib: int, level: int = TOP) -> Analysis:
    return choose_grid_move(board, time_ms=time_ms, level=level, seed=0, tt_mib=tt_mib)


def run_pbrain(
    args: argparse.Namespace, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout
) -> int:
    warm_up()  # before START, so the first turn's budget is spent searching
    session = PbrainSession(choose=partial(_pbrain_choose, level=args.level))
    for line in stdin:
        for answer in session.handle(line):
            print(answer, file=stdout, flush=True)
        if session.finished:
            break
    return 0
