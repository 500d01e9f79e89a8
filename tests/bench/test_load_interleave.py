"""bench/load.py --interleave counts each move in the arm it was made in: "with" a background
load when that load ran all along the move (and no other at any moment of it), "without" when
none ran at any moment of it, and in no arm when the move crossed a switch."""

from bench.load_interleave import WITHOUT, Busy, split_by


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
    arms = split_by({"analyses": Busy([(10.0, 12.0)])}, [9.0, 11.0, 13.0, 11.99],
                    [5.0, 7.0, 3.0, 20.0])
    assert arms == {"analyses": [7.0], WITHOUT: [5.0, 3.0]}


def test_with_two_loads_a_move_counts_for_the_one_that_ran_and_none_for_both() -> None:
    """The miner's turn (20-22 s) and an analysis still in flight from its own turn (10-20.5 s):
    a move while only the miner ran is the miner's, one that met both is in no arm."""
    busy = {"analyses": Busy([(10.0, 20.5)]), "miner": Busy([(20.0, 22.0)])}
    arms = split_by(busy, [11.0, 20.1, 21.0, 23.0], [1.0, 2.0, 4.0, 8.0])
    assert arms == {"analyses": [1.0], "miner": [4.0], WITHOUT: [8.0]}
