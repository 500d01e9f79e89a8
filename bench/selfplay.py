"""Match two Gomocup engines through the pbrain protocol and print the score with an Elo estimate.

Made to compare engine versions: point ``--a`` and ``--b`` at two checkouts (``git worktree
add ../old <rev>``) or at any other pbrain engine command, for example::

    python -m bench.selfplay --a "python -m server.cli pbrain" \\
        --b "cd ../old && .venv/bin/python -m server.cli pbrain" --variant caro --games 20

Each engine runs in its own process for the whole match. Every opening (those of
``bench.gomoku.OPENINGS`` in order, with ``--openings FILE`` the lines of a file such as the
balanced sets in ``bench/data/openings/`` made by ``bench/openings.py``, or with ``--seed``
random three-stone openings near the centre) is played twice, once with each engine moving
next; the engine to move gets the whole position with ``BOARD`` (so no engine keeps state
between moves that the other lacks), after ``RESTART`` with ``--restart`` (Pela needs it).
The referee is our own :class:`engine.board.Board`: an illegal move, a crash or a turn over
``timeout_turn`` plus a grace period loses the game.

``--log FILE`` appends one JSON line per game (engines, opening, winner, moves, time); with
``--resume`` the games already in the log for the same engines, variant and openings are
counted instead of played again, so a long match survives a restart. ``--first-game N``
starts at game N (0-based) of the schedule, to split a match over several runs.
"""

from __future__ import annotations

