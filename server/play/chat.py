"""Chat lines in Redis: limits that hold across sockets and nodes, and a bounded history.

Chat never touches the room's state, version or event log (server/rooms/chat.py says why).
Keys:

- `room:{id}:chat:<channel>:rate` lines in one channel of the room in the current window
- `room:{id}:chat:<channel>`      the channel's last CHAT_KEEP lines (JSON); TTL `keep_s`
- `room:{id}:chat:seq`            the room's line counter (each line's `n`); TTL `keep_s`

The limits are counted in Redis, so every node of a deployment shares them: N nodes do not
allow N times the limit. One client address gets `per_ip` lines in any minute over all its
sockets and rooms (a moving window, server/platform/ip_limits.py); one channel of a room gets
`per_room` lines a fixed window of WINDOW_MS from everyone together, so a spectators' flood cannot
silence the players (their channel has a window of its own). A line is counted, stored, trimmed and
published by one script, atomically.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as redis

from ..platform.compact_json import dumps
from ..platform.errors import ArenaError, ErrorCode
from ..platform.ip_limits import IpLimit
from ..platform.keys import chat_history_key, chat_rate_key, chat_seq_key, room_channel
from ..platform.store import register_publishing_script
from ..rooms import RoomState
from ..rooms.chat import CHAT_KEEP, Channel, ChatLine
from ..rooms.commands import PlayerRef

WINDOW_MS = 60_000

# KEYS: rate counter, history list, line counter. ARGV: limit (0: none), window (ms), TTL (s),
# keep, channel name, then the line's JSON in three parts around its number `n`: prefix,
# stored suffix, published suffix (the published one carries the sender's cid).
_POST = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if tonumber(ARGV[1]) > 0 and n > tonumber(ARGV[1]) then return 0 end
local seq = redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], ARGV[3])
redis.call('RPUSH', KEYS[2], ARGV[6] .. seq .. ARGV[7])
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[4]), -1)
redis.call('EXPIRE', KEYS[2], ARGV[3])
redis.call('PUBLISH', ARGV[5], '[' .. ARGV[6] .. seq .. ARGV[8] .. ']')
return seq
"""


def chat_keys(room_id: str) -> list[str]:
    """The keys that live as long as the room (presence renews them with the room's own)."""
    return [*(chat_history_key(room_id, c.value) for c in Channel), chat_seq_key(room_id)]


# A check of who may say something in a room, registered by a package above this one (a
# player blocked by a player of the room, a muted account: server/app.py wires them); it
# raises an `ArenaError` to refuse the line.
SenderCheck = Callable[[RoomState, PlayerRef | None], Awaitable[None]]


class ChatStore:
    def __init__(self, client: redis.Redis, *, keep_s: int, per_ip: IpLimit | None,
                 per_room: int) -> None:
        self.keep_s = keep_s  # as long as an unfinished room (presence renews it while watched)
        self.per_ip = per_ip
        self.per_room = per_room
        self.redis = client
        self._post = register_publishing_script(client, _POST)
        self.sender_checks: list[SenderCheck] = []

    async def check_sender(self, state: RoomState, sender: PlayerRef | None) -> None:
        """Raise when `sender` (its identity or account; None: none) may not chat in the room."""
        for check in self.sender_checks:
            await check(state, sender)

    async def post(self, room_id: str, line: ChatLine, address: str,
                   cid: str | None = None) -> int:
        """Store and publish `line` from `address`; returns its number `n`, or raises
        `rate_limited` when the address or the channel has used its window's lines."""
        if self.per_ip is not None and not await self.per_ip.take(address):
            raise ArenaError(ErrorCode.RATE_LIMITED, f"at most {self.per_ip.count} chat "
                                                     "lines a minute from one address")
        body = dumps(line.to_dict())[1:]  # the line's fields after its "{"
        prefix = '{"type":"chat","n":'
        published = body if cid is None else f'"cid":{dumps(cid)},{body}'
        keys = [chat_rate_key(room_id, line.channel.value),
                chat_history_key(room_id, line.channel.value), chat_seq_key(room_id)]
        n = await self._post(keys=keys, args=[
            self.per_room, WINDOW_MS, self.keep_s, CHAT_KEEP, room_channel(room_id),
            prefix, "," + body, "," + published])
        if not n:
            raise ArenaError(ErrorCode.RATE_LIMITED,
                             f"this room's {line.channel.value} chat is busy; wait a little")
        return int(n)

    async def histories(self, room_id: str, shown: set[Channel]) -> list[dict[str, Any]]:
        """The `chat_history` messages of docs/protocol.md §3.4, one per channel in order, in
        one round trip; a channel not `shown` to the socket comes empty."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for chat_channel in shown:
                pipe.lrange(chat_history_key(room_id, chat_channel.value), 0, -1)
            found = dict(zip(shown, await pipe.execute(), strict=True))
        return [{"type": "chat_history", "channel": chat_channel.value,
                 "lines": [json.loads(line) for line in found.get(chat_channel, ())]}
                for chat_channel in Channel]
