"""Match two Gomocup engines through the pbrain protocol and print the score with an Elo estimate.

Made to compare engine versions: point ``--a`` and ``--b`` at two checkouts (``git worktree
add ../old <rev>``) or at any other pbrain engine command, for example::

    python -m bench.selfplay --a "python -m server.cli pbrain" \\
        --b "cd ../old && .venv/bin/python -m server.cli pbrain" --variant caro --games 20

Each engine runs in its own process for the whole match. Every opening (those of
``bench.gomoku.OPENINGS`` in order, or with ``--seed`` random three-stone openings near the
centre, for more games than that) is played twice, once with each engine moving next; the engine to
move gets the whole position with ``BOARD`` (so no engine keeps state between moves that the
other lacks). The referee is our own :class:`engine.board.Board`: an illegal move, a crash or a
turn over ``timeout_turn`` plus a grace period loses the game.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bench.gomoku import OPENINGS
from engine.board import Board
from engine.errors import EngineError
from engine.pbrain import RULES, from_wire, to_wire

REPO = Path(__file__).resolve().parents[1]

# 15x15, one per Gomocup rule (in renju an engine that plays a forbidden point forfeits, as an
# illegal move does).
VARIANTS = ("gomoku", "gomoku-standard", "renju", "caro", "caro-exact")
GRACE_MS = 1_000  # allowed past timeout_turn for process start and pipe latency
DEFAULT_COMMAND = f"{sys.executable} -m server.cli pbrain"


class EngineFailure(Exception):
    """The engine crashed, answered nonsense or ran out of time: it loses the game."""


@dataclass
class Engine:
    """One pbrain process; :meth:`move` sends a position and reads the answer."""

    name: str
    command: str
    process: subprocess.Popen | None = None

    def start(self, size: int, rule: int, turn_ms: int) -> None:
        self.process = subprocess.Popen(
            ["bash", "-c", self.command],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
        )
        self._send(f"START {size}")
        self._expect_ok()
        for info in (f"rule {rule}", f"timeout_turn {turn_ms}", "timeout_match 0"):
            self._send(f"INFO {info}")

    def move(self, board: Board, timeout_s: float) -> int:
        """The engine's move (engine cell index) for ``board``."""
        me = board.turn
        self._send("BOARD")
        for cell in board.move_stack:
            self._send(f"{to_wire(board, cell)},{1 if board.cell(cell) == me else 2}")
        self._send("DONE")
        answer = self._read(timeout_s)
        try:
            x, y = (int(part) for part in answer.split(","))
        except ValueError as exc:
            raise EngineFailure(f"{self.name} answered {answer!r}") from exc
        if not (0 <= x < board.cols and 0 <= y < board.rows):
            raise EngineFailure(f"{self.name} answered {answer!r}, off the board")
        return from_wire(board, x, y)

    def stop(self) -> None:
        if self.process is None:
            return
        try:
            self._send("END")
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
        self.process = None

    def _send(self, line: str) -> None:
        assert self.process and self.process.stdin
        self.process.stdin.write(line + "\n")

    def _read(self, timeout_s: float) -> str:
        """The next answer line, skipping MESSAGE / DEBUG lines; a deadline guards a hang."""
        assert self.process and self.process.stdout
        deadline = time.monotonic() + timeout_s
        with ThreadPoolExecutor(max_workers=1) as reader:
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise EngineFailure(f"{self.name} took longer than {timeout_s:.1f} s")
                try:
                    line = reader.submit(self.process.stdout.readline).result(timeout=left)
                except TimeoutError as exc:
                    self.process.kill()
                    raise EngineFailure(f"{self.name} took longer than {timeout_s:.1f} s") from exc
                if not line:
                    raise EngineFailure(f"{self.name} exited")
                line = line.strip()
                if line and not line.startswith(("MESSAGE", "DEBUG")):
                    return line

    def _expect_ok(self) -> None:
        answer = self._read(300.0)  # the first answer may wait for compiling the engine
        if answer != "OK":
            raise EngineFailure(f"{self.name} answered {answer!r} to START")


