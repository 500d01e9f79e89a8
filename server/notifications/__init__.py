"""Notifications: what happens to a player while they look elsewhere, on every tab they have open.

Owns: the kinds of notification (`kinds.Kind`: which are kept, which only travel live), where
they are kept with their read state (`store`: SQL, the `notifications` table), the service
other packages publish through (`service.Notifier`: keep, then push on the player's Redis
channel to every node holding one of the player's sockets), who is online
(`presence.PlayerPresence`: the notification sockets of accounts, across nodes), the "game
ended" notice for a player who was not watching their game end (`game_end.GameEndNotices`, a
room commit hook), and the node's wiring of all that (`node.build`, `node.running`).

Imports: server.players (the SQL tables), server.play (the fan-out, room presence),
server.rooms, server.platform.

Other packages may use:
- `kinds`: `Kind` (add a member for a new kind; `LIVE_ONLY` for those not kept)
- `service`: `Notifier` (`publish(player_id, kind, data, ref=...)`, `push`, `snapshot`,
  `mark_read`), `item_message`
- `presence`: `PlayerPresence` (`connected`, `disconnected`, `online`, `online_players`,
  `on_online`)
- `game_end`: `GameEndNotices`
- `node`: `Notifications` (the services above), `build`, `running`
"""
