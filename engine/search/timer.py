"""A monotonic clock callable from compiled code, so the search can keep a hard deadline.

numba cannot call ``time.perf_counter``; :func:`engine.native.monotonic_ns` reads libc's
``clock_gettime(CLOCK_MONOTONIC)`` from compiled code. Python's ``time.monotonic_ns`` reads the
same clock, so deadlines set in Python and checked in compiled code agree.
"""

from __future__ import annotations

from numba import njit

from engine.native import monotonic_ns


@njit(cache=True)
def now_ns() -> int:
    """Nanoseconds on the monotonic clock (same clock as ``time.monotonic_ns``)."""
    return monotonic_ns()
