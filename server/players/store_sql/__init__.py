"""The SQL store: players, accounts, sessions, ratings and the game archive.

Live rooms stay in Redis (server/play/repository.py); what must last goes here. One code path for
PostgreSQL (asyncpg, shared by every node) and SQLite (aiosqlite, the embedded default of
`make run`), through SQLAlchemy 2's async Core. The schema is `schema.py`; it is created and
changed only by the alembic migrations in `migrations/`, which every node runs at start
(`migrate.py`).
"""
