"""Issue 26's harder puzzles, stored in ``hard.txt`` (the format of ``suite.txt``), drawn from
the same random positions as the suite (in a stream of their own, so they do not move the
suite's puzzles) and proven here.

vct: the side to move wins by threats (fours and open threes) but not by fours alone, and
every threat win of ``LONGEST_MISSED`` (4) moves of the attacker or fewer fails, however its
threes and fours are mixed: the win takes 9 plies or more. The answers are every threat (a move
after which the attacker makes an open four or a five next) that wins against each reply the
VCT considers (a block of the threat or a four of the defender's): the attacker then wins by
threats again. Every threat left out has a reply after which it does not. These threat
searches may each visit ``PROOF_THREAT_NODES`` positions. Every quiet move is searched in full
(``QUIET_NODES``) without finding the defender lost; a position where one is found lost is
dropped (its win is not by threats). The note gives the length of the shortest win found by
searches of the screening size (``proofs.THREAT_NODES``); at most ``SAME_NOTE`` puzzles share
one, so the lengths spread.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import numpy as np

from engine.board import Board
from engine.search import position_of
from engine.search.evaluation import C_F4, C_FIVE, tally_fives, tally_open_fours
from engine.search.position import Position, make, unmake
from engine.search.threats import MAX_CANDIDATES, threat_replies
from tests.engine.tactics.positions import candidates, empty_cells, names
from tests.engine.tactics.proofs import THREAT_NODES, vcf_line, wins_by_threats, wins_slowly

HARD = Path(__file__).with_name("hard.txt")
HARD_CATEGORIES = ("vct",)
HARD_WANTED = {"vct": 30}
SAME_NOTE = 8

LONGEST_MISSED = 4  # attacker moves: a vct puzzle has no threat win this short (7 plies)
LONGEST_NOTED = 10  # attacker moves: the longest shortest win a note names (19 plies)
MOST_WINNING = 6  # a vct puzzle with more winning first moves is no puzzle
QUIET_NODES = 60_000  # full search after each quiet first move of a vct puzzle
# Each threat search of a proof may visit this many positions. The answers grow with it up to
# about this: over the 30 puzzles, 20,000 left out 25 winning first moves, 1,000,000 one, and
# 12,000,000 finds the same answers as 4,000,000.
PROOF_THREAT_NODES = 4_000_000


def shortest_threat_win(pos: Position, side: int, longest: int, nodes: int) -> int | None:
    """The fewest moves of ``side``'s own (the five included) in a threat win the threat
    search finds, trying every split of them into threats and a closing VCF; None when there
    is none of at most ``longest`` moves (each search within ``nodes`` positions)."""
    for moves in range(1, longest + 1):
        if any(wins_by_threats(pos, side, t, moves - 1 - t, nodes) for t in range(moves)):
            return moves
    return None


def threat_move_wins(pos: Position, side: int, move: int, nodes: int) -> bool | None:
    """Whether ``move`` (a ``pos`` cell) wins for ``side`` as the VCT would play it: None when
    it threatens nothing (no open four or five to make next); else whether the attacker wins
    by threats after each reply the VCT considers (``threats.threat_replies``: the blocks of
    the threat, caro's caps included, and the defender's own fours), each threat search
    within ``nodes`` positions."""
    me, out = side - 1, np.zeros(MAX_CANDIDATES, dtype=np.int64)
    make(pos, move, side)
    try:
        if tally_open_fours(pos.tally[me]) == 0 and tally_fives(pos.tally[me]) == 0:
            return None
        replies = [int(c) for c in out[: threat_replies(pos, side, out)]]
        return all(_wins_after(pos, side, r, nodes) for r in replies)
    finally:
        unmake(pos, move)


def _wins_after(pos: Position, side: int, reply: int, nodes: int) -> bool:
    make(pos, reply, 3 - side)
    try:
        return wins_by_threats(pos, side, nodes=nodes)
    finally:
        unmake(pos, reply)


def vct_answers(pos: Position, side: int, nodes: int) -> tuple[list[int], list[int]]:
    """The winning threats of ``side`` (to move) and its quiet moves (those threatening
    nothing), as ``pos`` cells, the stones' neighbourhood first."""
    near = sorted(empty_cells(pos), key=lambda c: pos.near[c] == 0)
    verdicts = {m: threat_move_wins(pos, side, m, nodes) for m in near}
    return [m for m, v in verdicts.items() if v], [m for m, v in verdicts.items() if v is None]


def puzzle_vct(board: Board, pos: Position) -> tuple[str, str] | None:
    """A vct puzzle (answers, note) of ``board``, or None; see the module's docstring."""
    side = board.turn
    me, opp = side - 1, 2 - side
    if pos.counts[me, C_FIVE] or pos.counts[me, C_F4] or pos.counts[opp, C_FIVE]:
        return None
    if pos.counts[opp, C_F4] or vcf_line(pos, side, nodes=PROOF_THREAT_NODES) is not None:
        return None  # the defender's open three would stop a VCT; a VCF is the vcf category
    if not wins_by_threats(pos, side):
        return None
    if shortest_threat_win(pos, side, LONGEST_MISSED, PROOF_THREAT_NODES) is not None:
        return None
    wins, quiet = vct_answers(pos, side, PROOF_THREAT_NODES)
    if not 0 < len(wins) <= MOST_WINNING:
        return None
    if any(wins_slowly(board, int(pos.index_of[m]), QUIET_NODES) for m in quiet):
        return None
    shortest = shortest_threat_win(pos, side, LONGEST_NOTED, THREAT_NODES)
    plies = f"{2 * shortest - 1} plies" if shortest else f"over {2 * LONGEST_NOTED - 1} plies"
    return names(board, pos, wins), plies


FINDERS = {"vct": puzzle_vct}


def build_hard(seed: int, category: str, wanted: int) -> list[str]:
    """The first ``wanted`` puzzles of ``category`` in its own stream of random positions, no
    more than ``SAME_NOTE`` with one note (vct: one length)."""
    finder, lines, notes = FINDERS[category], [], Counter()
    for tries, variant, board in candidates(random.Random(f"{seed}:{category}")):
        if len(lines) >= wanted:
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
