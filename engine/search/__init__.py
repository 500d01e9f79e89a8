"""Threat-aware alpha-beta search for k-in-a-row boards (gomoku, caro, caro9, custom).

Modules, each with one job:
  patterns   line keys and their rule-aware classification (five, open four, four, three...)
  evaluation cell classes and scores from the four patterns; the static evaluation
  position   padded board arrays kept up to date incrementally on make / unmake
  movegen    which moves to search given the threats (block, defend, or all near stones)
  threats    VCF and VCT threat-space searches
  ttable     Zobrist-keyed transposition table sized from a MiB budget
  alphabeta  negamax PVS with iterative deepening, LMR, killers, history, horizon VCF
  timer      a monotonic clock callable from compiled code (hard deadline)
  player     choose_grid_move: level budgets and noise, root threat search, Analysis

Everything hot is numba-compiled with ``cache=True``; call :func:`warm_up` in worker
initialisers so the first real move does not pay for loading (or compiling) the code.
"""

from engine.search.cache_guard import clear_stale_cache

clear_stale_cache()

from engine.search.player import (  # noqa: E402  (after the cache check on purpose)
    choose_grid_move,
    position_of,
    warm_up,
)

__all__ = ["choose_grid_move", "position_of", "warm_up"]
