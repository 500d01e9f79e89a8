"""The searches that prove the suite's answer sets: threat-space wins and node-limited full
searches, so a rebuild gives the same answers on any machine (for one version of the engine).

A move *loses* when the engine finds a forced win for the opponent after it: a VCF / VCT
(cheap, dismisses most moves) or a mate score from the full alpha-beta search. A move *holds*
when the full search, stopped by a node limit and not by the clock, finds no such win; the
defences a puzzle lists are searched again with a larger limit before they are accepted.
"""

from __future__ import annotations

import numpy as np

from engine.board import Board
from engine.levels import TOP
from engine.search import choose_grid_move
from engine.search.position import Position, make, position_handle, unmake
from engine.search.threats import new_buffer, new_fail_cache, vcf, vct
from engine.search.ttable import MATE_BOUND
from tests.engine.tactics import NO_CLOCK_MS

THREAT_NODES = 20_000
VCF_DEPTH, VCT_DEPTH = 24, 6
SCREEN_NODES = 400_000  # full search after each threat-safe defence
PROOF_NODES = 12_000_000  # full search again after each defence a puzzle lists (3M missed a win)
MAX_THREAT_SAFE = 16  # more threat-safe moves than this: too open to be a defence puzzle
MOST_DEFENCES = 8  # a defence puzzle with more holding moves is no puzzle


def _budget(nodes: int) -> np.ndarray:
    return np.array([0, nodes, 2**62], dtype=np.int64)


def vcf_line(
    pos: Position, side: int, depth: int = VCF_DEPTH, nodes: int = THREAT_NODES
) -> list[int] | None:
    """A win by continuous fours for ``side`` (to move), at most ``depth`` fours before the
    five, found within ``nodes`` positions: the moves of both sides, or None."""
    line = np.full(256, -1, dtype=np.int64)
    handle, buf = position_handle(pos), new_buffer(depth)
    if not vcf(handle, side, depth, _budget(nodes), new_fail_cache(), line, 0, buf):
        return None
    out = [int(m) for m in line]
    return out[: out.index(-1)]


def wins_by_threats(
    pos: Position,
    side: int,
    threats: int = VCT_DEPTH,
    fours: int = VCF_DEPTH,
    nodes: int = THREAT_NODES,
) -> bool:
    """Whether ``side`` (to move) wins by a VCF or a VCT: at most ``threats`` threats (open
    threes or fours, each answered by any defence), then at most ``fours`` fours, then the
    five; so at most ``threats + fours + 1`` moves of its own. Each search may visit
    ``nodes`` positions."""
    line = np.full(256, -1, dtype=np.int64)
    return vcf_line(pos, side, fours, nodes) is not None or vct(
        position_handle(pos),
        side,
        threats,
        _budget(nodes),
        new_fail_cache(),
        line,
        0,
        fours,
        new_buffer(fours, threats),
    )


def search_wins(board: Board, nodes: int) -> bool:
    """Whether the full search finds a forced win for the side to move within ``nodes``."""
    analysis = choose_grid_move(board, time_ms=NO_CLOCK_MS, level=TOP, max_nodes=nodes)
    return analysis.score >= MATE_BOUND


def wins_slowly(board: Board, move: int, nodes: int) -> bool:
    """Whether the full search finds the opponent lost after ``move`` (a board move): a win
    the threat searches need not see, as after a quiet move."""
    board.push(move)
    try:
        analysis = choose_grid_move(board, time_ms=NO_CLOCK_MS, level=TOP, max_nodes=nodes)
        return analysis.score <= -MATE_BOUND
    finally:
        board.pop()


def loses(board: Board, move: int, nodes: int) -> bool:
    """Whether the full search finds a win for the opponent after ``move`` (a board move)."""
    board.push(move)
    try:
        return search_wins(board, nodes)
    finally:
        board.pop()


def threat_safe_moves(pos: Position, side: int) -> list[int] | None:
    """The cells (``pos`` indices) of every move of ``side`` (to move) after which the
    opponent has no threat win, the stones' neighbourhood first; None when there are more than
    ``MAX_THREAT_SAFE`` (too open to be a defence puzzle)."""
    near = [int(i) for i in pos.cells if pos.board[i] == 0 and pos.near[i] > 0]
    far = [int(i) for i in pos.cells if pos.board[i] == 0 and pos.near[i] == 0]
    threat_safe = []
    for m in near + far:
        make(pos, m, side)
        lost = wins_by_threats(pos, 3 - side)
        unmake(pos, m)
        if not lost:
            threat_safe.append(m)
            if len(threat_safe) > MAX_THREAT_SAFE:
                return None
    return threat_safe


def holding_moves(board: Board, pos: Position, most: int) -> list[int] | None:
    """The position cells (``pos`` indices) of every move of the side to move after which the
    opponent has no forced win ([] when none holds); None when the position is too open for a
    defence puzzle (more than ``MAX_THREAT_SAFE`` moves escape the threats, or more than
    ``most`` survive the first full search).

    Every empty cell is tried: a threat search dismisses most; the few left get a full search,
    and the survivors a second, larger one. Every move left out was shown to lose."""
    holding = threat_safe_moves(pos, board.turn)
    if holding is None:
        return None
    holding = surviving(board, pos, holding, SCREEN_NODES)
    if len(holding) > most:
        return None
    return surviving(board, pos, holding, PROOF_NODES)


def holding_defences(board: Board, pos: Position, most: int) -> list[int] | None:
    """:func:`holding_moves` when 1..``most`` moves hold; None otherwise."""
    return holding_moves(board, pos, most) or None


def surviving(board: Board, pos: Position, cells: list[int], nodes: int) -> list[int]:
    """The ``cells`` (``pos`` indices, moves of the side to move) after which the full search
    of ``nodes`` finds no win for the opponent."""
    return [m for m in cells if not loses(board, int(pos.index_of[m]), nodes)]
