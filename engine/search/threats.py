"""Threat-space search: forced wins by continuous fours (VCF) and by threes and fours (VCT).

VCF: the attacker only plays moves that make a four, so every defender reply is forced: the
completion cell, and under caro also the cap of a four blocked at one end (a five blocked at
both ends does not win), so the attacker must win after each (:func:`five_stops`); a counter-
four from the defender must in turn be blocked by a move that is itself a four. VCT also lets
the attacker make open threes; the defender then answers with any move that stops the three
(under caro also the caps :func:`engine.search.movegen.add_caro_three_stops` adds) or with a
four of its own, and the attacker must win against every answer. Both searches are budgeted in
searched positions (``budget[0]`` counts, ``budget[1]`` is the limit) and by a deadline
(``budget[2]``), and remember refuted positions in a small hash table so transpositions are not
searched twice. A fourth ``budget`` entry, when there is one, counts every position visited
(each move made), for the search's node statistics. Both take the position as a handle
(``position.position_handle``): they recurse, and a handle is one argument where the position's
arrays are nineteen (``engine.native.array_view``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.native import njit_search
from engine.search.evaluation import (
    C_B4,
    C_F3,
    tally_fives,
    tally_fours,
)
from engine.search.forbidden import can_make_open_four, drop_forbidden, forbids
from engine.search.movegen import add_caro_caps, add_caro_three_stops, caro_rule
from engine.search.position import (
    EVERY_MARK,
    FIVE_MARKS,
    FOUR_MARKS,
    HASH,
    WIDTH,
    K,
    Position,
    cell_class,
    cell_score,
    first_marked,
    make,
    mark_set,
    marked_cells,
    position_at,
    unmake,
)
from engine.search.timer import now_ns

MAX_CANDIDATES = 640
FAIL_CACHE_BITS = 16


def new_fail_cache() -> np.ndarray:
    return np.zeros(1 << FAIL_CACHE_BITS, dtype=np.uint64)


def new_buffer(vcf_depth: int, vct_depth: int = 0) -> np.ndarray:
    """Per-level move lists, so the searches allocate nothing: rows 0..``vcf_depth`` for a VCF
    of up to that many fours, then a row per VCT level (its threats, then the replies to one)."""
    return np.zeros((vcf_depth + vct_depth + 2, 2 * MAX_CANDIDATES), dtype=np.int64)


@njit_search
def _spend(budget: np.ndarray) -> None:
    """Count a node; past the deadline (``budget[2]``, monotonic ns) the budget is exhausted."""
    budget[0] += 1
    if (budget[0] & 255) == 0 and now_ns() >= budget[2]:
        budget[1] = 0


@njit(cache=True, inline="always")
def _visit(budget: np.ndarray) -> None:
    """Count a position made on the board, when the caller keeps the count."""
    if budget.shape[0] > 3:
        budget[3] += 1


@njit_search
def _fail_key(pos: Position, attacker: int, depth: int, kind: int) -> np.uint64:
    salt = np.uint64(attacker * 0x9E3779B97F4A7C15 + depth * 0xBF58476D1CE4E5B9 + kind)
    return pos.state[HASH] ^ salt


@njit(cache=True, inline="always")
def _in_line(pos: Position, a: int, b: int) -> bool:
    """Whether cells ``a`` and ``b`` lie on one line less than k cells apart: only then can a
    stone on one help make a four through the other."""
    width, reach = pos.cfg[WIDTH], pos.cfg[K] - 1
    dr, dc = a // width - b // width, a % width - b % width
    return abs(dr) <= reach and abs(dc) <= reach and (dr == 0 or dc == 0 or dr == dc or dr == -dc)


@njit(cache=True, inline="always")
def _keep_in_line(pos: Position, moves: np.ndarray, n: int, last: int) -> int:
    """Keep the first ``n`` moves that lie in a line with ``last`` (see :func:`_in_line`)."""
    kept = 0
    for i in range(n):
        if _in_line(pos, moves[i], last):
            moves[kept] = moves[i]
            kept += 1
    return kept


@njit_search
def _order(pos: Position, pl: int, moves: np.ndarray, n: int) -> None:
    """Sort moves by the attacker's cell score, best first (insertion sort; lists are short)."""
    for i in range(1, n):
        m = moves[i]
        s = cell_score(pos, pl, m)
        j = i - 1
        while j >= 0 and cell_score(pos, pl, moves[j]) < s:
            moves[j + 1] = moves[j]
            j -= 1
        moves[j + 1] = m


