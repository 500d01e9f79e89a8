"""Regenerate ``suite.txt`` and ``hard.txt``: random positions filtered for each tactic,
answers proven.

    .venv/bin/python -m tests.engine.tactics.build [--seed 7] [--only defend,caro,...]
    .venv/bin/python -m tests.engine.tactics.build --only vct   # hard.txt only

How each answer set is proven:
  * win1 / block5: by the Board itself (pushing the move wins) / by the tallies (no five of the
    opponent's left after the move: its completion cell, under caro also a cap of its far end).
  * open4: the cells that make an open (or double) four while the opponent has no four to make,
    plus any four that starts a VCF — every one of them wins.
  * vcf: every four whose forced reply leaves a VCF (threat search with a large budget); the
    position has no five, no open four and no opponent threat, so only fours can win fast.
  * defend: every move after which the opponent has no forced win, in positions where the
    opponent can make a double threat and passing would let it win by VCT, and where the
    defender has no win of its own. Every empty cell is tried (``proofs.py``): every move
    left out loses to a win the engine finds (VCF / VCT, or a mate in a node-limited full
    search); every answer survives a full search of ``PROOF_NODES`` nodes.
  * caro / standard: a rule trap (a five blocked at both ends, an overline) next to a real
    five or a real open three: the answers are the real win, or the defences of the three
    (proven like defend's).

``hard.txt`` holds issue 26's harder puzzles (category ``vct``), found and proven by
``hard.py`` (its docstring says how).

``--only defend,caro`` rebuilds those categories and keeps the other lines of the files: the
random positions come in the same order as in a full build (the rule traps and the hard
categories from streams of their own), so the puzzles found are the same.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path

from engine.board import Board
from engine.errors import EngineError
from engine.search import position_of
from engine.search.evaluation import C_B4, C_B4F3, C_F3F3, C_F4, C_FIVE
from engine.search.position import Position, make, unmake
from tests.engine.tactics import SUITE
from tests.engine.tactics.hard import HARD, HARD_CATEGORIES, HARD_WANTED, build_hard
from tests.engine.tactics.positions import candidates, empty_cells, fours, names, random_board
from tests.engine.tactics.proofs import (
    MOST_DEFENCES,
    SCREEN_NODES,
    holding_defences,
    search_wins,
    vcf_line,
    wins_by_threats,
)

CATEGORIES = ("win1", "block5", "open4", "vcf", "defend", "caro", "standard")


def four_starts(pos: Position, side: int) -> list[int]:
    """Fours after whose forced reply a VCF remains (or that leave two completion cells)."""
    me, opp = side - 1, 2 - side
    starts = []
    for m in empty_cells(pos):
        if pos.cls[me, m] < C_B4 or pos.cls[me, m] == C_FIVE:
            continue
        make(pos, m, side)
        fives = [c for c in empty_cells(pos) if pos.cls[me, c] == C_FIVE]
        if pos.counts[opp, C_FIVE] == 0 and len(fives) >= 2:
            starts.append(m)
        elif pos.counts[opp, C_FIVE] == 0 and len(fives) == 1:
            make(pos, fives[0], 3 - side)
            if vcf_line(pos, side) is not None:
                starts.append(m)
            unmake(pos, fives[0])
        unmake(pos, m)
    return starts


def puzzle_win1(board: Board, pos: Position) -> str | None:
    me = board.turn - 1
    if pos.counts[me, C_FIVE] == 0:
        return None
    winning = []
    player = board.turn
    for move in board.legal_moves():
        board.push(move)
        outcome = board.outcome()
        if outcome is not None and outcome.winner == player:
            winning.append(board.move_str(move))
        board.pop()
    return " ".join(sorted(winning)) or None


def puzzle_block5(board: Board, pos: Position) -> str | None:
    """Every move after which the opponent has no five to complete: its completion cell and,
    under caro, the free end of a four blocked at the other (the five would be blocked at both
    ends, which does not win there)."""
    me, opp = board.turn - 1, 2 - board.turn
    if pos.counts[me, C_FIVE] or pos.counts[opp, C_FIVE] != 1:
        return None
    return names(board, pos, [c for c in empty_cells(pos) if _stops_fives(pos, c, board.turn)])


def _stops_fives(pos: Position, cell: int, side: int) -> bool:
    make(pos, cell, side)
    stopped = pos.counts[2 - side, C_FIVE] == 0
    unmake(pos, cell)
    return stopped


def _quiet_for_opponent(pos: Position, opp: int) -> bool:
    return pos.counts[opp, C_FIVE] == 0 and fours(pos, opp) == 0


def puzzle_open4(board: Board, pos: Position) -> str | None:
    me, opp = board.turn - 1, 2 - board.turn
    if pos.counts[me, C_FIVE] or pos.counts[me, C_F4] == 0 or not _quiet_for_opponent(pos, opp):
        return None
    cells = {c for c in empty_cells(pos) if pos.cls[me, c] == C_F4}
    cells |= set(four_starts(pos, board.turn))
    return names(board, pos, sorted(cells))


def puzzle_vcf(board: Board, pos: Position) -> tuple[str, int] | None:
    me, opp = board.turn - 1, 2 - board.turn
    if pos.counts[me, C_FIVE] or pos.counts[me, C_F4] or pos.counts[opp, C_FIVE]:
        return None
    if pos.counts[opp, C_F4]:
        return None
    line = vcf_line(pos, board.turn)
    if line is None:
        return None
    n_fours = (len(line) + 1) // 2 - 1
    starts = four_starts(pos, board.turn)
    return (names(board, pos, starts), n_fours) if starts else None


def puzzle_defend(board: Board, pos: Position) -> str | None:
    me, opp = board.turn - 1, 2 - board.turn
    if pos.counts[me, C_FIVE] or fours(pos, me) or pos.counts[opp, C_FIVE] or pos.counts[opp, C_F4]:
        return None
    if pos.counts[opp, C_F3F3] + pos.counts[opp, C_B4F3] == 0:
        return None
    if not wins_by_threats(pos, 3 - board.turn) or wins_by_threats(pos, board.turn):
        return None  # not a real threat, or the defender has a faster win of its own
    if search_wins(board, SCREEN_NODES):
        return None  # the defender wins by a deeper attack: defending is not the point
    safe = holding_defences(board, pos, MOST_DEFENCES)
    return names(board, pos, safe) if safe else None


def _trap_board(
    rng: random.Random, variant: str, trap: Callable[[Board], list[tuple[int, int]]]
) -> Board | None:
    """A random position with a rule trap for the first player laid into it."""
    board = Board(variant)
    placed = trap(board)
    extra = random_board(rng, variant, rng.randrange(6, 12), 4)
    if extra is None:
        return None
    first = [c for c in extra.move_stack[0::2]]
    second = [c for c in extra.move_stack[1::2]]
    for cell, player in placed:
        (first if player == 1 else second).append(cell)
    first = list(dict.fromkeys(first))
    second = [c for c in dict.fromkeys(second) if c not in first]
    while len(first) > len(second) + 1:
        first.pop(0)
    while len(second) > len(first):
        second.pop(0)
    if any(c not in first for c, p in placed if p == 1) or any(
        c not in second for c, p in placed if p == 2
    ):
        return None
    try:
        order = [c for pair in zip(first, second, strict=False) for c in pair] + first[
            len(second) :
        ]
        board = Board.from_moves(variant, [board.move_str(c) for c in order])
    except EngineError:
        return None
    return None if board.is_game_over() else board


def _open_three(board: Board) -> list[tuple[int, int]]:
    """A real threat for the first player: x x x down column l, rows 3..5."""
    return [(r * board.cols + 11, 1) for r in (2, 3, 4)]


def caro_trap(board: Board) -> list[tuple[int, int]]:
    """o x x x x . o on row 11 from column c: the gap (h11) would make a five blocked at both
    ends; plus a real open three."""
    row, col = 10, 2
    cells = [(row * board.cols + col, 2), (row * board.cols + col + 6, 2)]
    cells += [(row * board.cols + col + i, 1) for i in range(1, 5)]
    return cells + _open_three(board)


def standard_trap(board: Board) -> list[tuple[int, int]]:
    """x x . x x x on row 12: the gap (f12) would make an overline of six; plus a real three."""
    row, col = 11, 3
    spare = [(c, 2) for c in (0, 6, 12)] + [(14 * board.cols, 2)]  # o stones out of the way
    return [(row * board.cols + col + i, 1) for i in (0, 1, 3, 4, 5)] + _open_three(board) + spare


def puzzle_trap(board: Board, pos: Position, trap_cell: str) -> str | None:
    """First player to move: the answers are its real wins; or second player to move: the
    defences. Either way the trap cell must not be an answer by itself being a 'five'."""
    me, opp = board.turn - 1, 2 - board.turn
    if pos.counts[opp, C_FIVE] or trap_cell not in {board.move_str(m) for m in board.legal_moves()}:
        return None
    if board.turn == 1:
        if pos.counts[me, C_FIVE] or fours(pos, opp) or not pos.counts[me, C_F4]:
            return None
        cells = {c for c in empty_cells(pos) if pos.cls[me, c] == C_F4}
        answer = names(board, pos, sorted(cells | set(four_starts(pos, board.turn))))
    else:
        if pos.counts[me, C_FIVE] or fours(pos, me) or not pos.counts[opp, C_F4]:
            return None
        safe = holding_defences(board, pos, MOST_DEFENCES)
        answer = names(board, pos, safe) if safe else ""
    return answer if answer and trap_cell not in answer.split() else None


WANTED = {"win1": 8, "block5": 8, "open4": 8, "vcf": 20, "defend": 10, "caro": 6, "standard": 4}
VCF_PER_LENGTH = 5


def build_random(seed: int, wanted: dict[str, int]) -> dict[str, list[str]]:
    """Puzzles found in random positions. The categories exclude each other (each needs a
    different side to have a five, a four or neither), so building one category alone finds
    the same puzzles as building all of them."""
    found: dict[str, list[str]] = {c: [] for c in wanted}
    simple = (("win1", puzzle_win1), ("block5", puzzle_block5), ("open4", puzzle_open4))
    vcf_lengths: dict[int, int] = {}
    for tries, variant, board in candidates(random.Random(seed)):
        if all(len(found[c]) >= n for c, n in wanted.items()):
            break
        pos = position_of(board)
        game = board.game_str()
        if tries % 100 == 0:
            print(f"tries {tries}: { {c: len(v) for c, v in found.items()} }", flush=True)
        for category, finder in simple:
            if len(found.get(category, ())) < wanted.get(category, 0):
                if answer := finder(board, pos):
                    note = f"{variant} #{len(found[category]) + 1}"
                    found[category].append(f"{category};{variant};{game};{answer};{note}")
        if len(found.get("vcf", ())) < wanted.get("vcf", 0) and (vcf := puzzle_vcf(board, pos)):
            answer, n_fours = vcf
            if 3 <= n_fours <= 9 and vcf_lengths.get(n_fours, 0) < VCF_PER_LENGTH:
                vcf_lengths[n_fours] = vcf_lengths.get(n_fours, 0) + 1
                note = f"{n_fours} fours #{len(found['vcf']) + 1}"
                found["vcf"].append(f"vcf;{variant};{game};{answer};{note}")
        if len(found.get("defend", ())) < wanted.get("defend", 0):
            if answer := puzzle_defend(board, pos):
                note = f"{variant} #{len(found['defend']) + 1}"
                found["defend"].append(f"defend;{variant};{game};{answer};{note}")
    counts = {c: len(v) for c, v in found.items()}
    print(f"found {counts}, vcf lengths {sorted(vcf_lengths.items())}")
    return found


TRAPS = {"caro": ("caro", caro_trap, "h11"), "standard": ("gomoku-standard", standard_trap, "f12")}


def build_traps(seed: int, category: str, wanted: int) -> list[str]:
    """Rule-trap puzzles, from their own random stream (so other categories do not move them)."""
    variant, trap, trap_cell = TRAPS[category]
    rng = random.Random(f"{seed}:{category}")
    lines: list[str] = []
    for _ in range(20_000):
        if len(lines) >= wanted:
            break
        board = _trap_board(rng, variant, trap)
        if board is not None and (answer := puzzle_trap(board, position_of(board), trap_cell)):
            note = f"trap {trap_cell} #{len(lines) + 1}"
            lines.append(f"{category};{variant};{board.game_str()};{answer};{note}")
    return lines


def build(seed: int, only: set[str]) -> dict[str, list[str]]:
    """The puzzles of the categories in ``only``, by category."""
    found = build_random(seed, {c: n for c, n in WANTED.items() if c in only and c not in TRAPS})
    for category in TRAPS.keys() & only:
        found[category] = build_traps(seed, category, WANTED[category])
    for category in HARD_WANTED.keys() & only:
        found[category] = build_hard(seed, category, HARD_WANTED[category])
    return found


FILES = ((SUITE, CATEGORIES, "build.py"), (HARD, HARD_CATEGORIES, "hard.py"))


def current_lines(path: Path, categories: tuple[str, ...]) -> dict[str, list[str]]:
    """The lines of the puzzle file ``path`` by category (none before its first build)."""
    text = path.read_text() if path.exists() else ""
    raw = [line for line in text.splitlines() if line.strip() and line[0] != "#"]
    return {c: [line for line in raw if line.split(";")[0] == c] for c in categories}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--only", help="comma-separated categories to rebuild (the rest of the files is kept)"
    )
    args = parser.parse_args()
    known = CATEGORIES + HARD_CATEGORIES
    only = set(args.only.split(",")) if args.only else set(known)
    if unknown := only - set(known):
        parser.error(f"unknown categories {sorted(unknown)}; known: {', '.join(known)}")
    found = build(args.seed, only)
    for path, categories, prover in FILES:
        if only.isdisjoint(categories):
            continue
        lines = current_lines(path, categories) | found
        header = (
            f"# category;variant;moves;answers;note  (generated by build.py, proven in {prover})"
        )
        body = [line for c in categories for line in lines.get(c, [])]
        path.write_text("\n".join([header, *body]) + "\n")


if __name__ == "__main__":
    main()
