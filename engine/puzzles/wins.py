"""Where a stone wins at once, read off the cells with the referee's own rule.

The proof checker asks two questions thousands of times per puzzle: "where does this player
make a winning run now?" and "which cells could take such a win away?". Both are answered
here from a plain cell list, with :meth:`engine.variants.Variant.wins` deciding each run
exactly as :class:`engine.board.Board` does after a push (a test compares them on random
positions). Nothing here searches: it reads at most one run per direction.

A win at ``cell`` depends only on the runs of the player's stones through ``cell`` and on the
two cells just beyond each run (the caro rule asks whether both are the opponent's). An
opponent stone cannot sit inside those runs, so only a stone on ``cell`` itself or on one of
those end cells can take the win away: :func:`spoilers` lists them. That is what lets the
checker skip, soundly, every defence that lands elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from engine.variants import Variant

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
Rays = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


@cache
def rays(rows: int, cols: int) -> tuple[Rays, ...]:
    """For every cell, per direction, the cells beyond it forwards and backwards (nearest
    first, up to the edge)."""
    table = []
    for cell in range(rows * cols):
        row, col = divmod(cell, cols)
        per_direction = []
        for d_row, d_col in DIRECTIONS:
            both = []
            for sign in (1, -1):
                out = []
                r, c = row + sign * d_row, col + sign * d_col
                while 0 <= r < rows and 0 <= c < cols:
                    out.append(r * cols + c)
                    r, c = r + sign * d_row, c + sign * d_col
                both.append(tuple(out))
            per_direction.append((both[0], both[1]))
        table.append(tuple(per_direction))
    return tuple(table)


@cache
def neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """The up to eight cells around each cell."""
    table = []
    for cell in range(rows * cols):
        row, col = divmod(cell, cols)
        table.append(tuple(
            (row + dr) * cols + col + dc
            for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= row + dr < rows and 0 <= col + dc < cols))
    return tuple(table)


def _run(cells: Sequence[int], player: int, ray: tuple[int, ...]) -> tuple[int, int]:
    """How many of ``player``'s stones follow along ``ray``, and the cell just beyond them
    (-1 at the edge)."""
    count = 0
    for cell in ray:
        if cells[cell] != player:
            return count, cell
        count += 1
    return count, -1


def wins_at(variant: Variant, cells: Sequence[int], cell: int, player: int) -> bool:
    """Whether ``player`` playing the empty ``cell`` makes a run the rule counts as a win."""
    opponent = 3 - player
    for forward, backward in rays(variant.rows, variant.cols)[cell]:
        ahead, end_ahead = _run(cells, player, forward)
        behind, end_behind = _run(cells, player, backward)
        run = ahead + behind + 1
        if run < variant.k:
            continue
        blocked = (end_ahead >= 0 and cells[end_ahead] == opponent
                   and end_behind >= 0 and cells[end_behind] == opponent)
        if variant.wins(run, blocked, player):
            return True
    return False


def winning_cells(variant: Variant, cells: Sequence[int], player: int) -> list[int]:
    """Every empty cell where ``player`` wins at once, in cell order. A winning cell touches
    one of the player's stones, so only the empty neighbours of those stones are tried."""
    around = neighbours(variant.rows, variant.cols)
    tried: set[int] = set()
    for cell, stone in enumerate(cells):
        if stone == player:
            tried.update(n for n in around[cell] if cells[n] == 0)
    return sorted(c for c in tried if wins_at(variant, cells, c, player))


def spoilers(variant: Variant, cells: Sequence[int], cell: int, player: int) -> set[int]:
    """The empty cells where an opponent stone could stop ``player`` from winning at ``cell``:
    ``cell`` itself and the cell just beyond each run through it."""
    out = {cell}
    for forward, backward in rays(variant.rows, variant.cols)[cell]:
        for ray in (forward, backward):
            _count, end = _run(cells, player, ray)
            if end >= 0 and cells[end] == 0:
                out.add(end)
    return out


def spoiler_zone(variant: Variant, cells: Sequence[int], wins: Iterable[int],
                 player: int) -> set[int]:
    """Every cell where one opponent stone could stop at least one of the wins ``wins``."""
    zone: set[int] = set()
    for cell in wins:
        zone |= spoilers(variant, cells, cell, player)
    return zone


def far_cell(variant: Variant, cells: Sequence[int]) -> int:
    """An empty cell as far as possible (in king steps) from every stone: a move that takes
    part in nothing, the "irrelevant defence" a proof answers once for all such moves."""
    stones = [divmod(c, variant.cols) for c, s in enumerate(cells) if s]
    best, best_distance = -1, -1
    for cell, stone in enumerate(cells):
        if stone:
            continue
        row, col = divmod(cell, variant.cols)
        distance = min((max(abs(row - r), abs(col - c)) for r, c in stones), default=99)
        if distance > best_distance:
            best, best_distance = cell, distance
    return best


def blocked_five_cells(variant: Variant, cells: Sequence[int], player: int) -> list[int]:
    """Empty cells where ``player`` would make exactly ``k`` in a row with opponent stones at
    both ends: a five the caro rule does not count (the trap of caro puzzles)."""
    around = neighbours(variant.rows, variant.cols)
    opponent = 3 - player
    tried = {n for cell, stone in enumerate(cells) if stone == player
             for n in around[cell] if cells[n] == 0}
    found = []
    for cell in sorted(tried):
        for forward, backward in rays(variant.rows, variant.cols)[cell]:
            ahead, end_ahead = _run(cells, player, forward)
            behind, end_behind = _run(cells, player, backward)
            if (ahead + behind + 1 == variant.k and end_ahead >= 0 and end_behind >= 0
                    and cells[end_ahead] == opponent and cells[end_behind] == opponent):
                found.append(cell)
                break
    return found


def threat_through(variant: Variant, cells: list[int], cell: int, player: int) -> bool:
    """Whether ``player``, with a stone on the empty ``cell``, would then win at once on a
    line through it (the only new winning cells one stone can make lie on its lines, within
    ``k - 1`` of it)."""
    cells[cell] = player
    try:
        for forward, backward in rays(variant.rows, variant.cols)[cell]:
            for ray in (forward, backward):
                for other in ray[:variant.k - 1]:
                    if cells[other] == 0 and wins_at(variant, cells, other, player):
                        return True
        return False
    finally:
        cells[cell] = 0


def within(variant: Variant, cells: set[int], reach: int) -> set[int]:
    """Every cell within ``reach`` king steps of one of ``cells``."""
    rows, cols = variant.rows, variant.cols
    out = set()
    for cell in cells:
        row, col = divmod(cell, cols)
        for r in range(max(0, row - reach), min(rows, row + reach + 1)):
            for c in range(max(0, col - reach), min(cols, col + reach + 1)):
                out.add(r * cols + c)
    return out
