"""How long a room is kept: the promise of docs/protocol.md §4 ("how long a room is kept"),
kept here in one place.

A room's keys (its state, presence and chat; a finished game's records have RECORD_TTL_S of
their own) are kept
- while a socket is open on the room on any live node: always. Presence renews them to
  `open_keep_s` (ROOM_TTL_S + ABANDON_GRACE_S) without shortening them
  (server/play/presence.py), and a commit that leaves a game finished while the room is open
  keeps them that long too (`ROOM_OPEN_LUA` in the commit script, server/play/repository.py);
- once nobody has it open: until `ttl_ms` after the later of its last change and its last
  socket's close, to the millisecond: a commit sets the expiry (the commit script), and so does
  the close of the room's last socket (`RELEASE` in server/play/presence.py). `ttl_ms` is
  ROOM_TTL_S for a finished game, ROOM_TTL_S + ABANDON_GRACE_S for a waiting room or a game
  being played (the grace lets the timer that ends an abandoned game find it,
  server/play/clock_timer.py).

A daily game (days per move, server/rooms/clock.py) being played is kept at least until the
flag of the seat to move falls, and ABANDON_GRACE_S after (`keep_until`): it waits with nobody
connected for as long as its clock allows, and ends by its clock (the timer finds it), never as
abandoned. A commit keeps its keys that long and writes the instant in the state hash (`k`), so
the close of its last socket keeps them too; a daily game that has finished is a finished
game's room like any other (`k` is then 0).

The one slack: a game being played may be kept up to `slack_ms` longer (a tenth of its TTL, at
most TTL_SLACK_S), because a move renews the TTL only when the last renewal is that far off (a
move costs no TTL command: docs/performance.md). It is invisible to a client: such a game ends
as `abandoned` ROOM_TTL_S after its players left, and is then a finished game's room, kept
exactly. Waiting rooms and finished games, whose expiry a client sees, have none.

"Open" is read from the room's presence hash in Redis, inside the scripts that set an expiry,
so a socket opening on another node at the same instant is never missed: the room is open while
an entry of a node (a field that is not `seen:<seat>`) was refreshed within STALE_MS and counts a
socket. A node that dies with sockets open stops refreshing its entries; the room's keys then
expire at most ROOM_TTL_S + ABANDON_GRACE_S after it died.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rooms import RoomState, Status

ABANDON_GRACE_S = 60  # a waiting room or an unfinished game is kept this much past ROOM_TTL_S
TTL_SLACK_S = 600  # a game being played may be kept this much longer (at most 1/10 of its TTL)
STALE_MS = 15_000  # a node's presence entry older than this counts no sockets (its node died)
SEEN = "seen:"  # presence hash field prefix: `seen:1` is when seat 1 was last seen connected

# Lua: `room_open(presence key, now ms, node id or '')`: has the room a socket open on a live
# node, other than the node named? (Presence entries are JSON: {"1": n, "2": n, "s": n, "ts": ms}.)
ROOM_OPEN_LUA = f"""
local function room_open(presence, now, except)
  local fields = redis.call('HGETALL', presence)
  for i = 1, #fields, 2 do
    local name = fields[i]
    if name ~= except and string.sub(name, 1, {len(SEEN)}) ~= '{SEEN}' then
      local entry = cjson.decode(fields[i + 1])
      if entry.ts >= now - {STALE_MS} and
          (entry['1'] or 0) + (entry['2'] or 0) + (entry.s or 0) > 0 then
        return true
      end
    end
  end
  return false
end
"""


@dataclass(slots=True, frozen=True)
class Lifetime:
    """The lifetimes of one deployment's rooms (every node shares ROOM_TTL_S)."""

    room_ttl_s: int

    @property
    def open_keep_s(self) -> int:
        """What presence renews an open room's keys to, and a commit keeps an open room for."""
        return self.room_ttl_s + ABANDON_GRACE_S

    def ttl_ms(self, status: Status) -> int:
        """How long a room with this status is kept after its last change or close, once
        nobody has it open."""
        grace = 0 if status is Status.FINISHED else ABANDON_GRACE_S
        return (self.room_ttl_s + grace) * 1000

    @staticmethod
    def keep_until(state: RoomState) -> int | None:
        """The instant before which a daily game being played is never forgotten (epoch ms),
        or None for any other room (module docstring)."""
        flag = state.flag_deadline() if state.daily else None
        return None if flag is None else flag + ABANDON_GRACE_S * 1000

    def commit_ttl_ms(self, state: RoomState, now: int) -> int:
        """How long a commit of `state` at `now` keeps the room once nobody has it open."""
        keep = self.keep_until(state)
        ttl = self.ttl_ms(state.status)
        return ttl if keep is None else max(ttl, keep - now)

    def slack_ms(self, status: Status) -> int:
        """How much longer than `ttl_ms` the room's keys may be kept: only a game being played
        has slack (module docstring)."""
        if status is not Status.PLAYING:
            return 0
        return min(TTL_SLACK_S * 1000, self.ttl_ms(status) // 10)
