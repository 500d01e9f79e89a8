"""The rated pools in Redis: who waits where, the pairing lease's fence, the pairings made.

Keys (`keys.pool_key`, one set per SQL database, one hash tag, so each script below sees them
all at once):
- `members`  hash: player id -> the waiting player (`Member` as JSON, unchanged from join to
             pairing or leave: the pairing script recognises a membership by its exact text);
- `seen`     hash: player id -> when the player's page last asked (ms): a player whose page has
             not asked for STALE_MS, and who has no tab open, has left, and the pairing node
             drops them (server/pool/runner.py);
- `counts`   hash: pool id -> how many wait in it, kept by the same scripts;
- `paired`   hash: player id -> their last pairing (JSON, `Pairing`), kept PAIRED_KEEP_MS;
- `unmade`   hash: room id -> a pairing whose room may not exist yet (the node that paired died
             before making it: any node makes it, `PoolRooms.make` is idempotent);
- `lease`    which node pairs (server/pool/lease.py).

The pairing script moves both players of each pair from `members` to `paired`, only while the
lease is the calling node's and both memberships are still exactly as the node read them: a
player who left, rejoined or was paired meanwhile is never paired (again), whichever node asks.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import redis.asyncio as redis

from ..platform.compact_json import dumps
from ..platform.keys import pool_key

STALE_MS = 20_000  # a member whose page has not asked for this long has left
PAIRED_KEEP_MS = 10 * 60_000  # a pairing is told to a page asking this long after

# KEYS: members, seen, counts, paired. ARGV: player id, member JSON, pool id, now.
# A new search drops the last pairing; already waiting in this pool keeps the place.
_JOIN = """
local old = redis.call('HGET', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[4], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[4])
if old then
  local pool = cjson.decode(old).pool
  if pool == ARGV[3] then return old end
  redis.call('HINCRBY', KEYS[3], pool, -1)
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('HINCRBY', KEYS[3], ARGV[3], 1)
return ARGV[2]
"""

# KEYS: members, seen, counts. ARGV: player id. Leave the pool (0: was not in one).
_LEAVE = """
local old = redis.call('HGET', KEYS[1], ARGV[1])
if not old then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HINCRBY', KEYS[3], cjson.decode(old).pool, -1)
return 1
"""

# KEYS: members, seen, paired. ARGV: player id, now. The page asks: note it, and answer the
# membership and the last pairing.
_POLL = """
local member = redis.call('HGET', KEYS[1], ARGV[1])
if member then redis.call('HSET', KEYS[2], ARGV[1], ARGV[2]) end
return {member or '', redis.call('HGET', KEYS[3], ARGV[1]) or ''}
"""

# KEYS: lease, members, seen, counts. ARGV: node id, seen before (ms), player ids...
# Drop the members not seen since ARGV[2] (judged again here: a page may just have asked).
_DROP = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
local dropped = 0
for i = 3, #ARGV do
  local seen = tonumber(redis.call('HGET', KEYS[3], ARGV[i]) or '0')
  local old = redis.call('HGET', KEYS[2], ARGV[i])
  if old and seen < tonumber(ARGV[2]) then
    redis.call('HDEL', KEYS[2], ARGV[i])
    redis.call('HDEL', KEYS[3], ARGV[i])
    redis.call('HINCRBY', KEYS[4], cjson.decode(old).pool, -1)
    dropped = dropped + 1
  end
end
return dropped
"""

