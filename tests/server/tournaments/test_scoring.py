"""Arena points (lichess's rules), Swiss and round robin points, and the standings with their
tie-breaks, on small worked examples (docs/tournaments.md)."""

from __future__ import annotations

from server.tournaments.results import Entrant, Format, Game, Outcome, Result
from server.tournaments.scoring import arena_sheet, on_fire
from server.tournaments.standings import standings
from server.tournaments.tiebreaks import buchholz, sonneborn_berger

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def test_arena_scores_two_a_win_one_a_draw_nothing_a_loss():
    assert arena_sheet([(W, False), (D, False), (L, False)]) == [2, 1, 0]


def test_after_two_wins_in_a_row_games_score_double_until_one_is_not_won():
    played = [W, W, W, D, W, W, L, D]
    assert arena_sheet((o, False) for o in played) == [2, 2, 4, 2, 2, 2, 0, 1]


def test_a_berserked_win_scores_one_more_and_a_berserked_loss_nothing_more():
    assert arena_sheet([(W, True), (L, True), (D, True)]) == [3, 0, 1]
    assert arena_sheet([(W, False), (W, False), (W, True)]) == [2, 2, 5]


def test_a_player_is_on_fire_after_two_wins_in_a_row():
    assert on_fire([L, W, W]) and not on_fire([W, D]) and not on_fire([W])


def entrants(*names: str) -> list[Entrant]:
    return [Entrant(n, n, 1500 - 10 * i, i + 1) for i, n in enumerate(names)]


# A four-player round robin: a beats b and c, draws d; b beats c and d; c beats d.
ROBIN = [Game(1, "a", "d", Result.DRAW), Game(1, "b", "c", Result.FIRST),
         Game(2, "d", "c", Result.SECOND), Game(2, "a", "b", Result.FIRST),
         Game(3, "b", "d", Result.FIRST), Game(3, "c", "a", Result.SECOND)]


def test_round_robin_standings_count_half_points_and_break_ties_by_sonneborn_berger():
    rows = standings(Format.ROUND_ROBIN, entrants("a", "b", "c", "d"), ROBIN)
    assert [(r.entrant.username, r.score) for r in rows] == [
        ("a", 2.5), ("b", 2.0), ("c", 1.0), ("d", 0.5)]
    # a beat b (2) and c (1), drew d (0.5): 3 + 0.25
    assert dict(rows[0].tiebreaks)["sonneborn_berger"] == 3.25


def test_buchholz_sums_the_opponents_scores_and_a_bye_counts_as_the_players_own():
    scores = {"a": 2.0, "b": 1.0, "c": 1.0}
    games = [Game(1, "a", "b", Result.FIRST), Game(2, "a", None)]
    assert buchholz("a", games, scores, rounds=2) == 1.0 + 2.0
    assert sonneborn_berger("a", games, scores) == 1.0 + 2.0


def test_swiss_ties_are_broken_by_buchholz_then_sonneborn_berger_then_seed():
    games = [Game(1, "a", "b", Result.FIRST), Game(1, "c", "d", Result.FIRST),
             Game(2, "a", "c", Result.DRAW), Game(2, "b", "d", Result.DRAW)]
    rows = standings(Format.SWISS, entrants("a", "b", "c", "d"), games)
    assert [r.entrant.username for r in rows] == ["a", "c", "b", "d"]
    assert [r.score for r in rows] == [1.5, 1.5, 0.5, 0.5]
    assert dict(rows[0].tiebreaks)["buchholz"] == 0.5 + 1.5


def test_arena_standings_follow_the_order_games_ended():
    games = [Game(0, "a", "b", Result.FIRST, ended_at=1), Game(0, "a", "c", Result.FIRST,
                                                                 ended_at=2),
             Game(0, "a", "b", Result.FIRST, ended_at=3), Game(0, "c", "b", None)]
    rows = standings(Format.ARENA, entrants("a", "b", "c"), games)
    assert rows[0].entrant.username == "a" and rows[0].score == 8 and rows[0].fire
    assert [(r.entrant.username, r.sheet) for r in rows[1:]] == [("b", (0, 0)), ("c", (0,))]