import argparse
import json
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
    restart: bool = False  # RESTART before each position (engines that keep it, e.g. Pela)
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
        # With ``restart``, a new game first: BOARD adds stones to what the engine holds, and
        # Pela keeps the previous position (it answers ERROR to a stone on an occupied cell)
        # until RESTART. Sent in one go with the position, so the OK costs no round trip.
        if self.restart:
            self._send("RESTART")
        self._send("BOARD")
        for cell in board.move_stack:
            self._send(f"{to_wire(board, cell)},{1 if board.cell(cell) == me else 2}")
        self._send("DONE")
        if self.restart and (answer := self._read(timeout_s)) != "OK":
            raise EngineFailure(f"{self.name} answered {answer!r} to RESTART")
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
        except (EngineFailure, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        self.process = None

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def _send(self, line: str) -> None:
        assert self.process and self.process.stdin
        try:
            self.process.stdin.write(line + "\n")
        except OSError as exc:  # the engine died (a crash, or killed for a hang)
            raise EngineFailure(f"{self.name} exited") from exc

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


def play(
    engines: dict[int, Engine], variant: str, opening: str, turn_ms: int, grace_ms: int = GRACE_MS
) -> tuple[int, str]:
    """One game from ``opening``: ``engines[side]`` plays ``side``. Returns the winning side (0
    for a draw) and the game's moves, with the reason when an engine forfeits (a move later
    than ``turn_ms + grace_ms`` is one)."""
    board = Board.from_moves(variant, opening)
    while not board.is_game_over():
        side = board.turn
        try:
            board.push(engines[side].move(board, (turn_ms + grace_ms) / 1000))
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


def read_openings(path: Path | str) -> list[str]:
    """The openings of a file: one move list a line, ``#`` starts a comment."""
    lines = [line.split("#", 1)[0].strip() for line in Path(path).read_text().splitlines()]
    return [line for line in lines if line]


def openings(
    variant: str, count: int, seed: int | None, path: Path | str | None = None
) -> list[str]:
    """``count`` openings: a file's in order (repeated when short), the fixed ones in order, or
    random three-stone ones near the centre."""
    if path is not None:
        listed = read_openings(path)
        return [listed[i % len(listed)] for i in range(count)]
    if seed is None:
        return [OPENINGS[i % len(OPENINGS)] for i in range(count)]
    rng = random.Random(seed)
    board = Board.from_moves(variant, "")
    centre = (board.rows // 2) * board.cols + board.cols // 2
    near = [centre + dr * board.cols + dc for dr in range(-2, 3) for dc in range(-2, 3) if dr or dc]
    return [
        " ".join(board.move_str(c) for c in [centre, *rng.sample(near, 2)]) for _ in range(count)
    ]


def _load_log(path: Path, key: dict) -> dict[int, dict]:
    """Games of an earlier run with the same engines, variant, openings and time, by index."""
    done: dict[int, dict] = {}
    if not path.exists():
        return done
    for line in path.read_text().splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if all(record.get(field) == value for field, value in key.items()):
            done[record["index"]] = record
    return done


def match(
    a: Engine,
    b: Engine,
    variant: str,
    games: int,
    turn_ms: int,
    seed: int | None = None,
    openings_path: Path | str | None = None,
    log: Path | str | None = None,
    resume: bool = False,
    first_game: int = 0,
    grace_ms: int = GRACE_MS,
) -> MatchResult:
    """``games`` games between two engines: each opening twice, with sides swapped (games
    ``first_game`` .. ``first_game + games - 1`` of that schedule). A move later than
    ``turn_ms + grace_ms`` forfeits the game."""
    empty = Board.from_moves(variant, "")
    rule = next(code for code, known in RULES.items() if known == empty.variant.rule)
    lines = openings(variant, (first_game + games + 1) // 2, seed, openings_path)
    result = MatchResult(wins={a.name: 0, b.name: 0, "draw": 0}, games=[])
    key = {
        "a": a.command,
        "b": b.command,
        "variant": variant,
        "turn_ms": turn_ms,
        "openings": str(openings_path) if openings_path else f"seed {seed}",
    }
    done = _load_log(Path(log), key) if log and resume else {}
    try:
        for i in range(first_game, first_game + games):
            opening = lines[i // 2]
            first, second = (a, b) if i % 2 == 0 else (b, a)
            if i in done and done[i]["opening"] == opening:
                name = done[i]["winner"]
                game = done[i]["game"]
            else:
                for engine in (a, b):  # at the first game, and after a forfeit killed one
                    if not engine.alive():
                        engine.stop()
                        engine.start(empty.rows, rule, turn_ms)
                clock = time.monotonic()
                # The side to move after the opening is whoever the board says.
                winner, game = play({1: first, 2: second}, variant, opening, turn_ms, grace_ms)
                name = "draw" if winner == 0 else (first if winner == 1 else second).name
                if log:
                    record = {
                        **key,
                        "index": i,
                        "opening": opening,
                        "first": first.name,
                        "winner": name,
                        "game": game,
                        "seconds": round(time.monotonic() - clock, 1),
                        "load": round(os.getloadavg()[0], 2),
                    }
                    with open(log, "a") as out:
                        out.write(json.dumps(record) + "\n")
            result.wins[name] += 1
            result.games.append(game)
            print(
                f"  game {i + 1}: first {first.name}, winner {name} "
                f"[{result.wins[a.name]}-{result.wins['draw']}-{result.wins[b.name]}]: {game}",
                file=sys.stderr,
                flush=True,
            )
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
    parser.add_argument(
        "--grace-ms", type=int, default=GRACE_MS, help="allowed past --time-ms before a forfeit"
    )
    parser.add_argument("--seed", type=int, help="random openings from this seed")
    parser.add_argument("--openings", help="openings file (one move list a line)")
    parser.add_argument("--log", help="append each game as a JSON line to this file")
    parser.add_argument("--resume", action="store_true", help="count the games in --log")
    parser.add_argument("--first-game", type=int, default=0, help="start at this game index")
    parser.add_argument("--names", default="A,B", help="the two engines' names in the log")
    parser.add_argument(
        "--restart", action="store_true", help="RESTART before each position (Pela needs it)"
    )
    args = parser.parse_args()
    name_a, name_b = args.names.split(",")
    try:
        result = match(
            Engine(name_a, args.a, args.restart),
            Engine(name_b, args.b, args.restart),
            args.variant,
            args.games,
            args.time_ms,
            args.seed,
            args.openings,
            args.log,
            args.resume,
            args.first_game,
            args.grace_ms,
        )
    except EngineFailure as exc:
        print(f"selfplay: {exc}", file=sys.stderr)
        return 2
    diff, margin = elo(result.score(name_a), args.games)
    print(
        f"{'variant':<16} {'games':>5} {name_a + ' won':>8} {'draws':>6} {name_b + ' won':>8} "
        f"{name_a + ' score':>10} {'Elo':>12}"
    )
    print(
        f"{args.variant:<16} {args.games:>5} {result.wins[name_a]:>8} {result.wins['draw']:>6} "
        f"{result.wins[name_b]:>8} {result.score(name_a):>10.1%} {diff:>+6.0f} ± {margin:.0f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
