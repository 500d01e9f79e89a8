"""Every kind of event the room machine emits, in one place (docs/protocol.md §3.3).

Each event carries every state field it changes (`status`, `turn`, `clock`, ...), so a client
applies any of them the same way. The replay tests (tests/server/test_event_replay.py and the
page's own reducer in tests/client/test_state_replay.py) play every kind listed here and fail
when a rule emits a kind this table does not list."""

from __future__ import annotations

EVENT_TYPES: frozenset[str] = frozenset({
    "seat_taken", "game_started", "unlisted", "seat_resumed",  # play.py: seating
    "move", "game_over",  # play.py, outcomes.py: the game
    "draw_offered", "draw_declined",  # offers.py
    "takeback_requested", "takeback_declined", "takeback",
    "rematch_offered", "rematch_declined", "rematch",
    "opening_choice",  # opening.py: swap / swap2
})
