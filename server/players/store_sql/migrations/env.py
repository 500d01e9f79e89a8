"""Alembic environment: migrations run on the connection `migrate.py` hands over (online only).

Run by `server.players.store_sql.migrate.upgrade` at every node's start; nothing here opens a
database itself, so there is no alembic.ini and no URL to configure twice.
"""

from __future__ import annotations

from alembic import context

from server.players.store_sql.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
