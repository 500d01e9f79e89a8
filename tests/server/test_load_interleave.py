"""bench/load.py --interleave counts each move in the arm it overlapped: a move counts as
"with" the background load when any of its span met a moment the load ran."""

from bench.load_interleave import Busy, split_by


def test_a_move_during_a_background_interval_counts_with_it() -> None:
    busy = Busy([(10.0, 12.0)])
    assert busy.overlaps(11.0, 11.1)


def test_a_move_that_only_ends_inside_an_interval_counts_with_it() -> None:
    assert Busy([(10.0, 12.0)]).overlaps(9.9, 10.05)


def test_a_move_between_intervals_counts_without() -> None:
    busy = Busy([(10.0, 12.0), (14.0, 16.0)])
    assert not busy.overlaps(12.5, 13.9)
    assert not busy.overlaps(0.0, 9.0)
    assert not busy.overlaps(16.5, 17.0)


def test_overlapping_searches_merge_into_one_interval() -> None:
    """Four searches in flight at once overlap each other: their union is what ran."""
    busy = Busy([(3.0, 5.0), (1.0, 4.0), (6.0, 7.0), (4.5, 5.5)])
    assert busy.overlaps(5.2, 5.3)
    assert not busy.overlaps(5.6, 5.9)


def test_split_by_sorts_latencies_into_the_two_arms() -> None:
    busy = Busy([(10.0, 12.0)])
    with_, without = split_by(busy, [9.0, 11.0, 13.0], [5.0, 7.0, 3.0])
    assert with_ == [7.0]
    assert without == [5.0, 3.0]