# KEYS: lease, members, seen, counts, paired, unmade. ARGV: node id, then per pair: player
# one, their member JSON, player two, theirs, the pairing JSON. Returns the 0-based numbers of
# the pairs made, or -1 when the lease is not the caller's.
_PAIR = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
local made = {}
for i = 2, #ARGV, 5 do
  local one, two = ARGV[i], ARGV[i + 2]
  if redis.call('HGET', KEYS[2], one) == ARGV[i + 1]
      and redis.call('HGET', KEYS[2], two) == ARGV[i + 3] then
    local pairing = cjson.decode(ARGV[i + 4])
    redis.call('HDEL', KEYS[2], one, two)
    redis.call('HDEL', KEYS[3], one, two)
    redis.call('HINCRBY', KEYS[4], pairing.pool, -2)
    redis.call('HSET', KEYS[5], one, ARGV[i + 4], two, ARGV[i + 4])
    redis.call('HSET', KEYS[6], pairing.room_id, ARGV[i + 4])
    made[#made + 1] = (i - 2) / 5
  end
end
return made
"""


@dataclass(slots=True, frozen=True)
class Member:
    """A player waiting in a pool, as they were when they joined."""

    player_id: str
    username: str
    rating: int
    provisional: bool
    pool: str
    since: int  # when they joined (ms): their window widens from then

    def to_json(self) -> str:
        return dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Member:
        return cls(**json.loads(text))


@dataclass(slots=True, frozen=True)
class Pairing:
    """Two members of a pool and the room they play in: `seats[0]` sits in seat 1."""

    room_id: str
    pool: str
    seats: tuple[Member, Member]
    at: int

    def to_json(self) -> str:
        return dumps({"room_id": self.room_id, "pool": self.pool, "at": self.at,
                      "seats": [asdict(m) for m in self.seats]})

    @classmethod
    def from_json(cls, text: str) -> Pairing:
        data = json.loads(text)
        one, two = (Member(**m) for m in data["seats"])
        return cls(data["room_id"], data["pool"], (one, two), data["at"])

    def seat_of(self, player_id: str) -> int:
        return 1 if self.seats[0].player_id == player_id else 2


def pairing_view(pairing: Pairing, player_id: str) -> dict[str, Any]:
    """A pairing as the paired player's page sees it (docs/protocol.md §2j)."""
    return {"room_id": pairing.room_id, "url": f"/r/{pairing.room_id}", "pool": pairing.pool,
            "seat": pairing.seat_of(player_id), "at": pairing.at}


@dataclass(slots=True, frozen=True)
class Standing:
    """What a player's page learns when it asks: the membership and the last pairing."""

    member: Member | None
    paired: Pairing | None


class PoolStore:
    def __init__(self, client: redis.Redis, outbox_key: str) -> None:
        """The pools of the SQL database whose archive outbox is `outbox_key`."""
        self.redis = client
        self.keys = {name: pool_key(outbox_key, name)
                     for name in ("lease", "members", "seen", "counts", "paired", "unmade")}
        self._join = client.register_script(_JOIN)
        self._leave = client.register_script(_LEAVE)
        self._poll = client.register_script(_POLL)
        self._drop = client.register_script(_DROP)
        self._pair = client.register_script(_PAIR)

    def _k(self, *names: str) -> list[str]:
        return [self.keys[name] for name in names]

    async def join(self, member: Member, now: int) -> Member:
        """Wait in `member.pool` (leaving any other); returns the membership, an earlier one
        if the player was already waiting there."""
        raw = await self._join(keys=self._k("members", "seen", "counts", "paired"),
                               args=[member.player_id, member.to_json(), member.pool, now])
        return Member.from_json(raw)

    async def leave(self, player_id: str) -> bool:
        return bool(await self._leave(keys=self._k("members", "seen", "counts"),
                                      args=[player_id]))

    async def poll(self, player_id: str, now: int) -> Standing:
        member, paired = await self._poll(keys=self._k("members", "seen", "paired"),
                                          args=[player_id, now])
        return Standing(Member.from_json(member) if member else None,
                        Pairing.from_json(paired) if paired else None)

    async def counts(self) -> dict[str, int]:
        return {pool: max(0, int(n)) for pool, n in
                (await self.redis.hgetall(self.keys["counts"])).items()}

    async def waiting(self) -> tuple[list[tuple[Member, str]], dict[str, int]]:
        """Every member (with its exact stored text) and when each was last seen."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hgetall(self.keys["members"])
            pipe.hgetall(self.keys["seen"])
            members, seen = await pipe.execute()
        return ([(Member.from_json(raw), raw) for raw in members.values()],
                {pid: int(ms) for pid, ms in seen.items()})

    async def drop(self, node_id: str, player_ids: Sequence[str], seen_before: int) -> int:
        """Drop those of `player_ids` not seen since `seen_before` (-1: not the lease's)."""
        if not player_ids:
            return 0
        return await self._drop(keys=self._k("lease", "members", "seen", "counts"),
                                args=[node_id, seen_before, *player_ids])

    async def pair(self, node_id: str,
                   planned: Sequence[tuple[Pairing, tuple[str, str]]]) -> list[Pairing] | None:
        """Commit the planned pairings (each with its two members' stored texts); returns those
        made, or None when this node does not hold the lease."""
        if not planned:
            return []
        args: list[Any] = [node_id]
        for pairing, (one, two) in planned:
            args += [pairing.seats[0].player_id, one, pairing.seats[1].player_id, two,
                     pairing.to_json()]
        made = await self._pair(
            keys=self._k("lease", "members", "seen", "counts", "paired", "unmade"), args=args)
        if made == -1:
            return None
        return [planned[int(n)][0] for n in made]

    async def unmade(self) -> list[Pairing]:
        return [Pairing.from_json(raw)
                for raw in (await self.redis.hgetall(self.keys["unmade"])).values()]

    async def is_unmade(self, room_id: str) -> bool:
        return bool(await self.redis.hexists(self.keys["unmade"], room_id))

    async def made(self, room_id: str) -> None:
        await self.redis.hdel(self.keys["unmade"], room_id)

    async def forget_pairings(self, before: int) -> None:
        """Drop the pairings made before `before` (ms): their pages have long been told."""
        old = [pid for pid, raw in (await self.redis.hgetall(self.keys["paired"])).items()
               if json.loads(raw)["at"] < before]
        if old:
            await self.redis.hdel(self.keys["paired"], *old)
