"""The standings of a tournament, worked out from its players and games alone (pure), so the
same function serves the live page, the archive's final table and a recomputation from the
archived games (tests/server/tournaments/).

Order: score, then the format's tie-breaks (arena: performance; Swiss: Buchholz, then
Sonneborn-Berger; round robin: Sonneborn-Berger, then wins), then the seed (the order of the
ratings the players joined with). Every player has a rank of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import scoring, tiebreaks
from .results import Entrant, Format, Game


@dataclass(slots=True, frozen=True)
class Row:
    rank: int
    entrant: Entrant
    score: float  # in points: an arena's 2 a win, a Swiss's 1
    tiebreaks: tuple[tuple[str, float], ...]
    games: tuple[Game, ...]  # the player's games, in order, the one being played included
    sheet: tuple[int, ...]  # the points (scoring's units) of each finished game, in order
    fire: bool  # arena: the next game scores double


def game_order(format: Format, games: Sequence[Game]) -> list[Game]:
    """Arena games count in the order they ended; round games by round (byes with them)."""
    if format is Format.ARENA:
        return sorted(games, key=lambda g: (g.ended_at is None, g.ended_at or 0, g.round,
                                            g.room_id or ""))
    return sorted(games, key=lambda g: (g.round, g.room_id or ""))


def standings(format: Format, entrants: Sequence[Entrant], games: Sequence[Game]) -> list[Row]:
    ordered = game_order(format, games)
    by_player: dict[str, list[Game]] = {e.player_id: [] for e in entrants}
    for game in ordered:
        for player in (game.first, game.second):
            if player in by_player:
                by_player[player].append(game)
    unit = scoring.UNITS[format]
    sheets = {pid: scoring.sheet(format, pid, mine) for pid, mine in by_player.items()}
    scores = {pid: sum(points) / unit for pid, points in sheets.items()}
    rounds = max((g.round for g in ordered if g.finished), default=0)
    ratings = {e.player_id: e.rating for e in entrants}
    rows = []
    for entrant in entrants:
        pid = entrant.player_id
        finished = [g for g in by_player[pid] if g.finished]
        rows.append((entrant, scores[pid], _tiebreaks(format, pid, finished, scores, ratings,
                                                      rounds)))
    rows.sort(key=lambda row: (-row[1], *(-value for _name, value in row[2]), row[0].seed))
    return [Row(rank, entrant, score, breaks, tuple(by_player[entrant.player_id]),
                tuple(sheets[entrant.player_id]),
                format is Format.ARENA and scoring.on_fire(
                    [o for g in by_player[entrant.player_id] if (o := g.outcome(
                        entrant.player_id)) is not None]))
            for rank, (entrant, score, breaks) in enumerate(rows, start=1)]


def _tiebreaks(format: Format, player_id: str, finished: list[Game], scores: dict[str, float],
               ratings: dict[str, int], rounds: int) -> tuple[tuple[str, float], ...]:
    if format is Format.ARENA:
        return (("performance", tiebreaks.performance(player_id, finished, ratings)),)
    if format is Format.SWISS:
        return (("buchholz", tiebreaks.buchholz(player_id, finished, scores, rounds)),
                ("sonneborn_berger", tiebreaks.sonneborn_berger(player_id, finished, scores)))
    played = [g for g in finished if not g.is_bye]  # a round robin's bye is worth nothing
    return (("sonneborn_berger", tiebreaks.sonneborn_berger(player_id, played, scores)),
            ("wins", tiebreaks.wins(player_id, played)))
