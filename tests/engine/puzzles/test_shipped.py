"""The shipped puzzle set (engine/data/puzzles/, what a fresh install serves): each file holds
puzzles of its own variant, each once, each at its own position; a sample spread over every
file passes the proof test by the rules (the certificate), and a smaller one the search for a
second first move too. `caro-arena puzzles verify engine/data/puzzles/*.jsonl` runs the same
test on every puzzle (minutes: docs/puzzles.md); a test that it fails on a puzzle with two
winning first moves is in test_verify.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.puzzles.mine import PUZZLE_VARIANTS
from engine.puzzles.puzzle import SHIPPED, Puzzle, position_id, read_puzzles
from engine.puzzles.verify import problems

pytestmark = pytest.mark.slow

CERTIFICATES = 3  # puzzles per file whose certificate is checked (about a CPU second each)
SEARCHED = 1      # of those, the ones whose rival first moves are searched
RIVAL_NODES = 5_000


def spread(puzzles: list[Puzzle], count: int) -> list[Puzzle]:
    """``count`` puzzles spread evenly over the file (first, last and between)."""
    if len(puzzles) <= count:
        return puzzles
    if count == 1:
        return [puzzles[len(puzzles) // 2]]
    return [puzzles[round(i * (len(puzzles) - 1) / (count - 1))] for i in range(count)]


def shipped_file(variant: str) -> Path:
    return SHIPPED / f"{variant}.jsonl"


@pytest.mark.parametrize("variant", PUZZLE_VARIANTS)
def test_each_variant_ships_puzzles_of_its_own_each_once_at_its_position(variant):
    puzzles = read_puzzles(shipped_file(variant))
    assert puzzles, f"no shipped {variant} puzzles"
    assert {p.variant for p in puzzles} == {variant}
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert all(position_id(p.board()) == p.id for p in puzzles)
    assert all(p.line and p.source.get("kind") == "selfplay" for p in puzzles)


@pytest.mark.parametrize("variant", PUZZLE_VARIANTS)
def test_a_sample_of_the_shipped_set_passes_the_proof_test(variant):
    sample = spread(read_puzzles(shipped_file(variant)), CERTIFICATES)
    for puzzle in sample:
        assert problems(puzzle) == [], puzzle.id
    for puzzle in spread(sample, SEARCHED):
        assert problems(puzzle, nodes=RIVAL_NODES) == [], puzzle.id
