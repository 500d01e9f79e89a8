"""Open the SQL database named by a URL, the same way for PostgreSQL and SQLite.

`postgresql://` becomes SQLAlchemy's `postgresql+asyncpg://`, `sqlite:///` its
`sqlite+aiosqlite:///`. SQLite gets what a server needs from it: its directory created, WAL
journal (readers do not wait for the writer), foreign keys on, and a busy timeout so two
writers (two nodes on one file) wait for each other instead of failing.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from ...platform.store import redact_url

log = logging.getLogger(__name__)

DRIVERS = {"postgresql": "postgresql+asyncpg", "postgres": "postgresql+asyncpg",
           "sqlite": "sqlite+aiosqlite"}
SQLITE_BUSY_TIMEOUT_MS = 10_000
POOL_SIZE = 10           # PostgreSQL connections per node (+ POOL_OVERFLOW under bursts)
POOL_OVERFLOW = 10
CONNECT_TIMEOUT_S = 5.0  # fail fast while the database is down; the outbox retries later


def async_url(url: str) -> sa.URL:
    """The SQLAlchemy async URL for a `postgresql://` or `sqlite:///` URL."""
    parsed = make_url(url)
    backend = parsed.drivername.split("+", 1)[0]
    if backend not in DRIVERS:
        raise ValueError(f"unsupported database URL scheme {parsed.drivername!r}")
    return parsed.set(drivername=DRIVERS[backend])


def open_database(url: str) -> AsyncEngine:
    """An engine for `url`; connections open lazily, so a database that is down does not stop
    the node from starting (what needs it fails, and the outbox retries)."""
    target = async_url(url)
    log.info("SQL store: %s", redact_url(url))
    if target.get_backend_name() == "sqlite":
        return _sqlite_engine(target)
    return create_async_engine(target, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW,
                               pool_pre_ping=True,
                               connect_args={"timeout": CONNECT_TIMEOUT_S})


def _sqlite_engine(target: sa.URL) -> AsyncEngine:
    if target.database and target.database != ":memory:":
        Path(target.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_async_engine(target, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000})

    @sa.event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
        cursor.close()

    return engine
