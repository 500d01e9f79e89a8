"""The one clock the server reads for "now": wall-clock milliseconds and monotonic seconds.

Every room, presence, lobby, AI-timing, rate-limit and archive decision asks this module
(`now_ms()`, `monotonic_s()`) instead of calling `time.time()` / `time.monotonic()` itself, so
a test can set the time: `with frozen(at_ms) as clock: ...; clock.advance(2.5)` replaces the
clock for the code under test and restores the real one afterwards. The pure room core
(`server/rooms/`) reads no clock at all: its callers pass `now` (taken from here).

Why a module-level clock rather than a `Clock` object threaded through the services: "now" is
read by plain functions (lobby listing, session checks, chat lines) that hold no app state,
and passing an object to every constructor and handler would add an argument to two dozen
signatures for the benefit of tests only. A module-level current clock gives one seam with
no plumbing. Measuring durations for metrics (`time.perf_counter()`) and the event loop's own
scheduling (`loop.time()`, `asyncio.sleep`) are not "now" and stay as they are.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from dataclasses import dataclass


class SystemClock:
    """The real time."""

    def now_ms(self) -> int:
        return int(time.time() * 1000)

    def monotonic_s(self) -> float:
        return time.monotonic()


@dataclass(slots=True)
class ManualClock:
    """A clock that stands still until a test moves it; both readings move together."""

    wall_ms: int
    mono_s: float = 1_000.0

    def now_ms(self) -> int:
        return self.wall_ms

    def monotonic_s(self) -> float:
        return self.mono_s

    def advance(self, seconds: float) -> None:
        self.wall_ms += round(seconds * 1000)
        self.mono_s += seconds


Clock = SystemClock | ManualClock

_current: Clock = SystemClock()


def now_ms() -> int:
    """Wall-clock time in milliseconds since the epoch (stored in rooms, sent to clients)."""
    return _current.now_ms()


def monotonic_s() -> float:
    """Seconds on a clock that never goes back (intervals: rate limits, periodic work)."""
    return _current.monotonic_s()


@contextlib.contextmanager
def frozen(at_ms: int | None = None) -> Iterator[ManualClock]:
    """Replace the clock by a `ManualClock` (at `at_ms`, default the real now) for the block."""
    global _current
    previous = _current
    clock = ManualClock(previous.now_ms() if at_ms is None else at_ms, previous.monotonic_s())
    _current = clock
    try:
        yield clock
    finally:
        _current = previous
