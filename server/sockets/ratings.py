"""The ratings a rated room's rematch starts from (docs/protocol.md §1 `seats`): a seat shows
its account's rating at the start of the game, and the finished game has just changed both.
The change is written by the archive, in the transaction that stores the game
(server/players/store_sql/rating_store.py), a moment after the end: this waits for the game to
be archived (bounded), then reads both ratings."""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.ext.asyncio import AsyncEngine

from ..players.store_sql.archive import find_game
from ..players.store_sql.players import ratings_of, standing
from ..rooms import RoomState, Status
from ..rooms.commands import Standings
from ..rooms.state import game_id

log = logging.getLogger(__name__)

ARCHIVE_POLL_S = 0.1
ARCHIVE_POLLS = 50  # 5 s: the archive usually has a game within a second


async def rematch_standings(engine: AsyncEngine, state: RoomState) -> Standings:
    """The accounts' ratings in the room's variant after its finished rated game, by player
    id; () when the room is not a finished rated one, or the archive is late or down (the
    new game then shows the ratings the players sat down with)."""
    if not state.rated or state.status is not Status.FINISHED:
        return ()
    players = [seat.player_id for seat in state.seats
               if seat is not None and seat.username is not None and seat.player_id]
    finished = game_id(state.room_id, state.game_no)
    try:
        for _poll in range(ARCHIVE_POLLS):
            if await find_game(engine, finished) is not None:
                return tuple([(player_id, standing(
                    (await ratings_of(engine, player_id)).get(state.variant)))
                    for player_id in players])
            await asyncio.sleep(ARCHIVE_POLL_S)
        log.warning("room %s: game %s not archived yet; the rematch keeps the old ratings",
                    state.room_id, finished)
    except Exception as error:  # noqa: BLE001 - the database is down: the game goes on
        log.warning("room %s: ratings for the rematch not read: %r", state.room_id, error)
    return ()
