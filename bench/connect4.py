"""Connect Four solver benchmark: exact and weak scores on Pascal Pons' four test sets
(tests/data/connect4).

Prints one row per set: how many exact scores match, the mean time and nodes per position
(fresh transposition table for each position, as in the reference), and the ratio of our mean
time to the reference C++ solver's published mean (``cpu``: the ratio with our thread CPU time,
Python call included, which a busy shared machine distorts less than wall-clock time). Then,
for the player, how far past its time budget a move goes on heavy positions (the opening,
where the exact solve cannot finish).
Run from the repository root:

    .venv/bin/python bench/connect4.py [--limit N] [--sets ...] [--no-player] [--fallback]
        [--strength GAMES]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from dataclasses import dataclass
from pathlib import Path

from bench.stats import percentile
from engine.board import Board
from engine.connect4.player import (
    choose_connect4_move,
    deepen,
    pick,
    warm_up,
)
from engine.connect4.position import column_mask, possible, winning_cells
from engine.connect4.solver import position_from_columns, solve
from engine.levels import LEVELS, TOP

REPO = Path(__file__).resolve().parents[1]

DATA = REPO / "tests" / "data" / "connect4"
# Mean time per position (µs) of the reference C++ solver, from tests/data/connect4/README.md.
REFERENCE_MICROS = {
    "Test_L3_R1": 9.8,
    "Test_L2_R1": 63.0,
    "Test_L2_R2": 7600.0,
    "Test_L1_R1": 570.0,
}
SETS = tuple(REFERENCE_MICROS)


@dataclass(frozen=True, slots=True)
class Connect4Row:
    """One test set's results."""

    name: str
    positions: int
    exact: int
    mean_us: float
    p99_us: float
    mean_nodes: float
    ratio: float  # our mean time / the reference's mean time
    cpu_ratio: float  # the same with our CPU time (less sensitive to a busy, shared machine)
    weak_ok: int
    weak_mean_us: float

    @property
    def mnps(self) -> float:
        return self.mean_nodes / self.mean_us if self.mean_us else 0.0


def load_set(name: str, limit: int | None = None) -> list[tuple[str, int]]:
    """``(moves, score)`` pairs of one test set."""
    lines = (DATA / name).read_text().split("\n")
    pairs = [(moves, int(score)) for moves, score in (ln.split() for ln in lines if ln.strip())]
    return pairs[:limit] if limit else pairs


def measure_set(name: str, limit: int | None = None) -> Connect4Row:
    positions = load_set(name, limit)
    exact, weak_ok, micros, nodes, weak_micros, cpu_ns = 0, 0, [], [], [], 0
    for moves, expected in positions:
        cpu_started = time.thread_time_ns()
        result = solve(moves)
        cpu_ns += time.thread_time_ns() - cpu_started
        exact += result.score == expected
        micros.append(result.micros)
        nodes.append(result.nodes)
    for moves, expected in positions:
        weak = solve(moves, weak=True)
        weak_ok += weak.score == (expected > 0) - (expected < 0)
        weak_micros.append(weak.micros)
    mean_us = statistics.fmean(micros)
    return Connect4Row(
        name=name,
        positions=len(positions),
        exact=exact,
        mean_us=mean_us,
        p99_us=percentile(micros, 0.99),
        mean_nodes=statistics.fmean(nodes),
        ratio=mean_us / REFERENCE_MICROS[name],
        cpu_ratio=cpu_ns / 1000 / len(positions) / REFERENCE_MICROS[name],
        weak_ok=weak_ok,
        weak_mean_us=statistics.fmean(weak_micros),
    )


def connect4_rows(sets: tuple[str, ...] = SETS, limit: int | None = None) -> list[Connect4Row]:
    """Measure every set (compiling the solver first, so no row pays for it)."""
    solve("4453")
    return [measure_set(name, limit) for name in sets]


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """Time the player took against its budget on a set of positions."""

    level: int
    budget_ms: int
    moves: int
    median_ms: float
    max_ms: float
    max_over_ms: float  # worst time beyond the budget (negative: always early)
    solved: int  # moves decided by the exact solver (score is a proven result or a draw)


# Positions where the exact solve does not finish within the budget: the empty board, early
# openings, and the first positions of the hardest set.
HEAVY_POSITIONS = ("", "4", "44", "4453", "3344", "445566")


