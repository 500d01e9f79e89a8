"""A tournament as clients see it (docs/tournaments.md, "HTTP"): `GET /api/tournaments/{id}`
and the rows of `GET /api/tournaments`. Players are named by username; ids never leave.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from .results import Format, Game
from .scoring import UNITS
from .standings import Row, standings
from .tournament import Tournament


def iso(ms: int | None) -> str | None:
    return None if ms is None else datetime.fromtimestamp(ms / 1000, UTC).isoformat(
        timespec="seconds").replace("+00:00", "Z")


def summary(t: Tournament, now: int) -> dict[str, Any]:
    """What a list shows of a tournament, and the head of its page."""
    terms = t.terms
    data: dict[str, Any] = {
        "id": t.id, "url": f"/tournament/{t.id}", "name": terms.name, "format": t.format.value,
        "variant": terms.variant, "opening": terms.opening,
        "clock": {"initial_s": terms.initial_ms / 1000, "increment_s": terms.increment_ms / 1000},
        "rated": terms.rated, "private": terms.password_hash is not None,
        "status": t.status.value, "created_by": terms.creator_name,
        "starts_at": iso(terms.starts_at), "starts_at_ms": terms.starts_at,
        "ends_at_ms": terms.ends_at, "finished_at_ms": t.finished_at, "now_ms": now,
        "players": len(t.players), "round": t.round, "v": t.v,
        "berserk": terms.berserk,  # its games allow berserk (an arena's, a clock permitting)
    }
    if t.format is Format.ARENA:
        data["minutes"] = terms.minutes
    elif t.format is Format.SWISS:
        data["rounds"] = terms.rounds
    else:
        data["cycles"] = terms.cycles
    return data


def body(t: Tournament) -> dict[str, Any]:
    """The standings and pairings: the same for every reader of one version of `t` (the
    costly part: a node keeps it per version, server/tournaments/service.py)."""
    names = {p.player_id: p.username for p in t.players}
    paused = {p.player_id for p in t.players if p.paused}
    provisional = {p.player_id for p in t.players if p.provisional}
    rows = standings(t.format, t.seeded(), t.games)
    return {"standings": [_row(row, names, paused, provisional, t.format) for row in rows],
            "pairings": [_pairing(g, names) for g in t.games]}


def page(t: Tournament, now: int, viewer: str | None, shared: dict[str, Any]) -> dict[str, Any]:
    """The whole tournament (`shared`: its `body`); `viewer` (a player id) learns whether they
    are in it and the room of their game being played."""
    me = t.player(viewer) if viewer else None
    mine = next((g.room_id for g in t.playing() if viewer in (g.first, g.second)), None)
    return {**summary(t, now), **shared,
            "me": None if me is None else {"joined": not me.paused, "room_id": mine}}


def _row(row: Row, names: dict[str, str], paused: set[str], provisional: set[str],
         format: Format) -> dict[str, Any]:
    pid = row.entrant.player_id
    unit = UNITS[format]
    finished = [g for g in row.games if g.finished]
    return {
        "rank": row.rank, "username": row.entrant.username, "rating": row.entrant.rating,
        "provisional": pid in provisional,
        "score": row.score, "tiebreaks": dict(row.tiebreaks), "fire": row.fire,
        "paused": pid in paused,
        "games": [{"round": g.round, "room_id": g.room_id,
                   "opponent": names.get(o) if (o := g.opponent(pid)) else None,
                   "side": g.side_of(pid).value, "result": _outcome(g, pid),
                   "berserk": pid in g.berserks, "forfeit": g.forfeit,
                   "points": (row.sheet[finished.index(g)] / unit) if g in finished else None}
                  for g in row.games],
    }


def _outcome(game: Game, player_id: str) -> str | None:
    outcome = game.outcome(player_id)
    return None if outcome is None else outcome.value


def _pairing(game: Game, names: dict[str, str]) -> dict[str, Any]:
    return {"round": game.round, "room_id": game.room_id, "first": names.get(game.first),
            "second": names.get(game.second) if game.second else None,
            "result": None if game.result is None else game.result.value,
            "berserks": sorted(names[p] for p in game.berserks if p in names),
            "forfeit": game.forfeit}