@njit(cache=True, inline="always")  # in the horizon VCF's innermost loop: no call to pay
def five_stops(pos: Position, attacker: int, out: np.ndarray) -> int:
    """Fill ``out`` with the defender's moves after which ``attacker`` has no five cell left;
    return their count (none: the five cannot be stopped). They are the completion cells that
    stop every five and, under caro, the caps (:func:`engine.search.movegen.add_caro_caps`: a
    five blocked at both ends does not win, so the free end of a four blocked at the other
    stops it too). Moves the rules forbid the defender are left out."""
    me, defender = attacker - 1, 3 - attacker
    completions = tally_fives(pos.tally[me])
    if completions == 1:
        out[0] = first_marked(pos, me, FIVE_MARKS)  # nearly always: one four, one cell
    else:
        completions = marked_cells(pos, mark_set(me, FIVE_MARKS), out)
    n = completions
    if caro_rule(pos):
        n = add_caro_caps(pos, defender, out, n)
    kept = 0
    for i in range(n):
        m = out[i]
        if i < completions and completions > 1:
            make(pos, m, defender)
            left = tally_fives(pos.tally[me])
            unmake(pos, m)
            if left > 0:
                continue  # another five is still there
        if not forbids(pos, defender, m):
            out[kept] = m
            kept += 1
    return kept


@njit_search
def threat_replies(pos: Position, attacker: int, out: np.ndarray) -> int:
    """Fill ``out`` with the defender's answers the VCT tries to the threat ``attacker`` just
    made; return their count. Against a four, what stops its five (:func:`five_stops`; none:
    it cannot be stopped). Against an open three, every cell where either side makes a four or
    a five (the blocks and the defender's own fours) and, under caro, the caps that leave the
    attacker no open four (:func:`engine.search.movegen.add_caro_three_stops`)."""
    if tally_fives(pos.tally[attacker - 1]) > 0:
        return five_stops(pos, attacker, out)
    n = marked_cells(pos, EVERY_MARK, out)
    if caro_rule(pos):
        n = add_caro_three_stops(pos, 3 - attacker, out, n)
    return n


@njit_search
def _unstoppable_line(
    pos: Position, attacker: int, cells: np.ndarray, line: np.ndarray, ply: int
) -> None:
    """Write from ``line[ply]`` the end of a win no defence stops: a completion cell the
    defender may block and the five left after it, or -1 at once when it may block none
    (renju). ``cells`` is room for the completion cells."""
    me, defender = attacker - 1, 3 - attacker
    line[ply] = -1
    for i in range(marked_cells(pos, mark_set(me, FIVE_MARKS), cells)):
        if not forbids(pos, defender, cells[i]):
            make(pos, cells[i], defender)
            line[ply + 1] = first_marked(pos, me, FIVE_MARKS)
            unmake(pos, cells[i])
            line[ply] = cells[i]
            line[ply + 2] = -1
            return


@njit_search
def vcf(
    h: np.ndarray,
    attacker: int,
    depth: int,
    budget: np.ndarray,
    cache: np.ndarray,
    line: np.ndarray,
    ply: int,
    buf: np.ndarray,
) -> bool:
    """Whether ``attacker`` (to move) wins by continuous fours within ``depth`` fours, on the
    position the handle ``h`` names (``position.position_handle``).
    On success ``line[ply:]`` holds the winning sequence (attacker, defender, ...).
    ``buf`` (see :func:`new_buffer`) holds each level's move and five-cell lists."""
    return vcf_search(
        h, attacker, depth, budget, cache, line, ply, buf, np.bool_(False), np.int64(-1)
    )


