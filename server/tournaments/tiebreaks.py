"""Tie-breaks, each from the finished games and the players' final scores (docs/tournaments.md).

- Buchholz: the sum of the opponents' scores. A round without a game (a bye, a round away)
  counts as a game against a virtual opponent with the player's own score (FIDE's tie-break
  regulations of 2023, C.07 16.4).
- Sonneborn-Berger: the scores of the opponents beaten, plus half the scores of those drawn;
  a bye counts as a win against that virtual opponent.
- Performance (arena): the average rating of the opponents, plus 500 times (wins - losses)
  divided by the games played (a linear performance rating, as lichess breaks arena ties).
- Wins (round robin): the games won.
Scores here are in points (a Swiss win is 1), so the values are what the page shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .results import Game, Outcome

PERFORMANCE_SPREAD = 500
RESULT_SHARE = {Outcome.WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0, Outcome.BYE: 1.0}


def buchholz(player_id: str, games: Sequence[Game], scores: Mapping[str, float],
             rounds: int) -> float:
    """`games`: the player's finished games; `rounds`: the rounds played in the tournament
    so far (each without a game of the player's counts as a virtual opponent's)."""
    own = scores[player_id]
    played = [g for g in games if not g.is_bye]
    opponents = sum(scores[g.opponent(player_id)] for g in played)  # type: ignore[index]
    return opponents + own * max(0, rounds - len(played))


def sonneborn_berger(player_id: str, games: Sequence[Game], scores: Mapping[str, float]) -> float:
    total = 0.0
    for game in games:
        outcome = game.outcome(player_id)
        assert outcome is not None
        opponent = scores[player_id] if game.is_bye else scores[game.opponent(player_id)]  # type: ignore[index]
        total += RESULT_SHARE[outcome] * opponent
    return total


def performance(player_id: str, games: Sequence[Game], ratings: Mapping[str, int]) -> int:
    played = [g for g in games if not g.is_bye]
    if not played:
        return 0
    outcomes = [g.outcome(player_id) for g in played]
    margin = outcomes.count(Outcome.WIN) - outcomes.count(Outcome.LOSS)
    average = sum(ratings[g.opponent(player_id)] for g in played) / len(played)  # type: ignore[index]
    return round(average + PERFORMANCE_SPREAD * margin / len(played))


def wins(player_id: str, games: Sequence[Game]) -> int:
    return sum(1 for g in games if g.outcome(player_id) is Outcome.WIN)
