"""Live play: the rooms being played right now, on every node at once.

Owns: the one path every change to a room takes (`room_service.RoomService`: load, apply,
versioned commit, publish), the rooms in Redis (`repository.RoomRepository`, with the outbox
entry of a finished game, `archive_entry`, kept as long as `lifetime` says), fan-out of
events to this node's sockets (`fanout`), who is connected (`presence`), room chat (`chat`),
clocks and timers (`timer_index`, `clock_timer`), the AI seat (`ai_player`), the lobby
(`lobby`), each player's unfinished rooms (`player_rooms`), the rooms the server makes for
two players it paired (`paired_rooms`), and the services of one node
wired together (`arena.Arena`, `arena.build_arena`, `arena.running`). The rules themselves are
in server/rooms/; this package loads, stores and moves.

Imports: server.rooms, server.platform, engine.

Other packages may use:
- `arena`: `Arena` (its fields are the services above), `build_arena`, `running`
- `repository`: `RoomRepository`, `game_record`
- `fanout`: `RoomMessage`
- `lobby`: `open_rooms`
- `paired_rooms`: `create_once`, `seat_second`
"""
