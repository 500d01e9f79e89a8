"""Daily (correspondence) games: days per move, a game that waits with nobody connected.

The rules live where every room rule lives: the daily clock in server/rooms/clock.py (`days`
per move, each move starting with the whole allowance, the flag deciding), no claims and no
abandonment for a daily game (server/rooms/outcomes.py, claims.py), and how long its room is
kept in server/play/lifetime.py (as long as its clock allows). A daily room is made like any
room, with `ClockConfig.daily(days)` (`POST /api/rooms` `clock: {"days": N}`, and an accepted
challenge with days per move).

Owns: telling a player it is their turn (`turns.TurnNotices`, a room commit hook: a `your_turn`
notification kept until they move, one per game).

Imports: server.notifications (the notifier), server.play (room presence), server.rooms,
server.platform.

Other packages may use:
- `turns`: `TurnNotices` (`on_commit`, `close`), `turn_ref`
"""
