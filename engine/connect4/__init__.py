"""Connect Four: an exact solver (Pascal Pons' bitboard negamax, compiled with numba) and the
player built on it.

    >>> from engine.connect4 import solve
    >>> solve("2252576253462244111563365343671351441").score
    -1
"""

from __future__ import annotations

from engine.connect4.solver import Connect4Solver, SolveResult, SolveTimeoutError, solve

__all__ = ["Connect4Solver", "SolveResult", "SolveTimeoutError", "solve"]
