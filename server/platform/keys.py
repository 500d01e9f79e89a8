"""Every Redis key and channel the server uses, and why each lives where it does.

Redis Cluster places a key by the CRC16 of its hash tag (the part between `{` and `}`, else
the whole name) into one of 16384 slots, each owned by one shard. Two rules follow, and this
module is where both are kept:

1. Keys that one Lua script or transaction touches must share a slot.
2. No key may be touched by every move of every room (a hot key is one shard's, one core's,
   whole load).

**Room keys** carry the room id as their hash tag, `room:{<id>}:...`, so everything about a
room lives on one shard and the commit script (server/play/repository.py) may write the state, the
event log and the game records atomically; the room's pub/sub channel has the same tag, so a
sharded publish (`SPUBLISH`) reaches only that shard.

**Bucketed keys** are the indexes over many rooms that the move path writes: the timers, the
lobby and live indexes and the archive outbox. Under Redis Cluster each is split into BUCKETS
keys; a room belongs to one bucket, and each bucket's hash tag is chosen to hash to the *same
slot* as the rooms of that bucket. That is possible because room ids are minted so that their
slot is one of BUCKETS fixed slots (`new_room_id`: slot = bucket * SLOT_STRIDE). So the commit
that ends a game can append to its bucket's outbox stream in the same script, a room's timer
entry sits on the room's shard, and a move touches one bucket among BUCKETS instead of one
global key. Readers of a whole index (the lobby page, the timer scan, the outbox consumer) read
every bucket, in one pipeline (one round trip per shard). On a single Redis there is one
bucket, and the keys keep their plain names (`timers`, `lobby`, `live`,
`archive:outbox:<database id>`).

**Global keys** are written off the move path, so one key is fine:
- `online`: hash, one field per node, refreshed every few seconds (server/play/presence.py);
- `quickplay:<variant>:<clock>`: the lock of one kind of quick-play game, held for one
  matchmaking (server/http/rooms.py); one key per kind of game, not per move;
- rate-limit counters are one key per client and limit (`limits:LIMITER/<name>/<client>/...`,
  named by the `limits` library, server/platform/ip_limits.py): spread by their own names;
- `player:<id>:rooms`: one player's unfinished rooms (server/http/player_rooms.py), per player.

**The rated pools' keys** of one SQL database share one hash tag, `pool:{pool:<database>}:...`
(one slot, so one script sees the lease and every member at once: server/pool/store.py). They
are written when a player joins, leaves or polls the pool and by the one node that pairs, never
by a move.

**A player's keys** carry the player id as their hash tag, `player:{<id>}...`: the player's
pub/sub channel (their tabs' notifications, sharded on a cluster) and when each node last saw
one of their tabs; `players:online` lists the accounts online (server/notifications/), written
every few seconds per node, off the move path.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from redis.crc import REDIS_CLUSTER_HASH_SLOTS, key_slot

BUCKETS = 64  # buckets of the indexes under Redis Cluster: as many slots hold all rooms
SLOT_STRIDE = REDIS_CLUSTER_HASH_SLOTS // BUCKETS  # bucket b's slot: b * SLOT_STRIDE
# A room id (docs/protocol.md, Conventions): ROOM_ID_BYTES random bytes as URL-safe base64 (72
# bits -> 12 characters), then 2 characters of the same alphabet chosen for the slot: 14 in all.
# Clients may rely on the alphabet and on at most ROOM_ID_MAX_LENGTH characters, which is also
# all the server accepts as a room id (`ROOM_ID`), so a longer id could be minted later.
ROOM_ID_BYTES = 9
ROOM_ID_MAX_LENGTH = 32
ROOM_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{ROOM_ID_MAX_LENGTH}}}")
_SLOT_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
MINT_BASES = 8


def slot(name: str) -> int:
    """The cluster slot of a key or a channel name."""
    return key_slot(name.encode())


# ------------------------------------------------------------------ room keys: tag {room id}

def state_key(room_id: str) -> str:
    """Hash `v` (version), `data` (the room's state record) and the room's last events (`e:<v>`,
    resume after a drop): the commit's anchor, one write per move (server/play/repository.py)."""
    return f"room:{{{room_id}}}:state"


def record_key(room_id: str, game: int | str) -> str:
    """A finished game's record (`game:<n>`, `game:last`); written by the commit that ends it."""
    return f"room:{{{room_id}}}:game:{game}"


def analysis_key(room_id: str, game_no: int) -> str:
    """A finished game's computer analysis, beside its record (server/analysis/store.py)."""
    return record_key(room_id, game_no) + ":analysis"


def presence_key(room_id: str) -> str:
    """Hash: each node's socket counts in the room, and when each seat was last seen connected
    (`seen:<seat>`: abandonment, `away_since`) (server/play/presence.py)."""
    return f"room:{{{room_id}}}:presence"


def chat_history_key(room_id: str, chat_channel: str) -> str:
    """List: one chat channel's last lines; the chat script writes it with the counters."""
    return f"room:{{{room_id}}}:chat:{chat_channel}"


def chat_rate_key(room_id: str, chat_channel: str) -> str:
    """Counter: lines in one chat channel in the current window (same script, same slot)."""
    return f"{chat_history_key(room_id, chat_channel)}:rate"


def chat_seq_key(room_id: str) -> str:
    """Counter: the room's chat line numbers."""
    return f"room:{{{room_id}}}:chat:seq"


def ai_lease_key(room_id: str) -> str:
    """The AI lease: which node searches the room's AI move (server/play/ai_player.py)."""
    return f"room:{{{room_id}}}:lease:ai"


def room_channel(room_id: str) -> str:
    """The room's (sharded) pub/sub channel; its tag puts it on the room's shard."""
    return f"room:{{{room_id}}}"


def new_room_id() -> str:
    """A random room id whose slot is a bucket slot (a multiple of SLOT_STRIDE), so that the
    room's keys share a slot with its bucket's keys (module docstring). 72 random bits, then
    two characters tried until the slot fits (SLOT_STRIDE tries on average, ~0.4 ms; 4096
    suffixes all miss with odds of e**-16, hence a new base at most MINT_BASES times)."""
    for _ in range(MINT_BASES):
        base = secrets.token_urlsafe(ROOM_ID_BYTES)
        for first in _SLOT_CHARS:
            for second in _SLOT_CHARS:
                room_id = base + first + second
                if slot(room_id) % SLOT_STRIDE == 0:
                    return room_id
    raise AssertionError("no room id landed on a bucket slot")  # odds: e**-128


# ------------------------------------------------------------------ bucketed index keys

BUCKET_TAGS = (  # bucket b's hash tag: the first hex number whose slot is b * SLOT_STRIDE
    "265b", "2464", "1768", "4581b", "da79", "4368b", "92cd", "23e", "48576", "4bb8", "1f0e",
    "119c", "397e", "bc1", "9ce9", "c58", "4129", "18a08", "17c2", "2557", "130", "30f", "cde9",
    "9058", "1296", "1e00", "29098", "1df9", "41342", "1878", "acd", "19a1", "8209", "d489",
    "265", "4892", "14f7", "16ea", "19c59", "1b98", "bfa", "3925", "29d8", "40113", "2e59",
    "39288", "1d6c", "1f55", "356", "80fe", "40ba2", "ec28", "45971", "26e8", "5f", "17fb",
    "b509", "389c8", "ceb", "af4", "3fca", "5686", "7c18", "190e8",
)


@dataclass(slots=True, frozen=True)
class Buckets:
    """The index keys of a deployment: one bucket on a single Redis, BUCKETS on a cluster."""

    count: int = 1

    @classmethod
    def for_cluster(cls, cluster: bool) -> Buckets:
        return cls(BUCKETS if cluster else 1)

    def all(self) -> range:
        return range(self.count)

    def of(self, room_id: str) -> int:
        """The room's bucket: the one whose slot is the room's slot (for ids from
        `new_room_id`)."""
        return 0 if self.count == 1 else slot(room_id) * self.count // REDIS_CLUSTER_HASH_SLOTS

    def _name(self, base: str, bucket: int) -> str:
        return base if self.count == 1 else f"{base}:{{{BUCKET_TAGS[bucket]}}}"

    def timers(self, bucket: int) -> str:
        """Sorted set: rooms of the bucket that need attention at a time
        (server/play/timer_index.py);
        written after most commits, so bucketed."""
        return self._name("timers", bucket)

    def lobby(self, bucket: int) -> str:
        """Sorted set: public rooms of the bucket waiting for a player (play/repository.py)."""
        return self._name("lobby", bucket)

    def live(self, bucket: int) -> str:
        """Sorted set: public rooms of the bucket being played; written by every public
        room's commits, so bucketed."""
        return self._name("live", bucket)

    def outbox(self, prefix: str, bucket: int) -> str:
        """Stream: finished games on their way to SQL (server/players/archive.py), appended by the
        commit script that ends a game, so it must share the room's slot. `prefix` is
        `archive:outbox:<database id>` (one SQL database's games)."""
        return self._name(prefix, bucket)


SINGLE = Buckets()  # a single Redis: one bucket, plain key names

OUTBOX_PREFIX = "archive:outbox:"
ONLINE_KEY = "online"


def outbox_prefix(database_instance: str) -> str:
    """The outbox of one SQL database (its random id: server/players/store_sql/migrate.py), so nodes
    of another database sharing the Redis never take its games."""
    return OUTBOX_PREFIX + database_instance


def quickplay_lock_key(variant: str, clock: str) -> str:
    """The lock of one kind of quick-play game (server/http/rooms.py)."""
    return f"quickplay:{variant}:{clock}"


# The per-client limits' counters (server/platform/ip_limits.py): the `limits` library names them,
# `limits:LIMITER/<limit name>/<address or username>/<count>/<window s>/second`, one key each.
LIMITS_PREFIX = "limits"


def player_rooms_key(player_id: str) -> str:
    """Sorted set: one player's unfinished rooms (server/http/player_rooms.py)."""
    return f"player:{player_id}:rooms"


# ------------------------------------------------------------------ a player's: tag {player id}

def player_channel(player_id: str) -> str:
    """A player's (sharded) pub/sub channel: the notifications and other messages of every tab
    the player has open, on any node (server/notifications/). Tagged by the player id, so a
    publish travels within one shard."""
    return f"player:{{{player_id}}}"


def player_online_key(player_id: str) -> str:
    """Hash: when each node last saw the player's notification socket open (field per
    node), so the player is online while a live node has one (server/notifications/presence.py)."""
    return f"player:{{{player_id}}}:online"


# An account is listed here while one of its tabs is open: sorted set, player id -> when last
# seen (ms), refreshed by the nodes every few seconds; entries older than the staleness bound
# are ignored and swept. Off the move path: one write per online player per refresh.
ONLINE_PLAYERS_KEY = "players:online"


def challenge_key(challenge_id: str) -> str:
    """A challenge, as JSON, kept until it expires and a while after it closed
    (server/challenges/store.py); changed only by a compare-and-set script on this key."""
    return f"challenge:{{{challenge_id}}}"


def player_challenges_key(player_id: str, direction: str) -> str:
    """Sorted set: the challenges a player sent (`out`) or received (`in`), id -> created_at;
    entries of challenges closed or gone are dropped when read."""
    return f"player:{player_id}:challenges:{direction}"


def tournament_key(tournament_id: str) -> str:
    """A tournament's live state, as JSON with a version (server/tournaments/store.py), changed
    only by a compare-and-set script; its director's lease shares its hash tag."""
    return f"tournament:{{{tournament_id}}}"


def tournament_lease_key(tournament_id: str) -> str:
    """Which node directs the tournament (a `server.pool.lease.Lease`), for a few seconds."""
    return f"tournament:{{{tournament_id}}}:director"


def tournament_channel(tournament_id: str) -> str:
    """The tournament's (sharded) pub/sub channel: a message at every stored change, fanned
    out to the player sockets watching its page on any node (server/tournaments/store.py)."""
    return f"tournament:{{{tournament_id}}}:changes"


def tournaments_active_key(outbox_key: str) -> str:
    """Set: the tournaments not yet finished and archived, whose leases every node's director
    loop offers to take (server/tournaments/director.py); written at creation and at the end.
    One set per SQL database (named as its archive outbox is, `outbox_key`): nodes sharing a
    Redis but not a database never direct each other's tournaments."""
    return "tournaments:active:" + outbox_key.removeprefix(OUTBOX_PREFIX)
# ------------------------------------------------------------- the rated pools: tag {pool:<db>}

def pool_key(outbox_key: str, name: str) -> str:
    """One of the rated pools' keys (server/pool/store.py): `lease` (which node pairs),
    `members` (hash: player id -> the waiting player, JSON), `seen` (hash: player id -> when
    their page last asked, ms), `counts` (hash: pool id -> players waiting), `paired` (hash:
    player id -> their pairing, JSON), `unmade` (hash: room id -> a pairing whose room may not
    exist yet). One tag for all: the pairing script checks the lease and moves players from
    `members` to `paired` atomically. One set of pools per SQL database (named as its archive
    outbox is, `outbox_key`): a node of another database on the same Redis never pairs this
    database's players, whose accounts and blocks it does not have."""
    return f"pool:{{pool:{outbox_key.removeprefix(OUTBOX_PREFIX)}}}:{name}"


# ------------------------------------------------------------------------------ puzzles

def puzzle_served_key(player_id: str, scope: str) -> str:
    """String: the puzzle last given to a player for one kind of request (variant, theme,
    streak step), so a reload shows the same puzzle until it is played (server/puzzles/)."""
    return f"puzzle:served:{{{player_id}}}:{scope}"


def puzzle_daily_key(database_instance: str, day: str) -> str:
    """String: the daily puzzle of a UTC day, chosen by the first node asked (SET NX); one per
    database (nodes of another database, on the same Redis, have other puzzles)."""
    return f"puzzle:daily:{database_instance}:{day}"


# The lease of the node mining newly archived games for puzzles (server/puzzles/miner.py):
# one node at a time, renewed while it mines.
PUZZLE_MINER_LEASE = "puzzle:miner"
