"""Reports and moderators' measures, as the server sees them.

A logged-in player reports another account with a reason (and words, and the game, if any):
at most REPORTS_PER_HOUR from one reporter and three times as many from one address, in any
hour, counted in Redis across nodes. A moderator (`caro-arena admin grant-moderator NAME`)
reads the open reports, marks one handled, mutes an account (no room chat, anywhere) or
closes it (no login; its sessions end; it can no longer be challenged, followed or found).
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine

from ..notifications.service import SQL_ERRORS
from ..platform.clock import now_ms
from ..platform.errors import ArenaError, ErrorCode
from ..platform.ip_limits import IpLimit
from ..play.arena import Arena
from ..relations.service import require_account
from ..rooms import RoomState
from ..rooms.commands import PlayerRef
from . import store
from .store import Standing

log = logging.getLogger(__name__)

REASONS = ("cheat", "abuse", "spam", "other")
REPORT_TEXT_CHARS = 500
LISTED = 100


class Moderation:
    def __init__(self, engine: AsyncEngine, per_reporter: IpLimit | None,
                 per_address: IpLimit | None) -> None:
        self.engine = engine
        self.per_reporter = per_reporter
        self.per_address = per_address

    async def target(self, username: str) -> Standing:
        found = await store.standing(self.engine, username=username)
        if found is None:
            raise ArenaError(ErrorCode.PLAYER_NOT_FOUND, "no player has this username")
        return found

    async def report(self, me: PlayerRef | None, username: str, reason: str, text: str,
                     room_id: str | None, address: str) -> int:
        me = require_account(me, "report a player")
        target = await self.target(username)
        if target.player_id == me.player_id:
            raise ArenaError(ErrorCode.CANNOT_TARGET_SELF, "you cannot report yourself")
        for limit, client in ((self.per_reporter, me.player_id), (self.per_address, address)):
            if limit is not None and not await limit.take(client):
                raise ArenaError(ErrorCode.RATE_LIMITED,
                                 "you have sent many reports; wait an hour")
        report_id = await store.add_report(self.engine, me.player_id, target.player_id, reason,
                                           text, room_id, now_ms())
        log.info("report %d: %s reports %s (%s)", report_id, me.username, target.username,
                 reason)
        return report_id

    async def moderator(self, me: PlayerRef | None) -> PlayerRef:
        """`me`, when a moderator; else `not_logged_in` or `not_moderator`."""
        me = require_account(me, "moderate")
        found = await store.standing(self.engine, player_id=me.player_id)
        if found is None or not found.moderator:
            raise ArenaError(ErrorCode.NOT_MODERATOR, "this is for moderators")
        return me

    async def is_moderator(self, me: PlayerRef | None) -> bool:
        if me is None or me.username is None:
            return False
        found = await store.standing(self.engine, player_id=me.player_id)
        return found is not None and found.moderator

    async def reports(self, me: PlayerRef | None, handled: bool) -> list[dict[str, Any]]:
        await self.moderator(me)
        return await store.list_reports(self.engine, handled, LISTED)

    async def handle(self, me: PlayerRef | None, report_id: int) -> None:
        mod = await self.moderator(me)
        if not await store.handle_report(self.engine, report_id, mod.player_id, now_ms()):
            raise ArenaError(ErrorCode.REPORT_NOT_FOUND, "no such report")
        log.info("report %d handled by %s", report_id, mod.username)

    async def mute(self, me: PlayerRef | None, username: str, muted: bool) -> Standing:
        mod = await self.moderator(me)
        target = await self.target(username)
        await store.set_muted(self.engine, target.player_id, now_ms() if muted else None)
        log.info("%s %s by %s", target.username, "muted" if muted else "unmuted", mod.username)
        return await self.target(username)

    async def close(self, me: PlayerRef | None, username: str) -> Standing:
        mod = await self.moderator(me)
        target = await self.target(username)
        if target.player_id == mod.player_id:
            raise ArenaError(ErrorCode.CANNOT_TARGET_SELF, "you cannot close your own account")
        await store.close(self.engine, target.player_id, now_ms())
        log.info("account %s closed by %s", target.username, mod.username)
        return await self.target(username)

    async def check_chat(self, _state: RoomState, sender: PlayerRef | None) -> None:
        """Refuse a chat line from a muted account (while the database does not answer,
        chat goes on)."""
        if sender is None or sender.username is None:
            return
        try:
            found = await store.standing(self.engine, player_id=sender.player_id)
        except SQL_ERRORS as error:
            log.warning("mute check for chat failed, allowing the line: %r", error)
            return
        if found is not None and found.muted:
            raise ArenaError(ErrorCode.MUTED, "a moderator has muted you: you cannot chat")


def build(arena: Arena, engine: AsyncEngine) -> Moderation:
    """The node's moderation, its report limits from the settings (REPORTS_PER_HOUR)."""
    per_hour = arena.settings.reports_per_hour
    return Moderation(engine, IpLimit(arena.ip_limiter, "reports", per_hour, 3600)
                      if per_hour else None,
                      IpLimit(arena.ip_limiter, "reports-ip", 3 * per_hour, 3600)
                      if per_hour else None)
