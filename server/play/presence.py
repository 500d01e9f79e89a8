"""Who is connected to a room, across all nodes.

Each node keeps its own socket counts per room and writes them to `room:{id}:presence` (hash
field per node: `{"1": n, "2": n, "s": n, "ts": ms}`), refreshed every REFRESH_S. Entries not
refreshed for STALE_MS are ignored, so the sockets of a node that died vanish by themselves.
The same hash's fields `seen:1` and `seen:2` hold when each seat was last seen connected: the
basis of `away_since`, of the abandonment claim and of the abandonment of a game nobody plays
(server/play/clock_timer.py). One hash, so a refresh costs one write and one read per room.
`online` holds each node's number of open room sockets (same freshness rule), summed for the
"players online" count a player sees while looking for a game.

The presence message also says, per seat, from when that seat may claim the win because its
opponent is gone (`claim_at`, server/rooms/claims.py): worked out again whenever the totals
change and after a commit that changes what the rule reads from the room's state.

A room with an open socket anywhere never expires: a socket opening, and the refresh once
every half ROOM_TTL_S per room (not every REFRESH_S: TTLs are Redis commands too,
docs/performance.md), renew the room's keys (state, chat, presence) to ROOM_TTL_S +
ABANDON_GRACE_S, never shortening them. When a node's last socket of a room closes, `RELEASE`
removes the node's entry and, if no other node has the room open, sets the keys to expire
exactly as server/play/lifetime.py says (ROOM_TTL_S from now for a finished game; a daily game
being played not before the instant `k` its last commit wrote): one script, so a socket opening
on another node meanwhile is seen.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis

from ..platform.clock import now_ms
from ..platform.keys import ONLINE_KEY, presence_key, state_key
from ..platform.redis_batch import pipelined
from ..platform.redis_lane import CommandLane
from ..platform.store import STORE_ERRORS
from ..rooms import RoomState, SeatKind, Status, Transition
from ..rooms.claims import away_claim_at, away_claim_inputs
from .chat import chat_keys
from .lifetime import ROOM_OPEN_LUA, SEEN, STALE_MS, Lifetime

log = logging.getLogger(__name__)

REFRESH_S = 5.0
REFRESH_BATCH = 50  # rooms per pipelined round trip of the refresh (~3 ms of loop time)
SPECTATOR = "s"
Command = tuple[Any, ...]

# KEYS: presence, state, the chat keys. ARGV: 1 node id, 2 now (epoch ms), 3 the TTL ms of a
# finished game's room, 4 that of any other room. This node's last socket of the room closed.
RELEASE = ROOM_OPEN_LUA + f"""
redis.call('HDEL', KEYS[1], ARGV[1])
local now = tonumber(ARGV[2])
if room_open(KEYS[1], now, '') then return 0 end
local head = redis.call('HMGET', KEYS[2], 'data', 'k')
if not head[1] then return 0 end
local ttl = tonumber(ARGV[4])
if cjson.decode(head[1]).status == '{Status.FINISHED.value}' then ttl = tonumber(ARGV[3]) end
local keep = tonumber(head[2]) or 0
if keep - now > ttl then ttl = keep - now end
redis.call('HSET', KEYS[2], 'x', string.format('%d', now + ttl))
for i = 1, #KEYS do redis.call('PEXPIRE', KEYS[i], ttl) end
return 1
"""


class Presence:
    def __init__(self, client: redis.Redis, node_id: str, room_ttl_s: int,
                 publish: Callable[[str, list[dict]], Awaitable[None]],
                 load: Callable[[str], Awaitable[RoomState | None]],
                 claim_after_ms: int, lane: CommandLane | None = None) -> None:
        self.redis = client
        # The refreshes' own connection (a single Redis server): a refresh is a few hundred
        # commands every REFRESH_S, and redis-py's pipeline made it half an idle node's CPU.
        self.lane = lane
        self.node_id = node_id
        self.lifetime = Lifetime(room_ttl_s)
        self.keep_s = self.lifetime.open_keep_s
        self._release = client.register_script(RELEASE)
        # A refresh renews a room's TTLs once this long after the last renewal (while the room
        # is open, any commit leaves its keys at least `keep_s`, so half of ROOM_TTL_S leaves a
        # margin of two refreshes).
        self.renew_ms = max(0, room_ttl_s * 500 - 2 * int(REFRESH_S * 1000))
        self.renewed: dict[str, int] = {}  # per local room: when this node last renewed its TTLs
        self.publish = publish
        self.load = load
        self.claim_after_ms = claim_after_ms
        self.local: dict[str, Counter[str]] = {}
        self.published: dict[str, dict[str, Any]] = {}  # last presence sent, per local room
        # Each local room's state as last read: a refresh reads it again only when the totals
        # changed (who is an AI and what the away claim reads change with a rematch, which
        # passes through `moved`, or with a commit, which passes through `on_commit`).
        self.states: dict[str, RoomState | None] = {}

    @staticmethod
    def _role(seat: int | None) -> str:
        return SPECTATOR if seat is None else str(seat)

    async def connected(self, room_id: str, seat: int | None) -> None:
        self.local.setdefault(room_id, Counter())[self._role(seat)] += 1
        await self._changed(room_id)

    async def disconnected(self, room_id: str, seat: int | None) -> None:
        counts = self.local.get(room_id)
        if counts is None:
            return
        counts[self._role(seat)] -= 1
        if not any(counts.values()):
            del self.local[room_id]  # from now on `_write` releases the room
        if seat is not None:
            await self.mark_left(room_id, seat)
        await self._changed(room_id)

    async def moved(self, room_id: str, old: int | None, new: int | None) -> None:
        """A socket's seat changed (rematch swap): count it under its new seat."""
        counts = self.local.setdefault(room_id, Counter())
        counts[self._role(old)] -= 1
        counts[self._role(new)] += 1
        if old is not None:
            await self.mark_left(room_id, old)
        await self._changed(room_id)

    def _write_commands(self, room_id: str, now: int, renew: bool = True) -> list[Command]:
        """This node's entry for a room it has sockets of and when its seats were last seen
        (one HSET), and with `renew` the TTLs of the room's keys. (A room whose last socket
        here closed meanwhile is left to `RELEASE`.)"""
        counts = self.local.get(room_id)
        if counts is None:
            return []
        entry = {role: counts[role] for role in ("1", "2", SPECTATOR)} | {"ts": now}
        seen = [field for seat in ("1", "2") if counts[seat] > 0 for field in (SEEN + seat, now)]
        commands: list[Command] = [
            ("HSET", presence_key(room_id), self.node_id, json.dumps(entry), *seen)]
        if renew:
            commands += [("EXPIRE", key, self.keep_s, "GT")
                         for key in (state_key(room_id), *chat_keys(room_id))]
            commands.append(("EXPIRE", presence_key(room_id), self.keep_s))
            self.renewed[room_id] = now
        return commands

    async def _run(self, commands: list[Command]) -> list[Any]:
        """The replies of `commands`, sent together: on the lane when there is one, else in a
        pipeline of the client (a cluster's, the embedded store's). An error reply is raised."""
        replies = await (self.lane.run(commands) if self.lane is not None
                         else pipelined(self.redis, commands))
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply
        return replies

    def _renew_due(self, room_id: str, now: int) -> bool:
        return now - self.renewed.get(room_id, 0) >= self.renew_ms

    async def _write(self, room_id: str) -> None:
        if room_id not in self.local:  # this node's last socket of the room closed
            keys = [presence_key(room_id), state_key(room_id), *chat_keys(room_id)]
            await self._release(keys=keys, args=[
                self.node_id, now_ms(), self.lifetime.ttl_ms(Status.FINISHED),
                self.lifetime.ttl_ms(Status.WAITING)])
            return
        await self._run(self._write_commands(room_id, now_ms()))

    async def _changed(self, room_id: str) -> None:
        """Write this node's counts, then tell every node's sockets the new totals."""
        await self._write(room_id)
        await self._publish(room_id, await self.message(room_id))

    async def mark_left(self, room_id: str, seat: int) -> None:
        """A seat's last local socket closed: it was seen until now."""
        await self.redis.hset(presence_key(room_id), SEEN + str(seat), now_ms())

    async def totals(self, room_id: str) -> tuple[Counter[str], dict[str, int]]:
        return _totals(await self.redis.hgetall(presence_key(room_id)))

    async def players_last_seen(self, room_id: str, state: RoomState) -> int | None:
        """When a human player of the room was last connected (now, while one is; None when
        none ever was): what decides that a game nobody plays is abandoned."""
        totals, seen = await self.totals(room_id)
        humans = [str(n) for n in (1, 2)
                  if (s := state.seat(n)) is not None and s.kind is SeatKind.HUMAN]
        if any(totals[seat] > 0 for seat in humans):
            return now_ms()
        return max((seen[seat] for seat in humans if seat in seen), default=None)

    async def watched(self, room_id: str) -> bool:
        """Has the room an open socket (a player's or a spectator's) on any live node?"""
        totals, _seen = await self.totals(room_id)
        return any(count > 0 for count in totals.values())

    async def message(self, room_id: str, state: RoomState | None = None) -> dict[str, Any]:
        """The `presence` message of docs/protocol.md §3.4."""
        state = self._remember(room_id, state or await self.load(room_id))
        return _message(*await self.totals(room_id), state, self.claim_after_ms)

    def _remember(self, room_id: str, state: RoomState | None) -> RoomState | None:
        self.states[room_id] = state
        return state

    async def on_commit(self, old: RoomState, transition: Transition) -> None:
        """After a commit (on any node's service): when it changed what the away claim reads
        (the game started or ended, a clock began to run, a rematch), tell the room's sockets
        the new `claim_at`; other commits leave the presence message as it was."""
        new = transition.state
        if away_claim_inputs(old) == away_claim_inputs(new):
            return
        try:
            await self._publish(new.room_id, await self.message(new.room_id, new))
        except STORE_ERRORS as exc:  # the commit stands; the refresh retries
            log.warning("room %s: presence after a commit failed: %r", new.room_id, exc)

    def _local_sockets(self) -> int:
        return sum(sum(counts.values()) for counts in self.local.values())

    async def online(self) -> int:
        """Open room sockets on all live nodes: this node's now, the others' as last refreshed."""
        cutoff = now_ms() - STALE_MS
        others = 0
        for node, raw in (await self.redis.hgetall(ONLINE_KEY)).items():
            entry = json.loads(raw)
            if node != self.node_id and entry["ts"] >= cutoff:
                others += entry["n"]
        return others + self._local_sockets()

    async def run(self) -> None:
        """Refresh this node's entries so other nodes keep trusting them, and tell local rooms
        when the totals changed without a socket event here (another node died)."""
        while True:
            await asyncio.sleep(REFRESH_S)
            rooms = list(self.local)
            for start in range(0, len(rooms), REFRESH_BATCH):
                try:
                    await self._refresh(rooms[start:start + REFRESH_BATCH])
                except STORE_ERRORS as exc:
                    log.warning("presence refresh failed: %r", exc)
            try:
                await self.redis.hset(ONLINE_KEY, self.node_id,
                                      json.dumps({"n": self._local_sockets(), "ts": now_ms()}))
            except STORE_ERRORS as exc:
                log.warning("online count refresh failed: %r", exc)
            for room_id in set(self.published) - set(self.local):
                del self.published[room_id]
                self.states.pop(room_id, None)
            for room_id in set(self.renewed) - set(self.local):
                del self.renewed[room_id]

    async def _refresh(self, rooms: list[str]) -> None:
        """One round trip for a batch of rooms: write this node's entries, read the totals.
        A room's state (who is an AI, what the away claim reads) is read only when its totals
        changed."""
        now = now_ms()
        commands = [command for room_id in rooms for command in
                    self._write_commands(room_id, now, renew=self._renew_due(room_id, now))]
        commands += [("HGETALL", presence_key(room_id)) for room_id in rooms]
        replies = await self._run(commands)
        readings = replies[len(replies) - len(rooms):]
        for room_id, reading in zip(rooms, readings, strict=True):
            totals, seen = _totals(_as_mapping(reading))
            published = self.published.get(room_id)
            if room_id in self.states and \
                    _message(totals, seen, self.states[room_id], self.claim_after_ms) == published:
                continue
            state = self._remember(room_id, await self.load(room_id))
            message = _message(totals, seen, state, self.claim_after_ms)
            if message != published:
                await self._publish(room_id, message)

    async def aclose(self) -> None:
        """Close the lane's connection (the client's pool is its owner's to close)."""
        if self.lane is not None:
            await self.lane.aclose()

    async def _publish(self, room_id: str, message: dict[str, Any]) -> None:
        self.published[room_id] = message
        await self.publish(room_id, [message])


