"""Issue 26's harder puzzles, stored in ``hard.txt`` (the format of ``suite.txt``), drawn from
the same random positions as the suite (a stream of their own per category, so neither moves
the other's puzzles) and proven here:

  * vct: the side to move wins by threats (fours and open threes) but not by fours alone, and
    the shortest threat win the threat search finds has ``LONGEST_MISSED + 1`` or more moves of
    the attacker (9 plies or more): every win of fewer moves, however its threes and fours are
    mixed, fails. The answers are every threat (a move after which the attacker makes an open
    four or a five next) that wins against each reply the VCT considers (a block of the threat
    or a four of the defender's): the attacker then wins by threats again. Every threat left
    out has a reply after which it does not. Every quiet move is searched in full
    (``QUIET_NODES``) without finding the defender lost; a position where one is found lost
    is dropped (its win is not by threats). The note gives the shortest win in plies.
  * deep-defend: a ``defend`` puzzle (proven by ``proofs.holding_defences``: every move left out
    loses to a win the engine finds, every answer holds through a 12-million-node search)
    against a threat win of the opponent's, where the full search limited to ``SHALLOW_DEPTH``
    (8) plies plays a move that is proven to lose (or gives up as lost): the defence is found,
    if at all, only past depth 8. The note gives the losing move.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import numpy as np

from engine.board import Board
from engine.levels import TOP
from engine.search import choose_grid_move, position_of
from engine.search.evaluation import C_F4, C_FIVE, tally_fives, tally_open_fours
from engine.search.position import EVERY_MARK, Position, make, marked_cells, unmake
from engine.search.threats import MAX_CANDIDATES
from engine.search.ttable import MATE_BOUND
from tests.engine.tactics import NO_CLOCK_MS
from tests.engine.tactics.positions import MAX_TRIES, candidates, empty_cells, fours, names
from tests.engine.tactics.proofs import (
    MAX_THREAT_SAFE,
    MOST_DEFENCES,
    SCREEN_NODES,
    holding_defences,
    loses,
    search_wins,
    threat_safe_moves,
    vcf_line,
    wins_by_threats,
    wins_slowly,
)

HARD = Path(__file__).with_name("hard.txt")
HARD_CATEGORIES = ("vct", "deep-defend")
HARD_WANTED = {"vct": 30, "deep-defend": 10}
HARD_TRIES = {"vct": MAX_TRIES, "deep-defend": 6000}  # deep-defend puzzles are rare: stop
SAME_NOTE = 8

LONGEST_MISSED = 4  # attacker moves: a vct puzzle has no threat win this short (7 plies)
LONGEST_NOTED = 10  # attacker moves: the longest shortest win a note names (19 plies)
SHALLOW_NODES = 20_000_000  # the depth-8 search of a deep-defend candidate stops here
GLANCE_DEPTH, GLANCE_NODES = 6, 2_000_000  # a cheaper search first: does it defend already?
MOST_WINNING = 6  # a vct puzzle with more winning first moves is no puzzle
QUIET_NODES = 60_000  # full search after each quiet first move of a vct puzzle
SHALLOW_DEPTH = 8  # a deep-defend puzzle's defence is not played at this depth


def shortest_threat_win(pos: Position, side: int, longest: int) -> int | None:
    """The fewest moves of ``side``'s own (the five included) in a threat win the threat
    search finds, trying every split of them into threats and a closing VCF; None when there
    is none of at most ``longest`` moves."""
    for moves in range(1, longest + 1):
        if any(wins_by_threats(pos, side, t, moves - 1 - t) for t in range(moves)):
            return moves
    return None


def threat_move_wins(pos: Position, side: int, move: int) -> bool | None:
    """Whether ``move`` (a ``pos`` cell) wins for ``side`` as the VCT would play it: None when
    it threatens nothing (no open four or five to make next); else whether the attacker wins
    by threats after each reply the VCT considers (every cell where either side makes a four
    or a five: the blocks of the threat and the defender's own fours)."""
    me, out = side - 1, np.zeros(MAX_CANDIDATES, dtype=np.int64)
    make(pos, move, side)
    try:
        if tally_open_fours(pos.tally[me]) == 0 and tally_fives(pos.tally[me]) == 0:
            return None
        replies = [int(c) for c in out[: marked_cells(pos, EVERY_MARK, out)]]
        return bool(replies) and all(_wins_after(pos, side, r) for r in replies)
    finally:
        unmake(pos, move)


def _wins_after(pos: Position, side: int, reply: int) -> bool:
    make(pos, reply, 3 - side)
    try:
        return wins_by_threats(pos, side)
    finally:
        unmake(pos, reply)


def vct_answers(pos: Position, side: int) -> tuple[list[int], list[int]]:
    """The winning threats of ``side`` (to move) and its quiet moves (those threatening
    nothing), as ``pos`` cells, the stones' neighbourhood first."""
    near = sorted(empty_cells(pos), key=lambda c: pos.near[c] == 0)
    verdicts = {m: threat_move_wins(pos, side, m) for m in near}
    return [m for m, v in verdicts.items() if v], [m for m, v in verdicts.items() if v is None]


def puzzle_vct(board: Board, pos: Position) -> tuple[str, str] | None:
    """A vct puzzle (answers, note) of ``board``, or None; see the module's docstring."""
    side = board.turn
    me, opp = side - 1, 2 - side
    if pos.counts[me, C_FIVE] or pos.counts[me, C_F4] or pos.counts[opp, C_FIVE]:
        return None
    if pos.counts[opp, C_F4] or vcf_line(pos, side) is not None:
        return None  # the defender's open three would stop a VCT; a VCF is the vcf category
    if not wins_by_threats(pos, side):
        return None
    shortest = shortest_threat_win(pos, side, LONGEST_NOTED)
    if shortest is not None and shortest <= LONGEST_MISSED:
        return None
    wins, quiet = vct_answers(pos, side)
    if not 0 < len(wins) <= MOST_WINNING:
        return None
    if any(wins_slowly(board, int(pos.index_of[m]), QUIET_NODES) for m in quiet):
        return None
    plies = f"{2 * shortest - 1} plies" if shortest else f"over {2 * LONGEST_NOTED - 1} plies"
    return names(board, pos, wins), plies


def puzzle_deep_defend(board: Board, pos: Position) -> tuple[str, str] | None:
    """A deep-defend puzzle (answers, note) of ``board``, or None; see the module's docstring."""
    side = board.turn
    me, opp = side - 1, 2 - side
    if pos.counts[me, C_FIVE] or fours(pos, me) or pos.counts[opp, C_FIVE] or pos.counts[opp, C_F4]:
        return None
    if not wins_by_threats(pos, 3 - side) or wins_by_threats(pos, side):
        return None  # no real threat, or the defender has a faster win of its own
    threat_safe = threat_safe_moves(pos, side, MAX_THREAT_SAFE)
    if not threat_safe:
        return None  # lost to threats whatever it plays, or too open to be a puzzle
    if search_wins(board, SCREEN_NODES):
        return None  # the defender wins by a deeper attack: defending is not the point
    glance = choose_grid_move(
        board, time_ms=NO_CLOCK_MS, level=TOP, max_depth=GLANCE_DEPTH, max_nodes=GLANCE_NODES
    )
    if glance.score > -MATE_BOUND and glance.move in names(board, pos, threat_safe).split():
        return None  # already defends at a shallow depth: the deep search would be wasted
    shallow = choose_grid_move(
        board, time_ms=NO_CLOCK_MS, level=TOP, max_depth=SHALLOW_DEPTH, max_nodes=SHALLOW_NODES
    )
    if shallow.depth < SHALLOW_DEPTH and not shallow.decided:
        return None  # the node limit stopped it first
    played = board.parse_move(shallow.move)
    board.push(played)
    lost_by_threats = wins_by_threats(position_of(board), 3 - side)
    board.pop()
    if not lost_by_threats and not loses(board, played, SCREEN_NODES):
        return None  # the shallow move may hold: no puzzle (the proof below would be wasted)
    safe = holding_defences(board, pos, MOST_DEFENCES)
    if not safe:
        return None
    return names(board, pos, safe), f"depth {SHALLOW_DEPTH} plays {shallow.move}"


FINDERS = {"vct": puzzle_vct, "deep-defend": puzzle_deep_defend}


def build_hard(seed: int, category: str, wanted: int) -> list[str]:
    """The first ``wanted`` puzzles of ``category`` in its own stream of random positions (at
    most ``HARD_TRIES`` of them), no more than ``SAME_NOTE`` with one note (vct: one length)."""
    finder, lines, notes = FINDERS[category], [], Counter()
    stream = candidates(random.Random(f"{seed}:{category}"))
    for tries, variant, board in stream:
        if len(lines) >= wanted or tries > HARD_TRIES[category]:
            break
        if tries % 100 == 0:
            print(f"{category}: tries {tries}, found {len(lines)}", flush=True)
        if (found := finder(board, position_of(board))) and notes[found[1]] < SAME_NOTE:
            answers, note = found
            notes[note] += 1
            note = f"{variant} {note} #{len(lines) + 1}"
            lines.append(f"{category};{variant};{board.game_str()};{answers};{note}")
            print(lines[-1], flush=True)
    return lines