def player_rows(
    levels: tuple[int, ...] = (5, 3), budgets: tuple[int, ...] = (20, 100, 500)
) -> list[PlayerRow]:
    positions = list(HEAVY_POSITIONS) + [m for m, _ in load_set("Test_L2_R2", 4)]
    warm_up()
    rows = []
    for level in levels:
        for budget in budgets:
            times, solved = [], 0
            for moves in positions:
                board = Board.from_moves("connect4", list(moves))
                started = time.perf_counter()
                analysis = choose_connect4_move(board, time_ms=budget, level=level, seed=0)
                times.append((time.perf_counter() - started) * 1000)
                solved += analysis.depth == 42 - len(moves)
            rows.append(
                PlayerRow(
                    level=level,
                    budget_ms=budget,
                    moves=len(positions),
                    median_ms=statistics.median(times),
                    max_ms=max(times),
                    max_over_ms=max(times) - budget,
                    solved=solved,
                )
            )
    return rows


@dataclass(frozen=True, slots=True)
class StrengthRow:
    """Level 5 against a lower level from the empty board, each side first in turn."""

    opponent_level: int
    games: int
    wins: int
    draws: int
    losses: int


def strength_rows(games: int = 2, time_ms: int = 200) -> list[StrengthRow]:
    rows = []
    for opponent in (1, 2, 3, 4):
        results = [_match(opponent, game, time_ms) for game in range(games)]
        rows.append(
            StrengthRow(opponent, games, results.count(1), results.count(0), results.count(-1))
        )
    return rows


def _match(opponent: int, game: int, time_ms: int) -> int:
    """+1 if level 5 wins, 0 for a draw, -1 if it loses; level 5 moves first in even games."""
    board = Board("connect4")
    strong_side = 1 if game % 2 == 0 else 2
    while not board.is_game_over():
        level = 5 if board.turn == strong_side else opponent
        move = choose_connect4_move(board, time_ms=time_ms, level=level, seed=game).move
        board.push_str(move)
    winner = board.outcome().winner  # type: ignore[union-attr]
    return 0 if winner is None else (1 if winner == strong_side else -1)


@dataclass(frozen=True, slots=True)
class BeginnerRow:
    """A level against a simulated beginner, who takes a win in one, blocks a loss in one and
    otherwise plays at random: how often can a beginner win?"""

    level: int
    games: int
    beginner_wins: int
    draws: int


def beginner_rows(games: int = 10, time_ms: int = 100) -> list[BeginnerRow]:
    rows = []
    for level in (1, 2, 3, 5):
        results = [_beginner_game(level, game, time_ms) for game in range(games)]
        rows.append(BeginnerRow(level, games, results.count(-1), results.count(0)))
    return rows


def _beginner_game(level: int, game: int, time_ms: int) -> int:
    """+1 if the AI wins, 0 for a draw, -1 if the beginner wins; the AI starts in even games."""
    rng = random.Random(game)
    board = Board("connect4")
    ai_side = 1 if game % 2 == 0 else 2
    while not board.is_game_over():
        if board.turn == ai_side:
            move = choose_connect4_move(board, time_ms=time_ms, level=level, seed=game).move
            board.push_str(move)
        else:
            board.push(_beginner_move(board, rng))
    winner = board.outcome().winner  # type: ignore[union-attr]
    return 0 if winner is None else (1 if winner == ai_side else -1)


def _beginner_move(board: Board, rng: random.Random) -> int:
    legal = board.legal_moves()
    current, mask, _ = position_from_columns("".join(str(c % 7 + 1) for c in board.move_stack))
    playable = int(possible(mask))
    wins = int(winning_cells(current, mask)) & playable
    blocks = int(winning_cells(current ^ mask, mask)) & playable
    target = wins or blocks
    if not target:
        return rng.choice(legal)
    column = ((target & -target).bit_length() - 1) // 7
    return next(move for move in legal if move % 7 == column)


def format_beginner_table(rows: list[BeginnerRow]) -> str:
    header = f"{'level':>5} {'games':>5} {'beginner won':>12} {'drawn':>5}"
    lines = [header, "-" * len(header)]
    for r in rows:
        lines.append(f"{r.level:>5} {r.games:>5} {r.beginner_wins:>12} {r.draws:>5}")
    return "\n".join(lines)


def format_strength_table(rows: list[StrengthRow]) -> str:
    header = f"{'level 5 vs':>10} {'games':>5} {'won':>4} {'drawn':>5} {'lost':>4}"
    lines = [header, "-" * len(header)]
    for r in rows:
        lines.append(f"{r.opponent_level:>10} {r.games:>5} {r.wins:>4} {r.draws:>5} {r.losses:>4}")
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class FallbackRow:
    """How often the heuristic search alone (level 5's fallback) picks a move that keeps the
    exact value, or at least the result (win / draw / loss), judged by the solver."""

    budget_ms: int
    positions: int
    keeps_value: int
    keeps_result: int


