"""Rooms in Redis: state, event log, game records and the lobby index.

Keys (named in server/platform/keys.py, which says why each lives where it does; every per-room key
carries the hash tag `{<room_id>}` so one room lives in one Redis Cluster slot and a Lua script
may touch all of them):

- `room:{id}:state`   hash: `v` (version), `data` (the state record, JSON), `x` (when the key
                      expires as last set by a commit or a close, epoch ms), `k` (a daily
                      game's: never expire before this, epoch ms; lifetime.py) and one field
                      `e:<v>` per event (JSON, with its `v`) for the last EVENT_KEEP events (up
                      to TRIM_BATCH more before a batch is dropped); its TTL follows the rule of
                      server/play/lifetime.py (docs/protocol.md §4)
- `room:{id}:game:<n>` and `room:{id}:game:last`  finished game records; TTL RECORD_TTL_S
- `lobby`             sorted set of public rooms waiting for a player (score: created_at)
- `live`              sorted set of public rooms being played (score: when the game started)
- `archive:outbox:<database id>`  stream of finished games on their way to the SQL archive
                      (server/players/archive.py)
The last three are one key each on a single Redis and BUCKETS keys under Redis Cluster, the
room's bucket sharing the room's slot (`keys.Buckets`).

A change is committed by one Lua script that checks the stored version equals the version the
change was computed from, then writes the state and appends the events (one HSET: they are
fields of one hash), publishes the events on the room's channel — all or nothing. That is four
Redis commands per move, the script call included (docs/performance.md, "the cost of a move"):
the TTL is renewed only when the expiry last set (`x`) is no longer within the slack above
what this change asks for (a game being played has a slack: once per TTL_SLACK_S of play; other
changes renew it to the millisecond, server/play/lifetime.py), and old events are dropped
TRIM_BATCH at a time. A change that leaves the game finished reads the room's presence: while
the room is open its keys are kept `open_keep_s`, not ROOM_TTL_S, so it never expires under
its sockets. The commit that ends a game
also writes its record and appends it to the archive outbox in the same script: a game that
ended is on its way to the SQL archive, whatever happens to the node or the database next (a
room cancelled before anyone joined had no game: it is not archived). Two writers at one
version: the first wins, the second sees a conflict and gets the room as it is now in the same
round trip (see server/play/room_service.py).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import redis.asyncio as redis
from redis.exceptions import NoScriptError

from ..platform.clock import now_ms
from ..platform.compact_json import dumps, encode
from ..platform.errors import ArenaError, ErrorCode
from ..platform.keys import (
    ROOM_ID,
    SINGLE,
    Buckets,
    presence_key,
    record_key,
    room_channel,
    state_key,
)
from ..platform.redis_batch import CommandBatcher
from ..platform.store import register_publishing_script
from ..rooms import RoomState, Status, Transition
from .archive_entry import archive_entry
from .lifetime import ROOM_OPEN_LUA, Lifetime

log = logging.getLogger(__name__)

EVENT_KEEP = 200
TRIM_BATCH = 32  # events past EVENT_KEEP are dropped this many at a time
MISSING = -1  # the version a room has before it exists

# KEYS: state, record of this game, last record, outbox, presence.
# ARGV: 1 expected v, 2 new v, 3 data, 4 TTL ms, 5 now (epoch ms), 6 TTL slack ms, 7 EVENT_KEEP,
# 8 TRIM_BATCH, 9 channel, 10 message, 11 record, 12 record TTL s, 13 outbox entry, 14 the TTL
# ms while the room is open ('' unless the change leaves the game finished), 15 a daily game's
# `keep_until` (server/play/lifetime.py: 0 once over; '' for other rooms), 16.. the events as
# field, JSON pairs.
_COMMIT = ROOM_OPEN_LUA + """
local head = redis.call('HMGET', KEYS[1], 'v', 'x')
local current = tonumber(head[1]) or -1
if current ~= tonumber(ARGV[1]) then return {0, current, redis.call('HGET', KEYS[1], 'data')} end
local new_v, ttl, now, slack = tonumber(ARGV[2]), tonumber(ARGV[4]), tonumber(ARGV[5]),
  tonumber(ARGV[6])
