"""Tournaments' live state in Redis, shared by every node: each one a JSON value under
`tournament:{id}` with its version `v`, and the set of those still to run
(`tournaments:active:<database>`).

Every change is a compare-and-set on the version (`replace`). The director's changes are also
fenced by its lease (the rated pools' `Lease`, server/pool/lease.py): the script refuses them,
`not_director`, once the lease names another node, so a director paused past its lease can
never pair a round that the node which took over has paired already. A player's join or leave
needs no lease.
A finished tournament's value stays a day after it is archived in SQL, then SQL alone serves.

Every stored change is announced on the tournament's channel (`{"type": "tournament", "id",
"v", "status"}`, docs/protocol.md §3b), fanned out by each node to the player sockets watching
the tournament's page: the pages read it again at once instead of asking every few seconds. A
lost announcement (Redis away for a moment) is caught by the pages' slow poll.
"""

from __future__ import annotations

import logging
from dataclasses import replace

import msgspec
import redis.asyncio as redis

from ..platform.errors import ArenaError, ErrorCode
from ..platform.keys import tournament_key, tournament_lease_key, tournaments_active_key
from ..platform.store import STORE_ERRORS
from ..play.fanout import Fanout
from .tournament import Tournament

log = logging.getLogger(__name__)

KEEP_FINISHED_S = 86_400

# The start of a fenced script: KEYS[1] the lease, ARGV[1] the writer's node id (or "" for a
# write that needs no lease: a player joining). Returns -1 when the writer does not hold it.
FENCE = """
if ARGV[1] ~= '' and redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
"""

# KEYS[1] the lease, KEYS[2] the tournament. ARGV[1] the director's node id or "",
# ARGV[2] the version it must hold, ARGV[3] the new value, ARGV[4] seconds to keep it (0: for
# good). 1 stored, 0 changed meanwhile, -1 not the director.
_REPLACE = FENCE + """
local old = redis.call('GET', KEYS[2])
if not old or cjson.decode(old)['v'] ~= tonumber(ARGV[2]) then return 0 end
if ARGV[4] ~= '0' then
  redis.call('SET', KEYS[2], ARGV[3], 'EX', ARGV[4])
else
  redis.call('SET', KEYS[2], ARGV[3])
end
return 1
"""

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Tournament)


def encode(t: Tournament) -> str:
    return _encoder.encode(t).decode()


class TournamentStore:
    def __init__(self, client: redis.Redis, outbox_key: str, changes: Fanout) -> None:
        self.redis = client
        self.changes = changes  # the tournaments' channels
        self.active_key = tournaments_active_key(outbox_key)
        self._replace = client.register_script(_REPLACE)

    async def add(self, t: Tournament) -> None:
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(tournament_key(t.id), encode(t), nx=True)
            pipe.sadd(self.active_key, t.id)
            await pipe.execute()

    async def load(self, tournament_id: str) -> Tournament | None:
        raw = await self.redis.get(tournament_key(tournament_id))
        return None if raw is None else _decoder.decode(raw)

    async def replace(self, old: Tournament, new: Tournament, director: str | None = None,
                      keep_s: int = 0) -> Tournament | None:
        """Store `new` (as version old.v + 1) if the tournament is still at `old.v`; the stored
        value, or None when it changed meanwhile. `director`: the node id whose lease must be
        held (`not_director` otherwise)."""
        stored = replace(new, v=old.v + 1)
        done = await self._replace(
            keys=[tournament_lease_key(old.id), tournament_key(old.id)],
            args=[director or "", old.v, encode(stored), keep_s])
        if done == -1:
            raise ArenaError(ErrorCode.NOT_DIRECTOR,
                             "only the node directing this tournament may pair it")
        if done != 1:
            return None
        await self._announce(stored)
        return stored

    async def _announce(self, t: Tournament) -> None:
        try:
            await self.changes.publish(t.id, [{"type": "tournament", "id": t.id, "v": t.v,
                                               "status": t.status.value}])
        except STORE_ERRORS as error:  # stored all the same; the pages' slow poll sees it
            log.warning("tournament %s: change not announced: %r", t.id, error)

    async def active(self) -> list[str]:
        return sorted(await self.redis.smembers(self.active_key))

    async def retire(self, tournament_id: str) -> None:
        """The tournament is archived: no director need look at it again."""
        await self.redis.srem(self.active_key, tournament_id)
