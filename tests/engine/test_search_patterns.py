"""Line patterns know each rule: what a stone on the centre of a line makes."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from numba import njit

from engine.search.patterns import (
    B4,
    CARO,
    CARO_EXACT,
    F3,
    F4,
    FIVE,
    FREESTYLE,
    STANDARD,
    classify,
    key_shift,
    new_pattern_table,
    swap_colours,
    window_radius,
)


def key_of(line: str, rule: int, k: int = 5) -> np.uint32:
    """Key of a line written around the centre ``*``: x own, o opponent, # edge, . empty."""
    radius = window_radius(k, rule)
    centre = line.index("*")
    key = 0
    for off in range(-radius, radius + 1):
        if off == 0:
            continue
        pos = centre + off
        char = line[pos] if 0 <= pos < len(line) else "."
        key |= ".xo#".index(char) << key_shift(off, radius)
    return np.uint32(key)


def level(line: str, rule: int, k: int = 5) -> int:
    return classify(key_of(line, rule, k), k, rule, window_radius(k, rule))


def test_four_in_a_row_plus_centre_is_a_five_in_every_rule():
    for rule in (FREESTYLE, STANDARD, CARO, CARO_EXACT):
        assert level("..xxxx*..", rule) == FIVE


def test_caro_five_blocked_by_opponent_at_both_ends_is_not_a_five():
    assert level(".oxxxx*o.", CARO) != FIVE
    assert level(".oxxxx*o.", FREESTYLE) == FIVE


def test_caro_five_against_the_board_edge_still_wins():
    assert level("#xxxx*o..", CARO) == FIVE


def test_overline_wins_in_freestyle_and_caro_only():
    assert level(".xxx*xx..", FREESTYLE) == FIVE
    assert level(".xxx*xx..", CARO) == FIVE
    assert level(".xxx*xx..", STANDARD) != FIVE
    assert level(".xxx*xx..", CARO_EXACT) != FIVE


def test_open_and_closed_fours_and_threes():
    assert level("...xx*x....", FREESTYLE) == F4
    assert level("..oxx*x....", FREESTYLE) == B4
    assert level("....x*x....", FREESTYLE) == F3
    assert level("...x.*x....", FREESTYLE) == F3


def test_caro_four_that_can_only_become_a_blocked_five_is_dead():
    # o x x x * . o: the only five would be blocked at both ends.
    assert level(".oxxx*.o..", CARO) < B4


def test_caro_open_four_between_two_opponent_stones_is_only_a_four():
    # o . x x x x . o: blocking one end leaves the other five blocked at both ends.
    assert level("o.xxx*.o..", CARO) == B4
    assert level("o.xxx*.o..", FREESTYLE) == F4


@njit(cache=True)
def _mismatches(table, keys, k, rule, radius):
    """Keys whose table entry differs from classifying both colours' views directly."""
    bad = 0
    for key in keys:
        direct = classify(key, k, rule, radius) | classify(swap_colours(key), k, rule, radius) << 4
        if table[key] != direct:
            bad += 1
    return bad


def board_keys(radius: int) -> np.ndarray:
    """Every key a board can show: edge cells only beyond the last board cell on each side."""
    halves = []
    for left in (True, False):
        bits = []
        for codes in itertools.product(range(4), repeat=radius):
            if all(codes[j] != 3 or codes[j + 1] == 3 for j in range(radius - 1)):
                offsets = [-(j + 1) if left else j + 1 for j in range(radius)]
                bits.append(
                    sum(c << key_shift(o, radius) for c, o in zip(codes, offsets, strict=True))
                )
        halves.append(np.array(bits, dtype=np.uint32))
    return (halves[0][:, None] | halves[1][None, :]).ravel()


@pytest.mark.parametrize(("k", "rule"), [(5, FREESTYLE), (5, CARO), (5, STANDARD), (4, CARO_EXACT)])
def test_table_holds_the_direct_classification_of_every_board_key(k, rule):
    radius = window_radius(k, rule)
    keys = board_keys(radius)
    assert _mismatches(new_pattern_table(k, rule), keys, k, rule, radius) == 0
