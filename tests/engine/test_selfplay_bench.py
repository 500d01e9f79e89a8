"""bench/selfplay.py: two pbrain processes play refereed games, and a broken engine forfeits."""

from __future__ import annotations

import json
import sys

import pytest

from bench.openings import DATA
from bench.selfplay import Engine, elo, match, openings, read_openings
from engine.board import Board

OURS = f"{sys.executable} -m server.cli pbrain"
# Past timeout_turn, our engine may take this long before a late move forfeits. The tests are
# about refereeing whole games: a loaded machine must not turn a slow move into a lost game
# (time limits are the benches' business, not a test's).
PATIENT_MS = 60_000


def test_two_engines_play_whole_games_with_sides_swapped():
    result = match(
        Engine("A", OURS), Engine("B", OURS), "caro", games=2, turn_ms=100, grace_ms=PATIENT_MS
    )
    assert sum(result.wins.values()) == 2
    for record in result.games:
        board = Board.from_moves("caro", record)  # every move legal, the game over
        assert board.is_game_over()


def test_an_engine_answering_nonsense_forfeits_the_game():
    # A "brain" that says OK to START and then answers every position with nonsense.
    babbler = (
        'echo OK; while read -r line; do [ "$line" = RESTART ] && echo OK;'
        " [ \"$line\" = DONE ] && echo 'no idea'; done"
    )
    result = match(
        Engine("A", OURS), Engine("B", babbler), "gomoku", games=2, turn_ms=100, grace_ms=PATIENT_MS
    )
    assert result.wins == {"A": 2, "B": 0, "draw": 0}
    assert all("forfeit: B answered 'no idea'" in game for game in result.games)


def test_an_engine_playing_on_a_taken_cell_forfeits_the_game():
    # h8 (7,7 on the wire) is the first stone of every opening.
    squatter = (
        'echo OK; while read -r line; do [ "$line" = RESTART ] && echo OK;'
        ' [ "$line" = DONE ] && echo 7,7; done'
    )
    result = match(
        Engine("A", OURS),
        Engine("B", squatter),
        "gomoku",
        games=2,
        turn_ms=100,
        grace_ms=PATIENT_MS,
    )
    assert result.wins == {"A": 2, "B": 0, "draw": 0}
    assert all("forfeit: h8 is already taken" in game for game in result.games)


def test_elo_is_zero_at_an_even_score_and_positive_above():
    assert elo(0.5, 100)[0] == 0
    assert elo(0.75, 100)[0] > 150


def test_random_openings_repeat_for_a_seed_and_are_three_legal_stones():
    lines = openings("caro", 6, seed=3)
    assert lines == openings("caro", 6, seed=3)
    assert all(len(Board.from_moves("caro", line).move_stack) == 3 for line in lines)


def test_an_openings_file_gives_its_lines_in_order_without_comments(tmp_path):
    path = tmp_path / "openings.txt"
    path.write_text("# a set\nh8 h9 i9  # black +12\n\nf5 k10 k9\n")
    assert read_openings(path) == ["h8 h9 i9", "f5 k10 k9"]
    assert openings("gomoku", 3, seed=None, path=path) == ["h8 h9 i9", "f5 k10 k9", "h8 h9 i9"]


@pytest.mark.parametrize("variant", ["gomoku", "caro", "renju"])
def test_the_balanced_opening_sets_are_legal_undecided_and_distinct(variant):
    lines = read_openings(DATA / f"{variant}.txt")
    assert len(lines) == len(set(lines)) >= 60
    assert not any(Board.from_moves(variant, line).is_game_over() for line in lines)


def test_a_resumed_match_counts_the_logged_games_without_playing_them(tmp_path):
    log = tmp_path / "games.jsonl"
    path = tmp_path / "openings.txt"
    path.write_text("h8 h9 i9\n")
    key = {"a": "false", "b": "false", "variant": "gomoku", "turn_ms": 100, "openings": str(path)}
    records = [
        {**key, "index": index, "opening": "h8 h9 i9", "winner": winner, "game": "h8 h9 i9"}
        for index, winner in enumerate(("A", "draw"))
    ]
    log.write_text("".join(json.dumps(record) + "\n" for record in records))
    # The engines' command fails at once: any game played instead of read would forfeit.
    result = match(
        Engine("A", "false"),
        Engine("B", "false"),
        "gomoku",
        games=2,
        turn_ms=100,
        openings_path=path,
        log=log,
        resume=True,
    )
    assert result.wins == {"A": 1, "B": 0, "draw": 1}
