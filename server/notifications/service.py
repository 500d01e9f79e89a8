"""The notification service every package publishes through.

`publish` keeps the notification in SQL (unless its kind is live-only) and then pushes it on the
player's Redis channel, which every node holding one of the player's sockets subscribes to
(server/play/fanout.py, with `keys.player_channel`). The row is written first: a node that dies
after it loses nothing, since every socket that opens (the tab reconnecting to another node,
or the next visit) starts with a snapshot read from SQL. While SQL does not answer, the
notification still travels live (with `id: null`, not counted unread); while Redis does not,
it is kept and found on the next snapshot.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from ..platform.clock import now_ms
from ..platform.metrics import ArenaMetrics
from ..platform.store import STORE_ERRORS
from ..play.fanout import Fanout
from . import store
from .kinds import LIVE_ONLY, Kind

log = logging.getLogger(__name__)

SQL_ERRORS = (OperationalError, DBAPIError, OSError)
SNAPSHOT_ITEMS = 20  # the newest notifications a socket gets when it opens
PAGE_MAX = 50


def item_message(item: dict[str, Any]) -> dict[str, Any]:
    """The socket message carrying one notification (docs/protocol.md §3b)."""
    return {"type": "notification", "item": item}


class Notifier:
    def __init__(self, engine: AsyncEngine, fanout: Fanout, metrics: ArenaMetrics) -> None:
        self.engine = engine
        self.fanout = fanout  # on the players' channels
        self.metrics = metrics

    async def publish(self, player_id: str, kind: Kind, data: dict[str, Any], *,
                      ref: str | None = None) -> dict[str, Any]:
        """Keep (unless live-only) and push a notification to `player_id`; returns the item.
        `ref` names what it is about (`challenge:<id>`), for `mark_read(ref=...)`."""
        now = now_ms()
        item: dict[str, Any] = {"id": None, "kind": kind.value, "data": data,
                                "created_at": now, "read": False}
        if kind not in LIVE_ONLY:
            try:
                item["id"] = await store.insert(self.engine, player_id, kind.value, data, ref,
                                                now)
            except SQL_ERRORS as error:
                log.warning("notification %s to %s not kept (SQL): %r; sent live only",
                            kind.value, player_id, error)
        self.metrics.notifications.labels(kind=kind.value).inc()
        await self.push(player_id, item_message(item))
        return item

    async def push(self, player_id: str, message: dict[str, Any]) -> None:
        """Send `message` to every socket of the player now open, on any node; nothing is
        kept (a Redis failure is logged: what was kept is in the next snapshot)."""
        try:
            await self.fanout.publish(player_id, [message])
        except STORE_ERRORS as error:
            log.warning("push to player %s failed: %r", player_id, error)

    async def page(self, player_id: str, limit: int = SNAPSHOT_ITEMS,
                   before: int | None = None) -> dict[str, Any]:
        """`{"unread", "items", "next"}`: the newest `limit` (below id `before`), newest first;
        `next` is the `before` of the following page, or None."""
        items, unread = await store.page(self.engine, player_id, limit, before)
        return {"unread": unread, "items": items,
                "next": items[-1]["id"] if len(items) == limit else None}

    async def snapshot(self, player_id: str) -> dict[str, Any]:
        """The `notifications` message a socket starts with (and gets again after a lost
        Redis link): the unread count and the newest items."""
        page = await self.page(player_id)
        return {"type": "notifications", "unread": page["unread"], "items": page["items"]}

    async def mark_read(self, player_id: str, *, ids: list[int] | None = None,
                        ref: str | None = None) -> int:
        """Mark notifications read (`ids`, those about `ref`, or all) and tell the player's
        tabs which (`read`, docs/protocol.md §3b); returns the unread count after."""
        marked, unread = await store.mark_read(self.engine, player_id, now_ms(), ids=ids,
                                               ref=ref)
        if marked:
            await self.push(player_id, {"type": "read", "ids": marked, "unread": unread})
        return unread