def fallback_rows(budgets: tuple[int, ...] = (20, 100, 500)) -> list[FallbackRow]:
    openings = [(m, s) for m, s in load_set("Test_L1_R1") if len(m) <= 12][:60]
    positions = openings + load_set("Test_L2_R2", 40)
    rows = []
    for budget in budgets:
        keeps_value = keeps_result = 0
        for moves, score in positions:
            current, mask, played = position_from_columns(moves)
            deadline = time.monotonic_ns() + budget * 1_000_000
            scores, _, _ = deepen(current, mask, played, LEVELS[TOP].connect4, deadline)
            column = pick(scores, LEVELS[TOP].connect4, random.Random(0))
            child = moves + str(column + 1)
            wins = winning_cells(current, mask) & possible(mask) & column_mask(column)
            value = score if wins else -solve(child).score  # a winning move ends the game
            keeps_value += value == score
            keeps_result += (value > 0) - (value < 0) == (score > 0) - (score < 0)
        rows.append(FallbackRow(budget, len(positions), keeps_value, keeps_result))
    return rows


def format_fallback_table(rows: list[FallbackRow]) -> str:
    header = f"{'budget':>8} {'positions':>9} {'keeps value':>11} {'keeps result':>12}"
    lines = [header, "-" * len(header)]
    for r in rows:
        lines.append(
            f"{r.budget_ms:>5} ms {r.positions:>9} {r.keeps_value:>11} {r.keeps_result:>12}"
        )
    return "\n".join(lines)


def format_player_table(rows: list[PlayerRow]) -> str:
    header = (
        f"{'level':>5} {'budget':>8} {'moves':>5} {'median':>10} {'max':>10} "
        f"{'max over':>9} {'solved':>6}"
    )
    lines = [header, "-" * len(header)]
    for r in rows:
        lines.append(
            f"{r.level:>5} {r.budget_ms:>5} ms {r.moves:>5} {r.median_ms:>7.1f} ms "
            f"{r.max_ms:>7.1f} ms {r.max_over_ms:>6.1f} ms {r.solved:>6}"
        )
    return "\n".join(lines)


def format_table(rows: list[Connect4Row]) -> str:
    header = (
        f"{'set':<11} {'exact':>9} {'mean':>10} {'p99':>10} {'nodes':>9} {'Mnps':>5} "
        f"{'ref':>9} {'ratio':>6} {'cpu':>6} {'weak ok':>9} {'weak mean':>10}"
    )
    lines = [header, "-" * len(header)]
    for r in rows:
        lines.append(
            f"{r.name:<11} {f'{r.exact}/{r.positions}':>9} {_fmt_us(r.mean_us):>10} "
            f"{_fmt_us(r.p99_us):>10} {r.mean_nodes:>9.0f} {r.mnps:>5.1f} "
            f"{_fmt_us(REFERENCE_MICROS[r.name]):>9} {r.ratio:>5.2f}x {r.cpu_ratio:>5.2f}x "
            f"{f'{r.weak_ok}/{r.positions}':>9} {_fmt_us(r.weak_mean_us):>10}"
        )
    return "\n".join(lines)


def _fmt_us(micros: float) -> str:
    return f"{micros / 1000:.2f} ms" if micros >= 1000 else f"{micros:.1f} µs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="positions per set (default all)")
    parser.add_argument("--sets", default=",".join(SETS), help="comma-separated set names")
    parser.add_argument("--no-player", action="store_true", help="skip the player time budget")
    parser.add_argument("--fallback", action="store_true", help="heuristic move quality")
    parser.add_argument(
        "--strength", type=int, default=0, metavar="GAMES", help="level 5 vs levels 1-4"
    )
    args = parser.parse_args()
    started = time.perf_counter()
    rows = connect4_rows(tuple(args.sets.split(",")), args.limit)
    print(format_table(rows))
    if not args.no_player:
        print("\nPlayer: time per move against the budget (wall clock, includes Python overhead)")
        print(format_player_table(player_rows()))
    if args.fallback:
        print("\nFallback: the heuristic search alone on 60 openings (<= 12 plies, Test_L1_R1)")
        print("and 40 Test_L2_R2 positions, its move judged by the exact solver")
        print(format_fallback_table(fallback_rows()))
    if args.strength:
        print("\nStrength: level 5 (200 ms a move) against each lower level, from the empty board")
        print(format_strength_table(strength_rows(args.strength)))
        print("\nA simulated beginner (wins in one, blocks in one, else random) against levels")
        print(format_beginner_table(beginner_rows(5 * args.strength)))
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"\n{os.cpu_count()} CPUs, load average {load}; "
        f"{time.perf_counter() - started:.1f} s in all; fresh table for each position"
    )


if __name__ == "__main__":
    main()
