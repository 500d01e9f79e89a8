"""Follow and block, as the rest of the server sees them: the rules (accounts only, not
yourself, not across a block, at most MAX_FOLLOWS), who of those you follow is online or
playing now, the accounts online, and what a block forbids: chatting in the blocker's games,
being paired with them (quick play), challenging them (server/challenges/).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from limits.aio.strategies import MovingWindowRateLimiter
from sqlalchemy.ext.asyncio import AsyncEngine

from ..notifications.kinds import Kind
from ..notifications.presence import PlayerPresence
from ..notifications.service import SQL_ERRORS, Notifier
from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..platform.ip_limits import IpLimit
from ..play.player_rooms import PlayerRooms
from ..players.store_sql.accounts import find_account
from ..rooms import RoomState
from ..rooms.commands import PlayerRef
from . import store

log = logging.getLogger(__name__)

MAX_FOLLOWS = 400
ONLINE_LISTED = 100
ONLINE_NEWS_S = 300  # a player's coming online is news to their followers once in this long


def require_account(player: PlayerRef | None, doing: str) -> PlayerRef:
    if player is None or player.username is None:
        raise ArenaError(ErrorCode.NOT_LOGGED_IN, f"log in to {doing}")
    return player


class Relations:
    def __init__(self, engine: AsyncEngine, presence: PlayerPresence,
                 player_rooms: PlayerRooms, notifier: Notifier,
                 online_news: IpLimit | None = None) -> None:
        self.engine = engine
        self.presence = presence
        self.player_rooms = player_rooms
        self.notifier = notifier
        # How often a player's coming online is told to their followers (one who opens and
        # closes tabs in a loop must not flood them), counted in Redis across nodes.
        self.online_news = online_news
        presence.on_online.append(self.came_online)

    async def account(self, username: str) -> PlayerRef:
        """The account named `username` (any case), or `player_not_found` (also for a
        closed one)."""
        account = await find_account(self.engine, username)
        if account is None or account.closed:
            raise ArenaError(ErrorCode.PLAYER_NOT_FOUND, "no player has this username")
        return PlayerRef(account.player_id, account.username)

    async def other(self, me: PlayerRef, username: str) -> PlayerRef:
        """The account named `username`, refused when it is `me`."""
        target = await self.account(username)
        if target.player_id == me.player_id:
            raise ArenaError(ErrorCode.CANNOT_TARGET_SELF, "that is your own account")
        return target

    # -- follow ---------------------------------------------------------------------------------
    async def follow(self, me: PlayerRef | None, username: str) -> PlayerRef:
        me = require_account(me, "follow players")
        target = await self.other(me, username)
        if await store.blocked_between(self.engine, me.player_id, target.player_id):
            raise ArenaError(ErrorCode.BLOCKED, "you cannot follow this player")
        if not await store.is_following(self.engine, me.player_id, target.player_id) \
                and await store.follow_count(self.engine, me.player_id) >= MAX_FOLLOWS:
            raise ArenaError(ErrorCode.TOO_MANY_FOLLOWS,
                             f"you follow {MAX_FOLLOWS} players already; unfollow some first")
        await store.follow(self.engine, me.player_id, target.player_id, now_ms())
        return target

    async def unfollow(self, me: PlayerRef | None, username: str) -> PlayerRef:
        me = require_account(me, "follow players")
        target = await self.other(me, username)
        await store.unfollow(self.engine, me.player_id, target.player_id)
        return target

    # -- block ----------------------------------------------------------------------------------
    async def block(self, me: PlayerRef | None, username: str) -> PlayerRef:
        me = require_account(me, "block players")
        target = await self.other(me, username)
        await store.block(self.engine, me.player_id, target.player_id, now_ms())
        return target

    async def unblock(self, me: PlayerRef | None, username: str) -> PlayerRef:
        me = require_account(me, "block players")
        target = await self.other(me, username)
        await store.unblock(self.engine, me.player_id, target.player_id)
        return target

    async def blocked_between(self, one: str | None, other: str | None) -> bool:
        """Does either player block the other? False for a player without an identity, and
        while the database does not answer (play goes on; the block holds again after)."""
        if not one or not other or one == other:
            return False
        try:
            return await store.blocked_between(self.engine, one, other)
        except SQL_ERRORS as error:
            log.warning("block check failed, taken as no block: %r", error)
            return False

    async def blocks_among(self, player_ids: Sequence[str]) -> set[frozenset[str]]:
        """The pairs of these players of whom one blocks the other: who the rated pools never
        pair (server/pool/). Unlike `blocked_between`, a database that does not answer raises:
        the pool waits for it rather than pair players who may block each other."""
        return await store.blocks_among(self.engine, list(player_ids))

    # -- views ----------------------------------------------------------------------------------
    async def playing(self, player_id: str) -> dict[str, str] | None:
        """A game the player is playing now (`room_id`, `url`), or None."""
        rooms = await self.player_rooms.unfinished(player_id)
        room = next((r for r in rooms if r["status"] == "playing"), None)
        return None if room is None else {"room_id": room["room_id"], "url": room["url"]}

    async def _with_status(self, people: list[tuple[str, str]]) -> list[dict[str, Any]]:
        online = await self.presence.online(pid for pid, _name in people)
        return [{"username": name, "online": pid in online,
                 "playing": await self.playing(pid) if pid in online else None}
                for pid, name in people]

    async def following(self, me: PlayerRef | None) -> list[dict[str, Any]]:
        """Those `me` follows, by username: online now, and the game they are playing."""
        me = require_account(me, "follow players")
        return await self._with_status(await store.following(self.engine, me.player_id))

    async def blocked(self, me: PlayerRef | None) -> list[dict[str, str]]:
        me = require_account(me, "block players")
        return [{"username": name} for _pid, name in
                await store.blocked_by(self.engine, me.player_id)]

    async def online_accounts(self) -> list[dict[str, Any]]:
        """The accounts online now (most recently seen first, at most ONLINE_LISTED), each
        with the game it is playing."""
        pids = await self.presence.online_players(ONLINE_LISTED)
        names = await store.usernames(self.engine, pids)
        return await self._with_status([(pid, names[pid]) for pid in pids if pid in names])

    async def relation(self, me: PlayerRef | None, username: str) -> dict[str, Any]:
        """`me` and the account `username`: following, blocking, and its status now."""
        target = await self.account(username)
        status = (await self._with_status([(target.player_id, target.username or username)]))[0]
        mine = me is not None and me.username is not None and me.player_id != target.player_id
        return {**status,
                "following": mine and await store.is_following(self.engine, me.player_id,
                                                               target.player_id),
                "blocking": mine and await store.blocking(self.engine, [me.player_id],
                                                          target.player_id)}

    # -- what a block forbids, and the news of a friend ------------------------------------------
    async def check_chat(self, state: RoomState, sender: PlayerRef | None) -> None:
        """Refuse a chat line from a player blocked by a player of the room (while the
        database does not answer, chat goes on)."""
        if sender is None:
            return
        seated = [s.player_id for s in state.seats
                  if s is not None and s.player_id and s.player_id != sender.player_id]
        try:
            refused = await store.blocking(self.engine, seated, sender.player_id)
        except SQL_ERRORS as error:
            log.warning("block check for chat failed, allowing the line: %r", error)
            return
        if refused:
            raise ArenaError(ErrorCode.BLOCKED, "a player of this game does not accept your "
                             "messages")

    async def came_online(self, player: PlayerRef) -> None:
        """Tell the followers of `player` who have a tab open (live only), at most once in
        ONLINE_NEWS_S."""
        if self.online_news is not None and not await self.online_news.take(player.player_id):
            return
        followers = await store.followers(self.engine, player.player_id)
        for follower in await self.presence.online(followers):
            await self.notifier.publish(follower, Kind.FRIEND_ONLINE,
                                        {"username": player.username})


def build(engine: AsyncEngine, presence: PlayerPresence, player_rooms: PlayerRooms,
          notifier: Notifier, limiter: MovingWindowRateLimiter) -> Relations:
    return Relations(engine, presence, player_rooms, notifier,
                     IpLimit(limiter, "friend-online", 1, ONLINE_NEWS_S))
