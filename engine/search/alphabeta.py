"""Negamax alpha-beta with principal-variation search and iterative deepening.

Each node first asks the threat counts whether the game is already decided (a five to
complete, an open four the opponent cannot answer with a four), then searches the moves from
``movegen`` (forced replies are extensions, not plies: blocking a five, and stopping
an open three without a four to counter with). Ordering: transposition-table move,
killers, then the cells' static threat value plus history. Quiet late moves are searched
reduced (LMR), and at null-window nodes the latest ones not at all (move-count pruning), nor
any at shallow depth when the static evaluation is too far below alpha (futility pruning).
At the horizon a small VCF search, following its fours, looks for a forced win before the
static evaluation is trusted (unless that already fails high). The clock is read every 256
nodes; on the deadline the search unwinds and the root keeps the last finished answer.

Small helpers are ``inline="always"``: numba passes every field of every array in the
Position and SearchContext tuples as a separate argument, so a call costs tens of ns. For
the same reason :func:`negamax` takes one array, a handle naming the others by address
(:func:`context_handle`): passing the tuples, about 270 machine words a call, was a fifth of
a review's CPU time. The recursive functions are compiled without reference counting
(``engine.native.njit_search``), which was a third of the search time.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, types

from engine.native import array_view, njit_search
from engine.search.evaluation import (
    C_F3,
    C_FIVE,
    tally_fives,
    tally_fours,
)
from engine.search.forbidden import can_make_open_four, static_eval
from engine.search.movegen import (
    ALL,
    BLOCK,
    DEFEND,
    gen_all,
    gen_moves,
    list_kind,
    on_all_list,
)
from engine.search.position import (
    CELLS,
    GRAVITY,
    HANDLE_SLOTS,
    HASH,
    POSITION_SLOTS,
    STONES,
    Position,
    cell_class,
    cell_score,
    fill_handle,
    make,
    position_at,
    unmake,
)
from engine.search.threats import vcf_search
from engine.search.timer import now_ns
from engine.search.ttable import EXACT, LOWER, MATE_BOUND, UPPER, WIN, from_tt, probe, store, to_tt

MAX_PLY = 96
MAX_MOVES = 640
INF = WIN + 1
SIDE_KEY = np.uint64(0x9D39247E33776D41)
LEAF_VCF_DEPTH = 10
# Quiet moves a null-window node searches, by its depth: 3 + depth ** 1.32 (see _late_move_limit).
LATE_MOVES = np.array([3 + int(d**1.32) for d in range(MAX_PLY + 1)], dtype=np.int64)
FUTILITY_DEPTH, FUTILITY_MARGIN = 3, 400  # see _futile

# ctl fields
NODES, STOP, DEADLINE, NODE_LIMIT, LEAF_VCF_NODES, FULL_ROOT, CHECK_AT = range(7)
CHECK_EVERY = 256  # nodes (threat-search nodes included) between clock reads


class SearchContext(NamedTuple):
    ctl: np.ndarray  # int64[8], fields above
    tt_keys: np.ndarray
    tt_data: np.ndarray
    killers: np.ndarray  # int64[MAX_PLY, 2]
    history: np.ndarray  # int64[2, n]
    pv: np.ndarray  # int64[MAX_PLY + 1, MAX_PLY + 1]
    pv_len: np.ndarray  # int64[MAX_PLY + 1]
    moves: np.ndarray  # int64[MAX_PLY, MAX_MOVES]
    keys: np.ndarray  # int64[MAX_PLY, MAX_MOVES]: ordering keys
    vcf_cache: np.ndarray  # uint64[...], refuted threat-search positions
    vcf_line: np.ndarray  # int64[256]
    vcf_budget: np.ndarray  # int64[4]: positions searched, their limit, deadline, positions made
    vcf_buf: np.ndarray  # int64[VCF depth + 1, candidates]: threat-search move lists
    root_scores: np.ndarray  # int64[MAX_MOVES]: last score per root move (root move order)
    evals: np.ndarray  # int64[MAX_PLY + 1]: static eval per ply of the current line, or -INF
    handle: np.ndarray  # int64[HANDLE_LEN]: the position's arrays and these (see context_handle)


_U64_1, _I64_1 = array_view(types.uint64, 1), array_view(types.int64, 1)
_I64_2 = array_view(types.int64, 2)
HANDLE_LEN = POSITION_SLOTS + HANDLE_SLOTS * (len(SearchContext._fields) - 1)


def context_handle(pos: Position, ctx: SearchContext) -> None:
    """Fill ``ctx.handle`` with the addresses and shapes of ``pos``'s arrays, then of ``ctx``'s
    (the handle itself excepted), for :func:`negamax`, which takes that one array instead of
    thirty-four (engine.native.array_view says why)."""
    fill_handle(pos, ctx.handle)
    fill_handle(ctx[:-1], ctx.handle, POSITION_SLOTS)


@njit(cache=True, inline="always")
def context_at(h: np.ndarray) -> SearchContext:
    """The search context whose arrays the handle ``h`` names (see :func:`context_handle`)."""
    o = POSITION_SLOTS
    return SearchContext(
        ctl=_I64_1(h[o], (h[o + 1],)),
        tt_keys=_U64_1(h[o + 4], (h[o + 5],)),
        tt_data=_I64_1(h[o + 8], (h[o + 9],)),
        killers=_I64_2(h[o + 12], (h[o + 13], h[o + 14])),
        history=_I64_2(h[o + 16], (h[o + 17], h[o + 18])),
        pv=_I64_2(h[o + 20], (h[o + 21], h[o + 22])),
        pv_len=_I64_1(h[o + 24], (h[o + 25],)),
        moves=_I64_2(h[o + 28], (h[o + 29], h[o + 30])),
        keys=_I64_2(h[o + 32], (h[o + 33], h[o + 34])),
        vcf_cache=_U64_1(h[o + 36], (h[o + 37],)),
        vcf_line=_I64_1(h[o + 40], (h[o + 41],)),
        vcf_budget=_I64_1(h[o + 44], (h[o + 45],)),
        vcf_buf=_I64_2(h[o + 48], (h[o + 49], h[o + 50])),
        root_scores=_I64_1(h[o + 52], (h[o + 53],)),
        evals=_I64_1(h[o + 56], (h[o + 57],)),
        handle=h,
    )


@njit(cache=True, inline="always")
def _stopped(ctl: np.ndarray) -> bool:
    ctl[NODES] += 1
    if ctl[NODES] >= ctl[CHECK_AT]:
        ctl[CHECK_AT] = ctl[NODES] + CHECK_EVERY
        if now_ns() >= ctl[DEADLINE] or ctl[NODES] >= ctl[NODE_LIMIT]:
            ctl[STOP] = 1
    return ctl[STOP] != 0


@njit(cache=True)
def _line_length(line: np.ndarray) -> int:
    n = 0
    while n < line.shape[0] and line[n] >= 0:
        n += 1
    return n


@njit(cache=True, inline="always")
def _horizon(pos: Position, ctx: SearchContext, side: int, ply: int, beta: int) -> int:
    """Static value at the horizon, unless a quick VCF proves a win for the side to move.

    The value is at least the static evaluation either way, so when that already reaches
    ``beta`` the node fails high without the VCF (a stand pat, as in a quiescence search):
    the parent's decision is the same, only its bound is looser. Failing VCFs were about 60%
    of the nodes of a depth-7 search; the stand pat halves the nodes to depth 7 on two of the
    speed positions, with the same move and score at the root (docs/engine.md, issue 26). The
    VCF follows its fours (``vcf_search``): a third fewer nodes to depth 7 again, the same root
    moves and scores, a ply deeper at 1 s."""
    me = side - 1
    static = static_eval(pos, side)
    limit = ctx.ctl[LEAF_VCF_NODES]
    if static < beta and limit > 0 and not pos.cfg[GRAVITY]:
        if tally_fours(pos.tally[me]) > 0:
            ctx.vcf_budget[0] = 0
            ctx.vcf_budget[1] = limit
            ctx.vcf_budget[2] = ctx.ctl[DEADLINE]
            ctx.vcf_budget[3] = 0
            # np.int64(...) keeps numba from typing constants as literals, which breaks recursion.
            if vcf_search(
                ctx.handle,
                side,
                np.int64(LEAF_VCF_DEPTH),
                ctx.vcf_budget,
                ctx.vcf_cache,
                ctx.vcf_line,
                np.int64(0),
                ctx.vcf_buf,
                np.bool_(True),  # follow the fours: a test, not a proof (see vcf_search)
                np.int64(-1),
            ):
                ctx.ctl[NODES] += ctx.vcf_budget[3]
                return WIN - ply - _line_length(ctx.vcf_line)
            ctx.ctl[NODES] += ctx.vcf_budget[3]
    return static


@njit(cache=True, inline="always")
def _order_keys(
    pos: Position, ctx: SearchContext, side: int, ply: int, n: int, tt_move: int
) -> None:
    me, opp = side - 1, 2 - side
    for i in range(n):
        m = ctx.moves[ply, i]
        if m == tt_move:
            key = 1 << 60
        elif m == ctx.killers[ply, 0]:
            key = 1 << 58
        elif m == ctx.killers[ply, 1]:
            key = 1 << 57
        else:
            key = (cell_score(pos, me, m) + cell_score(pos, opp, m)) * (1 << 20) + min(
                ctx.history[me, m], (1 << 20) - 1
            )
        ctx.keys[ply, i] = key


@njit(cache=True, inline="always")
def _sort_moves(moves: np.ndarray, keys: np.ndarray, n: int) -> None:
    """Insertion sort of one ply's moves by key, best first (one pass beats picking the
    best move before each child: measured 4x faster overall)."""
    for i in range(1, n):
        m, key = moves[i], keys[i]
        j = i - 1
        while j >= 0 and keys[j] < key:
            moves[j + 1], keys[j + 1] = moves[j], keys[j]
            j -= 1
        moves[j + 1], keys[j + 1] = m, key


@njit(cache=True, inline="always")
def _best_to_front(moves: np.ndarray, keys: np.ndarray, n: int) -> None:
    """Move the first best-keyed move to the front, keeping the others in order: what a full
    stable sort would search first, found in one pass. Most nodes cut off on that move, so the
    rest are only sorted when a second move is needed."""
    best = 0
    for i in range(1, n):
        if keys[i] > keys[best]:
            best = i
    m, key = moves[best], keys[best]
    for j in range(best, 0, -1):
        moves[j], keys[j] = moves[j - 1], keys[j - 1]
    moves[0], keys[0] = m, key


@njit(cache=True, inline="always")
def _decided(pos: Position, side: int, ply: int) -> int:
    """A proven score from the threat counts alone, or 0."""
    if pos.cfg[GRAVITY]:
        return 0
    me, opp = side - 1, 2 - side
    if tally_fives(pos.tally[me]) > 0:
        return WIN - ply - 1
    if (
        tally_fives(pos.tally[opp]) == 0
        and tally_fours(pos.tally[opp]) == 0
        and can_make_open_four(pos, side)
    ):
        return WIN - ply - 3
    return 0


@njit(cache=True, inline="always")
def _forced(pos: Position, side: int, kind: int) -> bool:
    """Whether the side to move only answers a threat, so the reply costs no depth: it must
    block a five, or stop an open three while it has no four of its own to gain a tempo
    (with a four it could counter, and two open threes could extend each other forever).
    Threat sequences then search to their end, which a fixed depth would cut one ply short."""
    return kind == BLOCK or (kind == DEFEND and tally_fours(pos.tally[side - 1]) == 0)


@njit(cache=True, inline="always")
def _late_move_limit(depth: int, improving: bool) -> int:
    """How many moves of an ALL list a null-window node searches before it drops the quiet
    ones (neither side makes a three or better there): the list is sorted by the cells'
    threat value, so the late quiet moves rarely matter, and the depth they cost goes to the
    moves that do. Half as many when the side to move's static evaluation is no better than
    two plies before: a position getting worse for it is unlikely to be saved by a quiet move.
    The rule and its constants are Rapfi's. With futility pruning, against the former limit
    (8 + 4 per remaining ply) at 150,000 nodes a move: gomoku +19 ± 36 Elo, caro +2 ± 36 (718
    games), and 27% fewer nodes to finish depth 7 (docs/engine.md, issue 26)."""
    limit = LATE_MOVES[min(depth, MAX_PLY)]
    return limit if improving else limit // 2


@njit(cache=True, inline="always")
def _pruning_eval(pos: Position, side: int, kind: int) -> int:
    """The static evaluation that futility pruning and, two plies on, the improving test read:
    at ALL nodes (no threat to answer) only; unknown (-INF) at forced nodes and on gravity
    boards (neither pruning was measured there; they keep the plain move count)."""
    if kind == ALL and not pos.cfg[GRAVITY]:
        return static_eval(pos, side)
    return -INF


@njit(cache=True, inline="always")
def _futile(depth: int, static: int, alpha: int) -> bool:
    """Whether a shallow null-window node may skip its quiet moves: the best quiet move
    gains at most about ``FUTILITY_MARGIN`` a ply over the static evaluation (in 96% of 113
    positions from the speed games and the balanced openings it gains less at one ply), so
    with the evaluation that far below alpha they can only fail low, and their nodes are
    better spent elsewhere."""
    return depth <= FUTILITY_DEPTH and static + FUTILITY_MARGIN * depth <= alpha


@njit(cache=True, inline="always")
def _save_pv(ctx: SearchContext, ply: int, move: int) -> None:
    ctx.pv[ply, ply] = move
    end = max(ctx.pv_len[ply + 1], ply + 1)
    for j in range(ply + 1, end):
        ctx.pv[ply, j] = ctx.pv[ply + 1, j]
    ctx.pv_len[ply] = end


@njit_search
def negamax(h: np.ndarray, side: int, depth: int, alpha: int, beta: int, ply: int) -> int:
    """The value of the position the handle ``h`` names (see :func:`context_handle`) for
    ``side`` to move, searched ``depth`` plies within the window (``alpha``, ``beta``)."""
    pos, ctx = position_at(h), context_at(h)
    ctx.pv_len[ply] = ply
    if _stopped(ctx.ctl):
        return 0
    if pos.state[STONES] >= np.uint64(pos.cfg[CELLS]):
        return 0
    decided = _decided(pos, side, ply)
    if decided != 0:
        return decided
    me, opp = side - 1, 2 - side
    if ply >= MAX_PLY - 2:
        return static_eval(pos, side)
    if depth <= 0 and (pos.cfg[GRAVITY] or tally_fives(pos.tally[opp]) == 0):
        return _horizon(pos, ctx, side, ply, beta)
    key = pos.state[HASH] ^ (SIDE_KEY if side == 2 else np.uint64(0))
    found, tt_score, tt_move, tt_depth, tt_bound = probe(ctx.tt_keys, ctx.tt_data, key)
    if found and tt_depth >= depth and beta - alpha == 1:
        s = from_tt(tt_score, ply)
        if (
            tt_bound == EXACT
            or (tt_bound == LOWER and s >= beta)
            or (tt_bound == UPPER and s <= alpha)
        ):
            return s
    kind = list_kind(pos, side)
    child_depth = depth if _forced(pos, side, kind) else depth - 1
    static = _pruning_eval(pos, side, kind)
    ctx.evals[ply] = static
    improving = ply < 2 or ctx.evals[ply - 2] == -INF or static > ctx.evals[ply - 2]
    futile = static > -INF and beta - alpha == 1 and _futile(depth, static, alpha)
    alpha0 = alpha
    best, best_move = -INF, -1
    # Most nodes cut off on their first moves. The remembered ones (transposition move, then
    # killers) come first in the ordered list anyway, so they are searched before the list is
    # generated and ordered, which a cut-off then saves.
    n = 0
    if kind == ALL:
        k0, k1 = ctx.killers[ply, 0], ctx.killers[ply, 1]
        if on_all_list(pos, side, tt_move):
            ctx.moves[ply, n] = tt_move
            n += 1
        if k0 != tt_move and on_all_list(pos, side, k0):
            ctx.moves[ply, n] = k0
            n += 1
        if k1 != tt_move and k1 != k0 and on_all_list(pos, side, k1):
            ctx.moves[ply, n] = k1
            n += 1
    staged = n
    if staged == 0:
        n, kind = gen_moves(pos, side, ctx.moves[ply])
        if n == 0:  # a full board, or (renju) black must block a five on a forbidden point
            return -(WIN - ply - 2) if kind == BLOCK else 0
        _order_keys(pos, ctx, side, ply, n, tt_move)
        _best_to_front(ctx.moves[ply], ctx.keys[ply], n)
    i = 0
    while i < n:
        m = ctx.moves[ply, i]
        if cell_class(pos, me, m) == C_FIVE and pos.board[m] == 0:
            score = WIN - ply - 1
            ctx.pv_len[ply + 1] = ply + 1
        else:
            quiet = cell_class(pos, me, m) < C_F3 and cell_class(pos, opp, m) < C_F3
            pruned = False
            if kind == ALL and quiet and beta - alpha == 1 and best > -MATE_BOUND:
                if i >= staged and i >= _late_move_limit(depth, improving):
                    break  # sorted by threat value: what follows is (nearly always) quiet too
                pruned = futile
            if pruned:
                score = -INF  # the futility margin says it fails low: not searched
            else:
                make(pos, m, side)
                if i == 0:
                    score = -negamax(h, 3 - side, child_depth, -beta, -alpha, ply + 1)
                else:
                    reduction = 0
                    if kind == ALL and quiet and child_depth >= 2 and i >= 3:
                        reduction = 1 if i < 10 else 2
                    score = -negamax(
                        h, 3 - side, child_depth - reduction, -alpha - 1, -alpha, ply + 1
                    )
                    if score > alpha and reduction > 0:
                        score = -negamax(h, 3 - side, child_depth, -alpha - 1, -alpha, ply + 1)
                    if alpha < score < beta:
                        score = -negamax(h, 3 - side, child_depth, -beta, -alpha, ply + 1)
                unmake(pos, m)
        if ctx.ctl[STOP]:
            return 0
        if score > best:
            best, best_move = score, m
            if score > alpha:
                alpha = score
                _save_pv(ctx, ply, m)
                if alpha >= beta:
                    if ctx.killers[ply, 0] != m:
                        ctx.killers[ply, 1] = ctx.killers[ply, 0]
                        ctx.killers[ply, 0] = m
                    ctx.history[me, m] += depth * depth
                    break
        i += 1
        if i == staged:  # no cut-off on the remembered moves: the list, them first
            n, kind = gen_moves(pos, side, ctx.moves[ply])
            _order_keys(pos, ctx, side, ply, n, tt_move)
            _sort_moves(ctx.moves[ply], ctx.keys[ply], n)
        elif i == 1 and staged == 0:  # no cut-off on the first move: order the others
            _sort_moves(ctx.moves[ply, 1:], ctx.keys[ply, 1:], n - 1)
    bound = LOWER if best >= beta else (EXACT if best > alpha0 else UPPER)
    store(ctx.tt_keys, ctx.tt_data, key, to_tt(best, ply), best_move, depth, bound)
    return best


@njit(cache=True)
def search_root(
    pos: Position,
    ctx: SearchContext,
    side: int,
    max_depth: int,
    soft_ns: int,
    root_moves: np.ndarray,
    result: np.ndarray,
    pv_out: np.ndarray,
) -> int:
    """Iterative deepening over the root moves. ``root_moves`` is filled with the root move
    list (best first after the last finished iteration) and ``ctx.root_scores`` with their
    scores; ``result`` gets (move, score, depth, nodes) and ``pv_out`` the PV (-1 ended).
    Returns the number of root moves."""
    me = side - 1
    h = ctx.handle
    n, kind = gen_moves(pos, side, root_moves)
    if n == 0:  # renju: black cannot block the five, every move loses; play one anyway
        n, kind = gen_all(pos, side, root_moves), ALL
    order = np.zeros(n, dtype=np.int64)
    for i in range(n):
        m = root_moves[i]
        order[i] = cell_score(pos, me, m) + cell_score(pos, 1 - me, m)
    idx = np.argsort(-order, kind="mergesort")
    root_moves[:n] = root_moves[idx]
    # Stopped before the first move's depth-1 search ends (a cold start, a tiny budget), the
    # answer is the best-ordered move: the cell worth most to both sides, not the first cell
    # of the list (which, against an open three, was a far end that does not stop it).
    best_move, best_score, done_depth = root_moves[0], -INF, 0
    pv_out[0] = root_moves[0]
    pv_out[1] = -1
    ctx.root_scores[:n] = -INF
    ctx.evals[0] = _pruning_eval(pos, side, kind)
    scores = np.full(n, -INF, dtype=np.int64)
    one = np.int64(1)  # not a literal: numba cannot compile the recursion for literal arguments
    for depth in range(1, max_depth + 1):
        child_depth = depth if _forced(pos, side, kind) else depth - 1
        alpha, beta = -INF, INF
        iter_best, iter_score, finished_first = -1, -INF, False
        for i in range(n):
            m = root_moves[i]
            ctx.pv_len[1] = 1
            if cell_class(pos, me, m) == C_FIVE:
                s = WIN - 1
            else:
                make(pos, m, side)
                if i == 0 or ctx.ctl[FULL_ROOT]:
                    s = -negamax(h, 3 - side, child_depth, -beta, -alpha, one)
                else:
                    s = -negamax(h, 3 - side, child_depth, -alpha - 1, -alpha, one)
                    if s > alpha and not ctx.ctl[STOP]:
                        s = -negamax(h, 3 - side, child_depth, -beta, -alpha, one)
                unmake(pos, m)
            if ctx.ctl[STOP]:
                break
            scores[i] = s
            if i == 0:
                finished_first = True
            if s > iter_score:
                iter_score, iter_best = s, m
                if s > alpha and not ctx.ctl[FULL_ROOT]:
                    alpha = s
                _save_pv(ctx, 0, m)
                for j in range(ctx.pv_len[0]):
                    pv_out[j] = ctx.pv[0, j]
                pv_out[ctx.pv_len[0]] = -1
        if ctx.ctl[STOP]:
            if finished_first and iter_best >= 0:
                best_move, best_score = iter_best, iter_score
            break
        best_move, best_score, done_depth = iter_best, iter_score, depth
        idx = np.argsort(-scores, kind="mergesort")
        root_moves[:n] = root_moves[idx]
        scores = scores[idx]
        ctx.root_scores[:n] = scores
        if best_score >= MATE_BOUND or (best_score <= -MATE_BOUND and depth >= 2):
            break
        if now_ns() >= soft_ns:
            break
    if best_score == -INF:  # stopped before any move was searched: fall back on the eval
        best_score = static_eval(pos, side)
    result[0] = best_move
    result[1] = best_score
    result[2] = done_depth
    result[3] = ctx.ctl[NODES]
    return n
