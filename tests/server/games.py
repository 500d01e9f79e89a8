"""Outbox entries (server/play/archive_entry.py shape) for the store tests, without a server."""

from __future__ import annotations

import secrets
from typing import Any

T0 = 1_700_000_000_000


def seat(player_id: str | None, name: str | None = None, username: str | None = None,
         kind: str = "human") -> dict[str, Any]:
    data: dict[str, Any] = {"kind": kind, "name": name, "joined_at": T0, "player_id": player_id}
    if username is not None:
        data["username"] = username
    return data


def finished_game(first: str | None = "p1", second: str | None = "p2", *, winner: int | None = 1,
                  finished_at: int = T0 + 60_000, variant: str = "gomoku",
                  rated: bool = False, usernames: tuple[str | None, str | None] = (None, None),
                  ) -> dict[str, Any]:
    room_id = secrets.token_urlsafe(9)
    return {
        "id": f"{room_id}-1", "room_id": room_id, "game_no": 1, "variant": variant,
        "mode": "human", "rated": rated,
        "seats": {"1": seat(first, "First", usernames[0]), "2": seat(second, "Second",
                                                                     usernames[1])},
        "moves": ["h8", "h9", "i9"], "move_times": [T0 + 1000, T0 + 2000, T0 + 3500],
        "clock_config": {"initial_ms": 300_000, "increment_ms": 2000},
        "clock": {"initial_ms": 300_000, "increment_ms": 2000,
                  "remaining": {"1": 290_000, "2": 295_000}, "running": None, "since": T0},
        "result": {"winner": winner, "reason": "resign" if winner else "agreement",
                   "line": [], "cells": []},
        "opening": "none", "opening_choices": [],
        "created_at": T0, "started_at": T0, "finished_at": finished_at,
    }