def play(engines: dict[int, Engine], variant: str, opening: str, turn_ms: int) -> tuple[int, str]:
    """One game from ``opening``: ``engines[side]`` plays ``side``. Returns the winning side (0
    for a draw) and the game's moves, with the reason when an engine forfeits."""
    board = Board.from_moves(variant, opening)
    while not board.is_game_over():
        side = board.turn
        try:
            board.push(engines[side].move(board, (turn_ms + GRACE_MS) / 1000))
        except (EngineFailure, EngineError) as exc:  # EngineError: an illegal move
            return 3 - side, f"{board.game_str()} (forfeit: {exc})"
    outcome = board.outcome()
    return (outcome.winner or 0) if outcome else 0, board.game_str()


def elo(score: float, games: int) -> tuple[float, float]:
    """Elo difference for a score fraction, and the half-width of its 95% interval."""

    def to_elo(p: float) -> float:
        p = min(max(p, 0.5 / games), 1 - 0.5 / games)
        return -400 * math.log10(1 / p - 1)

    spread = 1.96 * math.sqrt(max(score * (1 - score), 0.25 / games) / games)
    return to_elo(score), (to_elo(min(score + spread, 1)) - to_elo(max(score - spread, 0))) / 2


@dataclass
class MatchResult:
    """Games won by each engine (by name) and drawn, and each game's record."""

    wins: dict[str, int]
    games: list[str]

    def score(self, name: str) -> float:
        """``name``'s points (a draw is half a point) as a fraction of the games."""
        return (self.wins[name] + self.wins["draw"] / 2) / len(self.games)


def openings(variant: str, count: int, seed: int | None) -> list[str]:
    """``count`` three-stone openings: the fixed ones in order, or random ones near the centre."""
    if seed is None:
        return [OPENINGS[i % len(OPENINGS)] for i in range(count)]
    rng = random.Random(seed)
    board = Board.from_moves(variant, "")
    centre = (board.rows // 2) * board.cols + board.cols // 2
    near = [centre + dr * board.cols + dc for dr in range(-2, 3) for dc in range(-2, 3) if dr or dc]
    return [
        " ".join(board.move_str(c) for c in [centre, *rng.sample(near, 2)]) for _ in range(count)
    ]


def match(
    a: Engine, b: Engine, variant: str, games: int, turn_ms: int, seed: int | None = None
) -> MatchResult:
    """``games`` games between two engines: each opening twice, with sides swapped."""
    empty = Board.from_moves(variant, "")
    rule = next(code for code, known in RULES.items() if known == empty.variant.rule)
    lines = openings(variant, (games + 1) // 2, seed)
    result = MatchResult(wins={a.name: 0, b.name: 0, "draw": 0}, games=[])
    try:
        for engine in (a, b):
            engine.start(empty.rows, rule, turn_ms)
        for i in range(games):
            opening = lines[i // 2]
            first, second = (a, b) if i % 2 == 0 else (b, a)
            # The opening's third stone is the first player's, so the second player moves next.
            winner, game = play({1: first, 2: second}, variant, opening, turn_ms)
            name = "draw" if winner == 0 else (first if winner == 1 else second).name
            result.wins[name] += 1
            result.games.append(game)
            print(f"  game {i + 1}: first {first.name}, winner {name}: {game}", file=sys.stderr)
    finally:
        for engine in (a, b):
            engine.stop()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--a", default=DEFAULT_COMMAND, help="engine A's command (bash)")
    parser.add_argument("--b", required=True, help="engine B's command (bash)")
    parser.add_argument("--variant", default="gomoku", choices=VARIANTS)
    parser.add_argument("--games", type=int, default=20, help="even; openings in order")
    parser.add_argument("--time-ms", type=int, default=1000, help="timeout_turn for both")
    parser.add_argument("--seed", type=int, help="random openings from this seed")
    args = parser.parse_args()
    try:
        result = match(
            Engine("A", args.a),
            Engine("B", args.b),
            args.variant,
            args.games,
            args.time_ms,
            args.seed,
        )
    except EngineFailure as exc:
        print(f"selfplay: {exc}", file=sys.stderr)
        return 2
    diff, margin = elo(result.score("A"), args.games)
    print(
        f"{'variant':<10} {'games':>5} {'A won':>6} {'draws':>6} {'B won':>6} "
        f"{'A score':>8} {'Elo A-B':>12}"
    )
    print(
        f"{args.variant:<10} {args.games:>5} {result.wins['A']:>6} {result.wins['draw']:>6} "
        f"{result.wins['B']:>6} {result.score('A'):>8.1%} {diff:>+6.0f} ± {margin:.0f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
