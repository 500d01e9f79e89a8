"""The Gomocup protocol: a scripted transcript of every command, and a game against itself."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.board import Board
from engine.cli import _pbrain_choose
from engine.pbrain import ABOUT, PbrainSession
from engine.variants import Rule, custom_variant

REPO = Path(__file__).resolve().parents[2]
FAST = "INFO timeout_turn 150"


def session(*lines: str) -> tuple[PbrainSession, list[str]]:
    brain = PbrainSession(choose=_pbrain_choose)
    answers = [answer for line in lines for answer in brain.handle(line)]
    return brain, answers


def as_cell(board: Board, answer: str) -> int:
    x, y = map(int, answer.split(","))
    return (board.rows - 1 - y) * board.cols + x


def test_start_answers_ok_for_every_size_from_5_to_25():
    for size in range(5, 26):
        assert session(f"START {size}")[1] == ["OK"]


@pytest.mark.parametrize("line", ["START 4", "START 26", "START", "START x"])
def test_start_with_a_bad_size_answers_error(line):
    answers = session(line)[1]
    assert len(answers) == 1 and answers[0].startswith("ERROR")


def test_rectstart_sets_a_rectangular_board():
    brain, answers = session("RECTSTART 20,15")
    assert answers == ["OK"] and (brain.board.cols, brain.board.rows) == (20, 15)


def test_about_names_the_engine():
    assert session("ABOUT")[1] == [ABOUT]


def test_unknown_command_answers_unknown():
    assert session("FROBNICATE 3")[1] == ["UNKNOWN command FROBNICATE"]


def test_begin_plays_near_the_centre_of_an_empty_board():
    brain, answers = session("START 15", FAST, "BEGIN")
    x, y = map(int, answers[1].split(","))
    assert abs(x - 7) <= 1 and abs(y - 7) <= 1
    assert len(brain.board.move_stack) == 1


def test_turn_records_the_opponent_move_and_answers_a_free_cell():
    brain, answers = session("START 15", FAST, "TURN 7,7")
    reply = as_cell(brain.board, answers[1])
    assert brain.board.move_stack == [as_cell(brain.board, "7,7"), reply]


@pytest.mark.parametrize("line", ["TURN 15,3", "TURN a,b", "TURN 7"])
def test_turn_with_a_bad_coordinate_answers_error_and_changes_nothing(line):
    brain, answers = session("START 15", FAST, line)
    assert answers[1].startswith("ERROR") and brain.board.move_stack == []


def test_turn_on_an_occupied_cell_answers_error():
    brain, answers = session("START 15", FAST, "TURN 7,7", "TURN 7,7")
    assert answers[2].startswith("ERROR") and len(brain.board.move_stack) == 2


def test_turn_before_start_answers_error():
    assert session("TURN 7,7")[1][0].startswith("ERROR")


def test_board_done_completes_our_open_four():
    # Our stones (1) at x=3..6 on row y=7; theirs (2) scattered. We must play 2,7 or 7,7.
    stones = ["3,7,1", "4,7,1", "5,7,1", "6,7,1", "0,0,2", "0,2,2", "0,4,2", "14,14,2"]
    brain, answers = session("START 15", FAST, "BOARD", *stones, "DONE")
    assert answers[1] in ("2,7", "7,7")
    assert brain.board.outcome().winner is not None


def test_board_done_blocks_their_four():
    stones = ["3,7,2", "4,7,2", "5,7,2", "6,7,2", "7,7,1", "0,0,1", "0,2,1"]
    assert session("START 15", FAST, "BOARD", *stones, "DONE")[1][1] == "2,7"


def test_bad_board_line_answers_error():
    answers = session("START 15", "BOARD", "3,7,5")[1]
    assert answers[1].startswith("ERROR")


@pytest.mark.parametrize(
    ("number", "rule"),
    [
        (0, Rule.FREESTYLE),
        (1, Rule.STANDARD),
        (4, Rule.RENJU),
        (8, Rule.CARO),
        (9, Rule.CARO_EXACT),
    ],
)
def test_info_rule_selects_the_variant_rule(number, rule):
    brain, answers = session("START 15", f"INFO rule {number}")
    assert answers == ["OK"] and brain.board.variant.rule is rule


def test_renju_brain_as_black_blocks_at_the_end_that_is_not_forbidden():
    # Black (ours) f8 f9 e11 d12, white g10 h10 i10 a1: white's open three can be stopped at
    # f10 or j10, and f10 is black's double three (tactics/renju.txt, "renju-defend").
    own = ["5,7,1", "5,6,1", "4,4,1", "3,3,1"]
    theirs = ["6,5,2", "7,5,2", "8,5,2", "0,14,2"]
    answers = session("INFO timeout_turn 1000", "INFO rule 4", "START 15", "BOARD", *own, *theirs,
                      "DONE")[1]
    assert answers == ["OK", "9,5"]  # j10


def test_info_unsupported_rule_answers_error():
    assert session("START 15", "INFO rule 2")[1][1].startswith("ERROR")


def test_info_time_and_memory_set_the_budget():
    brain, answers = session(
        "INFO timeout_turn 2000", "INFO timeout_match 60000", "INFO time_left 5000",
        "INFO max_memory 83886080", "INFO game_type 1", "INFO folder /tmp",
    )
    assert answers == []
    assert brain.time.budget_ms() == 5000 // 25 - 60
    assert brain.time.tt_mib() == 40


def test_info_with_a_non_number_answers_error():
    assert session("INFO timeout_turn soon")[1][0].startswith("ERROR")


def test_takeback_removes_the_last_move():
    brain, answers = session("START 15", FAST, "TURN 7,7")
    reply = answers[1]
    assert brain.handle(f"TAKEBACK {reply}") == ["OK"]
    assert len(brain.board.move_stack) == 1


def test_restart_clears_the_board():
    brain, _ = session("START 15", FAST, "TURN 7,7")
    assert brain.handle("RESTART") == ["OK"] and brain.board.move_stack == []


def test_end_finishes_the_session():
    brain, answers = session("END")
    assert answers == [] and brain.finished


def run_brain(*lines: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-m", "server", "pbrain"], input="\n".join(lines) + "\n",
        capture_output=True, text=True, cwd=REPO, timeout=120, check=True,
    )
    return result.stdout.splitlines()


def test_pbrain_command_speaks_the_protocol_over_pipes():
    answers = run_brain("ABOUT", "START 15", FAST, "TURN 7,7", "WHAT", "END")
    assert answers[0] == ABOUT and answers[1] == "OK"
    assert answers[2].count(",") == 1 and answers[3] == "UNKNOWN command WHAT"


def test_full_game_against_itself_through_the_protocol():
    """Two engine processes relay moves until our rules end the game."""
    brains = [
        subprocess.Popen(
            [sys.executable, "-m", "server", "pbrain"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, cwd=REPO,
        )
        for _ in range(2)
    ]
    board = Board(custom_variant(15, 15, 5, Rule.CARO))

    def ask(brain: subprocess.Popen, line: str) -> str:
        brain.stdin.write(line + "\n")
        brain.stdin.flush()
        return brain.stdout.readline().strip()

    try:
        for brain in brains:
            assert ask(brain, "START 15") == "OK"
            brain.stdin.write("INFO rule 8\nINFO timeout_turn 120\n")
        answer = ask(brains[0], "BEGIN")
        while True:
            board.push(as_cell(board, answer))
            if board.is_game_over():
                break
            answer = ask(brains[len(board.move_stack) % 2], f"TURN {answer}")
    finally:
        for brain in brains:
            brain.stdin.write("END\n")
            brain.stdin.close()
            brain.wait(timeout=30)
    assert board.outcome() is not None and len(board.move_stack) >= 9
