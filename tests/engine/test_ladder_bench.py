"""bench/ladder.py and its reference players: the greedy player's priorities, the Elo fit."""

from __future__ import annotations

import random

from bench.ladder import fit, play, schedule
from bench.ladder_players import greedy_move
from engine.board import Board


def greedy(variant: str, game: str) -> str:
    board = Board.from_moves(variant, game)
    return board.move_str(greedy_move(board, random.Random(0)))


def test_greedy_takes_its_five_before_blocking_the_opponents():
    assert greedy("gomoku", "h8 a1 i8 a2 j8 a3 k8 a4") in ("g8", "l8")


def test_greedy_blocks_a_four_and_stops_an_open_three():
    assert greedy("gomoku", "a1 h9 a3 i9 g9 j9 a5 k9") == "l9"
    assert greedy("gomoku", "h9 a1 i9 o15 j9") in ("g9", "k9")


def test_greedy_without_threats_extends_its_longest_line():
    assert greedy("gomoku", "h8 a1 i8 o15") in ("g8", "j8")


def test_greedy_blocks_a_vertical_three_in_connect_four():
    assert greedy("connect4", "1 2 1 2 1") == "1"


def test_a_scheduled_game_is_played_to_its_end_from_its_opening():
    task = schedule(2, 1, ["L1", "greedy"], ("caro9",), None)[0]
    game = play(task)
    board = Board.from_moves("caro9", game["game"])
    assert board.is_game_over() and game["game"].startswith(task["opening"])


def test_the_fit_ranks_by_results_with_greedy_at_zero_and_an_interval():
    games = ([{"first": "A", "second": "greedy", "score": 1.0}] * 9
             + [{"first": "greedy", "second": "A", "score": 1.0}]
             + [{"first": "greedy", "second": "B", "score": 0.5}] * 10)
    ratings = fit(games)
    assert ratings["greedy"]["elo"] == 0
    assert ratings["A"]["elo"] > 200 and abs(ratings["B"]["elo"]) < 30
    assert ratings["A"]["low"] < ratings["A"]["elo"] < ratings["A"]["high"]
