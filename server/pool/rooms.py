"""The room of a pairing, made through the one path every room takes (RoomService: `create`,
then `execute` of a `Join`), for both players at once.

Made again for the same pairing it does nothing twice (the room id is the pairing's: a second
`create` finds it, a second join finds the seat taken), so the node that paired, a node that
took the lease over, and a player's page asking for the pairing may all make it. Both seats are
held by their players' identities with seat tokens nobody holds: each page gets a token of its
own with `POST /api/rooms/{id}/resume` (docs/protocol.md §2a).
"""

from __future__ import annotations

from engine.levels import DEFAULT

from ..platform.tokens import hash_token, new_token
from ..play.arena import Arena
from ..play.paired_rooms import create_once, seat_second
from ..rooms import Mode, new_room
from ..rooms.commands import PlayerRef, Standing
from .pools import POOLS
from .store import Member, Pairing


def player_ref(member: Member, variant: str) -> PlayerRef:
    """The member as a seat's player: their account, at the rating they joined with."""
    return PlayerRef(member.player_id, member.username,
                     ((variant, Standing(member.rating, member.provisional)),))


class PoolRooms:
    def __init__(self, arena: Arena) -> None:
        self.arena = arena

    async def make(self, pairing: Pairing) -> None:
        """Make the pairing's rated room, both players seated (if not made already)."""
        pool = POOLS[pairing.pool]
        one, two = pairing.seats
        await create_once(self.arena, pairing.room_id, lambda: new_room(
            room_id=pairing.room_id, variant=pool.variant, mode=Mode.HUMAN, public=False,
            now=pairing.at, creator_seat=1, creator_name=None,
            token_hash=hash_token(new_token()), ai_level=DEFAULT, clock=pool.clock,
            creator=player_ref(one, pool.variant), rated=True))
        await seat_second(self.arena, pairing.room_id, player_ref(two, pool.variant))
