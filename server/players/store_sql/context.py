"""The SQL engine for the app's lifetime: opened, migrated to the newest schema, disposed.

A node does not serve without its schema: when the database does not answer at start it is
asked again for MIGRATE_WAIT_S (PostgreSQL may be starting beside the nodes), then the node
stops with the error. Once started, the database may come and go: games go on in Redis and the
archive catches up through the outbox (server/players/archive.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.ext.asyncio import AsyncEngine

from ...platform.keys import outbox_prefix
from . import migrate
from .database import open_database

log = logging.getLogger(__name__)

MIGRATE_WAIT_S = 60.0
RETRY_PAUSE_S = 1.0


async def migrate_when_reachable(engine: AsyncEngine, wait_s: float = MIGRATE_WAIT_S) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait_s
    while True:
        try:
            await migrate.upgrade(engine)
            return
        except (OperationalError, DBAPIError, OSError) as error:
            if loop.time() >= deadline:
                raise
            log.warning("SQL database not reachable yet (%s); retrying", error)
            await asyncio.sleep(RETRY_PAUSE_S)


@contextlib.asynccontextmanager
async def opened(url: str) -> AsyncIterator[tuple[AsyncEngine, str]]:
    """The migrated database and this database's archive outbox key, until the context ends."""
    engine = open_database(url)
    try:
        await migrate_when_reachable(engine)
        outbox = outbox_prefix(await migrate.instance_id(engine))
    except BaseException:
        await engine.dispose()
        raise
    try:
        yield engine, outbox
    finally:
        await engine.dispose()
