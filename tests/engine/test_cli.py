"""The engine's command-line tools, driven through real pipes as other programs use them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.levels import LEVELS, LOWEST, TOP

REPO = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-m", "server", *args], input=stdin, capture_output=True, text=True,
        cwd=REPO, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_ai_answers_one_json_analysis_per_game():
    lines = run("ai", "--variant", "tictactoe", stdin="a1 b1 a2 b2\nb2\n")
    first, second = (json.loads(line) for line in lines)
    assert first["move"] == "a3"
    assert set(first) == {"move", "score", "depth", "nodes", "time_ms", "pv"}
    assert second["pv"][0] == second["move"]


def test_ai_reports_a_bad_game_and_goes_on():
    lines = run("ai", "--variant", "tictactoe", stdin="a1 a1\na1 b1 a2 b2 a3\n9q\nb2\n")
    answers = [json.loads(line) for line in lines]
    assert [a.get("error") for a in answers] == ["illegal_move", "game_over", "bad_notation", None]
    assert all("message" in a for a in answers[:3])


def test_ai_with_an_unknown_variant_fails_with_a_code():
    result = subprocess.run(
        [sys.executable, "-m", "server", "ai", "--variant", "chess"], input="",
        capture_output=True, text=True, cwd=REPO, timeout=60,
    )
    assert result.returncode == 2 and json.loads(result.stdout)["error"] == "bad_variant"


def test_ai_batch_keeps_the_input_order():
    games = ["a1 b1 a2 b2", "b2 a1 c3 a3", "a1 a2 b1 b2"]
    lines = run("ai", "--variant", "tictactoe", "--batch", stdin="\n".join(games) + "\n")
    assert [json.loads(line)["move"] for line in lines] == ["a3", "a2", "c1"]


def test_ai_time_budget_gives_a_move_on_gomoku():
    answer = json.loads(run("ai", "--variant", "gomoku", "--time-ms", "200", stdin="h8 h9\n")[0])
    assert answer["move"] not in ("h8", "h9") and answer["depth"] >= 1


def test_ai_level_plays_within_that_levels_budget():
    answer = json.loads(run("ai", "--variant", "gomoku", "--level", str(LOWEST),
                            stdin="h8 h9 i9 j10\n")[0])
    assert answer["depth"] <= LEVELS[LOWEST].grid.max_depth


def test_a_level_off_the_ladder_is_refused_by_both_commands():
    for command in ("ai --variant gomoku", "pbrain"):
        result = subprocess.run(
            [sys.executable, "-m", "server", *command.split(), "--level", str(TOP + 1)],
            input="", capture_output=True, text=True, cwd=REPO, timeout=60,
        )
        assert result.returncode == 2 and "--level" in result.stderr


def test_pbrain_plays_a_game_at_a_chosen_level():
    lines = run("pbrain", "--level", str(LOWEST), stdin="START 15\nBEGIN\nTURN 7,6\nEND\n")
    assert lines[0] == "OK" and len(lines) == 3
    opening, reply = (tuple(map(int, line.split(","))) for line in lines[1:])
    assert reply not in (opening, (7, 6))
    assert min(max(abs(reply[0] - x), abs(reply[1] - y)) for x, y in (opening, (7, 6))) <= 2


def test_solve_prints_score_nodes_and_microseconds_per_line():
    lines = run("solve", "--variant", "connect4", stdin="32164625 11\n6146 18\n")
    assert [line.split()[:2] for line in lines] == [["32164625", "11"], ["6146", "18"]]
    assert all(len(line.split()) == 4 for line in lines)


def test_solve_weak_gives_the_sign_only():
    lines = run("solve", "--weak", stdin="274552224131661 0\n5455174361263362 -1\n6146 18\n")
    assert [line.split()[1] for line in lines] == ["0", "-1", "1"]


def test_solve_names_the_bad_token_and_goes_on():
    lines = run("solve", stdin="4459\n6146\n")
    assert lines[0].startswith("4459 error illegal_move") and "'9'" in lines[0]
    assert lines[1].split()[1] == "18"


def test_solve_time_limit_gives_up_on_a_slow_position_and_goes_on():
    lines = run("solve", "--time-limit-ms", "50", stdin="4\n6146\n")
    assert lines[0].startswith("4 error solve_timeout")
    assert lines[1].split()[1] == "18"
