"""bench/load.py --interleave counts each move in the arm it was made in: "with" the background
load when the load ran all along the move, "without" when it ran at no moment of it, and in
neither when the move crossed a switch."""

from bench.load_interleave import Busy, split_by


def test_a_move_within_a_background_interval_counts_with_it() -> None:
    assert Busy([(10.0, 12.0)]).arm(11.0, 11.1) == "with"


def test_a_move_that_crosses_a_border_counts_in_neither_arm() -> None:
    busy = Busy([(10.0, 12.0)])
    assert busy.arm(9.9, 10.05) is None
    assert busy.arm(11.95, 12.1) is None


def test_a_move_between_intervals_counts_without() -> None:
    busy = Busy([(10.0, 12.0), (14.0, 16.0)])
    assert busy.arm(12.5, 13.9) == "without"
    assert busy.arm(0.0, 9.0) == "without"
    assert busy.arm(16.5, 17.0) == "without"


def test_overlapping_searches_merge_into_one_interval() -> None:
    """Four searches in flight at once overlap each other: their union is what ran."""
    busy = Busy([(3.0, 5.0), (1.0, 4.0), (6.0, 7.0), (4.5, 5.5)])
    assert busy.arm(1.5, 5.3) == "with"
    assert busy.arm(5.6, 5.9) == "without"


def test_split_by_sorts_latencies_into_the_two_arms() -> None:
    busy = Busy([(10.0, 12.0)])
    with_, without = split_by(busy, [9.0, 11.0, 13.0, 11.99], [5.0, 7.0, 3.0, 20.0])
    assert with_ == [7.0]
    assert without == [5.0, 3.0]
