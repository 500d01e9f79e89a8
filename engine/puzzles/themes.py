"""A puzzle's themes and starting rating, read off its position and certificate.

Themes (docs/puzzles.md):
- ``vcf``: a win in which every attacking move on the main line makes a four (the defender's
  replies are all forced); ``vct``: a win that also uses threes.
- ``defence``: find the only move that does not lose.
- ``caro-blocked-five``: under the caro rule, a five blocked at both ends, which does not
  win, is on offer to either side somewhere on the main line.
- ``long``/``short``: the part the player plays (moves and replies) is 9 plies or more / 3
  or fewer.
- ``renju-forbidden``: in renju, black meets a forbidden point next to the main line: a block
  black may not make, or a four black may not use.

The starting rating grows with the attacker's moves before the five (depth), the size of the
certificate (the defences the solution must beat: branching), threes among the threats, and
the number of tempting first moves (those that make a four too). A defence puzzle starts
from the defences that look right but lose. The formula is in :func:`starting_rating`;
Glicko-2 moves it with every attempt.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.board import Board
from engine.puzzles.wins import blocked_five_cells, winning_cells
from engine.variants import Rule

THEMES = ("vcf", "vct", "defence", "caro-blocked-five", "renju-forbidden", "long", "short")
LONG_PLIES = 9
SHORT_PLIES = 3
MIN_RATING, MAX_RATING = 500, 2800


def attacks_in(tree: Mapping[str, Any]) -> int:
    """Attack nodes in a certificate (the answers it holds, ``x`` included)."""
    children = [*tree.get("r", {}).values()]
    if "x" in tree:
        children.append(tree["x"])
    return ("m" in tree) + sum(attacks_in(child) for child in children)


def themes_of(board: Board, goal: str, line: Sequence[str], full: Sequence[str]) -> list[str]:
    """The themes of the puzzle on ``board`` (its start): ``line`` is the part of the main
    line the player plays, ``full`` the whole main line (to the five, for a win)."""
    found = []
    played = board.copy()
    positions = [played.cells()]
    attacker = played.turn
    every_four = True
    for ply, move in enumerate(full):
        played.push_str(move)
        positions.append(played.cells())
        ends = ply == len(full) - 1
        if goal == "win" and ply % 2 == 0 and not ends:
            every_four &= bool(winning_cells(played.variant, played.cells(), attacker))
    if goal == "win":
        found.append("vcf" if every_four else "vct")
    else:
        found.append("defence")
    variant = board.variant
    if variant.rule in (Rule.CARO, Rule.CARO_EXACT) and any(
            blocked_five_cells(variant, cells, player) for cells in positions
            for player in (1, 2)):
        found.append("caro-blocked-five")
    if variant.rule is Rule.RENJU and _forbidden_near(board, full):
        found.append("renju-forbidden")
    if len(line) >= LONG_PLIES:
        found.append("long")
    if len(line) <= SHORT_PLIES:
        found.append("short")
    return found


def _forbidden_near(board: Board, line: Sequence[str]) -> bool:
    """Whether black, to move somewhere on the main line, has a forbidden point within one
    step of a main-line move."""
    played = board.copy()
    cols = board.variant.cols
    near = set()
    for move in line:
        row, col = divmod(played.parse_move(move), cols)
        near |= {(row + dr, col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    for move in [None, *line]:
        if move is not None:
            played.push_str(move)
        if played.is_game_over():
            break
        if any(divmod(cell, cols) in near for cell in played.forbidden_moves()):
            return True
    return False


def tempting(board: Board, solution: str) -> int:
    """First moves other than ``solution`` that make a four: they look like the start of a
    win and are not."""
    variant, player = board.variant, board.turn
    count = 0
    for move in board.legal_moves():
        if board.move_str(move) == solution:
            continue
        cells = board.cells()
        cells[move] = player
        if winning_cells(variant, cells, player):
            count += 1
    return count


def starting_rating(goal: str, line: Sequence[str], full: Sequence[str],
                    tree: Mapping[str, Any], themes: Sequence[str], tempting_moves: int) -> int:
    """The rating a new puzzle starts from (before anyone tried it), rounded to 10: 800 for
    a one-move win, plus 150 per further move the player plays, 40 per attacking move of the
    whole win (seeing it through is what finds the first move), 150 for threes among the
    threats, 70 x log2(1 + attacks in the certificate) for its branching and 60 x log2(1 +
    tempting first moves); a defence starts at 1000 plus 90 x log2(1 + defences that lose)
    and the same branching and lure terms. Clamped to 500..2800."""
    branching = 70 * math.log2(1 + attacks_in(tree))
    lure = 60 * math.log2(1 + tempting_moves)
    if goal == "win":
        moves = (len(line) + 1) // 2
        attacks = (len(full) + 1) // 2
        rating = (800 + 150 * (moves - 1) + 40 * attacks + (150 if "vct" in themes else 0)
                  + branching + lure)
    else:
        losing = len(tree.get("r", {}))
        rating = 1000 + 90 * math.log2(1 + losing) + branching + lure
    return int(round(min(MAX_RATING, max(MIN_RATING, rating)) / 10) * 10)
