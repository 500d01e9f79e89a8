"""What a finished game sends to the archive: the outbox entry, built from the final state.

The entry is everything the SQL archive keeps (server/players/store_sql/archive.py): the players
with their identities, the moves with the time each was played, the clock, the result. It is
written by the same atomic commit that ends the game (server/play/repository.py), so the archive
sees each game exactly as it ended.
"""

from __future__ import annotations

from typing import Any

from ..rooms import RoomState
from ..rooms.state import game_id


def archive_entry(state: RoomState) -> dict[str, Any]:
    assert state.result is not None and state.finished_at is not None
    # Rooms stored before move times were kept have none for their early moves.
    times = list(state.move_times) if len(state.move_times) == len(state.moves) else []
    return {
        "id": game_id(state.room_id, state.game_no),
        "room_id": state.room_id,
        "game_no": state.game_no,
        "variant": state.variant,
        "mode": state.mode.value,
        "rated": state.rated,
        "seats": {str(n): None if (seat := state.seat(n)) is None else {
            **seat.to_public(), "player_id": seat.player_id} for n in (1, 2)},
        "moves": list(state.moves),
        "move_times": times,
        "clock_config": state.clock_config.to_dict() if state.clock_config else None,
        "clock": state.clock.to_dict() if state.clock else None,
        "result": state.result.to_dict(),
        "opening": state.opening.value,
        "opening_choices": list(state.opening_choices),
        "created_at": state.started_at or state.created_at,
        "started_at": state.started_at,
        "finished_at": state.finished_at,
    }
