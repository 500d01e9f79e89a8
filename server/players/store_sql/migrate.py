"""Bring the database's schema to the newest migration; every node calls this at start.

Nodes may start together against one PostgreSQL: the upgrade runs under a transaction-scoped
advisory lock, so one node migrates and the others then find nothing to do. (SQLite's write
lock does the same for nodes sharing a file.)
"""

from __future__ import annotations

import logging
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, select, text
from sqlalchemy.ext.asyncio import AsyncEngine

from .schema import store_meta

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
MIGRATION_LOCK = 0x6361726F  # "caro": the advisory lock id the migrating node holds


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def _upgrade(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": MIGRATION_LOCK})
    before = current_revision(connection)
    command.upgrade(alembic_config(connection), "head")
    after = current_revision(connection)
    if before != after:
        log.info("SQL schema migrated from %s to %s", before or "empty", after)


async def upgrade(engine: AsyncEngine) -> None:
    """Run the pending migrations, all in one transaction."""
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)


async def instance_id(engine: AsyncEngine) -> str:
    """The database's random id (store_meta, written by migration 0002)."""
    async with engine.connect() as connection:
        return (await connection.execute(
            select(store_meta.c.value).where(store_meta.c.key == "instance"))).scalar_one()


async def revision(engine: AsyncEngine) -> str | None:
    async with engine.connect() as connection:
        return await connection.run_sync(current_revision)
