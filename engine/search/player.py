"""``choose_grid_move``: the searcher for every free-placement k-in-a-row board (and a plain
alpha-beta fallback for gravity boards), with playing levels.

Order of business for a move: an immediate five or a forced block is played at once (through
the search, which sees them at depth 1); then a VCF and, time allowing, a VCT for the side to
move; otherwise iterative-deepening alpha-beta until the deadline. Lower levels think less and
levels (``engine.levels``) cap the depth and the nodes, and the lowest ones sometimes pick one
of the best few candidate moves instead of the best, chosen by a generator seeded from ``seed``
and the position so a game replays identically.
"""

from __future__ import annotations

import gc
import logging
import random
import threading
import time
from collections.abc import Callable
from functools import partial

import numpy as np

from engine.analysis import Analysis
from engine.board import Board
from engine.levels import LEVELS, TOP, GridStrength
from engine.search.alphabeta import (
    DEADLINE,
    FULL_ROOT,
    HANDLE_LEN,
    INF,
    LEAF_VCF_NODES,
    MAX_MOVES,
    MAX_PLY,
    NODE_LIMIT,
    NODES,
    SearchContext,
    context_handle,
    search_root,
)
from engine.search.evaluation import tally_fives
from engine.search.patterns import CARO, CARO_EXACT, FREESTYLE, RENJU, STANDARD
from engine.search.position import FIVE_MARKS, GRAVITY, Position, first_marked, new_position
from engine.search.threats import new_buffer, new_fail_cache, vcf, vct
from engine.search.ttable import DEFAULT_TT_MIB, MATE_BOUND, WIN, new_table
from engine.variants import Rule

log = logging.getLogger(__name__)

RULE_CODES = {
    Rule.FREESTYLE: FREESTYLE,
    Rule.STANDARD: STANDARD,
    Rule.CARO: CARO,
    Rule.CARO_EXACT: CARO_EXACT,
    Rule.RENJU: RENJU,
}
SAFETY_MS = 25  # left for stopping (clock read every few hundred nodes) and answering
VCF_DEPTH = 24
VCT_DEPTH = 6
LEAF_VCF_NODES_BUDGET = 200  # per horizon node
THREAT_SHARE = 30  # percent of the budget (time or nodes) the root VCF / VCT may use
VCT_WIN = WIN - 999


def new_context(
    pos: Position,
    tt_mib: int,
    full_root: bool,
    leaf_vcf: int,
    kept: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
) -> SearchContext:
    """A fresh search state for ``pos``: a ``tt_mib`` MiB transposition table, killers,
    history, PV and threat-search buffers, with no deadline and no node limit yet (the caller
    sets ``ctl[DEADLINE]`` / ``ctl[NODE_LIMIT]``). ``full_root`` searches every root move with
    a full window, so their scores compare (noise levels, multi-line analysis); ``leaf_vcf`` is
    the VCF budget per horizon node (0: no threat search at the horizon). ``kept`` is a
    transposition table (keys, records) and a threat-search refutation cache to reuse (see
    :func:`_kept_tables`) instead of empty ones. One context serves one search: its table and
    buffers are not shared between threads."""
    keys, data, fail_cache = kept if kept is not None else (*new_table(tt_mib), new_fail_cache())
    size = pos.board.shape[0]
    ctl = np.zeros(8, dtype=np.int64)
    ctl[FULL_ROOT] = int(full_root)
    ctl[LEAF_VCF_NODES] = leaf_vcf
    ctl[NODE_LIMIT] = 1 << 62
    ctx = SearchContext(
        ctl=ctl,
        tt_keys=keys,
        tt_data=data,
        killers=np.full((MAX_PLY, 2), -1, dtype=np.int64),
        history=np.zeros((2, size), dtype=np.int64),
        pv=np.zeros((MAX_PLY + 1, MAX_PLY + 1), dtype=np.int64),
        pv_len=np.zeros(MAX_PLY + 1, dtype=np.int64),
        moves=np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64),
        keys=np.zeros((MAX_PLY, MAX_MOVES), dtype=np.int64),
        vcf_cache=fail_cache,
        vcf_line=np.full(256, -1, dtype=np.int64),
        vcf_budget=np.zeros(4, dtype=np.int64),
        vcf_buf=new_buffer(VCF_DEPTH, VCT_DEPTH),
        root_scores=np.zeros(MAX_MOVES, dtype=np.int64),
        evals=np.full(MAX_PLY + 1, -INF, dtype=np.int64),
        handle=np.zeros(HANDLE_LEN, dtype=np.int64),
    )
    context_handle(pos, ctx)
    return ctx


class _Kept(threading.local):
    """What a thread's last search by the clock left for its next one (see _kept_tables)."""

    def __init__(self) -> None:
        self.board: tuple[int, int, int, int, bool, int] | None = None
        self.tables: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None


_KEPT = _Kept()