if ARGV[14] ~= '' and room_open(KEYS[5], now, '') then ttl = tonumber(ARGV[14]) end
local expires = tonumber(head[2])
local renew = expires == nil or expires < now + ttl or expires > now + ttl + slack
local fields = {'v', ARGV[2], 'data', ARGV[3]}
if renew then
  fields[#fields + 1] = 'x'
  fields[#fields + 1] = string.format('%d', now + ttl + slack)
end
if ARGV[15] ~= '' then
  fields[#fields + 1] = 'k'
  fields[#fields + 1] = ARGV[15]
end
for i = 16, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
if renew then redis.call('PEXPIRE', KEYS[1], ttl + slack) end
local keep, batch = tonumber(ARGV[7]), tonumber(ARGV[8])
if new_v > keep and math.floor((new_v - keep) / batch) > math.floor((current - keep) / batch) then
  local old = {}
  for v = math.max(1, new_v - keep - 2 * batch + 1), new_v - keep do
    old[#old + 1] = string.format('e:%d', v)
  end
  if #old > 0 then redis.call('HDEL', KEYS[1], unpack(old)) end
end
if #ARGV >= 16 then redis.call('PUBLISH', ARGV[9], ARGV[10]) end
if ARGV[11] ~= '' then
  redis.call('SET', KEYS[2], ARGV[11], 'EX', ARGV[12])
  redis.call('SET', KEYS[3], ARGV[11], 'EX', ARGV[12])
end
if ARGV[13] ~= '' then redis.call('XADD', KEYS[4], '*', 'game', ARGV[13]) end
return {1, new_v}
"""


def event_field(v: int) -> str:
    """The state hash's field holding the event of version `v`."""
    return f"e:{v}"


def room_not_found() -> ArenaError:
    return ArenaError(ErrorCode.ROOM_NOT_FOUND, "no such room (it may have expired)")


def _decode(data: str | None) -> RoomState | None:
    return RoomState.from_record(json.loads(data)) if data else None


def game_record(state: RoomState) -> dict[str, Any]:
    """The exportable record of the room's current game."""
    return {
        "room_id": state.room_id, "game_no": state.game_no, "variant": state.variant,
        "moves": list(state.moves),
        "result": state.result.to_dict() if state.result else None,
        "seats": state.public_seats(),
        "clock": state.clock_config.to_dict() if state.clock_config else None,
        "opening": state.opening.value, "opening_choices": list(state.opening_choices),
        "rated": state.rated, "started_at": state.started_at, "finished_at": state.finished_at,
    }


@dataclass(slots=True, frozen=True)
class Commit:
    """What a versioned write did: stored, or refused because the room had moved on."""

    ok: bool
    current: RoomState | None = None  # after a refusal: the room as stored (None: it is gone)


class RoomRepository:
    def __init__(self, client: redis.Redis, *, room_ttl_s: int, record_ttl_s: int,
                 outbox_key: str, buckets: Buckets = SINGLE,
                 batcher: CommandBatcher | None = None) -> None:
        self.redis = client
        self.outbox_key = outbox_key  # the outbox's name before bucketing (server/platform/keys.py)
        self.buckets = buckets
        self.lifetime = Lifetime(room_ttl_s)
        self.record_ttl_s = record_ttl_s
        self._commit = register_publishing_script(client, _COMMIT)
        self._batch = batcher or CommandBatcher(client)  # with a ReplicaWait: durable commits

    async def aclose(self) -> None:
        await self._batch.aclose()

    async def load(self, room_id: str) -> RoomState:
        state = await self.find(room_id)
        if state is None:
            raise room_not_found()
        return state

    async def find(self, room_id: str) -> RoomState | None:
        if not ROOM_ID.fullmatch(room_id):
            return None  # not an id we could have made: never build a key from it
        return _decode(await self.redis.hget(state_key(room_id), "data"))

    async def create(self, state: RoomState) -> None:
        if not (await self._write(MISSING, state, ())).ok:
            raise ArenaError(ErrorCode.CONFLICT, "room id collision; try again")

    async def commit(self, old: RoomState, transition: Transition) -> Commit:
        """Store `transition` if the room is still at `old.v`; otherwise someone else won, and
        the result carries the room as it is now."""
        return await self._write(old.v, transition.state, transition.events,
                                 finished=old.status is not Status.FINISHED
                                 and transition.state.status is Status.FINISHED)

    async def _write(self, expected_v: int, state: RoomState, events: tuple[dict, ...],
                     finished: bool = False) -> Commit:
        room_id = state.room_id
        record = dumps(game_record(state)) if finished else ""
        entry = dumps(archive_entry(state)) if finished and state.public_game_id else ""
        keys = [state_key(room_id), record_key(room_id, state.game_no),
                record_key(room_id, "last"),
                self.buckets.outbox(self.outbox_key, self.buckets.of(room_id)),
                presence_key(room_id)]
        status, now = state.status, now_ms()
        open_ttl = self.lifetime.open_keep_s * 1000 if status is Status.FINISHED else ""
        keep = (self.lifetime.keep_until(state) or 0) if state.daily else ""
        texts = [encode(event) for event in events]  # each event encoded once (issue 31)
        args = [expected_v, state.v, encode(state.to_record()),
                self.lifetime.commit_ttl_ms(state, now), now, self.lifetime.slack_ms(status),
                EVENT_KEEP, TRIM_BATCH, room_channel(room_id), b"[" + b",".join(texts) + b"]",
                record, self.record_ttl_s, entry, open_ttl, keep]
        for event, text in zip(events, texts, strict=True):
            args += [event_field(event["v"]), text]
        try:
            reply = await self._batch.execute("EVALSHA", self._commit.sha, len(keys), *keys, *args)
        except NoScriptError:  # not run: Redis lost its scripts (a restart); this loads it
            reply = await self._commit(keys=keys, args=args)
        stored, _current_v, *data = reply  # the data comes only with a refusal
        return Commit(True) if stored else Commit(False, _decode(data[0]))

    async def events_since(self, room_id: str, v: int, current_v: int) -> list[dict] | None:
        """The events after version `v` up to `current_v`, or None when they are no longer all
        kept (the caller then sends a snapshot)."""
        if v == current_v:
            return []
        if not 0 <= v < current_v or current_v - v > EVENT_KEEP:
            return None
        raw = await self.redis.hmget(state_key(room_id),
                                     [event_field(n) for n in range(v + 1, current_v + 1)])
        if any(item is None for item in raw):
            return None
        return [json.loads(item) for item in raw]

    async def record(self, room_id: str, game: int | None) -> dict[str, Any] | None:
        raw = await self.redis.get(record_key(room_id, "last" if game is None else game))
        return json.loads(raw) if raw else None

    async def refresh_indexes(self, state: RoomState, now: int) -> None:
        """Keep the lobby and live indexes in step with the room (idempotent, after commits).
        A private room is never in either (`public` is fixed at creation): its commits skip
        the two index writes (about 12% of a node's time per move in bench/load.py)."""
        if not state.public:
            return
        room_id = state.room_id
        bucket = self.buckets.of(room_id)
        lobby, live = self.buckets.lobby(bucket), self.buckets.live(bucket)
        if state.status is Status.WAITING:
            await self.redis.zadd(lobby, {room_id: state.created_at})
        else:
            await self.redis.zrem(lobby, room_id)
        if state.status is Status.PLAYING:
            await self.redis.zadd(live, {room_id: now})
        else:
            await self.redis.zrem(live, room_id)

    async def unlist(self, room_id: str) -> None:
        """Take a waiting room out of the lobby (its host has left: server/play/lobby.py)."""
        await self.redis.zrem(self.buckets.lobby(self.buckets.of(room_id)), room_id)

    async def lobby(self, limit: int = 50) -> list[RoomState]:
        """Public rooms still waiting for a player, oldest first."""
        return await self._index(self.buckets.lobby, Status.WAITING, limit, newest_first=False)

    async def live(self, limit: int = 50) -> list[RoomState]:
        """Public rooms being played, most recently started first."""
        return await self._index(self.buckets.live, Status.PLAYING, limit, newest_first=True)

    async def _index(self, key_of: Callable[[int], str], status: Status, limit: int,
                     newest_first: bool) -> list[RoomState]:
        rooms = []
        for room_id in await self._merged(key_of, limit * 2, newest_first):
            state = await self.find(room_id)
            if state is None or not (state.public and state.status is status):
                # expired or moved on: a stale entry
                await self.redis.zrem(key_of(self.buckets.of(room_id)), room_id)
                continue
            rooms.append(state)
            if len(rooms) >= limit:
                break
        return rooms

    async def _merged(self, key_of: Callable[[int], str], count: int,
                      newest_first: bool) -> list[str]:
        """The first `count` members of an index over all its buckets, in score order (one
        pipeline: a round trip per shard)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for bucket in self.buckets.all():
                pipe.zrange(key_of(bucket), 0, count, desc=newest_first, withscores=True)
            replies = await pipe.execute()
        members = sorted((item for reply in replies for item in reply),
                         key=lambda item: item[1], reverse=newest_first)
        return [member for member, _score in members[:count + 1]]
