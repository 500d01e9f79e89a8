"""The rated pools: quick play that pairs players by rating, as lichess's pools do.

A logged-in player joins a pool (a game and a clock: `pools`); every WAVE_S the node holding
the pairing lease pairs the players waiting, each accepting a rating gap that starts narrow and
widens the longer they wait, never two of whom one blocks the other; each pair gets a rated
room, both seated. Two nodes never pair one player twice: the pairing is fenced by the lease
and by each player's membership in one Redis script.

Owns: the pools (`pools`), the pure pairing (`matching.pair`: waiting players and now in, pairs
out), the members, counts and pairings in Redis (`store`: one set of pools per SQL database, so
a node of another database on the same Redis never pairs these players), the lease (`lease`),
the waves (`runner.PoolRunner`), the rooms of pairings (`rooms.PoolRooms`), what a player does
(`service.PoolService`), the node's wiring (`node`).

Imports: server.notifications (who has a tab open, telling a player), server.play (the room
service), server.rooms, server.platform, engine (the default AI level a room needs). Blocks
come in as a function (`runner.BlockLookup`) from the app (server/relations/ sits beside).

Other packages may use:
- `pools`: `POOLS`, `Pool`, `find_pool`
- `matching`: `Seeker`, `Pair`, `pair`, `window`
- `service`: `PoolService` (`overview`, `join`, `status`, `leave`)
- `node`: `Pools`, `build`, `running`
"""