def _as_mapping(reply: Any) -> dict[str, str]:
    """HGETALL's reply as a dict: the client's reply callback makes one, and a lane reads one
    in RESP3, but the flat list (field, value, ...) of RESP2, redis-py's default before version
    8."""
    if isinstance(reply, dict):
        return reply
    return dict(zip(reply[::2], reply[1::2], strict=True))


def _totals(fields: dict[str, str]) -> tuple[Counter[str], dict[str, int]]:
    """Sum the nodes' entries that are fresh (a dead node's entries go stale by themselves);
    and when each seat was last seen."""
    totals: Counter[str] = Counter()
    seen: dict[str, int] = {}
    cutoff = now_ms() - STALE_MS
    for name, raw in fields.items():
        if name.startswith(SEEN):
            seen[name.removeprefix(SEEN)] = int(raw)
            continue
        entry = json.loads(raw)
        if entry["ts"] >= cutoff:
            totals.update({k: v for k, v in entry.items() if k != "ts"})
    return totals, seen


def _message(totals: Counter[str], seen: dict[str, int], state: RoomState | None,
             claim_after_ms: int) -> dict[str, Any]:
    players, away = {}, {}
    for seat in ("1", "2"):
        players[seat] = (state is not None and state.is_ai(int(seat))) or totals[seat] > 0
        away[seat] = None if players[seat] else seen.get(seat)
    claim_at = {seat: None if state is None else away_claim_at(
        state, int(seat), players[opponent], away[opponent], claim_after_ms)
        for seat, opponent in (("1", "2"), ("2", "1"))}
    return {"type": "presence", "players": players, "away_since": away,
            "spectators": totals[SPECTATOR], "claim_at": claim_at}
