"""Points: what each finished game is worth to a player, by format (docs/tournaments.md).

Arena (lichess's rules): a win 2, a draw 1, a loss 0; after two wins in a row every game
scores double (a win 4, a draw 2) until one is not won ("on fire"); a win after berserking
scores one more. Swiss and round robin count half points as integers: a win 2, a draw 1, a
loss 0; a Swiss bye is a win's 2, a round robin's bye (the idle player of an odd number)
nothing. `UNITS` says how many of these make one point on the page.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .results import Format, Game, Outcome

ARENA_POINTS = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}
HALF_POINTS = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}
BYE_POINTS = {Format.SWISS: 2, Format.ROUND_ROBIN: 0}
BERSERK_BONUS = 1
FIRE_AFTER_WINS = 2
UNITS = {Format.ARENA: 1, Format.SWISS: 2, Format.ROUND_ROBIN: 2}


def arena_sheet(outcomes: Iterable[tuple[Outcome, bool]]) -> list[int]:
    """The points of each of a player's arena games, in the order they ended, from each
    game's outcome and whether the player berserked in it."""
    sheet = []
    wins_in_row = 0
    for outcome, berserked in outcomes:
        points = ARENA_POINTS[outcome] * (2 if wins_in_row >= FIRE_AFTER_WINS else 1)
        if outcome is Outcome.WIN and berserked:
            points += BERSERK_BONUS
        sheet.append(points)
        wins_in_row = wins_in_row + 1 if outcome is Outcome.WIN else 0
    return sheet


def on_fire(outcomes: Sequence[Outcome]) -> bool:
    """Whether the player's next arena game scores double (their last two games were won)."""
    return len(outcomes) >= FIRE_AFTER_WINS and all(
        o is Outcome.WIN for o in outcomes[-FIRE_AFTER_WINS:])


def round_points(format: Format, outcome: Outcome) -> int:
    """A Swiss or round robin game's half points to a player."""
    if outcome is Outcome.BYE:
        return BYE_POINTS[format]
    return HALF_POINTS[outcome]


def sheet(format: Format, player_id: str, games: Sequence[Game]) -> list[int]:
    """The points of each of `player_id`'s finished games (byes included), in `games`' order
    (the order they ended, for an arena)."""
    mine = [(g, o) for g in games if (o := g.outcome(player_id)) is not None]
    if format is Format.ARENA:
        return arena_sheet((o, player_id in g.berserks) for g, o in mine)
    return [round_points(format, o) for _g, o in mine]
