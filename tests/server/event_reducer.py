"""The rule of docs/protocol.md §3.3 as code: how a client applies one room event to the state
it holds. Written from the document, not from the server, so a test can hold the server to it:
applying every event to the first snapshot must give the state the server reports.
"""

from __future__ import annotations

import copy
from typing import Any

# State fields an event may carry; an event field with one of these names is its new value.
STATE_FIELDS = frozenset({
    "status", "turn", "clock", "moves", "result", "last_move_at", "started_at", "finished_at",
    "move_deadline", "draw_offer", "takeback_request", "rematch_offer", "public", "forbidden",
    "game_id", "phase", "opening_choices", "seats", "claim_at", "choices", "allowed",
    "open_seat",
})


def apply_event(state: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """The state after `event`; `state` is not changed."""
    kind = event["type"]
    if kind == "rematch":
        return {**copy.deepcopy(event["state"]), "v": event["v"]}
    state = copy.deepcopy(state)
    state["v"] = event["v"]
    state.update({name: copy.deepcopy(value) for name, value in event.items()
                  if name in STATE_FIELDS})
    if kind == "seat_taken":
        state["seats"][str(event["seat"])] = event["player"]
    elif kind == "move":
        state["moves"].append(event["move"])
    return state
