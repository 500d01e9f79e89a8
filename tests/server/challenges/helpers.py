"""Challenges over the real API: make one, and the accepted game's seats."""

from __future__ import annotations

from typing import Any

from tests.server.visitor import Visitor

GAME = {"variant": "gomoku", "clock": {"initial_s": 300, "increment_s": 2}, "colour": "first"}


async def challenge(challenger: Visitor, to: str | None, **terms: Any) -> dict[str, Any]:
    """POST /api/challenges (GAME, changed by `terms`); the answer, after checking it is 201."""
    status, made = await challenger.post("/api/challenges", GAME | {"to": to} | terms)
    assert status == 201, made
    return made


async def refusal(visitor: Visitor, method: str, path: str, body: Any = None) -> tuple[int, str]:
    """(status, error code) of a request that must be refused."""
    status, answer = await visitor.request(method, path, body)
    assert status >= 400, answer
    return status, answer["error"]
