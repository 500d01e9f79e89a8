"""The schema is made by the migrations, at start, the same on PostgreSQL and SQLite."""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from server.players.store_sql import migrate
from server.players.store_sql.database import open_database
from server.players.store_sql.schema import metadata
from tests.harness import http_get


async def test_migrating_an_empty_database_brings_it_to_the_head_revision(sql_url):
    engine = open_database(sql_url)
    try:
        assert await migrate.revision(engine) is None
        await migrate.upgrade(engine)
        assert await migrate.revision(engine) == migrate.head_revision()
    finally:
        await engine.dispose()


async def test_migrated_database_matches_the_schema_the_queries_use(engine):
    def differences(connection: sa.Connection) -> list:
        return compare_metadata(MigrationContext.configure(connection), metadata)

    async with engine.connect() as connection:
        assert await connection.run_sync(differences) == []


async def test_migrating_again_changes_nothing(engine):
    async with engine.begin() as connection:
        await connection.execute(sa.text(
            "INSERT INTO players (id, name, created_at) VALUES ('p1', 'Lan', 1)"))
    await migrate.upgrade(engine)
    async with engine.connect() as connection:
        names = (await connection.execute(sa.text("SELECT name FROM players"))).scalars().all()
    assert names == ["Lan"] and await migrate.revision(engine) == migrate.head_revision()


def test_node_migrates_the_database_url_it_is_given_at_start(server_factory, postgres_server):
    url = postgres_server.create_database()
    server_factory.start(env={"DATABASE_URL": url})
    tables = postgres_server.psql("SELECT version_num FROM alembic_version",
                                  database=url.rsplit("/", 1)[1])
    assert tables == migrate.head_revision()


def test_node_without_database_url_keeps_an_sqlite_file_in_its_data_dir(server_factory, tmp_path):
    node = server_factory.start(env={"DATA_DIR": str(tmp_path / "data")})
    assert (tmp_path / "data" / "caro-arena.sqlite3").is_file()
    assert json.loads(http_get(f"{node.url}/healthz")[1])["status"] == "ok"
