"""SQL store fixtures: `engine`, a migrated database (PostgreSQL and SQLite, see `sql_url`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy.ext.asyncio import AsyncEngine

from server.players.store_sql import migrate
from server.players.store_sql.database import open_database


@pytest.fixture
async def engine(sql_url: str) -> AsyncIterator[AsyncEngine]:
    engine = open_database(sql_url)
    await migrate.upgrade(engine)
    yield engine
    await engine.dispose()
