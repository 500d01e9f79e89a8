"""The notification services of one node, built once after the arena exists, and their loops.

`build` wires the players' fan-out (a pub/sub connection of its own, on the players'
channels), the notifier, who is online, and the "game ended" hook on the arena's room service;
`running` starts the fan-out reader and the presence refresh and stops them on the way out.
server/app.py runs it for the app's lifetime; routes reach it as `app[NOTIFICATIONS]`.
"""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncEngine

from ..platform.keys import player_channel
from ..play.arena import Arena
from ..play.fanout import Fanout
from .game_end import GameEndNotices
from .presence import PlayerPresence
from .service import Notifier


@dataclass(slots=True)
class Notifications:
    notifier: Notifier
    presence: PlayerPresence
    fanout: Fanout
    game_end: GameEndNotices
    sockets: weakref.WeakSet = field(default_factory=weakref.WeakSet)  # open /ws/me sockets


def build(arena: Arena, engine: AsyncEngine) -> Notifications:
    fanout = Fanout(arena.repo.redis, channel=player_channel)
    notifier = Notifier(engine, fanout, arena.metrics)
    presence = PlayerPresence(arena.repo.redis, arena.settings.node_id)
    game_end = GameEndNotices(notifier, arena.presence)
    arena.service.after_commit.append(game_end.on_commit)
    return Notifications(notifier, presence, fanout, game_end)


@contextlib.asynccontextmanager
async def running(notifications: Notifications) -> AsyncIterator[Notifications]:
    tasks = [asyncio.create_task(notifications.fanout.run(), name="player-fanout"),
             asyncio.create_task(notifications.presence.run(), name="player-presence")]
    try:
        yield notifications
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await notifications.game_end.close()
        await notifications.fanout.close()
