"""The certificate checker: a real proof passes, and each way of cheating is caught, with the
line where it fails. Certificates are built by the prover (the engine as oracle) within small
node budgets, so they are the same on every machine."""

from __future__ import annotations

import copy

import pytest

from engine.board import Board
from engine.puzzles.proof import ProofError, check_defence, check_win, forcing, unanswered
from engine.puzzles.prover import Prover, main_line

# Black to move: h7 makes an open four on the diagonal h7-k10 (g6 / l11).
OPEN_FOUR = "h8 h9 i8 i9 j8 g8 j9 j10 k10 k8"
# Black to move at move 9 wins with threes and fours (a VCT), found in engine self-play.
VCT = "i7 i9 g7 h7 j6 k5 h6 i6"
# White to move must find the one defence (j7) against black's threats (self-play).
DEFENCE = "i7 i9 g7 h7 j6 k5 h6 i6 j4 i5 j5"
# White to move: black's four h8-k8 is blocked at g8, open at l8.
FOUR = "h8 g8 i8 a1 j8 a2 k8"


@pytest.fixture(scope="module")
def vct_tree():
    tree = Prover(oracle_nodes=40_000).prove_win(Board.from_moves("gomoku", VCT))
    assert tree is not None
    return tree


def test_an_open_four_wins_against_both_blocks():
    board = Board.from_moves("gomoku", OPEN_FOUR)
    tree = {"m": "h7", "p": "g6", "r": {"g6": {"m": "l11"}}}
    assert check_win(board, tree) > 0
    assert board.game_str() == OPEN_FOUR  # left as it was


def test_the_main_line_defence_must_be_answered():
    board = Board.from_moves("gomoku", OPEN_FOUR)
    with pytest.raises(ProofError, match="main-line defence has no answer"):
        check_win(board, {"m": "h7", "p": "g6", "r": {}})


def test_a_last_move_that_does_not_win_is_refused():
    board = Board.from_moves("gomoku", OPEN_FOUR)
    with pytest.raises(ProofError, match="does not win at once"):
        check_win(board, {"m": "h7", "p": "g6", "r": {"g6": {"m": "a1"}}})


def test_a_move_on_a_stone_is_refused():
    board = Board.from_moves("gomoku", OPEN_FOUR)
    with pytest.raises(ProofError, match="not a legal move"):
        check_win(board, {"m": "h8", "p": "g6", "r": {"g6": {"m": "l11"}}})


def test_a_vct_certificate_from_the_prover_checks(vct_tree):
    board = Board.from_moves("gomoku", VCT)
    assert check_win(board, vct_tree) > 100
    line = main_line(vct_tree)
    assert len(line) % 2 == 1 and Board.from_moves("gomoku", VCT.split() + line).outcome()


def _drop_one_answer(tree):
    """A copy of ``tree`` with one explicit defence answer removed, deep in the tree (a
    defence that is not the main line's), and the path to it."""
    broken = copy.deepcopy(tree)
    stack = [(broken, ())]
    while stack:
        node, path = stack.pop()
        for move, child in node.get("r", {}).items():
            if move != node.get("p"):
                del node["r"][move]
                return broken, (*path, node["m"], move)
            stack.append((child, (*path, node["m"], move)))
    raise AssertionError("no side defence in the certificate")


def test_a_certificate_missing_one_defence_is_refused_where_it_is_missing(vct_tree):
    broken, path = _drop_one_answer(vct_tree)
    board = Board.from_moves("gomoku", VCT)
    with pytest.raises(ProofError, match=f"the defence {path[-1]} is not answered") as failed:
        check_win(board, broken)
    assert failed.value.path == path[:-1]


def test_an_answer_for_all_other_defences_that_is_no_win_is_refused(vct_tree):
    broken = copy.deepcopy(vct_tree)
    node = broken
    while "x" not in node:
        node = node["r"][node["p"]]
    node["x"] = {"m": "a1", "p": "a2", "r": {"a2": {"m": "a3"}}}
    with pytest.raises(ProofError, match="is not answered"):
        check_win(Board.from_moves("gomoku", VCT), broken)


def test_a_check_that_outgrows_its_step_limit_fails_instead_of_hanging(vct_tree):
    with pytest.raises(ProofError, match="needs more than 50 positions"):
        check_win(Board.from_moves("gomoku", VCT), vct_tree, max_steps=50)


def test_answers_for_every_other_defence_must_be_forcing():
    board = Board.from_moves("gomoku", OPEN_FOUR)
    board.push_str("a1")  # White passes, in effect: Black's open four wins at once
    assert forcing(board, {"m": "h7", "p": "g6", "r": {"g6": {"m": "l11"}}})
    assert not forcing(board, {"m": "a15", "p": "a14", "r": {"a14": {"m": "a13"}}})


def test_no_defence_against_an_open_four_needs_an_answer_of_its_own():
    board = Board.from_moves("gomoku", OPEN_FOUR + " h7")
    assert unanswered(board, None) == []


def test_only_the_block_of_a_four_needs_an_answer_of_its_own():
    board = Board.from_moves("gomoku", FOUR)
    assert [board.move_str(m) for m in unanswered(board, None)] == ["l8"]


def test_a_defence_certificate_checks_and_names_the_one_defence():
    board = Board.from_moves("gomoku", DEFENCE)
    tree, holds = Prover().prove_defence(board)
    assert tree is not None and [board.move_str(h) for h in holds] == [tree["hold"]] == ["j7"]
    assert check_defence(board, tree) > 0


def test_a_defence_certificate_must_show_every_other_move_losing():
    board = Board.from_moves("gomoku", DEFENCE)
    tree, _holds = Prover().prove_defence(board)
    assert tree is not None
    losing = next(iter(tree["r"]))
    broken = copy.deepcopy(tree)
    del broken["r"][losing]
    with pytest.raises(ProofError, match=f"the defence {losing} is not answered"):
        check_defence(board, broken)
