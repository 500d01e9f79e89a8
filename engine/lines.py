"""Position analysis for reviews and the analysis board: the evaluation, the best lines and
whether the side to move has a forced win, within a node budget.

Unlike :func:`~engine.search.player.choose_grid_move`, which plays within a time budget,
this searches until a node count or depth is reached (a wall-clock cap only guards against a
runaway), so the same position always gets the same answer: reviews are reproducible and tests
do not depend on the machine's speed. With ``multipv > 1`` every root move is searched with a
full window and the lines are ranked by the last iteration that finished, so their scores
compare; each runner-up's line comes from a search of the position after it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from engine.board import Board
from engine.search.alphabeta import DEADLINE, INF, MAX_MOVES, MAX_PLY, NODE_LIMIT, search_root
from engine.search.player import (
    LEAF_VCF_NODES_BUDGET,
    VCT_WIN,
    new_context,
    position_of,
    threat_win,
)
from engine.search.position import Position
from engine.search.ttable import DEFAULT_TT_MIB

GUARD_MS = 60_000  # a wall-clock cap far beyond any node budget's need
THREAT_SHARE = 4  # the threat search may use 1 / THREAT_SHARE of the nodes and of the time
MIN_THREAT_NODES = 5_000


@dataclass(frozen=True, slots=True)
class Line:
    """One candidate: its first move (cell), score for the side to move, and the line (cells)."""

    move: int
    score: int
    pv: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GridEval:
    """A searched position: ``lines`` best first (at least one), the forced win the side to
    move has (``"vcf"``, ``"vct"`` or None) with its line, and the nodes spent."""

    lines: tuple[Line, ...]
    forced_win: str | None
    forced_line: tuple[int, ...]
    depth: int
    nodes: int


def analyse_grid(board: Board, *, max_nodes: int, max_depth: int = MAX_PLY - 8,
                 multipv: int = 1, time_ms: int | None = None) -> GridEval:
    """Analyse the side to move's options on an unfinished ``board`` within ``max_nodes``
    (and ``time_ms`` when given: the server's analyses are paced by time, tests by nodes)."""
    pos = position_of(board)
    side = board.turn
    ctx = new_context(pos, DEFAULT_TT_MIB, multipv > 1, LEAF_VCF_NODES_BUDGET)
    started = time.monotonic_ns()
    guard = started + (time_ms or GUARD_MS) * 1_000_000
    ctx.ctl[DEADLINE] = guard
    threat = None
    if not board.variant.gravity:
        nodes = max(MIN_THREAT_NODES, max_nodes // THREAT_SHARE)
        threat_deadline = started + (guard - started) // THREAT_SHARE
        threat = threat_win(ctx, side, nodes, threat_deadline, use_vct=True)
    spent = int(ctx.ctl[0])
    ctx.ctl[0] = 0
    ctx.ctl[NODE_LIMIT] = max_nodes
    root_moves = np.zeros(MAX_MOVES, dtype=np.int64)
    result = np.zeros(4, dtype=np.int64)
    pv_out = np.full(MAX_PLY + 2, -1, dtype=np.int64)
    n = search_root(pos, ctx, side, max_depth, guard, root_moves, result, pv_out)
    best, score, depth, nodes = (int(x) for x in result)
    pv = _cells(pos, pv_out) or (int(pos.index_of[best]),)
    lines = [Line(pv[0], score, pv)]
    if multipv > 1 and ctx.root_scores[0] > -INF:
        lines = _top_lines(board, pos, root_moves[:n], ctx.root_scores[:n], pv, multipv,
                           max(1_000, max_nodes // (2 * multipv)), max_depth, time_ms)
    forced, forced_line = None, ()
    if threat is not None:
        line, threat_score = threat
        forced = "vct" if threat_score == VCT_WIN else "vcf"
        forced_line = tuple(int(pos.index_of[m]) for m in line)
        if lines[0].score < threat_score:  # the threat search saw further than alpha-beta
            lines[0] = Line(forced_line[0], threat_score, forced_line if forced == "vcf"
                            else (forced_line[0],))
            lines[1:] = [line for line in lines[1:] if line.move != forced_line[0]]
    return GridEval(tuple(lines[:multipv]), forced, forced_line, depth, spent + nodes)


def _cells(pos: Position, pv: np.ndarray) -> tuple[int, ...]:
    out = []
    for m in pv:
        if m < 0:
            break
        out.append(int(pos.index_of[m]))
    return tuple(out)


def _top_lines(board: Board, pos: Position, moves: np.ndarray, scores: np.ndarray,
               pv: tuple[int, ...], multipv: int, nodes: int, max_depth: int,
               time_ms: int | None) -> list[Line]:
    """The best root moves of the last finished iteration (all searched with a full window to
    the same depth, so their scores compare), each with its line: the principal variation for
    the best, a search of the position after it for the others."""
    lines = []
    for move, score in zip(moves[:multipv], scores[:multipv], strict=True):
        cell = int(pos.index_of[move])
        if cell == pv[0]:
            lines.append(Line(cell, int(score), pv))
            continue
        board.push(cell)
        try:
            if board.is_game_over():
                reply: tuple[int, ...] = ()
            else:
                after = analyse_grid(board, max_nodes=nodes, max_depth=max(1, max_depth - 1),
                                     time_ms=time_ms and max(1, time_ms // (2 * multipv)))
                reply = after.lines[0].pv
        finally:
            board.pop()
        lines.append(Line(cell, int(score), (cell, *reply)))
    return lines
