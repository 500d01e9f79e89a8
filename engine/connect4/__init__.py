"""Connect Four: an exact solver (Pascal Pons' bitboard negamax, compiled with numba) and the
player built on it.

    >>> from engine.connect4 import solve
    >>> solve("2252576253462244111563365343671351441").score
    -1

Modules: ``position`` (bitboards), ``transposition`` (the table), ``move_sorter``, ``solver``
(exact search and its Python API), ``heuristic`` (the fallback search), ``player`` (the AI);
``engine.native`` gives them popcount and a clock for compiled code. Numba caches each compiled
function by its own file's modification time only: after editing a module others inline
(``position``, ``engine.native``, ``transposition``, ``move_sorter``), delete the
``__pycache__`` folders under ``engine/``.
"""

from __future__ import annotations

from engine.connect4.solver import Connect4Solver, SolveResult, SolveTimeoutError, solve

__all__ = ["Connect4Solver", "SolveResult", "SolveTimeoutError", "solve"]
