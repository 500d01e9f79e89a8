"""The exact Connect Four solver against Pascal Pons' scored positions, and its input errors."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.connect4 import Connect4Solver, SolveTimeoutError, solve
from engine.errors import EngineError, GameOverError, IllegalMoveError, NotationError

DATA = Path(__file__).resolve().parents[1] / "data" / "connect4"  # see its README.md
SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1")
SAMPLE_EVERY = 40  # 25 positions of each set; bench/connect4.py runs all 4000


def sample(name: str) -> list[tuple[str, int]]:
    lines = (DATA / name).read_text().split("\n")[::SAMPLE_EVERY]
    return [(moves, int(score)) for moves, score in (line.split() for line in lines if line)]


SAMPLES = [(name, moves, score) for name in SETS for moves, score in sample(name)]


@pytest.mark.parametrize(("name", "moves", "expected"), SAMPLES)
def test_solve_returns_the_published_exact_score(name: str, moves: str, expected: int) -> None:
    assert solve(moves).score == expected


@pytest.mark.parametrize(("name", "moves", "expected"), SAMPLES[::5])
def test_weak_solve_returns_the_sign_of_the_score(name: str, moves: str, expected: int) -> None:
    assert solve(moves, weak=True).score == (expected > 0) - (expected < 0)


@pytest.mark.parametrize("name", SETS)
def test_the_shipped_set_is_the_published_one(shared_dir: Path, name: str) -> None:
    original = shared_dir / "data" / "connect4" / name
    if not original.is_file():
        pytest.skip(f"{original} not found")
    assert (DATA / name).read_bytes() == original.read_bytes()


def test_solver_that_keeps_its_table_gives_the_same_scores() -> None:
    solver = Connect4Solver(log_size=20)
    positions = sample("Test_L2_R1")[:10]
    first = [solver.solve(moves).score for moves, _ in positions]
    again = [solver.solve(moves).score for moves, _ in positions]
    assert first == again == [score for _, score in positions]


def test_a_warm_table_searches_fewer_nodes_than_a_fresh_one() -> None:
    moves, _ = sample("Test_L2_R2")[0]
    solver = Connect4Solver(log_size=20)
    cold = solver.solve(moves)
    warm = solver.solve(moves)
    solver.reset()
    fresh = solver.solve(moves)
    assert warm.nodes < cold.nodes
    assert fresh.nodes == cold.nodes


def test_immediate_win_scores_by_the_stones_played() -> None:
    # First player has 4, 5, 6 on the bottom row: the fourth stone wins, 22 - 4 = 18.
    result = solve("445566")
    assert result.score == 18
    assert result.nodes == 0


def test_result_reports_nodes_and_time() -> None:
    moves, _ = sample("Test_L2_R2")[1]
    result = solve(moves)
    assert result.nodes > 1
    assert result.micros > 0


@pytest.mark.parametrize("moves", ["48", "4a5", "0", "4 5", "٤"])
def test_a_character_that_is_not_a_column_is_a_notation_error(moves: str) -> None:
    with pytest.raises(NotationError) as error:
        solve(moves)
    assert error.value.code == "bad_notation"


def test_a_move_into_a_full_column_is_an_illegal_move() -> None:
    with pytest.raises(IllegalMoveError) as error:
        solve("1111111")
    assert error.value.code == "illegal_move"


def test_moves_past_a_win_are_a_game_over_error() -> None:
    with pytest.raises(GameOverError) as error:
        solve("4455667")
    assert error.value.code == "game_over"


def test_a_solve_past_its_time_limit_raises_a_timeout() -> None:
    with pytest.raises(SolveTimeoutError) as error:
        solve("44", time_limit_ms=20)  # an opening: minutes of search
    assert error.value.code == "solve_timeout"


def test_a_time_limit_that_suffices_changes_nothing() -> None:
    moves, expected = sample("Test_L2_R1")[3]
    assert solve(moves, time_limit_ms=60_000).score == expected


def random_positions(count: int, plies: int, seed: int) -> list[str]:
    """Random unfinished games of ``plies`` moves that need a real search (not a win in one),
    late enough to solve in milliseconds."""
    rng = random.Random(seed)
    found: list[str] = []
    for _ in range(100_000):
        moves = "".join(str(rng.randint(1, 7)) for _ in range(plies))
        try:
            if solve(moves).nodes >= 10:
                found.append(moves)
        except EngineError:
            continue
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("moves", random_positions(12, 24, seed=7))
def test_score_is_the_best_of_the_negated_child_scores(moves: str) -> None:
    children = []
    for column in "1234567":
        try:
            children.append(-solve(moves + column).score)
        except GameOverError:  # the move wins at once (the board is far from full)
            children.append((43 - len(moves)) // 2)
        except IllegalMoveError:  # a full column
            continue
    assert solve(moves).score == max(children)
