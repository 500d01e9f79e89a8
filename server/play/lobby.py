"""The lobby: public rooms waiting for an opponent, while their host is still around.

A waiting room is listed (and offered by quickplay) while its seated player has a socket open
on any node, or was last seen, or created the room, less than HOST_GONE_MS ago. A room whose
host has left is taken out of the `lobby` index when a listing finds it so; the host's socket
opening again puts it back (server/sockets/endpoint.py). The room itself stays reachable by its
link.
"""

from __future__ import annotations

from ..platform.clock import now_ms
from ..rooms import RoomState
from .presence import Presence
from .repository import RoomRepository

HOST_GONE_MS = 30_000


def host_present(state: RoomState, connected: bool, last_seen: int | None, now: int) -> bool:
    """Is the waiting room's host here, or gone for less than HOST_GONE_MS?"""
    return connected or now - max(last_seen or 0, state.created_at) < HOST_GONE_MS


async def open_rooms(repo: RoomRepository, presence: Presence, limit: int) -> list[RoomState]:
    """Public rooms waiting for a player whose host is here, oldest first."""
    rooms = []
    for state in await repo.lobby(limit):
        host = str(next(n for n in (1, 2) if state.seat(n) is not None))
        totals, seen = await presence.totals(state.room_id)
        if host_present(state, totals[host] > 0, seen.get(host), now_ms()):
            rooms.append(state)
        else:
            await repo.unlist(state.room_id)
    return rooms