@njit_search
def vcf_search(
    h: np.ndarray,
    attacker: int,
    depth: int,
    budget: np.ndarray,
    cache: np.ndarray,
    line: np.ndarray,
    ply: int,
    buf: np.ndarray,
    follow: bool,
    last: int,
) -> bool:
    """:func:`vcf`, which it is without ``follow``. With ``follow`` it follows its fours:
    after the first, each four lies in a line with the attacker's previous one (``last``, -1
    before the first), less than k cells away. A four elsewhere was there before the previous
    one, so a win that needs it mostly also wins by playing it earlier, where it is tried; the
    fours left out are most of the positions of a failing search (the horizon's, docs/engine.md,
    issue 26). A win it finds is a win; it misses some that :func:`vcf` finds."""
    pos = position_at(h)
    me, opp = attacker - 1, 2 - attacker
    defender = 3 - attacker
    _spend(budget)
    if tally_fives(pos.tally[me]) > 0:
        line[ply] = first_marked(pos, me, FIVE_MARKS)
        line[ply + 1] = -1
        return True
    if depth <= 0 or budget[0] > budget[1]:
        return False
    if tally_fours(pos.tally[me]) == 0:
        return False  # no four to make
    slot = _fail_key(pos, attacker, depth, 4 + last if follow else 1)
    if cache[slot & np.uint64(cache.shape[0] - 1)] == slot:
        return False
    moves = buf[depth]
    stops = buf[depth, MAX_CANDIDATES:]
    n = 0
    if tally_fives(pos.tally[opp]) == 1:
        block = first_marked(pos, opp, FIVE_MARKS)
        if block >= 0 and cell_class(pos, me, block) >= C_B4 and not forbids(pos, attacker, block):
            moves[0] = block
            n = 1
    elif tally_fives(pos.tally[opp]) == 0:
        n = marked_cells(pos, mark_set(me, FOUR_MARKS), moves)
        n = drop_forbidden(pos, attacker, moves, n)
        if last >= 0:
            n = _keep_in_line(pos, moves, n, last)
        _order(pos, me, moves, n)
    for i in range(n):
        m = moves[i]
        make(pos, m, attacker)
        _visit(budget)
        won = False
        if tally_fives(pos.tally[opp]) == 0 and tally_fives(pos.tally[me]) > 0:
            # The attacker had no five before this move: its five cells are the move's.
            ns = five_stops(pos, attacker, stops)
            if ns == 0:
                _unstoppable_line(pos, attacker, stops, line, ply + 1)
                won = True
            else:  # it wins when it wins after every stop; the first (a completion
                won = True  # cell) is searched last, so the line left is the main line
                after = m if follow else -1
                for s in range(ns - 1, -1, -1):
                    make(pos, stops[s], defender)
                    _visit(budget)
                    won = vcf_search(
                        h, attacker, depth - 1, budget, cache, line, ply + 2, buf, follow, after
                    )
                    unmake(pos, stops[s])
                    if not won:
                        break
                line[ply + 1] = stops[0]
        unmake(pos, m)
        if won:
            line[ply] = m
            return True
    if budget[0] <= budget[1]:
        cache[slot & np.uint64(cache.shape[0] - 1)] = slot
    return False


@njit_search
def vct(
    h: np.ndarray,
    attacker: int,
    depth: int,
    budget: np.ndarray,
    cache: np.ndarray,
    line: np.ndarray,
    ply: int,
    vcf_depth: int,
    buf: np.ndarray,
) -> bool:
    """Whether ``attacker`` (to move) wins by fours and open threes within ``depth`` threats,
    on the position the handle ``h`` names. ``line[ply]`` receives the first move of the win.
    ``buf`` must come from ``new_buffer(vcf_depth, depth)``."""
    pos = position_at(h)
    me, opp = attacker - 1, 2 - attacker
    defender = 3 - attacker
    if vcf(h, attacker, vcf_depth, budget, cache, line, ply, buf):
        return True
    if depth <= 0 or budget[0] > budget[1]:
        return False
    if tally_fives(pos.tally[opp]) > 0 or can_make_open_four(pos, defender):
        return False  # the defender is faster: it can make a five or an open four now
    slot = _fail_key(pos, attacker, depth, 2)
    if cache[slot & np.uint64(cache.shape[0] - 1)] == slot:
        return False
    _spend(budget)
    moves = buf[vcf_depth + 1 + depth, :MAX_CANDIDATES]
    replies = buf[vcf_depth + 1 + depth, MAX_CANDIDATES:]
    n = 0
    for idx in pos.cells:
        if pos.board[idx] == 0:
            if cell_class(pos, me, idx) >= C_F3 and not forbids(pos, attacker, idx):
                moves[n] = idx
                n += 1
    _order(pos, me, moves, n)
    for i in range(n):
        m = moves[i]
        make(pos, m, attacker)
        _visit(budget)
        if tally_fives(pos.tally[me]) == 0 and not can_make_open_four(pos, attacker):
            unmake(pos, m)
            continue  # not a threat after all (renju: a false three, its open fours forbidden)
        nr = threat_replies(pos, attacker, replies)  # every defence must fail (none: it wins)
        refuted = False
        for j in range(nr):
            r = replies[j]
            if forbids(pos, defender, r):
                continue  # renju: black may not answer there
            make(pos, r, defender)
            _visit(budget)
            if tally_fives(pos.tally[opp]) > 0 and tally_fives(pos.tally[me]) == 0:
                holds = vcf(h, attacker, vcf_depth, budget, cache, line, ply + 2, buf)
            else:
                holds = vct(h, attacker, depth - 1, budget, cache, line, ply + 2, vcf_depth, buf)
            unmake(pos, r)
            if not holds:
                refuted = True
                break
        unmake(pos, m)
        if not refuted:
            line[ply] = m
            line[ply + 1] = -1
            return True
        if budget[0] > budget[1]:
            return False
    if budget[0] <= budget[1]:
        cache[slot & np.uint64(cache.shape[0] - 1)] = slot
    return False
