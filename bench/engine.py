"""The engine's acceptance numbers in one table: every row is a measure, its target and a verdict.

It gathers the per-area benchmarks (bench/connect4.py, bench/gomoku.py) and adds tic-tac-toe:
  * tic-tac-toe — the AI against every opponent strategy, first and second: losses
  * connect4    — exact scores on the four Connect Four test sets and the mean time per
                  position against the reference solver (target: within 3x), with a CPU-time
                  ratio beside it
  * speed       — nodes per second and depth reached in 1 s on 15x15 midgames, worst overrun
  * tactics     — the tactics suite solved at 1 s a move
  * match       — 20 games against the baseline under gomoku and caro (target: >= 19 wins)
  * caro9       — moving first against the baseline and a random player (target: every game)

The baseline is an optional extra outside the repository (see bench/gomoku.py): without it the
baseline rows say "skipped" and the rest runs.

Run from the repository root (the full run plays 40+ games against a slow baseline: ~30 min
on 2 cores; ``--quick`` samples everything in a few minutes):

    .venv/bin/python -m bench.engine [--quick] [--only connect4,speed,...] [--workers 2]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench import connect4 as connect4_bench
from bench import gomoku as gomoku_bench
from bench.seed_engine import seed_missing
from engine.ai import choose_move
from engine.board import Board

CONNECT4_RATIO_TARGET = 3.0
NPS_TARGET = 1_000_000
OVERRUN_TARGET_MS = 50.0


@dataclass(frozen=True, slots=True)
class Row:
    area: str
    measure: str
    result: str
    target: str
    ok: bool | None  # None: reported, no target


def tictactoe_rows() -> list[Row]:
    """Walk every opponent strategy against the level-5 AI; count games and losses."""
    rows = []
    for ai_player, label in ((1, "first"), (2, "second")):
        tally = {"win": 0, "draw": 0, "loss": 0}
        _walk(Board("tictactoe"), ai_player, tally)
        games = sum(tally.values())
        rows.append(
            Row(
                "tictactoe",
                f"AI {label} vs every strategy ({games} games)",
                f"{tally['win']} won, {tally['draw']} drawn, {tally['loss']} lost",
                "0 lost",
                tally["loss"] == 0,
            )
        )
    return rows


def _walk(board: Board, ai_player: int, tally: dict[str, int]) -> None:
    outcome = board.outcome()
    if outcome is not None:
        key = "draw" if outcome.winner is None else "win" if outcome.winner == ai_player else "loss"
        tally[key] += 1
        return
    moves = (
        [board.parse_move(choose_move("tictactoe", board.moves_str()).move)]
        if board.turn == ai_player
        else board.legal_moves()
    )
    for move in moves:
        board.push(move)
        _walk(board, ai_player, tally)
        board.pop()


def connect4_rows(limit: int | None) -> list[Row]:
    rows = []
    for r in connect4_bench.connect4_rows(limit=limit):
        rows.append(
            Row(
                "connect4",
                f"{r.name}: exact scores",
                f"{r.exact}/{r.positions} (weak {r.weak_ok}/{r.positions})",
                f"{r.positions}/{r.positions}",
                r.exact == r.positions and r.weak_ok == r.positions,
            )
        )
        rows.append(
            Row(
                "connect4",
                f"{r.name}: mean time (ref {connect4_bench.REFERENCE_MICROS[r.name]:g} µs)",
                f"{r.mean_us:.1f} µs = {r.ratio:.2f}x (cpu {r.cpu_ratio:.2f}x), "
                f"{r.mean_nodes:.0f} nodes",
                f"<= {CONNECT4_RATIO_TARGET:g}x",
                r.ratio <= CONNECT4_RATIO_TARGET,
            )
        )
    over = max(p.max_over_ms for p in connect4_bench.player_rows())
    rows.append(
        Row(
            "connect4",
            "player: worst time past budget",
            f"{over:.1f} ms",
            f"<= {OVERRUN_TARGET_MS:g} ms",
            over <= OVERRUN_TARGET_MS,
        )
    )
    return rows


def speed_rows(time_ms: int) -> list[Row]:
    mean = gomoku_bench.speed_rows(time_ms)[-1]
    return [
        Row(
            "speed",
            f"15x15 midgame nodes/s at {time_ms} ms",
            f"{mean['nps']:,} (cpu {mean['cpu_nps']:,})",
            f">= {NPS_TARGET:,}",
            mean["nps"] >= NPS_TARGET,
        ),
        Row("speed", f"mean depth reached in {time_ms} ms", f"{mean['depth']}", "-", None),
        Row(
            "speed",
            "worst time past budget",
            f"{mean['overrun_ms']} ms",
            f"<= {OVERRUN_TARGET_MS:g} ms",
            mean["overrun_ms"] <= OVERRUN_TARGET_MS,
        ),
    ]


def tactics_rows(time_ms: int) -> list[Row]:
    rows = gomoku_bench.tactics_rows(time_ms)
    total = rows[-1]
    result = [
        Row("tactics", f"{r['category']}", f"{r['solved']}/{r['total']}", "all", None)
        for r in rows[:-1]
    ]
    result.append(
        Row(
            "tactics",
            f"suite at {time_ms} ms a move",
            f"{total['solved']}/{total['total']}",
            "all, >= 60 positions",
            total["solved"] == total["total"] >= 60,
        )
    )
    return result


def match_rows(games: int, time_ms: int, workers: int) -> list[Row]:
    if missing := seed_missing():
        return [Row("match", "vs baseline", "skipped", missing, None)]
    need = games - games // 20  # 19 of 20
    return [
        Row(
            "match",
            r["table"],
            f"{r['wins']} won, {r['draws']} drawn, {r['losses']} lost",
            f">= {need} of {r['games']} won",
            r["wins"] >= need,
        )
        for r in gomoku_bench.match_rows(("gomoku", "caro"), games, time_ms, workers)
    ]


def caro9_rows(random_games: int, time_ms: int, workers: int) -> list[Row]:
    return [
        Row(
            "caro9",
            r["table"],
            f"{r['wins']}/{r['games']} won",
            "every game",
            r["wins"] == r["games"],
        )
        for r in gomoku_bench.caro9_rows(random_games, time_ms, workers)
    ]


def format_table(rows: list[Row]) -> str:
    widths = [
        max(len(getattr(r, f)) for r in rows) for f in ("area", "measure", "result", "target")
    ]
    header = ("area", "measure", "result", "target")
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)) + "  verdict"]
    lines.append("-" * len(lines[0]))
    for r in rows:
        verdict = "-" if r.ok is None else "ok" if r.ok else "MISSED"
        cells = (r.area, r.measure, r.result, r.target)
        lines.append(
            "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + f"  {verdict}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="samples: 100 positions a set, 4 games"
    )
    parser.add_argument("--only", default="tictactoe,connect4,speed,tactics,match,caro9")
    parser.add_argument("--time-ms", type=int, default=1000, help="grid AI budget per move")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args(argv)
    games, random_games, limit = (4, 2, 100) if args.quick else (20, 10, None)
    sections: dict[str, Callable[[], list[Row]]] = {
        "tictactoe": tictactoe_rows,
        "connect4": lambda: connect4_rows(limit),
        "speed": lambda: speed_rows(args.time_ms),
        "tactics": lambda: tactics_rows(args.time_ms),
        "match": lambda: match_rows(games, args.time_ms, args.workers),
        "caro9": lambda: caro9_rows(random_games, args.time_ms, args.workers),
    }
    started, load_before = time.perf_counter(), os.getloadavg()[0]
    gomoku_bench.warm_up()
    rows: list[Row] = []
    for name in args.only.split(","):
        print(f"[bench/engine] {name} ...", file=sys.stderr, flush=True)
        rows += sections[name]()
    print(format_table(rows))
    print(
        f"\n{os.cpu_count()} CPUs; load average {load_before:.2f} before, "
        f"{os.getloadavg()[0]:.2f} after; {time.perf_counter() - started:.0f} s"
        + ("; --quick samples" if args.quick else "")
    )
    return 0 if all(r.ok is not False for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
