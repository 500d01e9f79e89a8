"""Fischer clocks as values: the server's clock is the only one that counts.

A `Clock` stores each seat's time left at the instant `since` and which seat's time is running
from then on, so it changes only when a move is made (or the game stops) and the time left at any
moment is `remaining[running] - (now - since)`. All times are integer milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

MAX_INITIAL_S = 3 * 3600
MAX_INCREMENT_S = 180


@dataclass(slots=True, frozen=True)
class ClockConfig:
    initial_ms: int
    increment_ms: int

    def to_dict(self) -> dict[str, int]:
        return {"initial_ms": self.initial_ms, "increment_ms": self.increment_ms}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClockConfig:
        return cls(data["initial_ms"], data["increment_ms"])

    def start(self, first: int | None, now: int) -> Clock:
        """A fresh clock with `first`'s time running from `now` (`None`: not running yet)."""
        return Clock(self.initial_ms, self.increment_ms,
                     (self.initial_ms, self.initial_ms), first, now)


@dataclass(slots=True, frozen=True)
class Clock:
    initial_ms: int
    increment_ms: int
    remaining: tuple[int, int]
    running: int | None
    since: int

    def time_left(self, seat: int, now: int) -> int:
        left = self.remaining[seat - 1]
        if seat == self.running:
            left -= max(0, now - self.since)
        return left

    def flag_at(self) -> int | None:
        """The instant the running seat's flag falls, or None when stopped."""
        if self.running is None:
            return None
        return self.since + self.remaining[self.running - 1]

    def has_flagged(self, now: int) -> bool:
        deadline = self.flag_at()
        return deadline is not None and now >= deadline

    def _with_left(self, seat: int, left: int) -> tuple[int, int]:
        return (left, self.remaining[1]) if seat == 1 else (self.remaining[0], left)

    def after_move(self, seat: int, now: int) -> Clock:
        """Charge `seat` for its move made at `now`, add the increment, start the other seat."""
        left = self.time_left(seat, now) + self.increment_ms
        return replace(self, remaining=self._with_left(seat, left), running=3 - seat, since=now)

    def switch_to(self, seat: int, now: int) -> Clock:
        """Charge the running seat up to `now` (no increment) and run `seat` (a takeback)."""
        clock = self.stop(now)
        return replace(clock, running=seat, since=now)

    def stop(self, now: int) -> Clock:
        """Freeze both times as they are at `now` (game over)."""
        if self.running is None:
            return self
        left = max(0, self.time_left(self.running, now))
        return replace(self, remaining=self._with_left(self.running, left), running=None,
                       since=now)

    def to_dict(self) -> dict[str, Any]:
        return {"initial_ms": self.initial_ms, "increment_ms": self.increment_ms,
                "remaining": {"1": self.remaining[0], "2": self.remaining[1]},
                "running": self.running, "since": self.since}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clock:
        remaining = data["remaining"]
        return cls(data["initial_ms"], data["increment_ms"],
                   (remaining["1"], remaining["2"]), data["running"], data["since"])
