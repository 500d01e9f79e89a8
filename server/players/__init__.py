"""Players: who they are beyond one room, and what lasts of their games.

Owns: accounts' rules and password hashing (`accounts`), Glicko-2 ratings (`glicko2`), the
archive consumer that moves finished games from the Redis outbox into SQL, rating them once
(`archive`), and the SQL store (`store_sql/`: schema, alembic migrations, players, accounts,
sessions, ratings, archived games and their analyses).

Imports: server.platform, engine (and nothing of live play: the outbox entry is plain data).

Other packages may use:
- `accounts`: `USERNAME_CHARS`, `PASSWORD_CHARS`, `SESSION_MS`, `is_username`,
  `hash_password`, `password_matches`
- `archive`: `archive_consumers`
- `store_sql.context`: `opened` (the migrated database and its outbox key)
- `store_sql.accounts`, `store_sql.players`, `store_sql.archive`, `store_sql.rating_store`,
  `store_sql.analyses`: the queries (`find_game`, `player_games`, `profile`, `leaderboard`,
  `find_player`, `load_analysis`, `save_analysis`, ...)
"""
