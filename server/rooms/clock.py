"""Clocks as values: the server's clock is the only one that counts.

A `Clock` stores each seat's time left at the instant `since` and which seat's time is running
from then on, so it changes only when a move is made (or the game stops) and the time left at any
moment is `remaining[running] - (now - since)`. All times are integer milliseconds.

Each side's clock starts after its own first move, as on lichess: a fresh clock is stopped,
the first two moves cost no time, and the first seat's time runs from the second move on. A
player who opens a game and walks away does not lose on time before the game has begun.

A daily (correspondence) clock gives each move `days` days (DAILY_DAYS): the same value with
`days` set, no increment, the seat to move's time running from the start of the game (the first
player has `days` days for the first move), and every seat that is not running holding its whole
allowance again, so each move starts with `days` days. Its flag falls like a Fischer clock's.

Berserk (an arena tournament's, docs/tournaments.md), as lichess: a seat that berserks loses
half its initial time (none when the initial time is under 40 increments: 1+2 becomes 1+0) and
gets no increment for the rest of the game; a clock without initial time cannot berserk.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

MAX_INITIAL_S = 3 * 3600
MAX_INCREMENT_S = 180
DAY_MS = 24 * 3600 * 1000
DAILY_DAYS = (1, 2, 3, 5, 7)  # the days per move a daily game may have
BERSERK_INCREMENTS = 40  # an initial time under this many increments is not halved by a berserk


@dataclass(slots=True, frozen=True)
class ClockConfig:
    initial_ms: int
    increment_ms: int
    days: int | None = None  # a daily clock: `days` per move (then initial_ms is that long)

    @classmethod
    def daily(cls, days: int) -> ClockConfig:
        """`days` days per move (one of DAILY_DAYS)."""
        if days not in DAILY_DAYS:
            raise ValueError(f"days per move is one of {', '.join(map(str, DAILY_DAYS))}")
        return cls(days * DAY_MS, 0, days)

    @property
    def berserkable(self) -> bool:
        """Can a player berserk with this clock? A Fischer clock with some initial time."""
        return self.days is None and self.initial_ms > 0

    @property
    def berserk_penalty_ms(self) -> int:
        """The time a berserk takes away: half the initial time, or none when the initial
        time is under 40 increments (lichess's rule)."""
        return 0 if self.initial_ms < BERSERK_INCREMENTS * self.increment_ms \
            else self.initial_ms // 2

    @property
    def key(self) -> str:
        """A short name of the time control: `300000+2000`, or `d3` for three days a move."""
        return f"d{self.days}" if self.days else f"{self.initial_ms}+{self.increment_ms}"

    def to_dict(self) -> dict[str, int]:
        data = {"initial_ms": self.initial_ms, "increment_ms": self.increment_ms}
        if self.days:
            data["days"] = self.days
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClockConfig:
        return cls(data["initial_ms"], data["increment_ms"], data.get("days"))

    def start(self, now: int) -> Clock:
        """A fresh clock: a Fischer clock stopped until both sides have made their first move,
        a daily clock running for the first player at once."""
        return Clock(self.initial_ms, self.increment_ms,
                     (self.initial_ms, self.initial_ms), 1 if self.days else None, now,
                     self.days)


def runs_after(plies: int) -> bool:
    """Does the clock of the side to move run after `plies` moves? Only once that side has
    moved: from the third move of the game on."""
    return plies >= 2


@dataclass(slots=True, frozen=True)
class Clock:
    initial_ms: int
    increment_ms: int
    remaining: tuple[int, int]
    running: int | None
    since: int
    days: int | None = None  # a daily clock: each move has the whole `initial_ms`
    berserk: tuple[bool, bool] = (False, False)  # per seat: berserked (no increment)

    def berserked(self, seat: int) -> bool:
        return self.berserk[seat - 1]

    def gone_berserk(self, seat: int, penalty_ms: int) -> Clock:
        """`seat` berserks: `penalty_ms` less on its clock, and no increment from now on."""
        berserk = (True, self.berserk[1]) if seat == 1 else (self.berserk[0], True)
        left = max(0, self.remaining[seat - 1] - penalty_ms)
        return replace(self, remaining=self._with_left(seat, left), berserk=berserk)

    def runs_after(self, plies: int) -> bool:
        """Does the side to move's time run after `plies` moves? A daily clock's always."""
        return self.days is not None or runs_after(plies)

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

    def after_move(self, seat: int, now: int, plies: int) -> Clock:
        """Charge `seat` for its move made at `now` (the game's move number `plies`) and add
        the increment, if its time was running; then run the other seat's (see `runs_after`)."""
        return self.after_action(seat, now, 3 - seat if self.runs_after(plies) else None)

    def after_action(self, seat: int, now: int, next_seat: int | None) -> Clock:
        """Charge `seat` for an action at `now` (a move, an opening stone or choice) and add
        the increment if its time was running; then run `next_seat`'s time (None: stop)."""
        left = self.time_left(seat, now)
        if seat == self.running and not self.berserked(seat):
            left += self.increment_ms
        return replace(self, remaining=self._with_left(seat, left), running=next_seat,
                       since=now)._refilled()

    def _refilled(self) -> Clock:
        """A daily clock's seats that are not running hold their whole allowance: the next
        move gets `days` days, whatever the last one took."""
        if self.days is None or self.running is None:
            return self
        full = self.initial_ms
        remaining = (self.remaining[0], full) if self.running == 1 else (full, self.remaining[1])
        return replace(self, remaining=remaining)

    def swapped(self) -> Clock:
        """The same clock after the players change seats (an opening's colour choice): each
        player keeps their own time."""
        running = None if self.running is None else 3 - self.running
        return replace(self, remaining=(self.remaining[1], self.remaining[0]), running=running,
                       berserk=(self.berserk[1], self.berserk[0]))

    def switch_to(self, seat: int, now: int, plies: int) -> Clock:
        """Charge the running seat up to `now` (no increment) and run `seat`, to move after
        `plies` moves (a takeback)."""
        clock = self.stop(now)
        return replace(clock, running=seat if self.runs_after(plies) else None,
                       since=now)._refilled()

    def stop(self, now: int) -> Clock:
        """Freeze both times as they are at `now` (game over)."""
        if self.running is None:
            return self
        left = max(0, self.time_left(self.running, now))
        return replace(self, remaining=self._with_left(self.running, left), running=None,
                       since=now)

    def to_dict(self) -> dict[str, Any]:
        data = {"initial_ms": self.initial_ms, "increment_ms": self.increment_ms,
                "remaining": {"1": self.remaining[0], "2": self.remaining[1]},
                "running": self.running, "since": self.since}
        if self.days:
            data["days"] = self.days
        if any(self.berserk):
            data["berserk"] = {"1": self.berserk[0], "2": self.berserk[1]}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clock:
        remaining = data["remaining"]
        berserk = data.get("berserk", {})
        return cls(data["initial_ms"], data["increment_ms"],
                   (remaining["1"], remaining["2"]), data["running"], data["since"],
                   data.get("days"), (berserk.get("1", False), berserk.get("2", False)))