def _kept_tables(board: Board, tt_mib: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The transposition table and refutation cache the thread's last search by the clock
    filled, when it searched the same kind of board (size, k, rule: the same Zobrist keys and
    cells), else new ones that the next search keeps. Both hold facts about positions, true
    whatever game they came from, and the position two plies after a move was searched two
    plies shallower by that move's search: in a game the engine starts each move with that
    search's bounds and best moves instead of from nothing. Only a search bounded by the
    clock alone keeps them: a level with a node or depth budget answers the same whatever was
    searched before it."""
    v = board.variant
    key = (v.rows, v.cols, v.k, RULE_CODES[v.rule], v.gravity, tt_mib)
    if _KEPT.board != key or _KEPT.tables is None:
        _KEPT.tables = None  # the old tables go before the new ones are made
        _KEPT.tables = (*new_table(tt_mib), new_fail_cache())
        _KEPT.board = key
    return _KEPT.tables


def position_of(board: Board) -> Position:
    """The search position for ``board`` (its stones; the move order does not matter)."""
    v = board.variant
    return new_position(v.rows, v.cols, v.k, RULE_CODES[v.rule], v.gravity, board.cells())


def threat_win(
    ctx: SearchContext, side: int, nodes: int, deadline: int, use_vct: bool
) -> tuple[list[int], int] | None:
    """A forced win for ``side`` in ``ctx``'s position (its handle) found by VCF (then, with
    ``use_vct``, VCT) within ``nodes`` searched positions each and the monotonic ``deadline``
    (ns): (line, score), or None when none was found in that budget (which does not prove there
    is none). A VCF line is the whole sequence of fours and forced blocks; a VCT line only its
    first move. The score is ``WIN - len(line)`` for a VCF and ``VCT_WIN`` for a VCT. The
    positions visited are added to ``ctx``'s node count, as the alpha-beta's."""
    ctx.vcf_budget[0] = 0
    ctx.vcf_budget[1] = nodes
    ctx.vcf_budget[2] = deadline
    ctx.vcf_budget[3] = 0
    ctx.vcf_line[:] = -1
    found = vcf(
        ctx.handle, side, VCF_DEPTH, ctx.vcf_budget, ctx.vcf_cache, ctx.vcf_line, 0, ctx.vcf_buf
    )
    by_vct = False
    if not found and use_vct:
        ctx.vcf_budget[1] = ctx.vcf_budget[0] + nodes
        ctx.vcf_line[:] = -1
        found = by_vct = vct(
            ctx.handle,
            side,
            VCT_DEPTH,
            ctx.vcf_budget,
            ctx.vcf_cache,
            ctx.vcf_line,
            0,
            VCF_DEPTH,
            ctx.vcf_buf,
        )
    ctx.ctl[NODES] += ctx.vcf_budget[3]  # positions made, as the alpha-beta nodes
    if not found:
        return None
    line = [int(m) for m in ctx.vcf_line]
    line = line[: line.index(-1)] if -1 in line else line
    return line, (VCT_WIN if by_vct else WIN - len(line))


def _own_five(pos: Position, side: int) -> tuple[list[int], int] | None:
    """The five ``side`` completes at once, as a one-move line (every level plays it: the move
    lists stop at the opponent's blocks when both sides have a four)."""
    if pos.cfg[GRAVITY] or tally_fives(pos.tally[side - 1]) == 0:
        return None
    return [int(first_marked(pos, side - 1, FIVE_MARKS))], WIN - 1


def choose_grid_move(
    board: Board,
    *,
    time_ms: int,
    level: int = TOP,
    seed: int = 0,
    tt_mib: int | None = None,
    max_depth: int | None = None,
    max_nodes: int | None = None,
) -> Analysis:
    """Choose a move for the side to move on ``board`` within ``time_ms`` (hard limit).

    ``max_depth`` / ``max_nodes`` cap the search further (used for reproducible tests and
    benches); ``tt_mib`` bounds the transposition table (default 16 MiB). Python's cyclic
    garbage collector is paused for the move: a full collection in a process holding numba's
    object graph takes tens of milliseconds and must not land inside a timed move.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _choose(board, time_ms, level, seed, tt_mib, max_depth, max_nodes)
    finally:
        if collecting:
            gc.enable()


def _choose(
    board: Board,
    time_ms: int,
    level: int,
    seed: int,
    tt_mib: int | None,
    max_depth: int | None,
    max_nodes: int | None,
) -> Analysis:
    started = time.monotonic_ns()
    settings = LEVELS[level].grid
    budget_ns = int(max(1.0, time_ms - SAFETY_MS) * 1_000_000)
    deadline = started + budget_ns
    pos = position_of(board)
    side = board.turn
    node_caps = [n for n in (settings.max_nodes, max_nodes) if n is not None]
    by_clock = not node_caps and settings.max_depth is None and max_depth is None
    ctx = new_context(
        pos,
        tt_mib or DEFAULT_TT_MIB,
        settings.noise_rate > 0,
        LEAF_VCF_NODES_BUDGET if settings.threat_search else 0,
        _kept_tables(board, tt_mib or DEFAULT_TT_MIB) if by_clock else None,
    )
    ctx.ctl[DEADLINE] = deadline
    if node_caps:
        ctx.ctl[NODE_LIMIT] = min(node_caps)
    depth_cap = min(d for d in (settings.max_depth, max_depth, MAX_PLY - 8) if d is not None)

    threat = _own_five(pos, side)
    if threat is None and settings.threat_search and not board.variant.gravity \
            and len(board.move_stack) >= 5:
        threat_nodes = max(2000, min(500_000, time_ms * 100))
        if node_caps:
            threat_nodes = max(1000, min(node_caps) * THREAT_SHARE // 100)
        threat_deadline = started + budget_ns * THREAT_SHARE // 100
        threat = threat_win(ctx, side, threat_nodes, threat_deadline, use_vct=settings.vct)
    if threat:
        pv, score = threat
        move, depth = pv[0], len(pv)
        nodes = int(ctx.ctl[NODES])
    else:
        root_moves = np.zeros(MAX_MOVES, dtype=np.int64)
        result = np.zeros(4, dtype=np.int64)
        pv_out = np.full(MAX_PLY + 2, -1, dtype=np.int64)
        soft = time.monotonic_ns() + (deadline - time.monotonic_ns()) * 45 // 100
        n = search_root(pos, ctx, side, depth_cap, soft, root_moves, result, pv_out)
        move, score, depth, nodes = (int(x) for x in result)
        pv = [int(m) for m in pv_out[: list(pv_out).index(-1)]] if pv_out[0] >= 0 else [move]
        move, score, pv = _add_noise(
            board, settings, seed, root_moves[:n], ctx.root_scores[:n], move, score, pv
        )
    elapsed_ms = (time.monotonic_ns() - started) / 1e6
    cells = [int(pos.index_of[m]) for m in pv if m >= 0]
    log.debug(
        "grid move %s score %d depth %d nodes %d in %.1f ms",
        cells[:1],
        score,
        depth,
        nodes,
        elapsed_ms,
    )
    return Analysis(
        move=board.move_str(int(pos.index_of[move])),
        score=int(score),
        depth=int(depth),
        nodes=int(nodes),
        time_ms=round(elapsed_ms, 2),
        pv=[board.move_str(c) for c in cells],
    )


def _add_noise(
    board: Board,
    settings: GridStrength,
    seed: int,
    moves: np.ndarray,
    scores: np.ndarray,
    move: int,
    score: int,
    pv: list[int],
) -> tuple[int, int, list[int]]:
    """At weak levels, sometimes swap the best move for another of the best few root moves.

    Root moves are the cells near the stones, or only the forced answers when a five threatens,
    so the swap is never a far-away move nor a missed block; a winning move is never swapped,
    nor swapped for a move that is seen to lose by force."""
    if settings.noise_rate <= 0 or len(moves) < 2 or score >= MATE_BOUND:
        return move, score, pv
    rng = random.Random(f"{seed}:{board.zobrist_hash()}:{len(board.move_stack)}")
    if rng.random() >= settings.noise_rate:
        return move, score, pv
    floor = max(score - settings.noise_margin, -(MATE_BOUND - 1))
    pool = settings.noise_pool
    ranked = zip(moves[:pool], scores[:pool], strict=True)
    options = [(int(m), int(s)) for m, s in ranked if s >= floor and m != move]
    if not options:
        return move, score, pv
    choice, choice_score = options[rng.randrange(len(options))]
    return choice, choice_score, [choice]


def _warm_game(spec: str, moves: str, level: int, time_ms: int) -> None:
    choose_grid_move(Board.from_moves(spec, moves), time_ms=time_ms, level=level)


# The searches that load (or compile) every search function and fill the common pattern
# tables: each rule, the 9x9 board, and the weak levels' noise. Named for progress lines.
WARM_UP: tuple[tuple[str, Callable[[], None]], ...] = (
    ("gomoku", partial(_warm_game, "gomoku", "h8 h9 i8 i9 j8 g8 j9", TOP, 50)),
    ("caro", partial(_warm_game, "caro", "h8 h9 i8 i9 j8", TOP, 50)),
    ("renju", partial(_warm_game, "renju", "h8 h9 i8 i9 j8", TOP, 50)),
    ("caro 9x9", partial(_warm_game, "caro9", "e5 e6 d5", TOP, 50)),
    ("weak levels", partial(_warm_game, "gomoku", "h8 h9", 1, 30)),
)


def warm_up() -> None:
    """Compile (or load from the numba cache) every search function and fill the common
    pattern tables, so a worker's first real move is not slowed down. Call in pool initialisers."""
    for _name, step in WARM_UP:
        step()
    gc.freeze()  # the long-lived objects (numba's types, our tables) leave future collections
